// The Fetch decoder (src/core/kafka/protocol/recordBatchDecoder.ts, fetchResponseDecoder.ts) held to kafkajs's
// own decoder on the same bytes: batches encoded by kafkajs's RecordBatch encoder (compressed here
// with every codec), legacy message sets by its MessageSet encoder, then decoded by both. Where the
// two must differ (control records, aborted transactions, offsets before the one asked for, batches
// cut off by the size limit) the expected records are spelled out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import * as snappy from 'snappyjs';
import * as lz4 from 'lz4js';
import { RecordBatch } from 'kafkajs/src/protocol/recordBatch/v0';
import Record from 'kafkajs/src/protocol/recordBatch/record/v0';
import decodeMessages from 'kafkajs/src/protocol/requests/fetch/v4/decodeMessages';
import MessageSet from 'kafkajs/src/protocol/messageSet';
import Decoder from 'kafkajs/src/protocol/decoder';
import Encoder from 'kafkajs/src/protocol/encoder';
import { decode as decodeKafkaJsFetchV11 } from 'kafkajs/src/protocol/requests/fetch/v11/response';
import { decodeRecordSet } from '../../src/core/kafka/protocol/recordBatchDecoder';
import { decodeFetchResponse } from '../../src/core/kafka/protocol/fetchResponseDecoder';
import { registerCodecs } from '../../src/core/kafka/codecs';
import type { RawRecord } from '../../src/core/clusterAccess';

registerCodecs(); // kafkajs's side decodes snappy, lz4 and zstd with the same pure-JS libraries

interface TestRecord {
  offsetDelta: number;
  timestampDelta?: number;
  key: Buffer | null;
  value: Buffer | null;
  headers?: Record<string, Buffer | Buffer[]>;
}

interface BatchSpec {
  firstOffset: number;
  firstTimestamp?: number;
  lastOffsetDelta?: number;
  records: TestRecord[];
  transactional?: boolean;
  producerId?: number;
}

const GZIP = 1;
const SNAPPY = 2;
const LZ4 = 3;
const ZSTD = 4;

async function encodeBatch(spec: BatchSpec): Promise<Buffer> {
  const records = spec.records.map((r) => Record({ offsetDelta: r.offsetDelta, timestampDelta: r.timestampDelta ?? 0, key: r.key, value: r.value, headers: r.headers ?? {} }));
  const encoded = await RecordBatch({
    firstOffset: spec.firstOffset,
    firstTimestamp: spec.firstTimestamp ?? 1_700_000_000_000,
    maxTimestamp: (spec.firstTimestamp ?? 1_700_000_000_000) + 999,
    lastOffsetDelta: spec.lastOffsetDelta ?? Math.max(0, ...spec.records.map((r) => r.offsetDelta)),
    transactional: spec.transactional ?? false,
    producerId: spec.producerId ?? -1,
    records,
  });
  return Buffer.from(encoded.buffer);
}

/** The batch with its records compressed by `codec`, as a producer would send it. */
function compressBatch(batch: Buffer, codec: number, options: { xerial?: boolean } = {}): Buffer {
  const header = Buffer.from(batch.subarray(0, 61));
  const body = batch.subarray(61);
  let compressed: Buffer;
  if (codec === GZIP) compressed = gzipSync(body);
  else if (codec === SNAPPY) compressed = options.xerial ? xerialSnappy(body) : Buffer.from(snappy.compress(body));
  else if (codec === LZ4) compressed = Buffer.from(lz4.compress(body));
  else compressed = zstdRawFrame(body);
  header.writeInt16BE(header.readInt16BE(21) | codec, 21);
  header.writeInt32BE(61 - 12 + compressed.length, 8);
  return Buffer.concat([header, compressed]);
}

/** Java clients frame snappy the xerial way: magic, version, compatible version, then length-prefixed blocks. */
function xerialSnappy(body: Buffer): Buffer {
  const parts = [Buffer.from([0x82, 0x53, 0x4e, 0x41, 0x50, 0x50, 0x59, 0x00, 0, 0, 0, 1, 0, 0, 0, 1])];
  for (let at = 0; at < body.length; at += 1000) {
    const block = Buffer.from(snappy.compress(body.subarray(at, at + 1000)));
    const length = Buffer.alloc(4);
    length.writeInt32BE(block.length);
    parts.push(length, block);
  }
  return Buffer.concat(parts);
}

/**
 * A valid zstd frame made of raw (stored) blocks: no zstd compressor ships with Node 20 or our
 * dependencies, and this still runs the codec path end to end (real zstd batches from kcat are in
 * the core tier's test/core/fetchDecoder.test.ts).
 */
