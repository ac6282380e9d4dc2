// Answers that heal by themselves, seen in CI: just after a partition is created, Metadata names its
// leader while that broker still answers "not the leader" (describePartitions right after
// createPartitions); a group new to its coordinator is answered "load in progress" (a restore into
// another group on Kafka 4). Reads ask again for about three seconds; any other error, or one that
// never heals, still reaches the caller as the broker's own sentence.
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { VirtualClock } from './support/virtualClock';
import { ScriptedCluster } from './support/scriptedCluster';
import { notLeader, unknownTopic } from './support/brokerErrorBuilders';
import { KafkaSession } from '../../src/core/session';
import { BrokerError } from '../../src/core/brokerError';
import { askAgainWhileCoordinatorLoads, askAgainWhileLeadersSettle, SETTLING_DELAYS_MS } from '../../src/core/askAgain';
import { GroupCluster } from './lag/groupCluster';
import { readGroupLag } from '../../src/core/lag/readGroupLag';
import { readGroupForReset } from '../../src/core/offsetReset/groupForReset';
import { describePartitions } from '../../src/core/topics/listTopics';
import { partitionWatermarks } from '../../src/core/partitionWatermarks';

describe('answers that heal by themselves: reads ask again', () => {
  let clock: VirtualClock;
  beforeEach(() => (clock = new VirtualClock()));
  afterEach(() => clock.stop());

  test('a not-leader answer is asked again after a short wait, and the answer that follows is returned', async () => {
    let calls = 0;
    const result = await askAgainWhileLeadersSettle(() => {
      calls++;
      return calls < 3 ? Promise.reject(notLeader('orders', 1)) : Promise.resolve('offsets');
    }, clock);
    assert.equal(result, 'offsets');
    assert.equal(calls, 3);
    assert.equal(clock.elapsed(), SETTLING_DELAYS_MS[0] + SETTLING_DELAYS_MS[1]);
  });

  test('a leader that never settles gives up after about three seconds with the broker error', async () => {
    let calls = 0;
    await assert.rejects(
      askAgainWhileLeadersSettle(() => {
        calls++;
        return Promise.reject(notLeader('orders', 1));
      }, clock),
      (err: unknown) => err instanceof BrokerError && err.code === 'NOT_LEADER_OR_FOLLOWER',
    );
    assert.equal(calls, SETTLING_DELAYS_MS.length + 1);
    const waited = SETTLING_DELAYS_MS.reduce((a, b) => a + b, 0);
    assert.equal(clock.elapsed(), waited);
    assert.ok(waited >= 2000 && waited <= 5000, `waited ${waited} ms in all`);
  });

  test('any other error is not asked again', async () => {
    let calls = 0;
    await assert.rejects(
      askAgainWhileLeadersSettle(() => {
        calls++;
        return Promise.reject(unknownTopic('gone', 0));
      }, clock),
      /does not exist|unknown/i,
    );
    assert.equal(calls, 1);
  });

  test('describePartitions of a just-added partition: the leader settles and the offsets come back', async () => {
    const cluster = new ScriptedCluster(clock).addTopic('orders', [1, 1]).append('orders', 0, 3).append('orders', 1, 2);
    cluster.leaderSettling('orders', 1, 1);
    const partitions = await describePartitions(KafkaSession.over(cluster), 'orders');
    assert.deepEqual(
      partitions.map((p) => [p.partition, p.low, p.high]),
      [
        [0, 0, 3],
        [1, 0, 2],
      ],
    );
    // Asked again, with the metadata read afresh each time.
    assert.equal(cluster.callsOf('topicMetadata').length, 2);
  });

  test('the whole-tree watermarks ask again too', async () => {
    const cluster = new ScriptedCluster(clock).addTopic('orders', [1, 2]).append('orders', 1, 4);
    cluster.leaderSettling('orders', 1, 2);
    const rows = await partitionWatermarks(KafkaSession.over(cluster));
    assert.deepEqual(
      rows.map((r) => [r.partition, r.high]),
      [
        [0, 0],
        [1, 4],
      ],
    );
  });

  test('a group its coordinator is still loading: the lag is read once the load is done', async () => {
    const cluster = new GroupCluster(clock);
    cluster.logs.addTopic('orders', [1]).append('orders', 0, 5);
    cluster.group('restored', [{ topic: 'orders', partition: 0, offset: 5 }]).coordinatorLoading(2);
    const report = await readGroupLag(KafkaSession.over(cluster), 'restored', { clock });
    assert.deepEqual(
      report.partitions.map((p) => [p.partition, p.committed, p.lag]),
      [[0, 5, 0]],
    );
  });

  test('a reset plan reads the group after its coordinator loads it', async () => {
    const cluster = new GroupCluster(clock);
    cluster.logs.addTopic('orders', [1]).append('orders', 0, 5);
    cluster.group('restored', [{ topic: 'orders', partition: 0, offset: 3 }]).coordinatorLoading(1);
    const group = await readGroupForReset(cluster, 'restored');
    assert.equal(group.committed.get('orders\u00000'), 3);
  });

  test('a coordinator that never loads the group: its sentence after about three seconds', async () => {
    let calls = 0;
    const loading = new BrokerError('retriable', 'The broker answered GROUP_LOAD_IN_PROGRESS.', { code: 'GROUP_LOAD_IN_PROGRESS' });
    await assert.rejects(
      askAgainWhileCoordinatorLoads(() => {
        calls++;
        return Promise.reject(loading);
      }, clock),
      (err: unknown) => err === loading,
    );
    assert.equal(calls, SETTLING_DELAYS_MS.length + 1);
  });
});
