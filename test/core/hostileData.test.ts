// Hostile and unusual records, written to the real broker and read back: nothing crashes, and what
// is shown is lossless (text when the bytes are UTF-8, base64 otherwise, the original string when
// JSON cannot be embedded losslessly) with control characters never reaching a terminal raw.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { IHeaders } from 'kafkajs';
import { replay } from '../../src/core/replay';
import { tail } from '../../src/core/tail';
import { produce, type RecordToSend } from '../../src/core/topics/produce';
import { recordJsonLine } from '../../src/core/rendering/jsonLines';
import { recordLine } from '../../src/core/rendering/recordLine';
import type { ShownBytes, ShownRecord } from '../../src/core/model';
import type { KafkaSession } from '../../src/core/session';
import { applicationKafka, collect, openSession, uniqueName } from '../support/kafkaFixtures';

/** What a terminal (or the tail panel) may act on: C0, DEL, C1, line separators, bidi controls. */
// eslint-disable-next-line no-control-regex -- control characters are what these tests look for
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const MiB = 1024 * 1024;

async function createTopicWithConfig(name: string, configs: Record<string, string>, partitions = 1): Promise<void> {
  const admin = applicationKafka().admin();
  await admin.connect();
  try {
    await admin.createTopics({
      waitForLeaders: true,
      topics: [{ topic: name, numPartitions: partitions, configEntries: Object.entries(configs).map(([n, value]) => ({ name: n, value })) }],
    });
  } finally {
    await admin.disconnect();
  }
}

/** The bytes a shown value stands for: lossless means these equal what was produced. */
function bytesOf(shown: ShownBytes): Buffer | null {
  if (shown === null) return null;
  return typeof shown === 'string' ? Buffer.from(shown, 'utf8') : Buffer.from(shown.base64, 'base64');
}

function asBuffer(value: string | Buffer | null | undefined): Buffer | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
}

const ESCAPES = '\u001b]0;pwned\u0007\u001b[2J\u001b[31mred\u009b31m\r\b\u0000\u007f\u202eevil\u2028line\u2066end';
const binaryKey = randomBytes(1024);
const bigBinary = randomBytes(MiB);
const bigText = 'lorem ipsum '.repeat(Math.ceil(MiB / 12)).slice(0, MiB);
const deepJson = '['.repeat(10_000) + ']'.repeat(10_000);
const enormousJson = JSON.stringify(Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `item ${i}`, tags: ['a', 'b'], nested: { ok: true } })));
const lossyJson = ['{"a":1,"a":2}', '{"n":12345678901234567890}', '{"2":"b","1":"a"}'];

interface Sent {
  what: string;
  record: RecordToSend;
}