function zstdRawFrame(body: Buffer): Buffer {
  const parts: Uint8Array[] = [Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x50])]; // magic; no size, no checksum; 1 MiB window
  const blockMax = 128 * 1024;
  for (let at = 0; at < body.length || at === 0; at += blockMax) {
    const block = body.subarray(at, at + blockMax);
    const last = at + blockMax >= body.length ? 1 : 0;
    const headerValue = (block.length << 3) | last; // block type 0: raw
    parts.push(Buffer.from([headerValue & 0xff, (headerValue >> 8) & 0xff, (headerValue >> 16) & 0xff]), block);
    if (last) break;
  }
  return Buffer.concat(parts);
}

/** A control batch: one record whose key is (version 0, type), 0 abort or 1 commit. */
async function controlBatch(offset: number, producerId: number, type: 0 | 1): Promise<Buffer> {
  const batch = await encodeBatch({ firstOffset: offset, transactional: true, producerId, records: [{ offsetDelta: 0, key: Buffer.from([0, 0, 0, type]), value: Buffer.from([0, 0, 0, 0, 0, 0]) }] });
  batch.writeInt16BE(batch.readInt16BE(21) | 0x20, 21);
  return batch;
}

async function kafkaJsRecords(set: Buffer, fromOffset: number): Promise<RawRecord[]> {
  if (set.length < 17) return [];
  const framed = new Encoder().writeInt32(set.length).writeBuffer(set).buffer;
  const messages = await decodeMessages(new Decoder(framed));
  return messages.filter((m) => !m.isControlRecord && Number(m.offset) >= fromOffset).map(normalizeKafkaJs);
}

function normalizeKafkaJs(m: KafkaJsDecodedMessage): RawRecord {
  return { offset: Number(m.offset), timestamp: Number(m.timestamp), key: m.key, value: m.value, headers: { ...(m.headers ?? {}) } };
}

function normalize(records: RawRecord[]): RawRecord[] {
  return records.map((r) => ({ offset: r.offset, timestamp: r.timestamp, key: r.key, value: r.value, headers: { ...r.headers } }));
}

async function sameAsKafkaJs(set: Buffer, fromOffset = 0): Promise<RawRecord[]> {
  const ours = decodeRecordSet(set, fromOffset);
  assert.deepEqual(normalize(ours.records), await kafkaJsRecords(set, fromOffset));
  return ours.records;
}

const binary: Buffer = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
const invalidUtf8 = Buffer.from([0x61, 0xc3, 0x28, 0xff, 0xfe, 0x62]);

/** Keys, values and headers of every awkward kind, with an offset gap in the middle. */
function awkwardRecords(): TestRecord[] {
  return [
    { offsetDelta: 0, key: null, value: Buffer.from('{"a":1}') },
    { offsetDelta: 1, key: Buffer.alloc(0), value: Buffer.alloc(0) },
    { offsetDelta: 2, key: binary, value: null },
    { offsetDelta: 3, key: Buffer.from('k'), value: invalidUtf8, headers: { h: Buffer.from('one') } },
    // offsets 4..6 compacted away
    { offsetDelta: 7, timestampDelta: 5, key: Buffer.from('repeated'), value: Buffer.from('v\u001b[31m\u2028'), headers: { dup: [Buffer.from('first'), binary, Buffer.alloc(0)], other: invalidUtf8 } },
    { offsetDelta: 8, timestampDelta: -3, key: Buffer.from('ünïcode ✓'), value: Buffer.from('x'.repeat(300)) },
  ];
}

test('an uncompressed batch decodes exactly as kafkajs decodes it: null, empty, binary, invalid UTF-8, repeated and binary headers, an offset gap', async () => {
  const records = await sameAsKafkaJs(await encodeBatch({ firstOffset: 100, records: awkwardRecords() }));
  assert.deepEqual(records.map((r) => r.offset), [100, 101, 102, 103, 107, 108]);
  assert.equal(records[0].key, null);
  assert.equal(records[2].value, null);
  assert.deepEqual(records[4].headers.dup, [Buffer.from('first'), binary, Buffer.alloc(0)]);
  assert.equal(records[5].timestamp, 1_700_000_000_000 - 3);
});

