// Delete Records (truncate) planned over the scripted cluster: per partition, where the log starts
// now, where it will start and how many records go — a cut-off below a partition's first offset
// removes nothing there (the first offset never goes back) — the sentence a person confirms, and
// what is then asked of the broker. The same against a real broker: test/core/recordsDeletion.test.ts.
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { VirtualClock } from '../support/virtualClock';
import { ScriptedCluster } from '../support/scriptedCluster';
import { aRecord, FIRST_TIMESTAMP } from '../support/recordBuilders';
import { KafkaSession } from '../../../src/core/session';
import { deletePlannedRecords, describeRecordsDeletion, planRecordsDeletion } from '../../../src/core/topics/deleteRecordsPlan';

describe('Delete Records: the plan and what it sends', () => {
  let clock: VirtualClock;
  let cluster: ScriptedCluster;
  let session: KafkaSession;

  // Partition 0: offsets 0–9, the first 4 already gone (first offset 4). Partition 1: offsets 0–5.
  // Partition 2: 3 records, all gone (first offset 3 = its end). Record o's timestamp is FIRST_TIMESTAMP + o.
  beforeEach(() => {
    clock = new VirtualClock();
    cluster = new ScriptedCluster(clock).addTopic('t', [1, 2, 1]);
    cluster.appendRecords('t', 0, Array.from({ length: 10 }, (_, o) => aRecord(o).build())).deleteBefore('t', 0, 4);
    cluster.appendRecords('t', 1, Array.from({ length: 6 }, (_, o) => aRecord(o).build()));
    cluster.appendRecords('t', 2, Array.from({ length: 3 }, (_, o) => aRecord(o).build())).deleteBefore('t', 2, 3);
    session = KafkaSession.over(cluster);
  });
  afterEach(() => clock.stop());

  test('before an offset below a first offset: that partition keeps its first offset and loses nothing', async () => {
    const plan = await planRecordsDeletion(session, 't', undefined, { beforeOffset: 2 });
    assert.deepEqual(plan, {
      topic: 't',
      partitions: [
        { partition: 0, low: 4, newLow: 4, removed: 0 },
        { partition: 1, low: 0, newLow: 2, removed: 2 },
        { partition: 2, low: 3, newLow: 3, removed: 0 },
      ],
    });
    assert.deepEqual(describeRecordsDeletion(plan), [
      'partition 0: first offset 4 → 4 (0 records removed)',
      'partition 1: first offset 0 → 2 (2 records removed)',
      'partition 2: first offset 3 → 3 (0 records removed)',
      '2 records in all',
    ]);
    const none = await planRecordsDeletion(session, 't', [1], { beforeOffset: 0 });
    assert.deepEqual(none.partitions, [{ partition: 1, low: 0, newLow: 0, removed: 0 }], 'offset 0 is a whole number, 0 or more');
  });

  test('before an offset above the first offsets, on the partitions chosen', async () => {
    const plan = await planRecordsDeletion(session, 't', [1, 0], { beforeOffset: 5 });
    assert.deepEqual(plan.partitions, [
      { partition: 1, low: 0, newLow: 5, removed: 5 },
      { partition: 0, low: 4, newLow: 5, removed: 1 },
    ]);
    assert.deepEqual(describeRecordsDeletion(plan), [
      'partition 1: first offset 0 → 5 (5 records removed)',
      'partition 0: first offset 4 → 5 (1 record removed)',
      '6 records in all',
    ]);
  });

  test('before the end offset: every record of the partition goes', async () => {
    const plan = await planRecordsDeletion(session, 't', [0], { beforeOffset: 10 });
    assert.deepEqual(plan.partitions, [{ partition: 0, low: 4, newLow: 10, removed: 6 }]);
  });

  test('before a time: the first record at or after it is kept; with none that new, every record goes', async () => {
    const plan = await planRecordsDeletion(session, 't', undefined, { beforeTime: FIRST_TIMESTAMP + 5 });
    assert.deepEqual(plan.partitions, [
      { partition: 0, low: 4, newLow: 5, removed: 1 },
      { partition: 1, low: 0, newLow: 5, removed: 5 },
      { partition: 2, low: 3, newLow: 3, removed: 0 },
    ]);
    const early = await planRecordsDeletion(session, 't', [0, 1], { beforeTime: FIRST_TIMESTAMP - 1 });
    assert.deepEqual(early.partitions, [
      { partition: 0, low: 4, newLow: 4, removed: 0 },
      { partition: 1, low: 0, newLow: 0, removed: 0 },
    ]);
    const late = await planRecordsDeletion(session, 't', undefined, { beforeTime: FIRST_TIMESTAMP + 60_000 });
    assert.deepEqual(late.partitions, [
      { partition: 0, low: 4, newLow: 10, removed: 6 },
      { partition: 1, low: 0, newLow: 6, removed: 6 },
      { partition: 2, low: 3, newLow: 3, removed: 0 },
    ]);
    assert.equal(describeRecordsDeletion(late).at(-1), '12 records in all');
  });

  test('one record is "record"; nothing at all is "0 records"', () => {
    assert.deepEqual(describeRecordsDeletion({ topic: 't', partitions: [{ partition: 3, low: 7, newLow: 8, removed: 1 }] }), [
      'partition 3: first offset 7 → 8 (1 record removed)',
      '1 record in all',
    ]);
    assert.deepEqual(describeRecordsDeletion({ topic: 't', partitions: [] }), ['0 records in all']);
  });

  test('an offset past a partition\'s end, a partition the topic lacks and a bad offset are refused before anything is deleted', async () => {
    await assert.rejects(planRecordsDeletion(session, 't', [0], { beforeOffset: 11 }), {
      message: 'Partition 0 of t ends at offset 10: give an offset up to 10 (10 removes every record in it).',
    });
    // Partition 2 ends at 3: an offset every other partition has is still too far for it.
    await assert.rejects(planRecordsDeletion(session, 't', undefined, { beforeOffset: 4 }), {
      message: 'Partition 2 of t ends at offset 3: give an offset up to 3 (3 removes every record in it).',
    });
    await assert.rejects(planRecordsDeletion(session, 't', [7], { beforeOffset: 1 }), { message: 't has no partition 7: it has partitions 0 to 2.' });
    await assert.rejects(planRecordsDeletion(session, 't', [0], { beforeOffset: -1 }), { message: 'An offset is a whole number, 0 or more (got -1).' });
    await assert.rejects(planRecordsDeletion(session, 't', [0], { beforeOffset: 1.5 }), { message: 'An offset is a whole number, 0 or more (got 1.5).' });
    assert.deepEqual(cluster.callsOf('deleteRecords'), []);
  });

  test('carrying out the plan asks only for the partitions that lose records, up to their new first offset', async () => {
    const plan = await planRecordsDeletion(session, 't', undefined, { beforeOffset: 3 });
    await deletePlannedRecords(session, 'kafka', plan);
    assert.deepEqual(cluster.callsOf('deleteRecords'), [{ method: 'deleteRecords', at: 0, topic: 't', deletions: [{ partition: 1, beforeOffset: 3 }] }]);
    // Planned again, nothing is left to remove before 3.
    const again = await planRecordsDeletion(session, 't', undefined, { beforeOffset: 3 });
    assert.deepEqual(again.partitions.map((p) => [p.partition, p.low, p.newLow, p.removed]), [
      [0, 4, 4, 0],
      [1, 3, 3, 0],
      [2, 3, 3, 0],
    ]);
  });
});
