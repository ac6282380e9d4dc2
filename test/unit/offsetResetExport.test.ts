// Save Offsets Snapshot over the scripted cluster: per committed partition, the committed offset and
// the timestamps of the records on either side of it — looking further back over a gap, never before
// the first offset kept nor past the end — for the partitions the group committed (one topic when
// asked). The same against real brokers, with a restore on a peer: test/core/offsetsSnapshot.test.ts.
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { VirtualClock } from './support/virtualClock';
import { aRecord } from './support/recordBuilders';
import { GroupCluster } from './lag/groupCluster';
import { KafkaSession } from '../../src/core/session';
import { exportSnapshot, SNAPSHOT_FORMAT } from '../../src/core/offsetReset/offsetsSnapshot';

const T0 = Date.parse('2026-12-01T00:00:00Z');
/** Record o of orders is written at T0 + o s; of audit, 500 s later. */
const at = (o: number) => T0 + o * 1000;
const auditAt = (o: number) => T0 + 500_000 + o * 1000;

describe('offsets snapshot: the timestamps around each committed offset', () => {
  let clock: VirtualClock;
  let cluster: GroupCluster;
  const exported = (group: string, topic?: string) => exportSnapshot(KafkaSession.over(cluster), group, { topic, now: () => new Date(T0) });

  // orders p0: 0–9; p1: 0–9 with 0–3 deleted (first offset 4); p2: 0–2, then 100–102 (a gap of 97).
  // audit p0: 0–4; p1: empty.
  beforeEach(() => {
    clock = new VirtualClock();
    cluster = new GroupCluster(clock);
    cluster.logs.addTopic('orders', [1, 2, 1]).addTopic('audit', [2, 1]);
    cluster.logs.appendRecords('orders', 0, Array.from({ length: 10 }, (_, o) => aRecord(o).timestamp(at(o)).build()));
    cluster.logs.appendRecords('orders', 1, Array.from({ length: 10 }, (_, o) => aRecord(o).timestamp(at(o)).build())).deleteBefore('orders', 1, 4);
    cluster.logs.appendRecords('orders', 2, [0, 1, 2, 100, 101, 102].map((o) => aRecord(o).timestamp(at(o)).build()));
    cluster.logs.appendRecords('audit', 0, Array.from({ length: 5 }, (_, o) => aRecord(o).timestamp(auditAt(o)).build()));
    cluster.group('billing', [
      { topic: 'orders', partition: 0, offset: 5 },
      { topic: 'orders', partition: 1, offset: 4 },
      { topic: 'orders', partition: 2, offset: 100 },
      { topic: 'audit', partition: 0, offset: 2 },
      { topic: 'audit', partition: 1, offset: -1 },
    ]);
    cluster.group('ahead', [{ topic: 'orders', partition: 0, offset: 15 }]);
  });
  afterEach(() => clock.stop());

  test('every committed partition, with the records before and at its committed offset', async () => {
    assert.deepEqual(await exported('billing'), {
      format: SNAPSHOT_FORMAT,
      group: 'billing',
      exportedAt: '2026-12-01T00:00:00.000Z',
      partitions: [
        { topic: 'audit', partition: 0, committed: 2, lastConsumedTimestamp: auditAt(1), nextUnreadTimestamp: auditAt(2) },
        { topic: 'orders', partition: 0, committed: 5, lastConsumedTimestamp: at(4), nextUnreadTimestamp: at(5) },
        // Committed at the first offset kept: the record before it is gone, and is not looked for below it.
        { topic: 'orders', partition: 1, committed: 4, lastConsumedTimestamp: null, nextUnreadTimestamp: at(4) },
        // The record before 100 is 2, found by looking further back over the gap.
        { topic: 'orders', partition: 2, committed: 100, lastConsumedTimestamp: at(2), nextUnreadTimestamp: at(100) },
      ],
    });
  });

  test('one topic only, when asked', async () => {
    assert.deepEqual((await exported('billing', 'orders')).partitions.map((p) => [p.topic, p.partition, p.committed]), [
      ['orders', 0, 5],
      ['orders', 1, 4],
      ['orders', 2, 100],
    ]);
  });

  test('a commit past the end: the last record is the one consumed, and nothing is unread', async () => {
    assert.deepEqual((await exported('ahead')).partitions, [{ topic: 'orders', partition: 0, committed: 15, lastConsumedTimestamp: at(9), nextUnreadTimestamp: null }]);
  });
});
