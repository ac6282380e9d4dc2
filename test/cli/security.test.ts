// Security promises of `ebx`, checked against the local broker's SASL listener and real ACLs:
// passwords only come from an environment variable the user names and never show anywhere (output,
// errors with --debug, the process list); reading is read-only (no group, no commit, no topic
// created); destructive commands confirm the exact list on a terminal and act on nothing else.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listTopics } from '../../src/core/topics/listTopics';
import { produce } from '../../src/core/topics/produce';
import { listGroups } from '../../src/core/groups/listGroups';
import { KafkaSession } from '../../src/core/session';
import { waitUntil } from '../support/deadline';
import { testBroker, LOCAL_USERS } from '../support/brokerEnv';
import { applicationKafka, grantReaderTopicAccess, openSession, topicWith, uniqueName } from '../support/kafkaFixtures';
import { assertOneCleanLine, EBX, ebx, exited, ROOT, startEbx, cleanEnv } from '../support/ebxProcess';

const broker = testBroker();
const skipSasl = broker.local && broker.saslBootstrap ? false : 'needs the local broker with SASL users (npm test starts it)';
const WRONG = 'Wr0ng-pa55word-for-grep';
const PASSWORDS = [LOCAL_USERS.admin.password, LOCAL_USERS.reader.password, WRONG];

function assertNoPassword(what: string, text: string): void {
  for (const password of PASSWORDS) assert.ok(!text.includes(password), `${what} shows a password`);
}

const sasl = (user: 'admin' | 'reader', password: string, extra: NodeJS.ProcessEnv = {}) => ({
  KAFKA_BOOTSTRAP: (broker.saslBootstrap ?? []).join(','),
  KAFKA_USERNAME: LOCAL_USERS[user].username,
  MY_BROKER_PASSWORD: password,
  ...extra,
});
const passwordEnv = ['--password-env', 'MY_BROKER_PASSWORD'];


