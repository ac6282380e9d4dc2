// Consumer groups against the real broker: lag after commits, resume, deletion rules, and the
// promise that replay and tail never touch groups.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeGroup } from '../../src/core/groups/describeGroup';
import { listGroups } from '../../src/core/groups/listGroups';
import { deleteGroups, idleGroupsPlan } from '../../src/core/groups/deleteGroups';
import { replay } from '../../src/core/replay';
import { tail } from '../../src/core/tail';
import { produce } from '../../src/core/topics/produce';
import type { KafkaSession } from '../../src/core/session';
import { applicationKafka, collect, liveConsumer, openSession, topicWith, uniqueName } from '../support/kafkaFixtures';
import { withDeadline } from '../support/deadline';

describe('consumer groups', () => {
  let session: KafkaSession;
  let topic: string;
  before(async () => {
    session = openSession();
    topic = await topicWith(session, 'orders', 3, Array.from({ length: 12 }, (_, i) => ({ key: `k${i}`, value: `{"order":${i}}`, partition: i % 3 })));
  });
  after(() => session.close());

  test('a group that committed: members, committed offsets, end and lag; resume after the commit', async () => {
    const groupId = uniqueName('billing');
    const consumer = await liveConsumer(groupId, topic, 12);
    try {
      const live = await describeGroup(session, groupId);
      assert.equal(live.state, 'Stable');
      assert.equal(live.members.length, 1);
      assert.deepEqual(live.members[0].assignment, [{ topic, partitions: [0, 1, 2] }]);
      assert.equal(live.members[0].clientId, 'test-application');
      assert.deepEqual(live.offsets.map((o) => [o.partition, o.committed, o.end, o.lag]), [
        [0, 4, 4, 0],
        [1, 4, 4, 0],
        [2, 4, 4, 0],
      ]);
      const listed = await listGroups(session, 'vast');
      assert.deepEqual(listed.groups.find((g) => g.groupId === groupId), { groupId, state: 'Stable', protocolType: 'consumer', protocol: 'RoundRobinAssigner', members: 1, type: 'classic' });
      assert.equal(listed.limit, 256);
      assert.equal((await listGroups(session, 'kafka')).limit, null);
    } finally {
      await consumer.disconnect();
    }
    await produce(session, topic, [{ value: 'after the commit', partition: 1 }]);
    const idle = await describeGroup(session, groupId);
    assert.equal(idle.state, 'Empty');
    assert.deepEqual(idle.offsets.find((o) => o.partition === 1), { topic, partition: 1, committed: 4, end: 5, lag: 1 });
    // Resume: the same group picks up exactly at its committed offset.
    const resumed = applicationKafka().consumer({ groupId });
    await resumed.connect();
    await resumed.subscribe({ topic });
    const first = await withDeadline(
      new Promise<{ offset: string; value: string }>((resolve) => {
        void resumed.run({ eachMessage: ({ message }) => Promise.resolve(resolve({ offset: message.offset, value: String(message.value) })) });
      }),
      30_000,
      'message for the resumed consumer',
    );
    await resumed.disconnect();
    assert.deepEqual(first, { offset: '4', value: 'after the commit' });
  });

  test('a fresh session lists groups on every broker without other requests first', async () => {
    const groupId = uniqueName('fresh');
    await (await liveConsumer(groupId, topic, 1)).disconnect();
    const fresh = openSession();
    try {
      const listed = await listGroups(fresh, 'vast');
      assert.ok(listed.groups.some((g) => g.groupId === groupId && g.state === 'Empty'));
    } finally {
      await fresh.close();
    }
  });

  test('a group without commits shows null, not 0', async () => {
    const groupId = uniqueName('nocommit');
    const consumer = await liveConsumer(groupId, topic, 0);
    try {
      const detail = await describeGroup(session, groupId);
      assert.ok(detail.offsets.length === 3);
      assert.ok(detail.offsets.every((o) => o.committed === null && o.lag === null && o.end !== null));
    } finally {
      await consumer.disconnect();
    }
  });

  test('NON_EMPTY_GROUP while a member is live, deleted after it leaves; each group reported on its own', async () => {
    const groupId = uniqueName('rebalance');
    const idleId = uniqueName('idle');
    await (await liveConsumer(idleId, topic, 1)).disconnect();
    const consumer = await liveConsumer(groupId, topic, 1);
    const missing = uniqueName('missing');
    const mixed = await deleteGroups(session, [groupId, idleId, missing]);
    assert.deepEqual(mixed.map((r) => [r.groupId, r.result]), [
      [groupId, 'NON_EMPTY_GROUP'],
      [idleId, 'deleted'],
      [missing, 'GROUP_ID_NOT_FOUND'],
    ]);
    assert.match(mixed[0].message, /active members/);
    await consumer.disconnect();
    const plan = idleGroupsPlan((await listGroups(session, 'vast')).groups, groupId);
    assert.deepEqual(plan, [groupId]);
    assert.deepEqual(await deleteGroups(session, plan), [{ groupId, result: 'deleted', message: 'Deleted, with its committed offsets.' }]);
    const after = await listGroups(session, 'vast');
    assert.ok(!after.groups.some((g) => g.groupId === groupId || g.groupId === idleId));
  });

  test('replay and tail never create, join or commit a group', async () => {
    const watched = uniqueName('watched');
    await (await liveConsumer(watched, topic, 3)).disconnect();
    const before = await listGroups(session, 'vast');
    const committedBefore = await describeGroup(session, watched);
    for (let partition = 0; partition < 3; partition++) {
      await collect(replay(session, { topic, partition, start: { kind: 'beginning' } }));
    }
    const controller = new AbortController();
    const seen: string[] = [];
    // Produce only once the tail has shown its last 2 per partition (6 records): a record produced
    // before the tail fixed its start offsets would be one of those 6, and the 7th would never come.
    let startedTail!: () => void;
    const tailStarted = new Promise<void>((resolve) => (startedTail = resolve));
    const tailing = (async () => {
      for await (const batch of tail(session, { topic, lastPerPartition: 2, signal: controller.signal })) {
        seen.push(...batch.map((r) => r.value as string));
        if (seen.length >= 6) startedTail();
        if (seen.includes('during tail')) controller.abort();
      }
    })();
    await Promise.race([tailStarted, tailing]);
    await produce(session, topic, [{ value: 'during tail', partition: 0 }]);
    await tailing;
    assert.ok(seen.includes('during tail'));
    const afterList = await listGroups(session, 'vast');
    assert.deepEqual(afterList.groups.map((g) => g.groupId), before.groups.map((g) => g.groupId));
    const committedAfter = await describeGroup(session, watched);
    assert.deepEqual(committedAfter.offsets.map((o) => o.committed), committedBefore.offsets.map((o) => o.committed));
  });
});