for (const [name, codec, options] of [
  ['gzip', GZIP, {}],
  ['snappy', SNAPPY, {}],
  ['snappy (xerial framing, as Java clients write it)', SNAPPY, { xerial: true }],
  ['lz4', LZ4, {}],
  ['zstd', ZSTD, {}],
] as const) {
  test(`a ${name} batch decodes exactly as kafkajs decodes it`, async () => {
    const plain = await encodeBatch({ firstOffset: 5, records: awkwardRecords() });
    const records = await sameAsKafkaJs(compressBatch(plain, codec, options));
    assert.equal(records.length, 6);
    assert.deepEqual(normalize(records), normalize(decodeRecordSet(plain, 0).records));
  });
}

test('offsets past 2^32 and timestamp deltas past 2^28 are exact numbers', async () => {
  const big = 5_000_000_000_123;
  const records = await sameAsKafkaJs(
    await encodeBatch({ firstOffset: big, records: [{ offsetDelta: 0, key: null, value: Buffer.from('a') }, { offsetDelta: 1, timestampDelta: 10_000_000_000, key: null, value: Buffer.from('b') }, { offsetDelta: 2, timestampDelta: -400_000_000, key: null, value: Buffer.from('c') }] }),
  );
  assert.deepEqual(records.map((r) => r.offset), [big, big + 1, big + 2]);
  const t = 1_700_000_000_000;
  assert.deepEqual(records.map((r) => r.timestamp), [t, t + 10_000_000_000, t - 400_000_000]);
});

test('1 MiB and 6 MiB values decode as kafkajs decodes them, uncompressed and gzip', async () => {
  const oneMiB = Buffer.alloc(1024 * 1024, 'a');
  const sixMiB = Buffer.alloc(6 * 1024 * 1024);
  for (let i = 0; i < sixMiB.length; i++) sixMiB[i] = (i * 31) & 0xff;
  const plain = await encodeBatch({ firstOffset: 0, records: [{ offsetDelta: 0, key: Buffer.from('1m'), value: oneMiB }, { offsetDelta: 1, key: Buffer.from('6m'), value: sixMiB }] });
  for (const set of [plain, compressBatch(plain, GZIP)]) {
    const records = await sameAsKafkaJs(set);
    assert.equal(records[0].value!.length, oneMiB.length);
    assert.ok(records[1].value!.equals(sixMiB));
  }
});

test('records before the offset asked for are left out, and nextOffset is past the batch', async () => {
  const set = await encodeBatch({ firstOffset: 10, records: awkwardRecords() });
  const decoded = decodeRecordSet(set, 103);
  assert.deepEqual(decoded.records.map((r) => r.offset), []); // the batch holds offsets 10..18
  const inside = decodeRecordSet(set, 13);
  assert.deepEqual(inside.records.map((r) => r.offset), [13, 17, 18]);
  assert.equal(inside.nextOffset, 19);
  assert.deepEqual(normalize(inside.records), await kafkaJsRecords(set, 13));
});

test('a first-record-only decode (a lag sample) stops at the first record at or after the offset, and nextOffset is just past it', async () => {
  const set = await encodeBatch({ firstOffset: 10, records: awkwardRecords() });
  const later = await encodeBatch({ firstOffset: 19, records: [{ offsetDelta: 0, key: null, value: Buffer.from('next batch') }] });
  const first = decodeRecordSet(Buffer.concat([set, later]), 14, [], 1);
  assert.deepEqual(first.records.map((r) => r.offset), [17]); // 14..16 compacted away
  assert.equal(first.nextOffset, 18);
  assert.deepEqual(normalize(first.records), (await kafkaJsRecords(set, 14)).slice(0, 1));
  // Past every record of the first batch: the first of the next one.
  const next = decodeRecordSet(Buffer.concat([set, later]), 19, [], 1);
  assert.deepEqual(next.records.map((r) => r.offset), [19]);
  assert.equal(next.nextOffset, 20);
  // Nothing at or after the offset: as without the limit.
  const none = decodeRecordSet(set, 30, [], 1);
  assert.deepEqual(none.records, []);
  assert.equal(none.nextOffset, 30);
});

test('a batch whose records were all compacted away still moves nextOffset past it', async () => {
  const emptied = await encodeBatch({ firstOffset: 40, lastOffsetDelta: 9, records: [] });
  const next = await encodeBatch({ firstOffset: 60, records: [{ offsetDelta: 0, key: null, value: Buffer.from('after the gap') }] });
  const alone = decodeRecordSet(emptied, 40);
  assert.deepEqual(alone.records, []);
  assert.equal(alone.nextOffset, 50);
  const both = decodeRecordSet(Buffer.concat([emptied, next]), 40);
  assert.deepEqual(both.records.map((r) => r.offset), [60]);
  assert.equal(both.nextOffset, 61);
});