describe('passwords never leave the environment variable', { skip: skipSasl }, () => {
  let session: KafkaSession;
  let topic: string;
  before(async () => {
    session = openSession();
    topic = await topicWith(session, 'cli-sec', 1, [{ value: 'one' }, { value: 'two' }]);
  });
  after(() => session?.close());

  test('SASL PLAIN and SCRAM with --password-env and with KAFKA_PASSWORD, with --debug: commands work and print no password', { timeout: 120_000 }, async () => {
    const commands: [string, string[], NodeJS.ProcessEnv][] = [
      ['topics (plain, --password-env)', ['topics', '--json', '--debug', ...passwordEnv], sasl('admin', LOCAL_USERS.admin.password)],
      ['partitions (scram)', ['partitions', topic, '--debug', '--sasl-mechanism', 'scram-sha-256', ...passwordEnv], sasl('admin', LOCAL_USERS.admin.password)],
      ['replay', ['replay', topic, '--partition', '0', '--from-beginning', '--debug', ...passwordEnv], sasl('admin', LOCAL_USERS.admin.password)],
      ['tail --last 1 --max 1', ['tail', topic, '--last', '1', '--max', '1', '--debug', ...passwordEnv], sasl('admin', LOCAL_USERS.admin.password)],
      ['groups (KAFKA_PASSWORD)', ['groups', '--debug'], { ...sasl('admin', ''), KAFKA_PASSWORD: LOCAL_USERS.admin.password }],
      ['produce', ['produce', topic, '--value', 'three', '--debug', ...passwordEnv], sasl('admin', LOCAL_USERS.admin.password)],
    ];
    for (const [what, args, env] of commands) {
      const run = await ebx(args, { env, timeoutMs: 30_000 });
      assert.equal(run.code, 0, `${what}: ${run.stderr}`);
      assertNoPassword(`${what}: stdout/stderr`, run.stdout + run.stderr);
    }
  });

  test('a wrong password: one clear line (exit 1) — and with --debug, a stack trace but still no password', { timeout: 60_000 }, async () => {
    for (const mechanism of ['plain', 'scram-sha-256']) {
      const quiet = await ebx(['topics', '--sasl-mechanism', mechanism, ...passwordEnv], { env: sasl('admin', WRONG), timeoutMs: 30_000 });
      assert.equal(quiet.code, 1);
      assertOneCleanLine(quiet, /^ebx: Authentication failed: check the username, password and SASL mechanism\.$/);
      const debug = await ebx(['replay', 'any-topic', '--partition', '0', '--from-beginning', '--debug', '--sasl-mechanism', mechanism, ...passwordEnv], { env: sasl('reader', WRONG), timeoutMs: 30_000 });
      assert.equal(debug.code, 1);
      assert.match(debug.stderr, /Authentication failed/);
      assertNoPassword(`wrong password (${mechanism}, --debug)`, debug.stdout + debug.stderr);
    }
  });

  test('a password is refused as an argument (it would show in the process list), and never echoed', async () => {
    const run = await ebx(['topics', '--password', WRONG]);
    assert.equal(run.code, 2);
    assertOneCleanLine(run, /--password is not accepted/);
    assertNoPassword('--password refusal', run.stderr);
    const missing = await ebx(['topics', '--username', 'admin', ...passwordEnv], { env: { KAFKA_BOOTSTRAP: (broker.saslBootstrap ?? []).join(',') } });
    assert.equal(missing.code, 2);
    assertOneCleanLine(missing, /No password for user admin: set the environment variable MY_BROKER_PASSWORD\./);
  });

  test('a running `ebx tail` has no password in its command line (/proc/<pid>/cmdline)', { timeout: 60_000 }, async () => {
    // --debug makes ebx say on stderr when the tail has found the partitions' ends: produce after that.
    const child = startEbx(['tail', topic, '--debug', ...passwordEnv], sasl('admin', LOCAL_USERS.admin.password));
    try {
      await waitUntil(() => child.output.stderr.includes('ebx: tailing'), 20_000, () => `start of the tail (stderr: ${child.output.stderr})`);
      await produce(session, topic, [{ value: 'while tailing' }]);
      const deadline = Date.now() + 20_000;
      while (!child.output.stdout.includes('while tailing') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      assert.match(child.output.stdout, /while tailing/, 'the tail runs, authenticated');
      const cmdline = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0').join(' ');
      assert.match(cmdline, /ebx\.js tail/);
      assertNoPassword('/proc/<pid>/cmdline', cmdline);
    } finally {
      child.kill('SIGINT');
      assert.equal(await exited(child), 0);
    }
    assertNoPassword('tail output', child.output.stdout + child.output.stderr);
  });

  test('nothing ebx writes holds a password: its output (saved in test-artifacts/cli-security-node*/) and every file under its HOME, TMPDIR and working directory', { timeout: 120_000 }, async () => {
    // The secrets of this file, in every path where ebx could write them down: success, a wrong
    // password, an error after authenticating, the refusal of --password, all with --debug.
    const sandbox = mkdtempSync(join(tmpdir(), 'ebx-secrets-'));
    try {
      const [home, tmp, work] = ['home', 'tmp', 'work'].map((d) => join(sandbox, d));
      for (const dir of [home, tmp, work]) mkdirSync(dir);
      const where = { HOME: home, TMPDIR: tmp, XDG_CONFIG_HOME: join(home, '.config'), XDG_CACHE_HOME: join(home, '.cache'), XDG_STATE_HOME: join(home, '.state') };
      const commands: [string, string[], NodeJS.ProcessEnv, number][] = [
        ['topics, PLAIN', ['topics', '--debug', ...passwordEnv], sasl('admin', LOCAL_USERS.admin.password), 0],
        ['tail, SCRAM, KAFKA_PASSWORD', ['tail', topic, '--last', '1', '--max', '1', '--debug', '--sasl-mechanism', 'scram-sha-256'], { ...sasl('admin', ''), KAFKA_PASSWORD: LOCAL_USERS.admin.password }, 0],
        ['wrong password', ['topics', '--debug', ...passwordEnv], sasl('admin', WRONG), 1],
        ['reader, a missing topic', ['replay', uniqueName('missing'), '--partition', '0', '--from-beginning', '--debug', ...passwordEnv], sasl('reader', LOCAL_USERS.reader.password), 1],
        ['--password refused', ['topics', '--password', WRONG, '--debug'], sasl('admin', LOCAL_USERS.admin.password), 2],
      ];
      // One folder per Node major: CI runs this tier on Node 22 and 24 at the same time.
      const saved = join(ROOT, 'test-artifacts', `cli-security-node${process.versions.node.split('.')[0]}`);
      rmSync(saved, { recursive: true, force: true });
      mkdirSync(saved, { recursive: true });
      for (const [i, [what, args, env, exit]] of commands.entries()) {
        const run = await ebx(args, { env: { ...env, ...where }, cwd: work, timeoutMs: 30_000 });
        assert.equal(run.code, exit, `${what}: ${run.stderr}`);
        writeFileSync(join(saved, `${i + 1}-${what.replace(/[^a-z0-9]+/gi, '-')}.txt`), `# ebx, ${what} (the command line is not repeated: one of them holds a password)\n--- exit ${run.code}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`);
      }
      const written = [saved, sandbox].flatMap((dir) =>
        readdirSync(dir, { recursive: true, encoding: 'utf8' })
          .map((f) => join(dir, f))
          .filter((f) => statSync(f).isFile()),
      );
      const text = written.map((f) => readFileSync(f, 'latin1'));
      assert.match(text.join('\n'), /Authentication failed/, 'the transcripts hold the failures they are meant to check');
      written.forEach((f, i) => assertNoPassword(f, text[i]));
    } finally {
      rmSync(sandbox, { recursive: true, force: true });
    }
  });
});

describe('read-only by default, verified at the broker', () => {
  let session: KafkaSession;
  before(() => (session = openSession()));
  after(() => session?.close());

  test('every client ebx builds asks Metadata with allowAutoTopicCreation=false', async () => {
    const s = KafkaSession.open({ bootstrap: broker.bootstrap, timeoutMs: 10_000 });
    try {
      await listTopics(s);
      // kafkajs puts the flag into every Metadata request a broker object sends.
      const internal = (s.cluster() as unknown as { cluster: { brokerPool: { seedBroker?: { allowAutoTopicCreation: boolean }; brokers: Record<string, { allowAutoTopicCreation: boolean }> } } }).cluster.brokerPool;
      const brokers = [internal.seedBroker, ...Object.values(internal.brokers)].filter((b) => b !== undefined);
      assert.ok(brokers.length > 0);
      for (const b of brokers) assert.equal(b.allowAutoTopicCreation, false);
    } finally {
      await s.close();
    }
  });

  test('replay, tail, partitions and offsets-for-time of a missing topic leave it missing', { timeout: 60_000 }, async () => {
    const missing = uniqueName('cli-readonly-missing');
    const env = { KAFKA_BOOTSTRAP: broker.bootstrap.join(',') };
    for (const args of [['replay', missing, '--partition', '0', '--from-beginning'], ['tail', missing, '--max', '1'], ['partitions', missing], ['offsets-for-time', missing, '-1h']]) {
      const run = await ebx(args, { env, timeoutMs: 30_000 });
      assert.equal(run.code, 1, `${args[0]}: ${run.stderr}`);
      assertOneCleanLine(run, /does not exist/);
    }
    assert.ok(!(await listTopics(session)).some((t) => t.name === missing));
  });

  test('a user with only topic Read/Describe can list, describe, replay and tail — and no group appears', { skip: skipSasl, timeout: 120_000 }, async () => {
    const topic = await topicWith(session, 'cli-reader', 2, [{ value: 'r1', partition: 0 }, { value: 'r2', partition: 1 }]);
    const hidden = await topicWith(session, 'cli-reader-hidden', 1);
    await grantReaderTopicAccess(topic);
    const groupsBefore = (await listGroups(session, 'kafka')).groups.map((g) => g.groupId).sort();
    const env = sasl('reader', LOCAL_USERS.reader.password);

    const topics = await ebx(['topics', '--json', ...passwordEnv], { env });
    assert.equal(topics.code, 0, topics.stderr);
    const visible = (JSON.parse(topics.stdout) as { name: string }[]).map((t) => t.name);
    assert.ok(visible.includes(topic), 'sees the topic it may describe');
    assert.ok(!visible.includes(hidden), 'and not one it may not');
    const partitions = await ebx(['partitions', topic, '--json', ...passwordEnv], { env });
    assert.equal(partitions.code, 0, partitions.stderr);
    assert.deepEqual((JSON.parse(partitions.stdout) as { high: number }[]).map((p) => p.high), [1, 1]);
    const replayed = await ebx(['replay', topic, '--partition', '1', '--from-beginning', ...passwordEnv], { env });
    assert.equal(replayed.code, 0, replayed.stderr);
    assert.match(replayed.stdout, /"value":"r2"/);
    const tailed = await ebx(['tail', topic, '--last', '1', '--max', '2', ...passwordEnv], { env, timeoutMs: 30_000 });
    assert.equal(tailed.code, 0, tailed.stderr);
    assert.deepEqual(tailed.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { value: string }).value).sort(), ['r1', 'r2']);
    const offsets = await ebx(['offsets-for-time', topic, '-1h', '--json', ...passwordEnv], { env });
    assert.equal(offsets.code, 0, offsets.stderr);
    // A group needs Read on the group: this user has none, so a join or a commit would have failed.
    const groupsAfter = (await listGroups(session, 'kafka')).groups.map((g) => g.groupId).sort();
    assert.deepEqual(groupsAfter, groupsBefore, 'no consumer group was created or committed to');
    const denied = await ebx(['groups', '--json', ...passwordEnv], { env });
    assert.equal(denied.code, 0, denied.stderr);
    assert.ok(Array.isArray((JSON.parse(denied.stdout) as { groups: unknown[] }).groups), 'listing groups it may not see degrades to a list, not a failure');
  });
});

