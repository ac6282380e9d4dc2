// Faults the broker answers rather than suffers, against the suite's broker: a topic deleted or
// grown while tailed (core and CLI), a group that becomes active between planning and deleting,
// a wrong SASL password (counted at a relay: no retry storm), and TLS with and without the CA.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { Consumer } from 'kafkajs';
import { KafkaSession } from '../../src/core/session';
import { tail } from '../../src/core/tail';
import { describePartitions, listTopics } from '../../src/core/topics/listTopics';
import { produce } from '../../src/core/topics/produce';
import { replay } from '../../src/core/replay';
import { listGroups } from '../../src/core/groups/listGroups';
import { deleteGroups, idleGroupsPlan } from '../../src/core/groups/deleteGroups';
import { explainError, EbxError } from '../../src/core/errors';
import type { ShownRecord } from '../../src/core/model';
import { LOCAL_USERS, testBroker } from '../support/brokerEnv';
import { applicationKafka, collect, liveConsumer, openSession, topicWith, uniqueName } from '../support/kafkaFixtures';
import { createSeqTopic, testKafka } from '../support/faultsData';
import { countingRelay } from '../support/faultsProxy';
import { sleep } from '../support/faultsBroker';

const ROOT = resolve(__dirname, '../../..');
const EBX = join(ROOT, 'bin/ebx.js');
const broker = testBroker();

interface Ebx {
  done: Promise<{ code: number | null; ms: number }>;
  stdout: () => string;
  stderr: () => string;
  kill: () => void;
}

