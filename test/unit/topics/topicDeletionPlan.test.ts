// Delete Topic planned over the scripted cluster with groups: which groups' committed offsets go
// with each topic (more groups than are read at once), the groups whose commits could not be read,
// what is refused before anything is deleted, and that one topic refused does not stop the others.
// The same against a real broker: test/cli/topicAdmin.test.ts (delete-topic).
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { VirtualClock } from '../support/virtualClock';
import { GroupCluster } from '../lag/groupCluster';
import { KafkaSession } from '../../../src/core/session';
import { BrokerError, SENTENCE_FOR_CODE } from '../../../src/core/brokerError';
import type { CommittedOffset } from '../../../src/core/clusterAccess';
import { deletePlannedTopics, describeTopicDeletion, planTopicDeletion } from '../../../src/core/topics/deleteTopicsPlan';

/** The groups, with one whose commits this user may not read. */
class ClusterWithHiddenGroup extends GroupCluster {
  override committedOffsets(groupId: string): Promise<CommittedOffset[]> {
    if (groupId === 'secret') return Promise.reject(new BrokerError('denied', SENTENCE_FOR_CODE.GROUP_AUTHORIZATION_FAILED, { code: 'GROUP_AUTHORIZATION_FAILED' }));
    return super.committedOffsets(groupId);
  }
}

const svc = (i: number) => `svc-${String(i).padStart(2, '0')}`;

describe('Delete Topic: the plan and what it deletes', () => {
  let clock: VirtualClock;
  let cluster: ClusterWithHiddenGroup;
  let session: KafkaSession;

  // 20 groups (more than the 16 read at once) commit on orders; every 5th also on audit. "idle"
  // has only the -1 of "no commit" on orders; "secret" cannot be read.
  beforeEach(() => {
    clock = new VirtualClock();
    cluster = new ClusterWithHiddenGroup(clock);
    cluster.logs.addTopic('orders', [1, 1]).addTopic('audit', [1]).addTopic('__consumer_offsets', [1], { internal: true });
    for (let i = 0; i < 20; i++) {
      cluster.group(svc(i), [{ topic: 'orders', partition: i % 2, offset: 1 }, ...(i % 5 === 0 ? [{ topic: 'audit', partition: 0, offset: 3 }] : [])]);
    }
    cluster.group('idle', [{ topic: 'orders', partition: 0, offset: -1 }]);
    cluster.group('secret', []);
    session = KafkaSession.over(cluster);
  });
  afterEach(() => clock.stop());

  test('each topic with the groups whose commits go with it, and the groups that could not be read', async () => {
    const plan = await planTopicDeletion(session, ['orders', 'audit', 'orders']);
    const every = Array.from({ length: 20 }, (_, i) => svc(i));
    assert.deepEqual(plan, {
      topics: [
        { topic: 'orders', groups: every },
        { topic: 'audit', groups: ['svc-00', 'svc-05', 'svc-10', 'svc-15'] },
      ],
      unreadGroups: ['secret'],
    });
    assert.deepEqual(describeTopicDeletion(plan), [
      `orders: the committed offsets of 20 groups go with it: ${every.join(', ')}`,
      'audit: the committed offsets of 4 groups go with it: svc-00, svc-05, svc-10, svc-15',
      '(the commits of 1 group could not be read: secret)',
    ]);
  });

  test('a topic that does not exist, or one of the broker\'s own, is refused before anything is deleted', async () => {
    await assert.rejects(planTopicDeletion(session, ['orders', 'nope']), { message: 'There is no topic nope (or this user may not see it). Nothing was deleted.' });
    await assert.rejects(planTopicDeletion(session, ['__consumer_offsets', 'orders']), { message: '__consumer_offsets is an internal topic of the broker: it is not deleted from here.' });
    await assert.rejects(planTopicDeletion(session, []), { message: 'Name at least one topic to delete.' });
    assert.deepEqual(cluster.logs.callsOf('deleteTopic'), []);
  });

  test('carried out: each topic of the plan in turn; one refused does not stop the next', async () => {
    const plan = await planTopicDeletion(session, ['orders', 'audit']);
    cluster.logs.removeTopic('orders'); // deleted by someone else meanwhile
    assert.deepEqual(await deletePlannedTopics(session, plan), [
      { topic: 'orders', error: SENTENCE_FOR_CODE.UNKNOWN_TOPIC_OR_PARTITION },
      { topic: 'audit', error: null },
    ]);
    assert.deepEqual(cluster.logs.callsOf('deleteTopic').map((c) => (c.method === 'deleteTopic' ? c.topic : c.method)), ['orders', 'audit']);
    assert.deepEqual((await cluster.metadata()).topics.map((t) => t.name), ['__consumer_offsets']);
  });
});
