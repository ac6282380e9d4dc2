// Replay against the real broker: every start position, stop conditions, codecs, odd records.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { replay } from '../../src/core/replay';
import { describePartitions, listTopics } from '../../src/core/topics/listTopics';
import { produce } from '../../src/core/topics/produce';
import { offsetsForTime } from '../../src/core/offsetsForTime';
import { NoEventAtTimeError, EbxError, UsageError } from '../../src/core/errors';
import type { KafkaSession } from '../../src/core/session';
import { collect, kcatProduce, openSession, topicWith, transactionalProduce } from '../support/kafkaFixtures';

describe('replay a partition', () => {
  let session: KafkaSession;
  let topic: string;
  let firstTime: number;
  let secondHalfTime: number;

  before(async () => {
    session = openSession();
    topic = await topicWith(session, 'replay', 2);
    firstTime = Date.now() - 10 * 60_000;
    secondHalfTime = firstTime + 5 * 60_000;
    // Explicit timestamps: 20 records on partition 0, one a minute... of history.
    await produce(
      session,
      topic,
      Array.from({ length: 20 }, (_, i) => ({ key: `k${i}`, value: JSON.stringify({ order: i }), partition: 0, timestamp: firstTime + i * 30_000 })),
    );
    await produce(session, topic, [{ value: 'only on 1', partition: 1 }]);
  });
  after(() => session.close());

  test('topics and partitions with low/high offsets', async () => {
    const topics = await listTopics(session);
    assert.deepEqual(topics.find((t) => t.name === topic), { name: topic, partitions: 2, internal: false });
    const partitions = await describePartitions(session, topic);
    assert.deepEqual(
      partitions.map((p) => [p.partition, p.low, p.high, p.highApproximate, p.leader >= 0]),
      [
        [0, 0, 20, true, true],
        [1, 0, 1, true, true],
      ],
    );
  });

  test('from the beginning reads every record in order, then stops on empty fetches', async () => {
    const records = await collect(replay(session, { topic, partition: 0, start: { kind: 'beginning' } }));
    assert.deepEqual(records.map((r) => r.offset), Array.from({ length: 20 }, (_, i) => i));
    assert.deepEqual(records[3], { topic, partition: 0, offset: 3, timestamp: firstTime + 90_000, key: 'k3', value: '{"order":3}', headers: {} });
  });

  test('from an offset, with a maximum', async () => {
    const records = await collect(replay(session, { topic, partition: 0, start: { kind: 'offset', offset: 15 }, max: 3 }));
    assert.deepEqual(records.map((r) => r.offset), [15, 16, 17]);
  });

  test('from a time: the first record at or after it', async () => {
    let resolved = -1;
    const records = await collect(replay(session, { topic, partition: 0, start: { kind: 'time', time: secondHalfTime - 1 }, onStart: (s) => (resolved = s.offset) }));
    assert.equal(resolved, 10);
    assert.deepEqual(records.map((r) => r.offset), [10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
  });

  test('until a time', async () => {
    const records = await collect(replay(session, { topic, partition: 0, start: { kind: 'beginning' }, untilTime: firstTime + 60_000 }));
    assert.deepEqual(records.map((r) => r.offset), [0, 1, 2]);
  });

  test('a time after the newest event says so instead of starting at the end', async () => {
    await assert.rejects(collect(replay(session, { topic, partition: 0, start: { kind: 'time', time: Date.now() + 3_600_000 } })), (err: Error) => {
      return err instanceof NoEventAtTimeError && /after the newest event/.test(err.message);
    });
    const answers = await offsetsForTime(session, topic, Date.now() + 3_600_000);
    assert.deepEqual(answers, [
      { partition: 0, offset: null, timestamp: null },
      { partition: 1, offset: null, timestamp: null },
    ]);
    const early = await offsetsForTime(session, topic, firstTime);
    assert.deepEqual(early[0], { partition: 0, offset: 0, timestamp: firstTime });
  });

  test('from the end reads only what arrives later', async () => {
    const records = await collect(replay(session, { topic, partition: 1, start: { kind: 'end' } }));
    assert.deepEqual(records, []);
  });

  test('bad positions get a clear error', async () => {
    await assert.rejects(collect(replay(session, { topic, partition: 7, start: { kind: 'beginning' } })), (err: Error) => err instanceof UsageError && /has no partition 7/.test(err.message));
    await assert.rejects(collect(replay(session, { topic, partition: 0, start: { kind: 'offset', offset: -1 } })), UsageError);
    await assert.rejects(collect(replay(session, { topic, partition: 0, start: { kind: 'beginning' }, max: 0 })), UsageError);
    await assert.rejects(collect(replay(session, { topic, partition: 0, start: { kind: 'offset', offset: 500 } })), (err: Error) => err instanceof EbxError && /beyond the end/.test(err.message));
    await assert.rejects(collect(replay(session, { topic: 'no-such-topic-here', partition: 0, start: { kind: 'beginning' } })));
  });
});

describe('replay decodes what producers write', () => {
  let session: KafkaSession;
  before(() => (session = openSession()));
  after(() => session.close());

  for (const codec of ['gzip', 'snappy', 'lz4', 'zstd'] as const) {
    test(`${codec} batches written by kcat`, async () => {
      const topic = await topicWith(session, `codec-${codec}`, 1);
      const lines = Array.from({ length: 50 }, (_, i) => `${codec} record ${i} ${'x'.repeat(100)}`);
      await kcatProduce(topic, 0, lines, codec);
      const records = await collect(replay(session, { topic, partition: 0, start: { kind: 'beginning' } }));
      assert.deepEqual(records.map((r) => r.value), lines);
      assert.deepEqual(records.map((r) => r.offset), lines.map((_, i) => i));
      // Starting inside a compressed batch still starts at the offset asked for.
      const middle = await collect(replay(session, { topic, partition: 0, start: { kind: 'offset', offset: 25 }, max: 2 }));
      assert.deepEqual(middle.map((r) => r.offset), [25, 26]);
    });
  }

  test('binary and null keys and values, headers kept', async () => {
    const binary = Buffer.from([0x00, 0xff, 0xfe, 0x80, 0x1b]);
    const topic = await topicWith(session, 'odd', 1, [
      { key: null, value: 'no key' },
      { key: 'tombstone', value: null },
      { key: binary, value: binary, headers: { trace: 'abc', raw: binary } },
      { key: 'esc', value: '\u001b[31mred\u001b[0m' },
    ]);
    const records = await collect(replay(session, { topic, partition: 0, start: { kind: 'beginning' } }));
    const b64 = { base64: binary.toString('base64') };
    assert.deepEqual(
      records.map((r) => [r.key, r.value, r.headers]),
      [
        [null, 'no key', {}],
        ['tombstone', null, {}],
        [b64, b64, { trace: 'abc', raw: b64 }],
        ['esc', '\u001b[31mred\u001b[0m', {}],
      ],
    );
  });

  test('offsets with gaps (transaction markers) are read past, never counted', async () => {
    const topic = await topicWith(session, 'gaps', 1);
    await transactionalProduce(topic, ['t1', 't2']);
    await produce(session, topic, [{ value: 'after', partition: 0 }]);
    await transactionalProduce(topic, ['t3']);
    const records = await collect(replay(session, { topic, partition: 0, start: { kind: 'beginning' } }));
    assert.deepEqual(records.map((r) => r.value), ['t1', 't2', 'after', 't3']);
    // Commit markers take offsets of their own (where depends on timing): the offsets have gaps,
    // and the replay still ends by itself after reading past them.
    const offsets = records.map((r) => r.offset);
    assert.ok(offsets.every((o, i) => i === 0 || o > offsets[i - 1]));
    assert.ok(offsets[offsets.length - 1] > records.length - 1, `expected a gap in ${offsets.join(', ')}`);
  });
});
