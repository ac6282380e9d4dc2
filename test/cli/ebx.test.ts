// The `ebx` command line as people and scripts use it: the built bin/ebx.js in a child process,
// against the real test broker. Usage errors exit 2, runtime failures 1, each with one line on stderr
// and no stack trace; JSON shapes are exactly those of the spec (issue 2, section 4).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { waitUntil } from '../support/deadline';
import { testBroker } from '../support/brokerEnv';
import { closedPort } from '../support/closedPort';

const ROOT = resolve(__dirname, '../../..');
const EBX = join(ROOT, 'bin/ebx.js');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

interface RunOptions {
  input?: string | Buffer;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

/** Runs `node bin/ebx.js ...args` with a clean environment (no credentials of the user's). */
function ebx(args: string[], options: RunOptions = {}): Promise<Run> {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ...options.env };
  const started = Date.now();
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [EBX, ...args], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr, ms: Date.now() - started });
    });
    child.stdin.end(options.input ?? '');
  });
}

/** The broker under test; only asked by tests that need it. */
const live = (): NodeJS.ProcessEnv => ({ KAFKA_BOOTSTRAP: testBroker().bootstrap.join(',') });
const unique = (what: string) => `cli-${what}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;

function assertOneCleanLine(run: Run, pattern: RegExp): void {
  const lines = run.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, `expected one line on stderr, got:\n${run.stderr}`);
  assert.match(lines[0], pattern);
  assert.doesNotMatch(run.stderr, /\n\s+at /, 'no stack trace');
}

/** A fresh topic for `work`, deleted afterwards whatever happens. */
async function withTopic(what: string, partitions: number, work: (topic: string, env: NodeJS.ProcessEnv) => Promise<void>): Promise<void> {
  const env = live();
  const topic = unique(what);
  const created = await ebx(['create-topic', topic, '--partitions', String(partitions)], { env });
  assert.equal(created.code, 0, created.stderr);
  try {
    await work(topic, env);
  } finally {
    await ebx(['delete-topic', topic, '--yes'], { env });
  }
}

function jsonLines(text: string): Record<string, unknown>[] {
  return text.trimEnd().split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>);
}

// ---------------------------------------------------------------- usage errors: exit 2, no broker needed

const NOWHERE = { KAFKA_BOOTSTRAP: '127.0.0.1:9' };
const usageCases: [string, string[], RegExp, NodeJS.ProcessEnv?][] = [
  ['replay without a start', ['replay', 't', '--partition', '0'], /exactly one start: --from-beginning, --from-end, --from-offset/],
  ['replay with two starts', ['replay', 't', '--partition', '0', '--from-beginning', '--from-offset', '3'], /exactly one start.*2 were given/],
  ['replay --max 0', ['replay', 't', '--partition', '0', '--from-end', '--max', '0'], /--max.*positive whole number/],
  ['replay --max abc', ['replay', 't', '--partition', '0', '--from-end', '--max', 'abc'], /--max.*positive whole number/],
  ['replay --partition -1', ['replay', 't', '--partition', '-1', '--from-end'], /--partition.*0 or more/],
  ['replay without --partition', ['replay', 't', '--from-end'], /--partition/],
  ['replay --from-time that is not a time', ['replay', 't', '--partition', '0', '--from-time', 'yesterday'], /not a time/],
  ['tail --partition x', ['tail', 't', '--partition', 'x'], /--partition.*0 or more/],
  ['bootstrap without a port', ['topics', '--bootstrap', 'nohost'], /"nohost" is not host:port/],
  ['bootstrap port out of range', ['topics', '--bootstrap', 'host:99999'], /port 99999.*1 and 65535/],
  ['no bootstrap anywhere', ['topics'], /--bootstrap.*KAFKA_BOOTSTRAP/, {}],
  ['unknown command', ['bogus'], /unknown command 'bogus'/],
  ['unknown option', ['topics', '--bogus'], /unknown option '--bogus'/],
  ['a password as an argument', ['topics', '--password', 'x'], /--password is not accepted.*process list/],
  ['a password as --password=', ['--password=x', 'groups'], /--password is not accepted/],
  ['a user without a password', ['topics', '--username', 'alice'], /No password for user alice.*KAFKA_PASSWORD/],
  ['an unknown SASL mechanism', ['topics', '--username', 'a', '--sasl-mechanism', 'gssapi'], /gssapi.*invalid/],
  ['an unknown profile', ['groups', '--profile', 'pulsar'], /pulsar.*invalid/],
  ['a bad timeout', ['topics', '--timeout', '0'], /--timeout.*positive number/],
  ['offsets-for-time with a bad time', ['offsets-for-time', 't', 'soon'], /"soon" is not a time/],
  ['create-topic without --partitions', ['create-topic', 't'], /--partitions/],
  ['create-topic --partitions 0', ['create-topic', 't', '--partitions', '0'], /--partitions.*positive whole number/],
  ['lint a file type it does not know', ['lint', 'notes.txt'], /notes\.txt.*\.properties.*\.yaml/],
  ['lint a missing file', ['lint', '/nonexistent/client.properties'], /cannot read \/nonexistent\/client\.properties: no such file/],
  ['delete-group without --yes and no terminal', ['delete-group', 'g1'], /^ebx: refusing to delete without --yes when there is no terminal to confirm on$/],
  ['delete-topic without --yes and no terminal', ['delete-topic', 't1'], /refusing to delete without --yes when there is no terminal to confirm on/],
];

for (const [name, args, message, env] of usageCases) {
  test(`usage error exits 2 with one line: ${name}`, async () => {
    const run = await ebx(args, { env: env ?? NOWHERE });
    assert.equal(run.code, 2, `exit code; stderr: ${run.stderr}`);
    assert.equal(run.stdout, '');
    assertOneCleanLine(run, message);
  });
}

test('--help and --version exit 0', async () => {
  const help = await ebx(['--help']);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /replay \[options\] <topic>/);
  const version = await ebx(['--version']);
  assert.equal(version.code, 0);
  assert.match(version.stdout, /^\d+\.\d+\.\d+/);
});

// ---------------------------------------------------------------- runtime failures: exit 1

test('a broker that is not there: exit 1 within the timeout, one line saying what to do', async () => {
  const port = await closedPort();
  for (const args of [['topics'], ['replay', 't', '--partition', '0', '--from-beginning'], ['tail', 't']]) {
    const run = await ebx([...args, '--bootstrap', `127.0.0.1:${port}`, '--timeout', '3'], { timeoutMs: 20_000 });
    assert.equal(run.code, 1, `${args[0]}: ${run.stderr}`);
    assert.ok(run.ms < 10_000, `${args[0]} took ${run.ms} ms`);
    assertOneCleanLine(run, /unreachable|did not answer|No answer/i);
  }
});

test('--debug adds the stack trace to a failure', async () => {
  const run = await ebx(['topics', '--bootstrap', `127.0.0.1:${await closedPort()}`, '--timeout', '2', '--debug']);
  assert.equal(run.code, 1);
  assert.match(run.stderr, /\n\s+at /);
});

// ---------------------------------------------------------------- against the broker

test('create-topic, produce (stdin and --value), topics/partitions --json, replay --json round trip, delete-topic', async () => {
  const env = live();
  const topic = unique('rt');
  const created = await ebx(['create-topic', topic, '--partitions', '2', '--retention-ms', '3600000', '--json'], { env });
  assert.equal(created.code, 0, created.stderr);
  assert.deepEqual(JSON.parse(created.stdout), { topic, partitions: 2, retentionMs: 3600000 });
  try {
    await roundTrip(topic, env);
  } finally {
    await ebx(['delete-topic', topic, '--yes'], { env });
  }
});

async function roundTrip(topic: string, env: NodeJS.ProcessEnv): Promise<void> {
  const topics = await ebx(['topics', '--json'], { env });
  assert.equal(topics.code, 0, topics.stderr);
  const list = JSON.parse(topics.stdout) as Record<string, unknown>[];
  for (const t of list) assert.deepEqual(Object.keys(t), ['name', 'partitions', 'internal']);
  assert.deepEqual(list.find((t) => t.name === topic), { name: topic, partitions: 2, internal: false });

  // Lines from stdin, byte for byte: a non-UTF-8 line, an ESC sequence, a C1 CSI, a CRLF ending, an empty line.
  const input = Buffer.concat([
    Buffer.from('first\r\n'),
    Buffer.from([0x62, 0x69, 0x6e, 0xff, 0xfe, 0x0a]),
    Buffer.from('\u001b[2Jcleared\n\u009b31mcsi\n\nlast'),
  ]);
  const produced = await ebx(['produce', topic, '--partition', '1', '--key', 'k', '--header', 'source=cli'], { env, input });
  assert.equal(produced.code, 0, produced.stderr);
  assert.match(produced.stdout, /produced 6 records/);
  const one = await ebx(['produce', topic, '--partition', '1', '--value', 'single', '--json'], { env });
  assert.deepEqual(JSON.parse(one.stdout), { topic, records: 1 });

  const partitions = await ebx(['partitions', topic, '--json'], { env });
  assert.equal(partitions.code, 0, partitions.stderr);
  const parts = JSON.parse(partitions.stdout) as Record<string, unknown>[];
  assert.deepEqual(parts.map((p) => Object.keys(p)), [0, 1].map(() => ['partition', 'leader', 'low', 'high', 'highApproximate']));
  assert.deepEqual(parts.map((p) => [p.partition, p.low, p.highApproximate]), [[0, 0, true], [1, 0, true]]);

  const replay = await ebx(['replay', topic, '--partition', '1', '--from-beginning', '--json'], { env });
  assert.equal(replay.code, 0, replay.stderr);
  // eslint-disable-next-line no-control-regex -- raw control characters are what this check looks for
  assert.doesNotMatch(replay.stdout, /[\u001b\u009b]/, 'no raw control characters reach the terminal');
  const records = jsonLines(replay.stdout);
  for (const r of records) assert.deepEqual(Object.keys(r), ['topic', 'partition', 'offset', 'timestamp', 'key', 'value', 'headers']);
  assert.deepEqual(
    records.map((r) => r.value),
    ['first', { base64: Buffer.from([0x62, 0x69, 0x6e, 0xff, 0xfe]).toString('base64') }, '\u001b[2Jcleared', '\u009b31mcsi', '', 'last', 'single'],
  );
  assert.deepEqual(records.map((r) => r.offset), [0, 1, 2, 3, 4, 5, 6]);
  assert.deepEqual(records[0], { topic, partition: 1, offset: 0, timestamp: records[0].timestamp, key: 'k', value: 'first', headers: { source: 'cli' } });
  assert.equal(typeof records[0].timestamp, 'number');
  assert.equal(records[6].key, null);

  const limited = await ebx(['replay', topic, '--partition', '1', '--from-offset', '2', '--max', '2'], { env });
  assert.equal(limited.code, 0, limited.stderr);
  assert.deepEqual(jsonLines(limited.stdout).map((r) => r.offset), [2, 3]);

  const recent = await ebx(['offsets-for-time', topic, '-1h', '--json'], { env });
  assert.equal(recent.code, 0, recent.stderr);
  const offsets = JSON.parse(recent.stdout) as Record<string, unknown>[];
  assert.deepEqual(offsets.map((o) => Object.keys(o)), [0, 1].map(() => ['partition', 'offset', 'timestamp']));
  assert.deepEqual(offsets.map((o) => [o.partition, o.offset]), [[0, null], [1, 0]]);
  const future = await ebx(['offsets-for-time', topic, '2100-01-01T00:00:00Z', '--json'], { env });
  assert.deepEqual((JSON.parse(future.stdout) as Record<string, unknown>[]).map((o) => o.offset), [null, null]);

  const afterNewest = await ebx(['replay', topic, '--partition', '1', '--from-time', '2100-01-01T00:00:00Z'], { env });
  assert.equal(afterNewest.code, 1);
  assertOneCleanLine(afterNewest, /after the newest event/);

  const deleted = await ebx(['delete-topic', topic, '--yes'], { env });
  assert.equal(deleted.code, 0, deleted.stderr);
  const after = await ebx(['topics', '--json'], { env });
  assert.ok(!(JSON.parse(after.stdout) as { name: string }[]).some((t) => t.name === topic));
}

test('topics as a table', () =>
  withTopic('table', 1, async (topic, env) => {
    const text = await ebx(['topics'], { env });
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^TOPIC\s+PARTITIONS\s+INTERNAL$/m);
    assert.match(text.stdout, new RegExp(`^${topic}\\s+1$`, 'm'));
  }));

test('replay into a pipe that closes early (| head) exits 0 quietly, and fast', () =>
  withTopic('pipe', 1, async (topic, env) => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `record ${i} ${'x'.repeat(100)}`).join('\n');
    assert.equal((await ebx(['produce', topic], { env, input: lines })).code, 0);
    const started = Date.now();
    const child = spawn(process.execPath, [EBX, 'replay', topic, '--partition', '0', '--from-beginning'], { cwd: ROOT, env: { PATH: process.env.PATH, ...env } });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    // Read one chunk, then go away like `head -1` does.
    await new Promise<void>((ready) => child.stdout.once('data', () => ready()));
    child.stdout.destroy();
    const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)));
    assert.equal(code, 0, stderr);
    assert.equal(stderr, '');
    assert.ok(Date.now() - started < 15_000);
  }));

test('tail: --last and --max end by themselves; SIGINT ends a tail with exit 0', () =>
  withTopic('tail', 2, async (topic, env) => {
    await ebx(['produce', topic, '--partition', '0'], { env, input: 'a\nb\nc\n' });
    await ebx(['produce', topic, '--partition', '1'], { env, input: 'd\n' });

    const last = await ebx(['tail', topic, '--last', '1', '--max', '2'], { env, timeoutMs: 30_000 });
    assert.equal(last.code, 0, last.stderr);
    assert.deepEqual(jsonLines(last.stdout).map((r) => r.value).sort(), ['c', 'd']);

    const one = await ebx(['tail', topic, '--partition', '0', '--last', '3', '--max', '1'], { env, timeoutMs: 30_000 });
    assert.deepEqual(jsonLines(one.stdout).map((r) => [r.partition, r.value]), [[0, 'a']]);

    // --debug: ebx says on stderr when the tail has found the partitions' ends; produce after that, not after a guess.
    const child = spawn(process.execPath, [EBX, 'tail', topic, '--debug'], { cwd: ROOT, env: { PATH: process.env.PATH, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    await waitUntil(() => stderr.includes('ebx: tailing'), 20_000, () => `start of the tail (stderr: ${stderr})`);
    await ebx(['produce', topic, '--partition', '1', '--value', 'live'], { env });
    const deadline = Date.now() + 15_000;
    while (!stdout.includes('"live"') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const interrupted = Date.now();
    child.kill('SIGINT');
    const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)));
    assert.equal(code, 0);
    assert.ok(Date.now() - interrupted < 5_000, 'stops promptly');
    assert.deepEqual(jsonLines(stdout).map((r) => r.value), ['live']);
  }));

test('groups, group, delete-group and delete-idle-groups: JSON shapes, plan first, exit 1 when a group was not deleted', () =>
  withTopic('grp', 1, async (topic, env) => {
    const prefix = unique('idle');
    const groupA = `${prefix}-a`;
    const groupB = `${prefix}-b`;
    await ebx(['produce', topic], { env, input: '1\n2\n3\n' });
    await commitOffsets(topic, [groupA, groupB], 2);
    try {

      const groups = await ebx(['groups', '--json'], { env });
      assert.equal(groups.code, 0, groups.stderr);
      const list = JSON.parse(groups.stdout) as { groups: Record<string, unknown>[]; count: number; limit: number | null };
      assert.deepEqual(Object.keys(list), ['groups', 'count', 'limit']);
      assert.equal(list.limit, 256);
      assert.equal(list.count, list.groups.length);
      for (const g of list.groups) assert.deepEqual(Object.keys(g), ['groupId', 'state', 'protocolType', 'protocol', 'members', 'type']);
      assert.equal(list.groups.find((g) => g.groupId === groupA)?.type, 'classic');
      assert.deepEqual(list.groups.find((g) => g.groupId === groupA)?.state, 'Empty');
      const kafkaProfile = JSON.parse((await ebx(['groups', '--json', '--profile', 'kafka'], { env })).stdout) as { limit: unknown };
      assert.equal(kafkaProfile.limit, null);

      const detail = await ebx(['group', groupA, '--json'], { env });
      assert.equal(detail.code, 0, detail.stderr);
      const g = JSON.parse(detail.stdout) as Record<string, unknown>;
      assert.deepEqual(Object.keys(g), ['groupId', 'state', 'protocol', 'members', 'offsets', 'type']);
      assert.equal(g.type, 'classic');
      assert.deepEqual(g.offsets, [{ topic, partition: 0, committed: 2, end: 3, lag: 1 }]);

      const refused = await ebx(['delete-idle-groups', '--prefix', prefix], { env });
      assert.equal(refused.code, 2);
      assert.match(refused.stdout, new RegExp(`${groupA}[\\s\\S]*${groupB}`), 'the plan is shown before refusing');
      // With what each group had read: 2 of 3 records committed, the last one written moments ago.
      assert.match(refused.stdout, /GROUP +WHAT IT HAD READ/);
      assert.match(refused.stdout, new RegExp(`^${groupA} +lag ≈1 · last consumed a record written \\d+ s ago$`, 'm'));
      assertOneCleanLine(refused, /refusing to delete without --yes/);

      const idle = await ebx(['delete-idle-groups', '--prefix', prefix, '--yes', '--json'], { env });
      assert.equal(idle.code, 0, idle.stderr);
      const done = JSON.parse(idle.stdout) as { plan: string[]; results: Record<string, unknown>[] };
      assert.deepEqual(Object.keys(done), ['plan', 'results']);
      assert.deepEqual(done.plan, [groupA, groupB]);
      assert.deepEqual(done.results.map((r) => [r.groupId, r.result, typeof r.message]), [[groupA, 'deleted', 'string'], [groupB, 'deleted', 'string']]);
      const none = await ebx(['delete-idle-groups', '--prefix', prefix], { env });
      assert.equal(none.code, 0);
      assert.match(none.stdout, /no idle groups/);

      const missing = await ebx(['delete-group', `${prefix}-never`, '--yes', '--json'], { env });
      assert.equal(missing.code, 1);
      const results = JSON.parse(missing.stdout) as Record<string, unknown>[];
      assert.deepEqual(Object.keys(results[0]), ['groupId', 'result', 'message']);
      assert.equal(results[0].result, 'GROUP_ID_NOT_FOUND');
    } finally {
      await deleteGroupsQuietly([groupA, groupB]);
    }
  }));

test('lint: compiler-style lines, JSON findings, exit 1 when something is found, 0 when clean; binary files skipped', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ebx-lint-'));
  const bad = join(dir, 'client.properties');
  writeFileSync(bad, 'bootstrap.servers=broker:9092\nenable.idempotence=true\n');
  const clean = join(dir, 'clean.properties');
  writeFileSync(clean, 'bootstrap.servers=broker:9092\n');
  const binary = join(dir, 'blob.json');
  writeFileSync(binary, Buffer.from([0x7b, 0x00, 0x01, 0x02]));

  const json = await ebx(['lint', bad, '--json']);
  assert.equal(json.code, 1, json.stderr);
  const findings = JSON.parse(json.stdout) as Record<string, unknown>[];
  assert.equal(findings.length, 1);
  assert.deepEqual(Object.keys(findings[0]), ['file', 'line', 'column', 'endLine', 'endColumn', 'setting', 'value', 'severity', 'message', 'fix']);
  assert.deepEqual([findings[0].file, findings[0].line, findings[0].column, findings[0].setting, findings[0].value], [bad, 2, 1, 'enable.idempotence', 'true']);
  assert.ok(findings[0].fix === null || typeof findings[0].fix === 'string');

  const text = await ebx(['lint', bad, clean]);
  assert.equal(text.code, 1);
  assert.match(text.stdout, new RegExp(`^${escapeRegExp(bad)}:2:1 (error|warning) enable\\.idempotence=true — .+$`, 'm'));

  const ok = await ebx(['lint', clean, binary]);
  assert.equal(ok.code, 0, ok.stderr);
  assert.match(ok.stderr, /skipping .*blob\.json: binary file/);
});

// ---------------------------------------------------------------- helpers

/** Groups that committed but have no members (state Empty), made with the admin API. */
async function commitOffsets(topic: string, groupIds: string[], offset: number): Promise<void> {
  const admin = new Kafka({ brokers: testBroker().bootstrap, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    for (const groupId of groupIds) await admin.setOffsets({ groupId, topic, partitions: [{ partition: 0, offset: String(offset) }] });
  } finally {
    await admin.disconnect();
  }
}

/** Test clean-up: every group a test makes counts against VAST's 256-group cap. */
async function deleteGroupsQuietly(groupIds: string[]): Promise<void> {
  const admin = new Kafka({ brokers: testBroker().bootstrap, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    await admin.deleteGroups(groupIds).catch(() => undefined);
  } finally {
    await admin.disconnect();
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
