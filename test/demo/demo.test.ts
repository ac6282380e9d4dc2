// `npm run demo`, as a newcomer runs it: the demo starts headless as a child process (with a broker
// of its own, behind the VAST-like proxy whose address it prints as KAFKA_BOOTSTRAP), this checks
// the seeded scenario through `ebx` at that address — by reading, which is exact through the proxy —,
// that the proxy's end offsets trail the broker's own (EBX_DEMO_BROKER) while reading finds every
// record, opens the printed URL in Chromium and sees the Event Broker tree, then sends SIGINT and
// checks that nothing it started is left running and that its temporary directory is gone.
//   EBX_DEMO_SCREENSHOTS=1 (or a directory): also take the README's screenshots (docs/screenshots).
import * as assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';
import { repoRoot } from '../e2e/codeServer';
import { DemoWindow, screenshotTour, showTree } from './demoWindow';

const run = promisify(execFile);
const ORDERS = 'docs-consuming-orders';
const READY_TIMEOUT_MS = Number(process.env.EBX_DEMO_READY_TIMEOUT_MS ?? 180_000); // a cold machine installs code-server first

let demo: ChildProcess;
let stdout = '';
let stderr = '';
/** bootstrap: what the editor connects to (the proxy); broker: the broker itself, behind it. */
let info: { bootstrap: string; broker: string; url: string; dir: string; readyMs: number };
/** What the demo had started once ready: pid -> start time (so a reused pid is not mistaken for ours). */
let started: Map<number, string>;
let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

function startTime(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const e of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    const stat = (() => { try { return fs.readFileSync(`/proc/${e}/stat`, 'utf8'); } catch { return undefined; } })();
    if (!stat) continue;
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(e)]);
  }
  const out: number[] = [];
  const stack = [pid];
  while (stack.length) for (const c of children.get(stack.pop()!) ?? []) { out.push(c); stack.push(c); }
  return out;
}

function commandLine(pid: number): string {
  try { return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim(); } catch { return ''; }
}

function stillRunning(): string[] {
  const ours = [...started].filter(([pid, t]) => startTime(pid) === t).map(([pid]) => `${pid} ${commandLine(pid).slice(0, 160)}`);
  const byDir = fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e) && Number(e) !== process.pid && commandLine(Number(e)).includes(info.dir));
  return [...new Set([...ours, ...byDir.map((p) => `${p} ${commandLine(Number(p)).slice(0, 160)}`)])];
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port });
    s.setTimeout(1000, () => (s.destroy(), resolve(false)));
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

async function ebx<T>(...args: string[]): Promise<T> {
  return ebxAt<T>(info.bootstrap, ...args);
}

async function ebxAt<T>(bootstrap: string, ...args: string[]): Promise<T> {
  const { stdout: out } = await run(process.execPath, [path.join(repoRoot, 'bin', 'ebx.js'), ...args, '--json'], {
    env: { ...process.env, KAFKA_BOOTSTRAP: bootstrap },
    maxBuffer: 32 * 1024 * 1024,
    timeout: 60_000,
  });
  return JSON.parse(out) as T;
}

async function replay(topic: string, partition: number, ...options: string[]): Promise<Array<{ offset: number; key: unknown; value: unknown; valueSchema?: unknown }>> {
  const { stdout: out } = await run(process.execPath, [path.join(repoRoot, 'bin', 'ebx.js'), 'replay', topic, '--partition', String(partition), '--from-beginning', ...options], {
    env: { ...process.env, KAFKA_BOOTSTRAP: info.bootstrap },
    maxBuffer: 32 * 1024 * 1024,
    timeout: 60_000,
  });
  return out.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { offset: number; key: unknown; value: unknown; valueSchema?: unknown });
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

