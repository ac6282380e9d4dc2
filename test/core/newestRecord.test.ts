// A topic's newest record time on the live broker, from ListOffsets MAX_TIMESTAMP (v7): the record
// with the largest timestamp, which need not be the last one written; nothing for an empty topic;
// and one sentence, not a failure, from a broker that offers ListOffsets only up to v6.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { KafkaSession } from '../../src/core/session';
import { describePartitions } from '../../src/core/topics/listTopics';
import { produce } from '../../src/core/topics/produce';
import { readNewestRecord } from '../../src/core/topics/newestRecord';
import { openSession, topicWith } from '../support/kafkaFixtures';
import { PROXY_NEEDS_ONE_BROKER, sessionsThroughProxy } from '../support/proxiedSessions';
import { API_KEYS } from '../support/kafkaFrames';

describe('the newest record time of a topic', () => {
  let session: KafkaSession;
  before(() => {
    session = openSession();
  });
  after(async () => {
    await session?.close();
  });

  test('is the largest record timestamp over the partitions, with its partition and offset', { timeout: 60_000 }, async () => {
    const topic = await topicWith(session, 'newest', 3);
    const base = Date.now() - 3_600_000;
    // Separate produces, so each record is its own batch; partition 1's newest time is its first record.
    await produce(session, topic, [{ value: 'a', partition: 0, timestamp: base + 1_000 }]);
    await produce(session, topic, [{ value: 'b', partition: 1, timestamp: base + 5_000 }]);
    await produce(session, topic, [{ value: 'c', partition: 1, timestamp: base + 2_000 }]);
    await produce(session, topic, [{ value: 'd', partition: 0, timestamp: base + 3_000 }]);
    const partitions = await describePartitions(session, topic);
    assert.deepEqual(await readNewestRecord(session, topic, partitions), {
      kind: 'found',
      timestamp: base + 5_000,
      partition: 1,
      offset: 0,
      // Each partition with a record: where its newest-stamped one is (partition 2 holds none).
      holding: [
        { partition: 0, offset: 1 },
        { partition: 1, offset: 0 },
      ],
    });
  });

  test('is none for a topic without records', { timeout: 60_000 }, async () => {
    const topic = await topicWith(session, 'newest-empty', 2);
    assert.deepEqual(await readNewestRecord(session, topic, await describePartitions(session, topic)), { kind: 'none' });
  });
});

describe('the newest record time from a broker without ListOffsets v7', { skip: PROXY_NEEDS_ONE_BROKER }, () => {
  const at = sessionsThroughProxy({ immediateFetch: false, maxVersions: { [API_KEYS.ListOffsets]: 6 } });

  test('is not told, in one sentence, and nothing else fails', { timeout: 60_000 }, async () => {
    const topic = await topicWith(at.direct, 'newest-old-broker', 1);
    await produce(at.direct, topic, [{ value: 'x', partition: 0 }]);
    const partitions = await describePartitions(at.viaProxy, topic);
    assert.deepEqual(partitions.map((p) => [p.low, p.high]), [[0, 1]], 'the offsets still read, through ListOffsets v1–v3');
    assert.deepEqual(await readNewestRecord(at.viaProxy, topic, partitions), {
      kind: 'notTold',
      reason: "This broker does not tell a partition's newest record time (that needs ListOffsets v7, Kafka 3.0 or later).",
    });
  });
});