/** Runs ebx on a real pseudo-terminal (util-linux `script`), answers the y/N prompt, returns the transcript. */
function onTerminal(args: string[], answer: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; transcript: string }> {
  const command = [process.execPath, EBX, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return new Promise((done, fail) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], { cwd: ROOT, env: cleanEnv(env), stdio: ['pipe', 'pipe', 'pipe'] });
    let transcript = '';
    let answered = false;
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      transcript += d;
      if (!answered && transcript.includes('[y/N]')) {
        answered = true;
        child.stdin.write(`${answer}\n`);
      }
    });
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      child.stdin.destroy();
      done({ code, transcript: transcript.replace(/\r/g, '') });
    });
  });
}

async function scriptAvailable(): Promise<boolean> {
  return new Promise((done) => {
    const child = spawn('script', ['--version'], { stdio: 'ignore' });
    child.on('error', () => done(false));
    child.on('close', (code) => done(code === 0));
  });
}

describe('destructive commands confirm the exact list on a terminal, and act on nothing else', () => {
  let session: KafkaSession;
  let topic: string;
  let prefix: string;
  const env = () => ({ KAFKA_BOOTSTRAP: broker.bootstrap.join(',') });
  before(async () => {
    assert.ok(await scriptAvailable(), 'these tests need `script` (util-linux; Debian package bsdutils) to give ebx a terminal');
    session = openSession();
    topic = await topicWith(session, 'cli-destroy', 1, [{ value: 'keep me' }]);
    prefix = uniqueName('cli-confirm');
    const admin = applicationKafka().admin();
    await admin.connect();
    for (const g of ['a', 'b', 'c']) await admin.setOffsets({ groupId: `${prefix}-${g}`, topic, partitions: [{ partition: 0, offset: '1' }] });
    await admin.disconnect();
  });
  after(async () => {
    const admin = applicationKafka().admin();
    await admin.connect();
    await admin.deleteGroups(['a', 'b', 'c'].map((g) => `${prefix}-${g}`)).catch(() => undefined);
    await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin.disconnect();
    await session?.close();
  });
  const groupsNow = async () => (await listGroups(session, 'kafka')).groups.map((g) => g.groupId).filter((g) => g.startsWith(prefix)).sort();

  test('delete-group: "n" on the terminal deletes nothing; the prompt listed exactly the groups named', { timeout: 60_000 }, async () => {
    const run = await onTerminal(['delete-group', `${prefix}-a`, `${prefix}-b`], 'n', env());
    assert.equal(run.code, 0, run.transcript);
    const listed = run.transcript.split('\n').filter((l) => l.startsWith('  ')).map((l) => l.trim());
    assert.deepEqual(listed, [`${prefix}-a`, `${prefix}-b`]);
    assert.match(run.transcript, /Delete these 2\? \[y\/N\]/);
    assert.match(run.transcript, /cancelled, nothing was deleted/);
    assert.deepEqual(await groupsNow(), [`${prefix}-a`, `${prefix}-b`, `${prefix}-c`]);
  });

  test('delete-topic: "n" on the terminal deletes nothing; anything but y/yes is no', { timeout: 60_000 }, async () => {
    for (const answer of ['n', '', 'maybe', 'yes please']) {
      const run = await onTerminal(['delete-topic', topic], answer, env());
      assert.equal(run.code, 0, run.transcript);
      assert.match(run.transcript, new RegExp(`Topic to delete[^\\n]*\\n  ${topic}\\n`));
      assert.match(run.transcript, /nothing was deleted/);
    }
    assert.ok((await listTopics(session)).some((x) => x.name === topic));
  });

  test('delete-idle-groups: the plan is shown, "n" keeps it; "y" deletes exactly the groups listed', { timeout: 60_000 }, async () => {
    const declined = await onTerminal(['delete-idle-groups', '--prefix', `${prefix}-`], 'n', env());
    assert.equal(declined.code, 0, declined.transcript);
    for (const g of ['a', 'b', 'c']) assert.match(declined.transcript, new RegExp(`^${prefix}-${g}(\\s|$)`, 'm'));
    assert.deepEqual(await groupsNow(), [`${prefix}-a`, `${prefix}-b`, `${prefix}-c`]);

    const accepted = await onTerminal(['delete-group', `${prefix}-a`, `${prefix}-c`], 'y', env());
    assert.equal(accepted.code, 0, accepted.transcript);
    assert.match(accepted.transcript, /2 of 2 deleted/);
    assert.deepEqual(await groupsNow(), [`${prefix}-b`], 'only the listed groups are gone');
  });
});