before(async () => {
  // The demo's own broker, not the test run's: that is what `npm run demo` does on a fresh machine.
  const env = { ...process.env };
  for (const k of ['KAFKA_BOOTSTRAP', 'KAFKA_SASL_BOOTSTRAP', 'KAFKA_USERNAME', 'KAFKA_PASSWORD', 'EBX_TEST_BROKER']) delete env[k];
  demo = spawn(process.execPath, [path.join(repoRoot, 'scripts', 'demo.mjs'), '--headless'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  exited = new Promise((resolve) => demo.once('exit', (code, signal) => resolve({ code, signal })));
  demo.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  demo.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString();
    process.stderr.write(d);
  });
  const line = (key: string): string | undefined => new RegExp(`^${key}=(.+)$`, 'm').exec(stdout)?.[1]?.trim();
  await until('the demo to print its URL', () => {
    if (demo.exitCode !== null) throw new Error(`the demo exited (${demo.exitCode}) before it was ready:\n${stderr.slice(-3000)}`);
    return line('EBX_DEMO_READY_MS');
  }, READY_TIMEOUT_MS);
  info = { bootstrap: line('KAFKA_BOOTSTRAP')!, broker: line('EBX_DEMO_BROKER')!, url: line('EBX_DEMO_URL')!, dir: line('EBX_DEMO_DIR')!, readyMs: Number(line('EBX_DEMO_READY_MS')) };
  started = new Map([demo.pid!, ...descendants(demo.pid!)].map((p) => [p, startTime(p)!]));
  process.stderr.write(`[demo test] ready in ${info.readyMs} ms; ${started.size} processes; ${info.url}\n`);
});

after(async () => {
  if (demo && demo.exitCode === null && demo.signalCode === null) {
    demo.kill('SIGINT');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000).unref())]);
    if (demo.exitCode === null) demo.kill('SIGKILL'); // its watchdog still stops the rest
  }
});

test('the demo prints where to look', () => {
  assert.match(stdout, /Event Broker Explorer demo ready in \d+\.\d s\./);
  assert.match(info.url, /^http:\/\/127\.0\.0\.1:\d+\/\?folder=/);
  assert.match(info.bootstrap, /^127\.0\.0\.1:\d+$/);
  assert.match(info.broker, /^127\.0\.0\.1:\d+$/);
  assert.notEqual(info.bootstrap, info.broker, 'the editor goes through the VAST-like proxy');
  assert.match(stdout, /a VAST-like proxy \(end offsets trail by 5 records, empty fetches answered at once; --plain for none\)/);
  assert.ok(fs.existsSync(info.dir), info.dir);
});

test('the consuming guide scenario is on the broker: topics, 35 orders, groups, commits', async () => {
  const topics = await ebx<Array<{ name: string; partitions: number }>>('topics');
  const byName = new Map(topics.map((t) => [t.name, t.partitions]));
  assert.equal(byName.get(ORDERS), 3);
  assert.ok(byName.has('docs-consuming-trickle'));
  assert.ok(byName.has('demo-binary-compressed'));

  const partitions = await Promise.all([0, 1, 2].map((p) => replay(ORDERS, p)));
  const orders = partitions.flat().map((r) => (JSON.parse(r.value as string) as { order: number }).order).sort((a, b) => a - b);
  assert.deepEqual(orders, Array.from({ length: 35 }, (_, n) => n));
  assert.ok(partitions.every((p) => p.length > 0), 'every partition holds orders');
  assert.ok(partitions.flat().every((r) => typeof r.key === 'string' && r.key.startsWith('order-')), 'keyed events');
  const ends = partitions.map((p) => p[p.length - 1].offset + 1);

  const { groups } = await ebx<{ groups: Array<{ groupId: string; state: string; members: number; protocol: string }> }>('groups');
  const group = (id: string) => groups.find((g) => g.groupId === id);
  assert.equal(group('docs-consuming-billing')?.state, 'Empty');
  assert.deepEqual({ ...group('docs-consuming-rebalance') }, { groupId: 'docs-consuming-rebalance', state: 'Stable', protocolType: 'consumer', protocol: 'range', members: 2, type: 'classic' });
  for (const id of ['demo-idle-1', 'demo-idle-2', 'demo-idle-3']) assert.equal(group(id)?.state, 'Empty', id);

  type Detail = { members: Array<{ clientId: string; assignment: Array<{ topic: string; partitions: number[] }> }>; offsets: Array<{ partition: number; committed: number | null }> };
  const billing = await ebx<Detail>('group', 'docs-consuming-billing');
  assert.deepEqual(billing.offsets.map((o) => [o.partition, o.committed]), ends.map((end, p) => [p, end]), 'billing committed every order');
  const rebalance = await ebx<Detail>('group', 'docs-consuming-rebalance');
  assert.deepEqual(rebalance.members.map((m) => m.clientId).sort(), ['rebalance-worker-a', 'rebalance-worker-b']);
  const assigned = rebalance.members.flatMap((m) => m.assignment.flatMap((a) => a.partitions)).sort();
  assert.deepEqual(assigned, [0, 1, 2], 'the two members share the partitions');
});

