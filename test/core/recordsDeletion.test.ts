// Delete Records against the real broker: the plan's numbers per partition (first offset now, after,
// records removed) and the sentence a person confirms, for cut-offs above and below a partition's
// first offset and before a time; carried out, the first offsets are what kafka-get-offsets reports.
// The same plan over the scripted cluster: test/unit/topics/recordsDeletionPlan.test.ts.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KafkaSession } from '../../src/core/session';
import { deletePlannedRecords, describeRecordsDeletion, planRecordsDeletion } from '../../src/core/topics/deleteRecordsPlan';
import { describePartitions } from '../../src/core/topics/listTopics';
import { openSession, topicWith } from '../support/kafkaFixtures';
import { kafkaFirstOffsets } from '../support/kafkaAdminTools';
import { testBroker } from '../support/brokerEnv';

const BASE = Date.UTC(2026, 5, 1, 8, 0, 0);

describe('Delete Records on a real broker', () => {
  let session: KafkaSession;
  let topic: string;

  // Partition 0: 10 records, partition 1: 6; record i of each at BASE + i seconds. The tests run in
  // order on this one topic, each from the first offsets the one before left.
  before(async () => {
    session = openSession();
    topic = await topicWith(session, 'core-truncate', 2, [
      ...Array.from({ length: 10 }, (_, i) => ({ value: `p0-${i}`, partition: 0, timestamp: BASE + i * 1000 })),
      ...Array.from({ length: 6 }, (_, i) => ({ value: `p1-${i}`, partition: 1, timestamp: BASE + i * 1000 })),
    ]);
  });
  after(() => session.close());

  const firstOffsets = async () => Object.fromEntries(await kafkaFirstOffsets(testBroker().bootstrap.join(','), topic));

  test('an offset above the first offset: the plan changes nothing; carried out, the first offset moves there', async () => {
    const plan = await planRecordsDeletion(session, topic, [0], { beforeOffset: 4 });
    assert.deepEqual(plan, { topic, partitions: [{ partition: 0, low: 0, newLow: 4, removed: 4 }] });
    assert.deepEqual(describeRecordsDeletion(plan), ['partition 0: first offset 0 → 4 (4 records removed)', '4 records in all']);
    assert.deepEqual((await describePartitions(session, topic)).map((p) => [p.partition, p.low, p.high]), [[0, 0, 10], [1, 0, 6]], 'planning deleted nothing');
    await deletePlannedRecords(session, 'kafka', plan);
    assert.deepEqual(await firstOffsets(), { 0: 4, 1: 0 });
  });

  test('an offset below a partition\'s first offset: that partition loses nothing and its first offset stays', async () => {
    const plan = await planRecordsDeletion(session, topic, undefined, { beforeOffset: 2 });
    assert.deepEqual(plan.partitions, [
      { partition: 0, low: 4, newLow: 4, removed: 0 },
      { partition: 1, low: 0, newLow: 2, removed: 2 },
    ]);
    assert.deepEqual(describeRecordsDeletion(plan), [
      'partition 0: first offset 4 → 4 (0 records removed)',
      'partition 1: first offset 0 → 2 (2 records removed)',
      '2 records in all',
    ]);
    await deletePlannedRecords(session, 'kafka', plan);
    assert.deepEqual(await firstOffsets(), { 0: 4, 1: 2 });
  });

  test('before a time: each partition keeps its first record at or after it; one with none that new loses every record', async () => {
    // 7 s after BASE: partition 0 keeps offsets 7–9; partition 1's records (0–5 s) are all older.
    const plan = await planRecordsDeletion(session, topic, undefined, { beforeTime: BASE + 7000 });
    assert.deepEqual(plan.partitions, [
      { partition: 0, low: 4, newLow: 7, removed: 3 },
      { partition: 1, low: 2, newLow: 6, removed: 4 },
    ]);
    assert.equal(describeRecordsDeletion(plan).at(-1), '7 records in all');
    // A time before every record kept: nothing to remove anywhere.
    const early = await planRecordsDeletion(session, topic, undefined, { beforeTime: BASE });
    assert.deepEqual(early.partitions, [
      { partition: 0, low: 4, newLow: 4, removed: 0 },
      { partition: 1, low: 2, newLow: 2, removed: 0 },
    ]);
    await deletePlannedRecords(session, 'kafka', plan);
    assert.deepEqual(await firstOffsets(), { 0: 7, 1: 6 });
  });

  test('an offset past a partition\'s end is refused before anything is deleted', async () => {
    await assert.rejects(planRecordsDeletion(session, topic, [0], { beforeOffset: 11 }), {
      message: `Partition 0 of ${topic} ends at offset 10: give an offset up to 10 (10 removes every record in it).`,
    });
    assert.deepEqual((await describePartitions(session, topic)).map((p) => [p.partition, p.low, p.high]), [[0, 7, 10], [1, 6, 6]], 'nothing deleted');
  });
});
