// Authentication and authorization against the local broker's SASL listener and real ACLs.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { KafkaSession } from '../../src/core/session';
import { describeGroup } from '../../src/core/groups/describeGroup';
import { listGroups } from '../../src/core/groups/listGroups';
import { deleteGroups } from '../../src/core/groups/deleteGroups';
import { listTopics } from '../../src/core/topics/listTopics';
import { replay } from '../../src/core/replay';
import { tail } from '../../src/core/tail';
import { explainError } from '../../src/core/errors';
import { produce } from '../../src/core/topics/produce';
import { testBroker, LOCAL_USERS } from '../support/brokerEnv';
import { collect, grantReaderTopicAccess, liveConsumer, openSession, topicWith, uniqueName } from '../support/kafkaFixtures';

const broker = testBroker();
const skip = broker.local && broker.saslBootstrap ? false : 'needs the local broker with SASL users (npm test starts it)';

function saslSession(user: { username: string; password: string }, mechanism: 'plain' | 'scram-sha-256' = 'plain'): KafkaSession {
  return KafkaSession.open({ bootstrap: broker.saslBootstrap ?? [], sasl: { mechanism, ...user }, timeoutMs: 10_000 });
}

describe('authentication', { skip }, () => {
  for (const mechanism of ['plain', 'scram-sha-256'] as const) {
    test(`SASL ${mechanism} with the right password`, async () => {
      const session = saslSession(LOCAL_USERS.admin, mechanism);
      try {
        assert.ok(Array.isArray(await listTopics(session)));
      } finally {
        await session.close();
      }
    });
    test(`SASL ${mechanism} with a wrong password: one clear message, quickly`, async () => {
      const session = saslSession({ username: 'admin', password: 'not-the-password' }, mechanism);
      const started = Date.now();
      try {
        await assert.rejects(listTopics(session), (err) => /Authentication failed/.test(explainError(err)));
        assert.ok(Date.now() - started < 8_000, `failed after ${Date.now() - started} ms`);
      } finally {
        await session.close();
      }
    });
  }
});

describe('authorization: a reader with topic Read/Describe only', { skip }, () => {
  let adminSession: KafkaSession;
  let reader: KafkaSession;
  let allowed: string;
  let hidden: string;
  let groupId: string;

  before(async () => {
    adminSession = openSession();
    allowed = await topicWith(adminSession, 'acl-allowed', 1, [{ value: 'visible 1' }, { value: 'visible 2' }]);
    hidden = await topicWith(adminSession, 'acl-hidden', 1, [{ value: 'secret' }]);
    groupId = uniqueName('acl-group');
    await (await liveConsumer(groupId, allowed, 1)).disconnect();
    await grantReaderTopicAccess(allowed);
    reader = saslSession(LOCAL_USERS.reader);
  });
  after(async () => {
    await reader?.close();
    await adminSession?.close();
  });

  test('sees the allowed topic and not the other', async () => {
    const names = (await listTopics(reader)).map((t) => t.name);
    assert.ok(names.includes(allowed));
    assert.ok(!names.includes(hidden));
  });

  test('a denied group reads as "not authorized", next to the topic it can read', async () => {
    const listed = await listGroups(reader, 'vast');
    assert.ok(!listed.groups.some((g) => g.groupId === groupId), 'the broker lists only groups the user may describe');
    await assert.rejects(describeGroup(reader, groupId), (err) => /Not authorized .*group/.test(explainError(err)));
    const results = await deleteGroups(reader, [groupId]);
    assert.equal(results[0].result, 'GROUP_AUTHORIZATION_FAILED');
    assert.match(results[0].message, /Delete/);
  });

  test('replays and tails with no group permission at all', async () => {
    const records = await collect(replay(reader, { topic: allowed, partition: 0, start: { kind: 'beginning' } }));
    assert.deepEqual(records.map((r) => r.value), ['visible 1', 'visible 2']);
    const controller = new AbortController();
    const seen: string[] = [];
    const tailing = (async () => {
      for await (const batch of tail(reader, { topic: allowed, signal: controller.signal, onStart: () => void produce(adminSession, allowed, [{ value: 'live' }]) })) {
        seen.push(...batch.map((r) => r.value as string));
        controller.abort();
      }
    })();
    await tailing;
    assert.deepEqual(seen, ['live']);
  });

  test('a topic it may not read is refused with a clear message', async () => {
    await assert.rejects(collect(replay(reader, { topic: hidden, partition: 0, start: { kind: 'beginning' } })), (err) => /Not authorized|does not exist/.test(explainError(err)));
  });
});
