// The tree's lag column: the worst time lag of every group, in fetches that grow with brokers, not
// with groups; a partition read by groups at different offsets takes a second round.
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { VirtualClock } from '../support/virtualClock';
import { aRecord } from '../support/recordBuilders';
import { GroupCluster } from './groupCluster';
import { KafkaSession } from '../../../src/core/session';
import { readGroupsTimeLag } from '../../../src/core/lag/readGroupsTimeLag';

const NOW = Date.parse('2026-12-01T12:00:00Z');

describe('lag: readGroupsTimeLag', () => {
  let clock: VirtualClock;
  let cluster: GroupCluster;
  const session = () => KafkaSession.over(cluster);

  beforeEach(() => {
    clock = new VirtualClock();
    cluster = new GroupCluster(clock);
    cluster.logs.addTopic('orders', [1, 2]);
    for (const p of [0, 1]) cluster.logs.appendRecords('orders', p, Array.from({ length: 10 }, (_, i) => aRecord(i).timestamp(NOW - (10 - i) * 60_000).build()));
  });
  afterEach(() => clock.stop());

  test('twenty groups at the same offsets: one fetch per leader in all', async () => {
    const ids = Array.from({ length: 20 }, (_, i) => `g${i}`);
    for (const id of ids) cluster.group(id, [0, 1].map((partition) => ({ topic: 'orders', partition, offset: 7 })));

    const lags = await readGroupsTimeLag(session(), ids, { now: () => NOW, clock });

    assert.equal(cluster.logs.fetchCalls().length, 2);
    assert.ok(lags.every((g) => g.maxTimeLagMs === 3 * 60_000));
  });

  test('groups at different offsets of one partition: one more round, each group its own figure', async () => {
    cluster.group('early', [{ topic: 'orders', partition: 0, offset: 2 }]);
    cluster.group('late', [{ topic: 'orders', partition: 0, offset: 9 }]);
    cluster.group('done', [{ topic: 'orders', partition: 0, offset: 10 }, { topic: 'orders', partition: 1, offset: 10 }]);
    cluster.group('fresh', []);

    const lags = await readGroupsTimeLag(session(), ['early', 'late', 'done', 'fresh'], { now: () => NOW, clock });

    assert.deepEqual(
      lags.map((g) => [g.groupId, g.maxTimeLagMs]),
      [['early', 8 * 60_000], ['late', 60_000], ['done', 0], ['fresh', null]],
    );
    // Three distinct offsets of partition 0: three rounds for broker 1; broker 2 once.
    assert.equal(cluster.logs.fetchCalls(1).length, 3);
    assert.equal(cluster.logs.fetchCalls(2).length, 1);
    assert.deepEqual(cluster.commitAttempts, []);
  });
});
