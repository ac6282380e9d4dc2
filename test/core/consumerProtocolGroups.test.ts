// Consumer groups of both protocols against the real broker. On Kafka 4 (the core-kafka4 tier) a
// real Java consumer of the new protocol (Kafka's own console consumer, group.protocol=consumer,
// KIP-848) is listed with type consumer, described with its member and partitions, its lag read,
// refused deletion while it runs (NON_EMPTY_GROUP, nothing changed), and deleted once it stopped.
// On Kafka 3.9 (the core tier), where that protocol is off, the test of the same place checks what
// 3.9 does instead: every group is classic, and a missing group is still "does not exist" although
// 3.9 lists ConsumerGroupDescribe and answers it UNSUPPORTED_VERSION.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeGroup } from '../../src/core/groups/describeGroup';
import { listGroups } from '../../src/core/groups/listGroups';
import { deleteGroups } from '../../src/core/groups/deleteGroups';
import { groupLags } from '../../src/core/groups/groupLags';
import { readGroupLag } from '../../src/core/lag/readGroupLag';
import { produce } from '../../src/core/topics/produce';
import type { KafkaSession } from '../../src/core/session';
import type { GroupSummary } from '../../src/core/model';
import { liveConsumer, openSession, topicWith, uniqueName } from '../support/kafkaFixtures';
import { testBroker, testKafkaMajor, testKafkaVersion } from '../support/brokerEnv';
import { startConsoleConsumer } from '../support/kafkaConsoleConsumer';

const KAFKA = testKafkaVersion();

