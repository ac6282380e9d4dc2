// Brokers of their own for the fault tests: started, SIGKILLed, stopped and restarted through
// scripts/broker.mjs as a child process (the same commands a person would type), each in a fresh
// state dir that is deleted at the end (and by broker.mjs's watchdog if the test process dies).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');
const BROKER_SCRIPT = join(ROOT, 'scripts/broker.mjs');

export interface OwnBroker {
  dir: string;
  bootstrap: string[];
  saslBootstrap: string[];
  sslBootstrap: string[];
  sslCa: string;
  /** bootstrap address (PLAINTEXT) of each node, by node id. */
  nodes: Map<number, string>;
}

function brokerScript(args: string[], timeoutMs = 180_000): Promise<{ stdout: string; stderr: string; ms: number }> {
  const t0 = Date.now();
  return new Promise((done, fail) => {
    execFile(process.execPath, [BROKER_SCRIPT, ...args], { timeout: timeoutMs, maxBuffer: 1 << 20 }, (err, stdout, stderr) => {
      if (err) fail(new Error(`broker.mjs ${args.join(' ')} failed: ${err.message}\n${stderr}`));
      else done({ stdout, stderr, ms: Date.now() - t0 });
    });
  });
}

function parseLines(stdout: string): Record<string, string> {
  return Object.fromEntries(
    stdout
      .split('\n')
      .map((l) => /^(KAFKA_[A-Z_]+)=(.*)$/.exec(l.trim()))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1], m[2]]),
  );
}

/** Starts a broker (or a cluster of `nodes`) of the test's own; stopped and deleted by `stopOwnBroker`. */
export async function startOwnBroker(nodes = 1): Promise<OwnBroker> {
  const dir = mkdtempSync(join(tmpdir(), 'ebx-faults-'));
  const { stdout } = await brokerScript(['start', '--dir', dir, '--nodes', String(nodes), '--owner-pid', String(process.pid)]);
  const lines = parseLines(stdout);
  const bootstrap = lines.KAFKA_BOOTSTRAP.split(',');
  return {
    dir,
    bootstrap,
    saslBootstrap: lines.KAFKA_SASL_BOOTSTRAP.split(','),
    sslBootstrap: lines.KAFKA_SSL_BOOTSTRAP.split(','),
    sslCa: lines.KAFKA_SSL_CA,
    nodes: new Map(bootstrap.map((b, i) => [i + 1, b])),
  };
}

/** SIGKILL: the JVM gets no chance to flush, close or hand over anything. Data, state and ports stay. */
export async function killBroker(broker: OwnBroker, nodeId?: number): Promise<number> {
  return (await brokerScript(['kill', '--dir', broker.dir, ...(nodeId ? ['--node', String(nodeId)] : [])])).ms;
}

/** SIGTERM to one node: a controlled shutdown that hands its partitions' leadership over. */
export async function stopNode(broker: OwnBroker, nodeId: number): Promise<number> {
  return (await brokerScript(['stop-node', '--dir', broker.dir, '--node', String(nodeId)])).ms;
}

/** Starts the stopped or killed nodes again on the same data and ports; resolves when they accept connections. */
export async function restartBroker(broker: OwnBroker, nodeId?: number): Promise<number> {
  return (await brokerScript(['restart', '--dir', broker.dir, ...(nodeId ? ['--node', String(nodeId)] : [])])).ms;
}

/** SIGSTOP / SIGCONT a node: a broker that freezes, with its connections open and silent. */
export function freezeNode(broker: OwnBroker, nodeId: number, frozen: boolean): void {
  const state = JSON.parse(readFileSync(join(broker.dir, 'state.json'), 'utf8')) as { nodes: { nodeId: number; pid: number }[] };
  const pid = state.nodes.find((n) => n.nodeId === nodeId)!.pid;
  process.kill(-pid, frozen ? 'SIGSTOP' : 'SIGCONT');
}

export async function stopOwnBroker(broker: OwnBroker | undefined): Promise<void> {
  if (!broker) return;
  await brokerScript(['stop', '--dir', broker.dir]).catch(() => undefined);
  rmSync(broker.dir, { recursive: true, force: true });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