test('a batch with a trailing offset gap (last records compacted) ends at its lastOffsetDelta', async () => {
  const set = await encodeBatch({ firstOffset: 0, lastOffsetDelta: 20, records: [{ offsetDelta: 0, key: null, value: Buffer.from('a') }, { offsetDelta: 3, key: null, value: Buffer.from('b') }] });
  const decoded = decodeRecordSet(set, 0);
  assert.deepEqual(decoded.records.map((r) => r.offset), [0, 3]);
  assert.equal(decoded.nextOffset, 21);
});

test('control records are skipped, committed transactions kept, aborted transactions dropped', async () => {
  const committed = await encodeBatch({ firstOffset: 0, transactional: true, producerId: 7, records: [{ offsetDelta: 0, key: null, value: Buffer.from('committed-0') }, { offsetDelta: 1, key: null, value: Buffer.from('committed-1') }] });
  const commitMarker = await controlBatch(2, 7, 1);
  const abortedBatch = await encodeBatch({ firstOffset: 3, transactional: true, producerId: 7, records: [{ offsetDelta: 0, key: null, value: Buffer.from('aborted-3') }, { offsetDelta: 1, key: null, value: Buffer.from('aborted-4') }] });
  const otherProducer = await encodeBatch({ firstOffset: 5, transactional: true, producerId: 8, records: [{ offsetDelta: 0, key: null, value: Buffer.from('other-5') }] });
  const abortMarker = await controlBatch(6, 7, 0);
  const otherCommit = await controlBatch(7, 8, 1);
  const later = await encodeBatch({ firstOffset: 8, transactional: true, producerId: 7, records: [{ offsetDelta: 0, key: null, value: Buffer.from('later-8') }] });
  const laterCommit = await controlBatch(9, 7, 1);
  const set = Buffer.concat([committed, commitMarker, abortedBatch, otherProducer, abortMarker, otherCommit, later, laterCommit]);

  const decoded = decodeRecordSet(set, 0, [{ producerId: 7, firstOffset: 3 }]);
  assert.deepEqual(decoded.records.map((r) => r.value!.toString()), ['committed-0', 'committed-1', 'other-5', 'later-8']);
  assert.equal(decoded.nextOffset, 10);
  // Without the broker's list of aborted transactions nothing is dropped but the control records, as in kafkajs.
  assert.deepEqual(normalize(decodeRecordSet(set, 0).records), await kafkaJsRecords(set, 0));
});

test('a set cut off at every byte: the complete batches decode as kafkajs decodes them, the cut one is left for the next fetch', async () => {
  const batches = [
    await encodeBatch({ firstOffset: 0, records: awkwardRecords().slice(0, 3) }),
    compressBatch(await encodeBatch({ firstOffset: 3, records: awkwardRecords().map((r, i) => ({ ...r, offsetDelta: i })) }), GZIP),
    await encodeBatch({ firstOffset: 9, records: [{ offsetDelta: 0, key: null, value: Buffer.from('last') }] }),
  ];
  const set = Buffer.concat(batches);
  const ends = batches.reduce<number[]>((acc, b) => [...acc, (acc.at(-1) ?? 0) + b.length], []);
  for (let cut = 0; cut <= set.length; cut++) {
    const truncated = set.subarray(0, cut);
    const decoded = decodeRecordSet(truncated, 0);
    const complete = ends.filter((e) => e <= cut).length;
    assert.equal(decoded.nextOffset, [0, 3, 9, 10][complete], `cut at ${cut}`);
    assert.equal(decoded.records.length, [0, 3, 9, 10][complete], `cut at ${cut}`);
    assert.equal(decoded.truncatedBatchBytes > 0, !ends.includes(cut) && cut > 0, `cut at ${cut}`);
    if (complete < batches.length && cut >= (ends[complete - 1] ?? 0) + 12) assert.equal(decoded.truncatedBatchBytes, batches[complete].length, `cut at ${cut}`);
    assert.deepEqual(normalize(decoded.records), await kafkaJsRecords(truncated, 0), `cut at ${cut}`);
  }
});