function startEbx(args: string[], env: NodeJS.ProcessEnv = {}): Ebx {
  const t0 = Date.now();
  const child = spawn(process.execPath, [EBX, ...args], { cwd: ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
  return {
    done: new Promise((r) => child.on('close', (code) => (clearTimeout(timer), r({ code, ms: Date.now() - t0 })))),
    stdout: () => stdout,
    stderr: () => stderr,
    kill: () => child.kill('SIGKILL'),
  };
}

async function runEbx(args: string[], env: NodeJS.ProcessEnv = {}) {
  const p = startEbx(args, env);
  const { code, ms } = await p.done;
  return { code, ms, stdout: p.stdout(), stderr: p.stderr() };
}

async function waitFor(what: string, condition: () => boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

function oneLine(stderr: string): string {
  const lines = stderr.trim().split('\n');
  assert.equal(lines.length, 1, `one line on stderr, got:\n${stderr}`);
  assert.doesNotMatch(stderr, /\n\s+at /, 'no stack trace');
  return lines[0];
}

describe('a topic that changes under a tail', () => {
  let session: KafkaSession;
  before(() => (session = openSession()));
  after(() => session.close());

  test('core: deleting the topic ends the tail with "Topic … no longer exists"', async () => {
    const topic = await topicWith(session, 'gone', 2);
    const seen: ShownRecord[] = [];
    let started!: () => void;
    const ready = new Promise<void>((r) => (started = r));
    const reading = (async () => {
      for await (const batch of tail(session, { topic, onStart: () => started() })) seen.push(...batch);
    })();
    await ready;
    await produce(session, topic, [{ value: 'before', partition: 1 }]);
    await waitFor('the record before the delete', () => seen.length === 1);
    const admin = applicationKafka().admin();
    await admin.connect();
    const t0 = Date.now();
    // The handler is attached before the delete: the tail can end while the admin is still
    // disconnecting, and a rejection nobody handles yet fails the test on its own.
    const ended = assert.rejects(reading, (err: unknown) => {
      // Asserted (not just tested) so that a failure shows which error ended the tail.
      assert.ok(err instanceof EbxError, `ended with ${String(err)}`);
      assert.match(err.message, new RegExp(`Topic ${topic} no longer exists`));
      return true;
    });
    await admin.deleteTopics({ topics: [topic] });
    await admin.disconnect();
    await ended;
    assert.ok(Date.now() - t0 < 20_000, `ended ${Date.now() - t0} ms after the delete`);

    // The session (the extension keeps one per connection) still works for other topics.
    const next = uniqueName('after-gone');
    await createSeqTopic(testKafka(broker.bootstrap), next, 1, -1, {}, { fsyncEachAppend: false });
    await produce(session, next, [{ value: 'still working' }]);
    const again = await collect(replay(session, { topic: next, partition: 0, start: { kind: 'beginning' } }));
    assert.deepEqual(again.map((r) => r.value), ['still working']);
    assert.equal((await describePartitions(session, next)).length, 1);
  });

  test('CLI: ebx tail picks up an added partition, then exits 1 with one line when the topic is deleted', async () => {
    // (createSeqTopic waits for the topic on its own: kafkajs's createTopics wait can fail on a fresh topic.)
    const topic = uniqueName('cli-grow-gone');
    await createSeqTopic(testKafka(broker.bootstrap), topic, 1, -1, {}, { fsyncEachAppend: false });
    const run = startEbx(['tail', topic, '--json'], { KAFKA_BOOTSTRAP: broker.bootstrap.join(',') });
    try {
      // The tail starts at the end: produce until the first record shows that it is reading.
      for (let i = 0; !run.stdout().includes('"p0"'); i++) {
        if (i > 100) assert.fail(`ebx tail printed nothing: ${run.stderr()}`);
        await produce(session, topic, [{ value: 'p0', partition: 0 }]);
        await sleep(300);
      }
      const admin = applicationKafka().admin();
      await admin.connect();
      try {
        await admin.createPartitions({ topicPartitions: [{ topic, count: 2 }] });
        // Produce to the new partition once the metadata has it (on a busy broker that takes a while).
        for (let i = 0; (await describePartitions(session, topic)).length < 2; i++) {
          if (i > 100) assert.fail('the added partition never showed in the metadata');
          await sleep(100);
        }
        await produce(session, topic, [{ value: 'in partition 1', partition: 1 }]);
        await waitFor('the record in the added partition (found within about 10 s)', () => run.stdout().includes('in partition 1'), 30_000);
        await admin.deleteTopics({ topics: [topic] });
      } finally {
        await admin.disconnect();
      }
      const { code } = await run.done;
      assert.equal(code, 1, run.stderr());
      assert.match(oneLine(run.stderr()), new RegExp(`^ebx: Topic ${topic} no longer exists`));
      const partitions = run.stdout().trim().split('\n').map((l) => (JSON.parse(l) as { partition: number }).partition);
      assert.ok(partitions.includes(0) && partitions.includes(1), `partitions printed: ${[...new Set(partitions)].join(', ')}`);
    } finally {
      run.kill();
    }
  });
});

describe('a group that becomes active between planning and deleting', () => {
  let session: KafkaSession;
  const consumers: Consumer[] = [];
  before(() => (session = openSession()));
  after(async () => {
    await Promise.all(consumers.map((c) => c.disconnect().catch(() => undefined)));
    await session.close();
  });

  test('delete reports NON_EMPTY_GROUP for it, deletes the others planned, and touches nothing else', async () => {
    const topic = await topicWith(session, 'race', 1, [{ value: 'a' }, { value: 'b' }]);
    const prefix = uniqueName('race');
    const [idle, revived, outside] = [`${prefix}-idle`, `${prefix}-revived`, uniqueName('outside')];
    for (const g of [idle, revived, outside]) await (await liveConsumer(g, topic, 2)).disconnect();

    const plan = idleGroupsPlan((await listGroups(session, 'kafka')).groups, prefix);
    assert.deepEqual(plan, [idle, revived].sort());
    // Between the plan (and the user's confirmation) and the delete, an application joins one group.
    consumers.push(await liveConsumer(revived, topic, 0));

    const results = await deleteGroups(session, plan);
    assert.deepEqual(results.map((r) => [r.groupId, r.result]), plan.map((g) => [g, g === revived ? 'NON_EMPTY_GROUP' : 'deleted']));

    const admin = applicationKafka().admin();
    await admin.connect();
    try {
      const left = new Set((await admin.listGroups()).groups.map((g) => g.groupId));
      assert.ok(!left.has(idle), 'the planned idle group is gone');
      assert.ok(left.has(revived) && left.has(outside), 'the active group and the group outside the plan are still there');
      for (const g of [revived, outside]) {
        const [offsets] = await admin.fetchOffsets({ groupId: g, topics: [topic] });
        assert.equal(offsets.partitions[0].offset, '2', `${g} keeps its committed offset`);
      }
    } finally {
      await admin.disconnect();
    }
  });
});

describe('a wrong SASL password', { skip: broker.local && broker.saslBootstrap ? false : 'needs the local broker with SASL users' }, () => {
  // kafkajs does not retry an authentication failure; our retries (connection errors) must not either.
  const MAX_ATTEMPTS = 4;

  test('core: one clear message, a handful of connections, nothing afterwards', async () => {
    const relay = await countingRelay(broker.saslBootstrap![0]);
    const session = KafkaSession.open({ bootstrap: [relay.address], sasl: { mechanism: 'plain', username: 'admin', password: 'wrong-password' }, timeoutMs: 10_000 });
    try {
      const t0 = Date.now();
      const err = await listTopics(session).then(
        () => assert.fail('listed topics with a wrong password'),
        (e: unknown) => e,
      );
      assert.equal(explainError(err), 'Authentication failed: check the username, password and SASL mechanism.');
      const ms = Date.now() - t0;
      // A tail started with the same session fails the same way instead of retrying for ever.
      await assert.rejects(async () => {
        for await (const _ of tail(session, { topic: 'any-topic' })) void _;
      }, (e: unknown) => /Authentication failed/.test(explainError(e)));
      await sleep(3_000);
      const attempts = relay.connections();
      assert.ok(attempts <= 2 * MAX_ATTEMPTS, `${attempts} connections for two failed operations`);
      console.log(`wrong password (core): failed in ${ms} ms; ${attempts} connections for a listing and a tail`);
    } finally {
      await session.close();
      await relay.close();
    }
  });

  test('CLI: exit 1, one line, a handful of connections', async () => {
    const relay = await countingRelay(broker.saslBootstrap![0]);
    try {
      const run = await runEbx(['topics', '--bootstrap', relay.address, '--username', LOCAL_USERS.admin.username], { KAFKA_PASSWORD: 'wrong-password' });
      assert.equal(run.code, 1);
      assert.equal(oneLine(run.stderr), 'ebx: Authentication failed: check the username, password and SASL mechanism.');
      assert.doesNotMatch(run.stderr + run.stdout, /wrong-password/);
      assert.ok(relay.connections() <= MAX_ATTEMPTS, `${relay.connections()} connections`);
      console.log(`wrong password (CLI): exit 1 in ${run.ms} ms after ${relay.connections()} connections`);
    } finally {
      await relay.close();
    }
  });
});

const ssl = process.env.KAFKA_SSL_BOOTSTRAP;
const ca = process.env.KAFKA_SSL_CA;
describe('TLS', { skip: ssl && ca ? false : 'needs KAFKA_SSL_BOOTSTRAP and KAFKA_SSL_CA (the local broker always has them: testBroker() fails without them)' }, () => {
  test('core: a session over TLS with the CA reads; without it, a clear certificate message', async () => {
    const good = KafkaSession.open({ bootstrap: ssl!.split(','), tls: { caFile: ca }, timeoutMs: 10_000 });
    const bad = KafkaSession.open({ bootstrap: ssl!.split(','), tls: {}, timeoutMs: 10_000 });
    try {
      const topic = await topicWith(good, 'tls', 1, [{ value: 'over TLS' }]);
      assert.ok((await listTopics(good)).some((t) => t.name === topic));
      await assert.rejects(listTopics(bad), (e: unknown) => /TLS certificate could not be verified \(self[- ]signed certificate/.test(explainError(e)));
    } finally {
      await good.close();
      await bad.close();
    }
  });

  test('CLI: --ca connects; --tls alone fails with a certificate message; --insecure connects with a warning', async () => {
    const withCa = await runEbx(['topics', '--json', '--bootstrap', ssl!, '--ca', ca!]);
    assert.equal(withCa.code, 0, withCa.stderr);
    assert.ok(Array.isArray(JSON.parse(withCa.stdout)));
    assert.equal(withCa.stderr, '');

    const noCa = await runEbx(['topics', '--bootstrap', ssl!, '--tls', '--timeout', '10']);
    assert.equal(noCa.code, 1);
    assert.match(oneLine(noCa.stderr), /^ebx: The broker's TLS certificate could not be verified .*--ca FILE/);

    const insecure = await runEbx(['topics', '--json', '--bootstrap', ssl!, '--insecure']);
    assert.equal(insecure.code, 0, insecure.stderr);
    assert.ok(Array.isArray(JSON.parse(insecure.stdout)));
    assert.match(oneLine(insecure.stderr), /^ebx: warning: --insecure: the broker certificate is not verified/);

    // Plain TCP against the TLS port is not mistaken for a working broker either.
    const plain = await runEbx(['topics', '--bootstrap', ssl!, '--timeout', '3']);
    assert.equal(plain.code, 1);
    oneLine(plain.stderr);
  });
});
