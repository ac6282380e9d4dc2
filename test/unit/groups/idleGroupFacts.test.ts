// What Delete Idle Groups shows beside each group before it is deleted, over the scripted cluster:
// the lag, how many partitions it committed, and when the record it had consumed last was written
// (the record just before its committed offset, read group-less; none when that record is gone),
// then the words. The CLI's table against a real broker: test/cli/ebx.test.ts (delete-idle-groups).
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { VirtualClock } from '../support/virtualClock';
import { aRecord } from '../support/recordBuilders';
import { GroupCluster } from '../lag/groupCluster';
import { KafkaSession } from '../../../src/core/session';
import { ago, describeIdleGroup, idleGroupFacts } from '../../../src/core/groups/idleGroupFacts';

const T0 = Date.parse('2026-12-01T00:00:00Z');
const MINUTE = 60_000;
const NOW = T0 + 5 * 60 * MINUTE;

describe('idle groups: what each one had read', () => {
  let clock: VirtualClock;
  let cluster: GroupCluster;

  // orders p0: offsets 0–9, p1: offsets 0–2 and 5–6 (3 and 4 compacted away); record o written at T0 + o minutes.
  beforeEach(() => {
    clock = new VirtualClock();
    cluster = new GroupCluster(clock);
    cluster.logs.addTopic('orders', [1, 2]);
    cluster.logs.appendRecords('orders', 0, Array.from({ length: 10 }, (_, o) => aRecord(o).timestamp(T0 + o * MINUTE).build()));
    cluster.logs.appendRecords('orders', 1, [0, 1, 2, 5, 6].map((o) => aRecord(o).timestamp(T0 + o * MINUTE).build()));
    cluster
      .group('svc', [{ topic: 'orders', partition: 0, offset: 6 }, { topic: 'orders', partition: 1, offset: 2 }])
      .group('behind', [{ topic: 'orders', partition: 0, offset: 3 }, { topic: 'orders', partition: 1, offset: -1 }])
      .group('gap', [{ topic: 'orders', partition: 1, offset: 4 }])
      .group('start', [{ topic: 'orders', partition: 0, offset: 0 }])
      .group('never', []);
  });
  afterEach(() => clock.stop());

  test('lag, partitions committed, and the newest record consumed, per group', async () => {
    const facts = await idleGroupFacts(KafkaSession.over(cluster), ['svc', 'behind', 'gap', 'start', 'never']);
    assert.deepEqual(facts, [
      // p0's record 2; p1 has no commit (-1).
      { groupId: 'behind', totalLag: 7, committedPartitions: 1, lastConsumedRecordTime: T0 + 2 * MINUTE },
      // p1's record 3 is gone: the record read there (5) is not the one consumed.
      { groupId: 'gap', totalLag: 3, committedPartitions: 1, lastConsumedRecordTime: null },
      { groupId: 'never', totalLag: null, committedPartitions: 0, lastConsumedRecordTime: null },
      // Committed at 0: it consumed nothing.
      { groupId: 'start', totalLag: 10, committedPartitions: 1, lastConsumedRecordTime: null },
      // The newer of p0's record 5 and p1's record 1.
      { groupId: 'svc', totalLag: 9, committedPartitions: 2, lastConsumedRecordTime: T0 + 5 * MINUTE },
    ]);
    assert.deepEqual(
      facts.map((f) => describeIdleGroup(f, NOW)),
      [
        'lag ≈7 · last consumed a record written 5 h ago',
        'lag ≈3 · time of last consumed record unknown',
        'never committed (never read)',
        'lag ≈10 · time of last consumed record unknown',
        'lag ≈9 · last consumed a record written 5 h ago',
      ],
    );
  });

  test('ages in words, at each change of unit', () => {
    assert.deepEqual(
      [-5_000, 89_000, 90_000, 89 * MINUTE, 90 * MINUTE, 35 * 60 * MINUTE, 36 * 60 * MINUTE].map(ago),
      ['0 s ago', '89 s ago', '2 min ago', '89 min ago', '2 h ago', '35 h ago', '2 days ago'],
    );
  });
});
