// Groups of the new consumer protocol (KIP-848) beside classic ones, through core's listing and
// describe, driven by the scripted GroupCluster (test/unit/lag/groupCluster.ts), which answers as
// Kafka 4 does: the classic DescribeGroups says Dead for a consumer-protocol group and
// ConsumerGroupDescribe says GROUP_ID_NOT_FOUND for a classic one. The real-broker tier
// (test/core/consumerProtocolGroups.test.ts) runs the same against Kafka's own Java consumer.
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { VirtualClock } from '../support/virtualClock';
import { GroupCluster } from '../lag/groupCluster';
import { KafkaSession } from '../../../src/core/session';
import { listGroups } from '../../../src/core/groups/listGroups';
import { describeGroup } from '../../../src/core/groups/describeGroup';
import { readGroupLag } from '../../../src/core/lag/readGroupLag';

const member = { memberId: 'Mx1', clientId: 'console-consumer', clientHost: '/127.0.0.1', assignment: [{ topic: 'orders', partitions: [0, 1] }] };

describe('groups of every type', () => {
  let clock: VirtualClock;
  let cluster: GroupCluster;
  const session = () => KafkaSession.over(cluster);

  beforeEach(() => {
    clock = new VirtualClock();
    cluster = new GroupCluster(clock);
    cluster.logs.addTopic('orders', [1, 1]);
    cluster.logs.append('orders', 0, 5).append('orders', 1, 3);
    cluster.group('legacy', [{ topic: 'orders', partition: 0, offset: 2 }], 'Empty');
    cluster.group('modern', [{ topic: 'orders', partition: 0, offset: 4 }, { topic: 'orders', partition: 1, offset: 3 }], 'Stable', [member], 'consumer');
  });
  afterEach(() => clock.stop());

  test('the listing describes each type with its own API and names the type; a type we cannot describe keeps the listed state', async () => {
    cluster.group('queue', [], 'Stable', [], 'share');
    const list = await listGroups(session(), 'kafka');
    assert.deepEqual(list.groups, [
      { groupId: 'legacy', state: 'Empty', protocolType: 'consumer', protocol: '', members: 0, type: 'classic' },
      { groupId: 'modern', state: 'Stable', protocolType: 'consumer', protocol: 'uniform', members: 1, type: 'consumer' },
      { groupId: 'queue', state: 'Stable', protocolType: 'share', protocol: '', members: 0, type: 'share' },
    ]);
    assert.deepEqual(cluster.consumerDescribes, [['modern']], 'one ConsumerGroupDescribe, for the consumer-protocol group only');
  });

  test('a consumer-protocol group described: members, assignment, committed offsets and lag, as for a classic one', async () => {
    const detail = await describeGroup(session(), 'modern');
    assert.deepEqual(detail, {
      groupId: 'modern',
      type: 'consumer',
      state: 'Stable',
      protocol: 'uniform',
      members: [{ memberId: 'Mx1', clientId: 'console-consumer', host: '127.0.0.1', assignment: [{ topic: 'orders', partitions: [0, 1] }] }],
      offsets: [
        { topic: 'orders', partition: 0, committed: 4, end: 5, lag: 1 },
        { topic: 'orders', partition: 1, committed: 3, end: 3, lag: 0 },
      ],
    });
    const lag = await readGroupLag(session(), 'modern', { clock });
    assert.equal(lag.state, 'Stable');
    assert.deepEqual(lag.partitions.map((p) => [p.partition, p.committed, p.lag]), [[0, 4, 1], [1, 3, 0]]);
  });

  test('a classic group costs no ConsumerGroupDescribe', async () => {
    const detail = await describeGroup(session(), 'legacy');
    assert.equal(detail.type, 'classic');
    assert.equal(detail.state, 'Empty');
    assert.deepEqual(cluster.consumerDescribes, []);
  });

  test('a group of neither kind does not exist, also where the broker lacks ConsumerGroupDescribe (VAST) or has the consumer protocol off (Kafka 3.9)', async () => {
    const doesNotExist = /^EbxError: Consumer group nobody does not exist\.$/;
    await assert.rejects(describeGroup(session(), 'nobody'), doesNotExist);
    cluster.withConsumerProtocolOff();
    await assert.rejects(describeGroup(session(), 'nobody'), doesNotExist);
    await assert.rejects(readGroupLag(session(), 'nobody', { clock }), /^EbxError: Consumer group nobody does not exist: it has no members and no committed offsets\.$/);
    cluster.withoutConsumerGroupDescribe();
    await assert.rejects(describeGroup(session(), 'nobody'), doesNotExist);
    assert.deepEqual(cluster.consumerDescribes, [['nobody'], ['nobody'], ['nobody'], ['nobody']]);
  });
});