test('through the proxy the end offsets trail by 5 while reading finds every record: lag ≈ and caught up by reading', async () => {
  const ends = (await Promise.all([0, 1, 2].map((p) => replay(ORDERS, p)))).map((records) => records[records.length - 1].offset + 1);
  type Partitions = Array<{ partition: number; high: number }>;
  assert.deepEqual((await ebxAt<Partitions>(info.broker, 'partitions', ORDERS)).map((p) => p.high), ends, 'the broker itself: the true ends');
  assert.deepEqual((await ebx<Partitions>('partitions', ORDERS)).map((p) => p.high), ends.map((end) => Math.max(0, end - 5)), 'through the proxy: 5 behind');

  type Lag = { partitions: Array<{ partition: number; committed: number | null; lag: number | null; unread: boolean | null }> };
  // demo-idle-2 and -3 committed 8 and 12 in each partition (or its end): where that is within 5 of
  // the end, the offset lag says 0 while reading finds a record waiting.
  const idle = new Map<string, Lag>();
  for (const [group, upTo] of [['demo-idle-2', 8], ['demo-idle-3', 12]] as const) {
    const lag = await ebx<Lag>('lag', group);
    idle.set(group, lag);
    assert.deepEqual(
      lag.partitions.map((p) => [p.partition, p.committed, p.lag, p.unread]),
      ends.map((end, p) => {
        const committed = Math.min(end, upTo);
        return [p, committed, Math.max(0, end - 5 - committed), committed < end];
      }),
      group,
    );
  }
  // What the workspace README points at: demo-idle-3's row says "lag ≈0 (end trails)".
  const idle3 = idle.get('demo-idle-3')!.partitions;
  assert.deepEqual([idle3.reduce((sum, p) => sum + (p.lag ?? 0), 0), idle3.some((p) => p.unread)], [0, true], 'demo-idle-3: offset lag 0, a record waiting');
  const billing = await ebx<Lag>('lag', 'docs-consuming-billing');
  assert.deepEqual(billing.partitions.map((p) => [p.partition, p.lag, p.unread]), ends.map((_, p) => [p, 0, false]), 'caught up, by reading');
});

test('the busy topic trickles and the binary topic holds every codec', async () => {
  const count = async () => (await Promise.all([0, 1].map((p) => replay('docs-consuming-trickle', p)))).flat().length;
  const first = await count();
  await until('more trickle events', async () => ((await count()) > first ? true : undefined), 10_000);
  const records = await replay('demo-binary-compressed', 0);
  for (const codec of ['gzip', 'snappy', 'lz4', 'zstd']) assert.ok(records.some((r) => r.key === `${codec}-1`), codec);
  assert.ok(records.some((r) => typeof r.value === 'object' && r.value !== null && 'base64' in r.value), 'a binary value');
});

test('the binary topic holds one batch per codec, as Kafka itself reads the log (DumpLogSegments)', async () => {
  // The demo compresses with its own codecs (scripts/demo/compressionCodecs.mjs): the broker's log
  // must say each batch is compressed, not merely hold the records.
  const segments = path.join(info.dir, 'broker', 'data', 'demo-binary-compressed-0');
  const files = fs.readdirSync(segments).filter((f) => f.endsWith('.log')).map((f) => path.join(segments, f));
  // Kafka 3.9.1's jars hold the tool (4.x moved it out of the broker's); the log format is the same.
  const libs = (await run(process.execPath, ['--input-type=module', '-e', `import { ensureJars, libsDir } from ${JSON.stringify(path.join(repoRoot, 'scripts', 'broker.mjs'))}; ensureJars(); process.stdout.write(libsDir());`])).stdout;
  const { stdout: dump } = await run('java', ['-cp', `${libs}/*`, 'kafka.tools.DumpLogSegments', '--files', files.join(',')], { timeout: 120_000, maxBuffer: 1 << 24 });
  const codecs = [...dump.matchAll(/compresscodec: (\w+)/g)].map((m) => m[1].toLowerCase());
  for (const codec of ['gzip', 'snappy', 'lz4', 'zstd']) assert.ok(codecs.includes(codec), `a ${codec} batch in ${codecs.join(', ')}`);
});