for (const messageVersion of [0, 1]) {
  for (const [name, compression] of [['uncompressed', 0], ['gzip', GZIP]] as const) {
    test(`a legacy message set (magic ${messageVersion}, ${name}) decodes as kafkajs decodes it`, async () => {
      const entries = [
        { key: null, value: Buffer.from('first'), timestamp: 1_600_000_000_000 },
        { key: Buffer.alloc(0), value: invalidUtf8, timestamp: 1_600_000_000_001 },
        { key: binary, value: null, timestamp: 1_600_000_000_002 },
      ];
      let set: Buffer;
      if (compression === 0) {
        // An uncompressed set as a broker stores it: absolute offsets.
        set = Buffer.from(MessageSet({ messageVersion, entries }).buffer);
        for (let at = 0, i = 0; at < set.length; i++) {
          set.writeInt32BE(0, at);
          set.writeInt32BE(20 + i, at + 4);
          at += 12 + set.readInt32BE(at + 8);
        }
      } else {
        // A wrapper message holding the compressed inner set (inner offsets 0..n-1; magic 1's wrapper carries the last absolute offset).
        const inner = Buffer.from(MessageSet({ messageVersion, compression: GZIP, entries }).buffer);
        const innerAbsolute = Buffer.from(inner);
        if (messageVersion === 0) for (let at = 0, i = 0; at < innerAbsolute.length; i++, at += 12 + innerAbsolute.readInt32BE(at + 8)) innerAbsolute.writeInt32BE(20 + i, at + 4);
        const wrapper = Buffer.from(MessageSet({ messageVersion, entries: [{ key: null, value: gzipSync(messageVersion === 0 ? innerAbsolute : inner), timestamp: 1_600_000_000_009 }] }).buffer);
        wrapper.writeInt32BE(0, 0);
        wrapper.writeInt32BE(22, 4);
        wrapper[17] |= GZIP; // attributes byte after crc and magic
        set = wrapper;
      }
      const ours = decodeRecordSet(set, 0);
      const theirs = (await kafkaJsRecords(set, 0)).map((r) => ({ ...r, timestamp: messageVersion === 0 ? -1 : r.timestamp }));
      assert.deepEqual(normalize(ours.records), theirs);
      assert.deepEqual(ours.records.map((r) => r.offset), [20, 21, 22]);
      assert.equal(ours.nextOffset, 23);
    });
  }
}

test('a Fetch v11 response decodes as kafkajs decodes it: two topics, an error partition, aborted transactions listed', async () => {
  const a = await encodeBatch({ firstOffset: 0, records: awkwardRecords() });
  const b = compressBatch(await encodeBatch({ firstOffset: 50, records: awkwardRecords() }), GZIP);
  const partition = (e: Encoder, id: number, error: number, hw: number, aborted: [number, number][], records: Buffer | null) => {
    e.writeInt32(id).writeInt16(error).writeInt64(hw).writeInt64(hw).writeInt64(0);
    e.writeInt32(aborted.length);
    for (const [pid, first] of aborted) e.writeInt64(pid).writeInt64(first);
    e.writeInt32(-1); // preferred read replica
    if (records === null) e.writeInt32(-1);
    else e.writeInt32(records.length).writeBuffer(records);
  };
  const e = new Encoder().writeInt32(0).writeInt16(0).writeInt32(0).writeInt32(2);
  e.writeString('topic-a').writeInt32(2);
  partition(e, 0, 0, 9, [], a);
  partition(e, 1, 0, 0, [[99, 0]], null);
  e.writeString('topic-b').writeInt32(1);
  partition(e, 3, 1, 0, [], null); // OFFSET_OUT_OF_RANGE
  const payload = e.buffer;

  const ours = decodeFetchResponse(payload, 11, () => 0);
  const theirs = await decodeKafkaJsFetchV11(payload);
  assert.deepEqual(
    ours.responses.map((t) => ({ topicName: t.topicName, partitions: t.partitions.map((p) => ({ partition: p.partition, errorCode: p.errorCode, highWatermark: p.highWatermark, records: normalize(p.records) })) })),
    theirs.responses.map((t) => ({ topicName: t.topicName, partitions: t.partitions.map((p) => ({ partition: p.partition, errorCode: p.errorCode, highWatermark: Number(p.highWatermark), records: p.messages.filter((m) => !m.isControlRecord).map(normalizeKafkaJs) })) })),
  );
  assert.equal(ours.responses[0].partitions[0].nextOffset, 9);
  // The same records decoded from a compressed batch in a response of their own.
  const single = new Encoder().writeInt32(0).writeInt16(0).writeInt32(0).writeInt32(1).writeString('t').writeInt32(1);
  partition(single, 0, 0, 59, [], b);
  assert.deepEqual(decodeFetchResponse(single.buffer, 11, () => 52).responses[0].partitions[0].records.map((r) => r.offset), [52, 53, 57, 58]);
});
