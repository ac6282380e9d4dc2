// Hostile files and arguments given to `ebx` (issue 39, items 3, 6, 8 and 12), each run as a process
// with a deadline: a FIFO, a device behind a symlink, /dev/stdin fed by /dev/zero, a folder — as the
// file to lint, the offsets snapshot, the positions file, the schema or the TLS files — is one line
// on stderr at once, never a hang or gigabytes read; a stdin line longer than a record is refused as
// soon as it is that long; numbers past Node's and Kafka's limits are one sentence. None of these
// reaches the broker (its address is a closed port) except the last case, which checks what a
// refused line leaves produced.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, closeSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertOneCleanLine, cleanEnv, EBX, ROOT, ebx, type Run } from '../support/ebxProcess';
import { testBroker } from '../support/brokerEnv';
import { openSession, topicWith } from '../support/kafkaFixtures';
import type { KafkaSession } from '../../src/core/session';

const USAGE = 2;
/** Nothing listens there: a case that reached the broker would fail with "unreachable", not pass. */
const OFFLINE = { KAFKA_BOOTSTRAP: '127.0.0.1:9' };
const DEADLINE_MS = 10_000;

const dir = mkdtempSync(join(tmpdir(), 'ebx-hostile-files-'));
const at = (name: string) => join(dir, name);

interface Case {
  name: string;
  args: () => string[];
  stderr: RegExp;
  input?: string | Buffer;
  /** Standard input from this file instead of a pipe (`< /dev/zero`). */
  stdinFrom?: string;
}

const cases: Case[] = [
  // Files to lint
  { name: 'lint a FIFO', args: () => ['lint', at('lint.properties')], stderr: /^ebx: cannot read .*lint\.properties: it is a FIFO \(a named pipe\), not a regular file\.$/ },
  { name: 'lint a symlink to /dev/zero', args: () => ['lint', at('zero.properties')], stderr: /^ebx: cannot read .*zero\.properties: it is a device, not a regular file\.$/ },
  { name: 'lint a symlink to /dev/urandom', args: () => ['lint', at('random.yaml')], stderr: /^ebx: cannot read .*random\.yaml: it is a device, not a regular file\.$/ },
  // Offsets snapshots and positions files
  { name: 'offsets import of a FIFO', args: () => ['offsets', 'import', at('snapshot.json')], stderr: /^ebx: Cannot read .*snapshot\.json: it is a FIFO \(a named pipe\), not a regular file\.$/ },
  { name: 'offsets import of a symlink to /dev/zero', args: () => ['offsets', 'import', at('zero.json')], stderr: /^ebx: Cannot read .*zero\.json: it is a device, not a regular file\.$/ },
  { name: 'offsets import of /dev/stdin < /dev/zero', args: () => ['offsets', 'import', '/dev/stdin'], stdinFrom: '/dev/zero', stderr: /^ebx: Cannot read \/dev\/stdin: it is a device, not a regular file\.$/ },
  // Node gives a child's piped stdin as a socket pair: /dev/stdin then cannot even be opened (ENXIO).
  { name: 'offsets import of /dev/stdin from a pipe', args: () => ['offsets', 'import', '/dev/stdin'], input: '{"format":"ebx-offsets/1"}', stderr: /^ebx: Cannot read \/dev\/stdin: it is a socket or a device with nothing behind it, not a regular file\.$/ },
  { name: 'offsets import of a folder (no EISDIR)', args: () => ['offsets', 'import', at('a-folder')], stderr: /^ebx: Cannot read .*a-folder: it is a folder\.$/ },
  {
    name: 'offsets import of an offset above 2^53',
    args: () => ['offsets', 'import', at('huge-offset.json')],
    stderr: /^ebx: .*huge-offset\.json, partition entry 1 \(orders partition 0\) has a committed offset above 2\^53 − 1 \(9,007,199,254,740,991\), the largest offset this tool reads exactly\.$/,
  },
  { name: 'reset-offsets --from-file of a FIFO', args: () => ['reset-offsets', 'g', '--from-file', at('positions.csv')], stderr: /^ebx: Cannot read .*positions\.csv: it is a FIFO \(a named pipe\), not a regular file\.$/ },
  // TLS files
  { name: '--ca naming a symlink to /dev/zero', args: () => ['topics', '--ca', at('ca.pem')], stderr: /^ebx: Cannot read the TLS CA file .*ca\.pem: it is a device, not a regular file\.$/ },
  { name: '--cert-key naming a FIFO', args: () => ['topics', '--cert', at('cert.pem'), '--cert-key', at('key.pem')], stderr: /^ebx: Cannot read the TLS client key file .*key\.pem: it is a FIFO \(a named pipe\), not a regular file\.$/ },
  // Schema files
  { name: '--value-schema naming a symlink to /dev/zero', args: () => ['produce', 'orders', '--value-format', 'avro', '--value-schema', at('zero.avsc'), '--value', '{}'], stderr: /cannot read zero\.avsc: it is a device, not a regular file\.$/ },
  { name: '--value-schema naming a FIFO', args: () => ['replay', 'orders', '--partition', '0', '--from-beginning', '--value-format', 'json-schema', '--value-schema', at('schema.json')], stderr: /cannot read schema\.json: it is a FIFO \(a named pipe\), not a regular file\.$/ },
  {
    name: '--value-schema whose .proto imports ../../etc/passwd',
    args: () => ['replay', 'orders', '--partition', '0', '--from-beginning', '--value-format', 'protobuf', '--value-schema', at('protos/shop/climb.proto')],
    stderr: /climb\.proto imports "\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/etc\/passwd", which is refused: it climbs out with "\.\."; imports are read only from the schema's folder and the folders under it \(nothing was read\)\.$/,
  },
  // Standard input of produce
  { name: 'produce of one 2 MB line', args: () => ['produce', 'orders'], input: `${'x'.repeat(2 * 1024 * 1024)}\n`, stderr: /^ebx: line 1 is longer than 1 MB \(1,048,576 bytes\), the largest record VAST accepts \(and Apache Kafka by default\); it was not sent\. Nothing was produced\.$/ },
  { name: 'produce of /dev/zero (one endless line)', args: () => ['produce', 'orders'], stdinFrom: '/dev/zero', stderr: /^ebx: line 1 is longer than 1 MB \(1,048,576 bytes\).*Nothing was produced\.$/ },
  { name: 'produce whose third line is 3 MB', args: () => ['produce', 'orders'], input: `a\nb\n${'y'.repeat(3 * 1024 * 1024)}`, stderr: /^ebx: line 3 is longer than 1 MB/ },
  // Numbers past Node's and Kafka's limits
  { name: '--timeout 3000000 (past a Node timer)', args: () => ['topics', '--timeout', '3000000'], stderr: /--timeout.*'3000000' is invalid.*give at most 2147483 seconds \(24\.8 days\), the longest wait Node's timers hold\./ },
  { name: '--partitions 2147483648 (past Int32)', args: () => ['create-topic', 'hostile-int32', '--partitions', '2147483648', '--profile', 'kafka'], stderr: /^ebx: A topic can have at most 2,147,483,647 partitions, the most Kafka's protocol counts \(got 2,147,483,648\)\.$/ },
  { name: 'a config value of 40,000 bytes', args: () => ['create-topic', 'hostile-value', '--partitions', '1', '--config', `retention.ms=${'9'.repeat(40_000)}`], stderr: /^ebx: The value of retention\.ms is 40,000 bytes: a configuration value can be at most 32,767 bytes \(UTF-8\)\.$/ },
  { name: 'a config entry named constructor, given twice', args: () => ['create-topic', 'hostile-ctor', '--partitions', '1', '--config', 'constructor=1', '--config', 'constructor=2'], stderr: /^ebx: constructor is given twice \(1 and 2\): give it once\.$/ },
];

/** ebx with stdin from a file (`< /dev/zero`), killed at the deadline. */
function ebxWithStdinFrom(args: string[], stdinFile: string): Promise<Run> {
  const started = Date.now();
  const stdin = openSync(stdinFile, 'r');
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [EBX, ...args], { cwd: ROOT, env: cleanEnv(OFFLINE), stdio: [stdin, 'pipe', 'pipe'] });
    closeSync(stdin);
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, DEADLINE_MS);
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr, ms: Date.now() - started, timedOut });
    });
  });
}