describe('hostile and unusual records, read back from the broker', () => {
  let session: KafkaSession;
  let topic: string;
  let records: ShownRecord[];
  const base = Date.now() - 3_600_000;
  const sent: Sent[] = [
    { what: '1 MiB text value', record: { key: 'big-text', value: bigText } },
    { what: '1 MiB binary value, 1 KiB binary key', record: { key: binaryKey, value: bigBinary } },
    { what: 'null key and null value (a tombstone)', record: { key: null, value: null } },
    { what: 'empty key and value', record: { key: '', value: '' } },
    {
      what: 'binary header values and duplicate header names',
      record: { key: 'hdr', value: 'h', headers: { bin: Buffer.from([0x00, 0xff, 0x1b, 0x9b]), dup: ['one', 'two', Buffer.from([0xfe])], '\u001b[1mname': '\u0007bell' } as IHeaders as Record<string, string | Buffer> },
    },
    { what: 'terminal escapes and control characters', record: { key: '\u001b[31mkey', value: ESCAPES } },
    { what: 'JSON nested 10,000 deep', record: { key: 'deep', value: deepJson } },
    { what: 'enormous JSON (about 1 MB)', record: { key: 'enormous', value: enormousJson } },
    ...lossyJson.map((value) => ({ what: `JSON that would not survive a round trip: ${value}`, record: { key: 'lossy', value } })),
    { what: 'invalid UTF-8 that starts like JSON', record: { key: 'bad-utf8', value: Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]) } },
    { what: 'a 6 MiB value (bigger than one fetch per partition)', record: { key: 'huge', value: 'z'.repeat(6 * MiB) } },
  ];
  // Timestamps out of order: 3 s, 1 s, 2 s after base (and every other record at base).
  const outOfOrder = [3000, 1000, 2000];

  before(async () => {
    session = openSession({ timeoutMs: 30_000 });
    topic = uniqueName('hostile');
    // Apache Kafka's default cap is about 1 MB per batch; raise it for this topic (VAST caps at 1 MB).
    await createTopicWithConfig(topic, { 'max.message.bytes': String(16 * MiB) });
    // One record per produce call: each batch stays within the topic's limit.
    for (const { record } of sent) await produce(session, topic, [{ ...record, partition: 0, timestamp: base }]);
    await produce(session, topic, outOfOrder.map((ms, i) => ({ key: `ooo-${i}`, value: `ooo ${ms}`, partition: 0, timestamp: base + ms })));
    records = await collect(replay(session, { topic, partition: 0, start: { kind: 'beginning' } }));
  });
  after(() => session?.close());

  test('every record arrives once, in offset order', () => {
    assert.equal(records.length, sent.length + outOfOrder.length);
    assert.deepEqual(records.map((r) => r.offset), records.map((_, i) => i));
  });

  test('keys, values and headers are lossless: UTF-8 as text, anything else as base64, null as null', () => {
    sent.forEach(({ what, record }, i) => {
      const r = records[i];
      assert.deepEqual(bytesOf(r.key), asBuffer(record.key ?? null), `${what}: key`);
      assert.deepEqual(bytesOf(r.value), asBuffer(record.value), `${what}: value`);
    });
    assert.equal(records[2].key, null);
    assert.equal(records[2].value, null);
    assert.equal(records[3].value, '');
    assert.deepEqual(records[1].value, { base64: bigBinary.toString('base64') });
    const headers = records[4].headers;
    assert.deepEqual(headers.bin, { base64: Buffer.from([0x00, 0xff, 0x1b, 0x9b]).toString('base64') });
    assert.deepEqual(headers.dup, ['one', 'two', { base64: Buffer.from([0xfe]).toString('base64') }], 'duplicate header names keep every value, in order');
    assert.equal(headers['\u001b[1mname'], '\u0007bell');
  });

  test('timestamps out of order are shown as written, and seeking by time still finds the first at or after', async () => {
    const tail3 = records.slice(-3);
    assert.deepEqual(tail3.map((r) => r.timestamp), outOfOrder.map((ms) => base + ms));
    let start = -1;
    await collect(replay(session, { topic, partition: 0, start: { kind: 'time', time: base + 1500 }, max: 1, onStart: (s) => (start = s.offset) }));
    assert.equal(start, tail3[0].offset, 'the first record with a timestamp at or after the time, by offset');
  });

  test('recordLine (tail panel, terminal text): no raw control character, binary marked, every record one line', () => {
    for (const r of records) {
      const line = recordLine(r);
      assert.doesNotMatch(line, UNSAFE, `offset ${r.offset}`);
    }
    const escapes = recordLine(records[5]);
    assert.match(escapes, /key=\\x1b\[31mkey value=\\x1b\]0;pwned\\x07\\x1b\[2J/);
    assert.match(escapes, /\\x9b31m\\r\\x08\\x00\\x7f\\u202eevil\\u2028line\\u2066end/);
    assert.match(recordLine(records[1]), /value=<binary base64:/);
    assert.match(recordLine(records[4]), /headers=\{bin=<binary base64:AP8bmw==>, dup=\[one,two,<binary base64:\/g==>\], \\x1b\[1mname=\\x07bell\}/);
    assert.match(recordLine(records[2]), /key=null value=null/);
  });

  test('recordJsonLine (replay documents): JSON embedded only when lossless; deep JSON falls back to the string', () => {
    for (const r of records) {
      const line = recordJsonLine(r);
      assert.ok(!line.includes('\n'), `offset ${r.offset}: one line`);
      const parsed = JSON.parse(line) as { value: unknown };
      if (typeof r.value === 'string' && typeof parsed.value !== 'string') {
        assert.equal(JSON.stringify(parsed.value), r.value, `offset ${r.offset}: embedded JSON is the value, token for token`);
      } else {
        assert.deepEqual(parsed.value, r.value, `offset ${r.offset}`);
      }
    }
    const byKey = (key: string) => records.filter((r) => r.key === key);
    assert.equal((JSON.parse(recordJsonLine(byKey('deep')[0])) as { value: unknown }).value, deepJson);
    assert.ok(Array.isArray((JSON.parse(recordJsonLine(byKey('enormous')[0])) as { value: unknown }).value), 'ordinary JSON is embedded');
    assert.deepEqual(byKey('lossy').map((r) => (JSON.parse(recordJsonLine(r)) as { value: unknown }).value), lossyJson, 'duplicate keys, big numbers, reordered keys: kept as the string');
    assert.ok(typeof byKey('bad-utf8')[0].value === 'object', 'invalid UTF-8 is base64, never decoded with replacement characters');
  });

  test('a tail from the end delivers the same hostile record losslessly', async () => {
    const controller = new AbortController();
    const seen: ShownRecord[] = [];
    for await (const batch of tail(session, { topic, signal: controller.signal, onStart: () => void produce(session, topic, [{ key: binaryKey, value: ESCAPES, partition: 0 }]) })) {
      seen.push(...batch);
      if (seen.length > 0) controller.abort();
    }
    assert.deepEqual(bytesOf(seen[0].key), binaryKey);
    assert.equal(seen[0].value, ESCAPES);
    assert.doesNotMatch(recordLine(seen[0]), UNSAFE);
  });
});

