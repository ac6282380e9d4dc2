// Bad input at core's door: every case gets one clear sentence (a UsageError for the input itself,
// an EbxError for the broker's state), never a hang, and never a side effect on the broker.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTopic } from '../../src/core/topics/createTopicPlan';
import { describePartitions, listTopics } from '../../src/core/topics/listTopics';
import { produce } from '../../src/core/topics/produce';
import { replay } from '../../src/core/replay';
import { tail } from '../../src/core/tail';
import { offsetsForTime } from '../../src/core/offsetsForTime';
import { EbxError, explainError, NoEventAtTimeError, UsageError } from '../../src/core/errors';
import type { KafkaSession } from '../../src/core/session';
import { applicationKafka, collect, openSession, topicWith, uniqueName } from '../support/kafkaFixtures';

const T = { timeout: 30_000 };

describe('bad input against the broker: clear errors, nothing created', () => {
  let session: KafkaSession;
  let topic: string;
  const base = Date.now() - 3_600_000;

  before(async () => {
    session = openSession();
    topic = await topicWith(
      session,
      'badin',
      2,
      Array.from({ length: 10 }, (_, i) => ({ value: `v${i}`, partition: 0, timestamp: base + i * 1000 })),
    );
    // Move the first available offset to 3, so "below low" is a real case.
    const admin = applicationKafka().admin();
    await admin.connect();
    await admin.fetchTopicOffsets(topic); // loads the topic's metadata into the admin client
    await admin.deleteTopicRecords({ topic, partitions: [{ partition: 0, offset: '3' }] });
    await admin.disconnect();
  });
  after(() => session.close());

  async function assertTopicAbsent(name: string): Promise<void> {
    const names = (await listTopics(session)).map((t) => t.name);
    assert.ok(!names.includes(name), `${name} must not exist`);
  }

  test('partition out of range, negative, not whole', T, async () => {
    for (const partition of [2, 99, -1, 1.5, Number.NaN]) {
      await assert.rejects(collect(replay(session, { topic, partition, start: { kind: 'beginning' } })), (err: Error) => err instanceof UsageError && /partition/.test(err.message), String(partition));
    }
    await assert.rejects(collect(tail(session, { topic, partitions: [5] })), (err: Error) => err instanceof UsageError && /has no partition 5: it has partitions 0 to 1/.test(err.message));
  });

  test('offsets below low, beyond the end, negative, beyond 2^53', T, async () => {
    await assert.rejects(collect(replay(session, { topic, partition: 0, start: { kind: 'offset', offset: 1 } })), (err: Error) => err instanceof EbxError && /no longer in .* the first available offset is 3/.test(err.message));
    await assert.rejects(collect(replay(session, { topic, partition: 0, start: { kind: 'offset', offset: 1000 } })), (err: Error) => err instanceof EbxError && /beyond the end/.test(err.message));
    for (const offset of [-1, 2 ** 63, Number.NaN, 1.5]) {
      await assert.rejects(collect(replay(session, { topic, partition: 0, start: { kind: 'offset', offset } })), UsageError, String(offset));
    }
  });

  test('a time before the first record starts at the first record; a future time says no event is at or after it', T, async () => {
    let start = -1;
    const early = await collect(replay(session, { topic, partition: 0, start: { kind: 'time', time: 0 }, onStart: (s) => (start = s.offset) }));
    assert.equal(start, 3);
    assert.deepEqual(early.map((r) => r.offset), [3, 4, 5, 6, 7, 8, 9]);
    const future = Date.now() + 86_400_000;
    await assert.rejects(collect(replay(session, { topic, partition: 0, start: { kind: 'time', time: future } })), (err: Error) => {
      return err instanceof NoEventAtTimeError && /No event in .* is at or after .*after the newest event/.test(err.message);
    });
    // An empty partition has no event at any time either.
    await assert.rejects(collect(replay(session, { topic, partition: 1, start: { kind: 'time', time: 0 } })), NoEventAtTimeError);
  });

  test('missing topic: replay, tail, partitions, offsets and produce fail clearly and create nothing', T, async () => {
    const missing = uniqueName('never-created');
    const attempts: [string, () => Promise<unknown>][] = [
      ['replay', () => collect(replay(session, { topic: missing, partition: 0, start: { kind: 'beginning' } }))],
      ['tail', () => collect(tail(session, { topic: missing }))],
      ['partitions', () => describePartitions(session, missing)],
      ['offsets for a time', () => offsetsForTime(session, missing, Date.now())],
      ['produce', () => produce(session, missing, [{ value: 'x' }])],
    ];
    for (const [what, attempt] of attempts) {
      await assert.rejects(attempt(), (err) => /does not exist|not authorized/i.test(explainError(err)), what);
    }
    await assertTopicAbsent(missing);
  });

  test('a topic the broker refuses to create leaves nothing behind', T, async () => {
    const tooMany = uniqueName('too-many');
    await assert.rejects(createTopic(session, { name: tooMany, partitions: 2_000_000 }), (err) => !/Topic creation errors/.test(explainError(err)));
    await assertTopicAbsent(tooMany);
    await assert.rejects(createTopic(session, { name: uniqueName('zero'), partitions: 0 }), UsageError);
    await assert.rejects(createTopic(session, { name: uniqueName('ret'), partitions: 1, retentionMs: -5 }), UsageError);
    await assert.rejects(createTopic(session, { name: topic, partitions: 1 }), (err: Error) => err instanceof EbxError && /already exists/.test(err.message));
    const partitions = await describePartitions(session, topic);
    assert.equal(partitions.length, 2, 'the existing topic is untouched');
  });

  test('--max and --last that are not whole numbers are refused before anything is read', T, async () => {
    for (const max of [0, -1, 1.5, Number.POSITIVE_INFINITY]) {
      await assert.rejects(collect(replay(session, { topic, partition: 0, start: { kind: 'beginning' }, max })), UsageError, String(max));
    }
    await assert.rejects(collect(tail(session, { topic, lastPerPartition: -1 })), UsageError);
  });
});