/** Polls our own listing (no fixed sleep) until the group's row satisfies `wanted`; fails naming the last row seen. */
async function listedWhen(session: KafkaSession, groupId: string, wanted: (g: GroupSummary | undefined) => boolean, what: string): Promise<GroupSummary | undefined> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const row = (await listGroups(session, 'kafka')).groups.find((g) => g.groupId === groupId);
    if (wanted(row)) return row;
    if (Date.now() > deadline) throw new Error(`no ${what} within 60 s; the listing last said ${JSON.stringify(row)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Polls our own describe until the group has committed these offsets (the console consumer commits every 100 ms). */
async function committedWhen(session: KafkaSession, groupId: string, wanted: (number | null)[]): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const seen = (await describeGroup(session, groupId)).offsets.map((o) => o.committed);
    if (JSON.stringify(seen) === JSON.stringify(wanted)) return;
    if (Date.now() > deadline) throw new Error(`no commits ${JSON.stringify(wanted)} within 60 s; last seen ${JSON.stringify(seen)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe(`consumer groups of both protocols (Kafka ${KAFKA})`, () => {
  let session: KafkaSession;
  let topic: string;
  before(async () => {
    session = openSession();
    topic = await topicWith(session, 'kip848', 3, Array.from({ length: 9 }, (_, i) => ({ value: `v${i}`, partition: i % 3 })));
  });
  after(() => session.close());

  test('a classic group (kafkajs) is listed and described with type classic', async () => {
    const groupId = uniqueName('classic-type');
    const consumer = await liveConsumer(groupId, topic, 9);
    try {
      const row = await listedWhen(session, groupId, (g) => g?.state === 'Stable', 'Stable classic group');
      assert.deepEqual(row, { groupId, state: 'Stable', protocolType: 'consumer', protocol: 'RoundRobinAssigner', members: 1, type: 'classic' });
      const detail = await describeGroup(session, groupId);
      assert.deepEqual([detail.type, detail.state, detail.members.length], ['classic', 'Stable', 1]);
    } finally {
      await consumer.disconnect();
    }
  });

  if (testKafkaMajor() >= 4) {
    test('Kafka 4: a Java consumer with group.protocol=consumer — listed as consumer, described, its lag read, deletion refused while it runs, deleted once it stopped', { timeout: 240_000 }, async () => {
      const groupId = uniqueName('kip848');
      const consumer = startConsoleConsumer({
        bootstrap: testBroker().bootstrap[0],
        topic,
        group: groupId,
        version: KAFKA,
        properties: { 'group.protocol': 'consumer', 'client.id': 'ebx-kip848-test', 'auto.commit.interval.ms': '100' },
      });
      try {
        await consumer.printed(9, 120_000);
        const row = await listedWhen(session, groupId, (g) => g?.state === 'Stable' && g.members === 1, 'Stable consumer-protocol group with one member');
        assert.deepEqual({ ...row, protocol: undefined }, { groupId, state: 'Stable', protocolType: 'consumer', protocol: undefined, members: 1, type: 'consumer' });
        assert.match(row!.protocol, /^(uniform|range)$/, 'the broker-side assignor');

        await committedWhen(session, groupId, [3, 3, 3]);
        const detail = await describeGroup(session, groupId);
        assert.equal(detail.type, 'consumer');
        assert.equal(detail.state, 'Stable');
        assert.equal(detail.members.length, 1);
        assert.equal(detail.members[0].clientId, 'ebx-kip848-test');
        assert.match(detail.members[0].host, /^\d+\.\d+\.\d+\.\d+$/);
        assert.deepEqual(detail.members[0].assignment, [{ topic, partitions: [0, 1, 2] }]);
        assert.deepEqual(detail.offsets, [0, 1, 2].map((partition) => ({ topic, partition, committed: 3, end: 3, lag: 0 })));
        const lag = await readGroupLag(session, groupId, { profile: 'kafka' });
        assert.equal(lag.state, 'Stable');
        assert.deepEqual(lag.partitions.map((p) => [p.partition, p.committed, p.lag, p.unread]), [[0, 3, 0, false], [1, 3, 0, false], [2, 3, 0, false]]);

        const [refused] = await deleteGroups(session, [groupId]);
        assert.deepEqual(refused, { groupId, result: 'NON_EMPTY_GROUP', message: 'The group has active members: stop its consumers or wait until they leave, then delete it.' });
        const still = await describeGroup(session, groupId);
        assert.deepEqual([still.state, still.members.length, still.offsets.map((o) => o.committed)], ['Stable', 1, [3, 3, 3]], 'nothing changed');
      } finally {
        await consumer.stop();
      }

      await listedWhen(session, groupId, (g) => g?.state === 'Empty' && g.members === 0, 'Empty group after the consumer stopped');
      await produce(session, topic, [{ value: 'after it stopped', partition: 1 }, { value: 'and another', partition: 1 }]);
      const [lags] = await groupLags(session, [groupId]);
      assert.equal(lags.totalLag, 2);
      const lag = await readGroupLag(session, groupId, { profile: 'kafka' });
      assert.deepEqual([lag.state, lag.partitions.find((p) => p.partition === 1)?.lag], ['Empty', 2]);

      const [deleted] = await deleteGroups(session, [groupId]);
      assert.equal(deleted.result, 'deleted', deleted.message);
      assert.equal((await listGroups(session, 'kafka')).groups.some((g) => g.groupId === groupId), false);
      await assert.rejects(describeGroup(session, groupId), new RegExp(`^EbxError: Consumer group ${groupId} does not exist\\.$`));
    });
  } else {
    test(`Kafka ${KAFKA}: the consumer protocol is off — every listed group is classic, and a missing group is still "does not exist" (ConsumerGroupDescribe answers UNSUPPORTED_VERSION)`, async () => {
      const groupId = uniqueName('kip848-on-3');
      await (await liveConsumer(groupId, topic, 3)).disconnect();
      const perBroker = await session.cluster().listGroupsPerBroker();
      const listed = perBroker.flatMap((b) => b.groups);
      assert.ok(listed.some((g) => g.groupId === groupId), 'the group is listed');
      assert.deepEqual([...new Set(listed.map((g) => g.type))], ['classic']);
      const coordinator = await session.cluster().coordinatorOf(groupId);
      const [answer] = await session.cluster().describeConsumerGroups(coordinator, [groupId]);
      assert.equal(answer.errorType, 'UNSUPPORTED_VERSION', 'Kafka 3.9 lists ConsumerGroupDescribe but refuses it with the consumer protocol off');
      assert.equal((await describeGroup(session, groupId)).type, 'classic');
      const missing = uniqueName('missing');
      await assert.rejects(describeGroup(session, missing), new RegExp(`^EbxError: Consumer group ${missing} does not exist\\.$`));
      await assert.rejects(readGroupLag(session, missing), /does not exist: it has no members and no committed offsets\.$/);
    });
  }
});