describe('a compacted topic: offsets with gaps', () => {
  let session: KafkaSession;
  before(() => (session = openSession()));
  after(() => session?.close());

  test('replay reads past the gaps compaction leaves, ends by itself, and shows only the survivors', { timeout: 120_000 }, async () => {
    const topic = uniqueName('compacted');
    await createTopicWithConfig(topic, {
      'cleanup.policy': 'compact',
      'segment.ms': '100',
      'min.cleanable.dirty.ratio': '0.001',
      'min.compaction.lag.ms': '0',
      'delete.retention.ms': '100',
    });
    const keys = ['k1', 'k2', 'k3'];
    for (let round = 0; round < 5; round++) {
      await produce(session, topic, keys.map((key) => ({ key, value: `${key} v${round}`, partition: 0 })));
      await new Promise((r) => setTimeout(r, 150)); // let segments roll, so older ones can be cleaned
    }
    // The active segment is never compacted: keep rolling it until the cleaner has run. Each roll
    // record has a key of its own: with one shared key the cleaner went on removing them between
    // this test's reads (CI once started "inside the gap" at a roll record compacted meanwhile).
    const deadline = Date.now() + 90_000;
    let records: ShownRecord[] = [];
    for (let i = 0; ; i++) {
      await produce(session, topic, [{ key: `roll-${i}`, value: `roll ${i}`, partition: 0 }]);
      records = await collect(replay(session, { topic, partition: 0, start: { kind: 'beginning' } }));
      const offsets = records.map((r) => r.offset);
      if (offsets.some((o, j) => o !== j)) break;
      if (Date.now() > deadline) assert.fail('the broker did not compact the topic within 90 s');
      await new Promise((r) => setTimeout(r, 1000));
    }
    const offsets = records.map((r) => r.offset);
    assert.ok(offsets.every((o, j) => j === 0 || o > offsets[j - 1]), `offsets increase: ${offsets.join(', ')}`);
    assert.ok(offsets[offsets.length - 1] > records.length - 1, `a gap: ${records.length} records up to offset ${offsets[offsets.length - 1]}`);
    for (const key of keys) {
      const values = records.filter((r) => r.key === key).map((r) => r.value);
      assert.equal(values[values.length - 1], `${key} v4`, `${key}: the newest value survives`);
    }
    // Starting inside a gap begins at the next offset that exists.
    const gapAt = offsets.findIndex((o, j) => o !== j);
    const inGap = gapAt; // offset `gapAt` was compacted away
    const fromGap = await collect(replay(session, { topic, partition: 0, start: { kind: 'offset', offset: inGap }, max: 1 }));
    assert.equal(fromGap[0].offset, offsets[gapAt]);
  });
});