describe('ebx: hostile files and arguments, each one sentence and never a hang', () => {
  before(() => {
    for (const fifo of ['lint.properties', 'snapshot.json', 'positions.csv', 'key.pem', 'schema.json']) execFileSync('mkfifo', [at(fifo)]);
    symlinkSync('/dev/zero', at('zero.properties'));
    symlinkSync('/dev/urandom', at('random.yaml'));
    symlinkSync('/dev/zero', at('zero.json'));
    symlinkSync('/dev/zero', at('ca.pem'));
    symlinkSync('/dev/zero', at('zero.avsc'));
    writeFileSync(at('cert.pem'), '-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n');
    mkdirSync(at('a-folder'));
    writeFileSync(at('huge-offset.json'), '{"format":"ebx-offsets/1","group":"g","partitions":[{"topic":"orders","partition":0,"committed":9007199254740993}]}');
    mkdirSync(at('protos/shop'), { recursive: true });
    writeFileSync(at('protos/shop/climb.proto'), 'syntax = "proto3";\nimport "../../../../../../../../etc/passwd";\nmessage A { int32 x = 1; }\n');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const c of cases) {
    test(c.name, { timeout: 30_000 }, async () => {
      const run = c.stdinFrom ? await ebxWithStdinFrom(c.args(), c.stdinFrom) : await ebx(c.args(), { env: OFFLINE, input: c.input, timeoutMs: DEADLINE_MS });
      assert.equal(run.timedOut, false, `${c.name}: a hang`);
      assert.equal(run.code, USAGE, `exit code; stderr: ${run.stderr}`);
      assertOneCleanLine(run, c.stderr);
      assert.doesNotMatch(run.stderr, /Warning|RangeError|EISDIR|ERR_/, 'no Node warning or error code');
      assert.equal(run.stdout, '', 'nothing on stdout');
    });
  }
});

describe('ebx produce: a refused line leaves exactly the batches before it produced', () => {
  let session: KafkaSession;
  let topic = '';
  before(async () => {
    session = openSession();
    topic = await topicWith(session, 'cli-long-line', 1);
  });
  after(async () => {
    await session?.close();
  });

  test('500 short lines (one batch), 100 more, then a 2 MB line: 500 produced, then one sentence', { timeout: 60_000 }, async () => {
    const env = { KAFKA_BOOTSTRAP: testBroker().bootstrap.join(',') };
    const lines = Array.from({ length: 600 }, (_, i) => `r${i}`).join('\n');
    const run = await ebx(['produce', topic], { env, input: `${lines}\n${'z'.repeat(2 * 1024 * 1024)}\nafter\n`, timeoutMs: 30_000 });
    assert.equal(run.code, USAGE, run.stderr);
    assertOneCleanLine(run, /^ebx: line 601 is longer than 1 MB \(1,048,576 bytes\), the largest record VAST accepts \(and Apache Kafka by default\); it was not sent\. 500 records before it were produced\.$/);
    const partitions = await ebx(['partitions', topic, '--json'], { env });
    assert.deepEqual((JSON.parse(partitions.stdout) as { partition: number; high: number }[]).map((p) => [p.partition, p.high]), [[0, 500]]);
  });
});