test('the Avro topic decodes with the schema file of the demo workspace, which its settings name', async () => {
  const workspace = path.join(repoRoot, 'scripts', 'demo', 'workspace');
  const settings = fs.readFileSync(path.join(workspace, '.vscode', 'settings.json'), 'utf8');
  assert.match(settings, /"topic": "demo-avro-payments", "valueFormat": "avro", "valueSchema": "schemas\/payment\.avsc"/);
  const decoded = await replay('demo-avro-payments', 0, '--value-schema', path.join(workspace, 'schemas', 'payment.avsc'));
  assert.equal(decoded.length, 12);
  assert.deepEqual(decoded.map((r) => (r.value as { order: number }).order), Array.from({ length: 12 }, (_, n) => n));
  assert.deepEqual(decoded[0].valueSchema, { format: 'avro', id: null, name: 'demo.shop.Payment' });
  // Without the schema the values are Avro's bytes, not JSON text.
  const raw = await replay('demo-avro-payments', 0);
  assert.ok(raw.every((r) => !(typeof r.value === 'string' && r.value.trimStart().startsWith('{'))), JSON.stringify(raw[0]));
});

test('seeding again does not duplicate anything', async () => {
  await run(process.execPath, [path.join(repoRoot, 'scripts', 'demo', 'seed.mjs')], { env: { ...process.env, KAFKA_BOOTSTRAP: info.bootstrap }, timeout: 60_000 });
  const orders = (await Promise.all([0, 1, 2].map((p) => replay(ORDERS, p)))).flat();
  assert.equal(orders.length, 35);
  const records = await replay('demo-binary-compressed', 0);
  assert.equal(records.filter((r) => r.key === 'gzip-1').length, 1);
  assert.equal((await replay('demo-avro-payments', 0)).length, 12);
});

test('the printed URL opens VS Code with the Event Broker tree', async () => {
  const w = await DemoWindow.open(info.url);
  try {
    const rows = await showTree(w);
    assert.ok(rows.some((r) => r.startsWith(ORDERS) && r.includes('3 partitions')), rows.join(' | '));
    assert.ok(rows.some((r) => r.startsWith('docs-consuming-rebalance') && r.includes('Stable · 2 members')), rows.join(' | '));
    assert.ok(rows.some((r) => /^Consumer Groups \(5\/256\)/.test(r)), rows.join(' | '));
    const artifacts = path.join(repoRoot, 'test-artifacts', 'demo');
    await w.screenshot(path.join(artifacts, 'tree.png'));
    const wanted = process.env.EBX_DEMO_SCREENSHOTS;
    if (wanted) await screenshotTour(w, wanted === '1' ? path.join(repoRoot, 'docs', 'screenshots') : path.resolve(wanted));
  } catch (err) {
    await w.screenshot(path.join(repoRoot, 'test-artifacts', 'demo', 'failed.png')).catch(() => undefined);
    throw err;
  } finally {
    await w.close();
  }
});

test('Ctrl-C stops everything the demo started and removes what it created', async () => {
  const codeServerPort = Number(new URL(info.url).port);
  const proxyPort = Number(info.bootstrap.split(':')[1]);
  const brokerPort = Number(info.broker.split(':')[1]);
  assert.ok(await portOpen(codeServerPort));
  assert.ok(started.size >= 5, `the demo runs a broker, code-server, clients and watchdogs (saw ${started.size} processes)`);
  demo.kill('SIGINT');
  const result = await Promise.race([exited, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the demo did not exit within 45 s of SIGINT')), 45_000).unref())]);
  assert.deepEqual(result, { code: 0, signal: null });
  // Watchdogs notice within a second that there is nothing left to guard.
  const left = await until('every process to be gone', () => (stillRunning().length === 0 ? [] : undefined), 5000).catch(() => stillRunning());
  assert.deepEqual(left, [], `still running:\n${left.join('\n')}`);
  assert.equal(await portOpen(codeServerPort), false, 'code-server port closed');
  assert.equal(await portOpen(proxyPort), false, 'proxy port closed');
  assert.equal(await portOpen(brokerPort), false, 'broker port closed');
  assert.equal(fs.existsSync(info.dir), false, `${info.dir} removed`);
  assert.match(stderr, /stopped and cleaned up in/);
});