describe('hostile names and records reach the terminal escaped', () => {
  test('a group id with escape sequences: groups, group and the delete prompt show it escaped', { timeout: 60_000 }, async () => {
    const session = openSession();
    const topic = await topicWith(session, 'cli-hostile', 1, [{ key: '\u001b[31m', value: '\u009b2J\u202e', headers: { '\u001b]0;x\u0007': Buffer.from([0xff, 0x1b]) } }]);
    const groupId = `\u001b[2J\u001b]0;pwned\u0007evil-${uniqueName('g')}`;
    const admin = applicationKafka().admin();
    await admin.connect();
    try {
      await admin.setOffsets({ groupId, topic, partitions: [{ partition: 0, offset: '1' }] });
      const env = { KAFKA_BOOTSTRAP: broker.bootstrap.join(',') };
      const runs = [
        await ebx(['groups'], { env }),
        await ebx(['groups', '--json'], { env }),
        await ebx(['group', groupId], { env }),
        await ebx(['replay', topic, '--partition', '0', '--from-beginning'], { env }),
      ];
      for (const run of runs) {
        assert.equal(run.code, 0, run.stderr);
        // eslint-disable-next-line no-control-regex -- raw control characters are what this check looks for
        assert.doesNotMatch(run.stdout + run.stderr, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/, 'no raw control character');
      }
      assert.match(runs[0].stdout, /\\x1b\[2J\\x1b\]0;pwned\\x07evil-/);
      assert.ok((JSON.parse(runs[1].stdout) as { groups: { groupId: string }[] }).groups.some((g) => g.groupId === groupId), 'JSON keeps the exact id');
      const record = JSON.parse(runs[3].stdout) as Record<string, unknown>;
      assert.deepEqual([record.key, record.value, record.headers], ['\u001b[31m', '\u009b2J\u202e', { '\u001b]0;x\u0007': { base64: Buffer.from([0xff, 0x1b]).toString('base64') } }], 'lossless once parsed');
      const prompt = await onTerminal(['delete-group', groupId], 'n', env);
      assert.match(prompt.transcript, /\n {2}\\x1b\[2J\\x1b\]0;pwned\\x07evil-/);
      assert.ok(!prompt.transcript.includes('\u001b]0;pwned'), 'the prompt shows the id escaped');
    } finally {
      await admin.deleteGroups([groupId]).catch(() => undefined);
      await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
      await admin.disconnect();
      await session.close();
    }
  });
});
