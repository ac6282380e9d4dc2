// Scenario "ceilings" (opt-in: `node bench/run.mjs --ceilings`): one topic at 1,000 / 5,000 /
// 10,000 / 20,000 partitions (VAST allows 20,000 a topic; one broker here holds ~10,000, so 20,000
// runs on a cluster of two: bench/ceilings/run.mjs starts what each size needs), with a group
// committed on every partition and 255 more groups (VAST's 256 a view). Per size, each operation
// (bench/ceilings/operations.mjs) as a whole `ebx` process beside its peer, alternating who goes
// first: wall time, CPU seconds, requests on the wire (bench/countingProxy.mjs, one relay per
// broker) and peak RSS (/usr/bin/time); and the extension host's first-page expansion of the topic
// (bench/ceilings/host.mjs); then what a long-lived session keeps on its heap after the operations
// (bench/ceilings/heap.mjs). A run that fails is counted as failed with its message, and the other
// runs, operations and sizes go on; each size is handed to `onSize` as soon as it is measured.
import { fileURLToPath } from 'node:url';
import { startCountingProxy } from '../countingProxy.mjs';
import { ensureKafkaTools } from '../kafkaTools.mjs';
import { setUpCeiling, tearDownCeiling } from './setup.mjs';
import { ceilingOperations } from './operations.mjs';
import { measureHostExpand } from './host.mjs';
import { summary } from './summary.mjs';
import { EBX, loadavg, procStat, ratio, requireFromRoot, say, timed } from '../lib.mjs';

const HEAP_SCRIPT = fileURLToPath(new URL('./heap.mjs', import.meta.url));

export const DEFAULT_SIZES = [1000, 5000, 10000];
/** What one Apache Kafka broker holds here (20,000 open files a process). */
export const PARTITIONS_PER_BROKER = 10_000;
/** One run of an operation that takes longer than this is stopped and counted as failed. */
const RUN_TIMEOUT_MS = 180_000;
/**
 * A peer whose run took longer than this runs no more repetitions at that size: kcat -o -1 sends a
 * ListOffsets per partition and took ~2 minutes a run at 10,000 partitions; five would add 10.
 */
const PEER_SLOW_MS = 60_000;
/** Uncounted runs of ours before an operation's measured runs (see measure()). */
const WARM_UP_RUNS = 5;

export async function ceilingsScenario({ bootstrap, reps, sizes = DEFAULT_SIZES, onSize = () => undefined, host = true, brokersStarted = 1, brokerPids = [] }) {
  ensureKafkaTools();
  // Every broker's own address: the proxy needs one relay per broker, whatever KAFKA_BOOTSTRAP names.
  const addresses = await brokerAddresses(bootstrap, brokersStarted);
  const brokers = addresses.length;
  const results = [];
  for (const partitions of sizes) {
    if (partitions > brokers * PARTITIONS_PER_BROKER) {
      say(`ceilings: skipping ${partitions} partitions: ${brokers} broker${brokers === 1 ? '' : 's'} hold about ${brokers * PARTITIONS_PER_BROKER} here (start a cluster: npm run broker -- start --nodes ${Math.ceil(partitions / PARTITIONS_PER_BROKER)})`);
      continue;
    }
    const size = await measureSize({ bootstrap, addresses, partitions, reps, host, brokerPids });
    results.push(size);
    await onSize(size);
  }
  return { repetitions: reps, sizes: results };
}

/** One size: set-up, every operation, tear-down. Never throws: a failure is the size's `error`. */
async function measureSize({ bootstrap, addresses, partitions, reps, host, brokerPids }) {
  const size = { partitions, brokers: addresses.length, date: new Date().toISOString(), repetitions: reps, loadavgBefore: loadavg(), operations: [] };
  let proxy;
  try {
    const t0 = Date.now();
    const { topic, group } = await setUpCeiling(bootstrap, partitions);
    size.setUpSeconds = Math.round((Date.now() - t0) / 1000);
    say(`ceilings: ${topic} (${partitions} partitions), ${group} and 255 other groups ready in ${size.setUpSeconds} s`);
    proxy = await startCountingProxy({ target: addresses.join(',') });
    const b = proxy.bootstrap;
    for (const op of ceilingOperations(b, topic, group, partitions)) size.operations.push(await measure(op, b, proxy, reps, partitions, brokerPids));
    if (host) size.operations.push(await measureHostExpand({ bootstrap: b, proxy, topic, partitions, reps }));
    size.heapKept = await measureHeapKept(bootstrap, topic, group, partitions);
  } catch (err) {
    size.error = err.stack ?? String(err);
    say(`ceilings ${partitions}: FAILED: ${size.error}`);
  } finally {
    await proxy?.close();
    await tearDownCeiling(bootstrap, partitions).catch((err) => say(`ceilings ${partitions}: tear-down failed: ${err.message}`));
  }
  size.loadavgAfter = loadavg();
  return size;
}

async function measure(op, b, proxy, reps, partitions, brokerPids) {
  const runs = { ours: [], peer: [] };
  const failures = { ours: [], peer: [] };
  let peerTooSlow = false;
  // Runs of ours first, not counted. A broker's first reads of new partitions run its code cold: the
  // 20,000-partition size runs on a cluster started for it, while the 10,000 size's broker has served
  // 1,000 and 5,000 before, and the first runs of each operation on the fresh cluster looked like
  // growth. The lag's Fetch cost the two brokers 1.7 CPU s on its first run there and 0.33–0.67 from
  // the fourth on (2026-12-07); with one warm-up run, the measured runs still went 1.53, 1.19, 1.02,
  // 0.92, 0.71 CPU s of the brokers.
  for (let i = 1; i <= WARM_UP_RUNS; i++) {
    const warmUp = await timed(process.execPath, [EBX, '--bootstrap', b, ...op.ours], { timeoutMs: RUN_TIMEOUT_MS });
    const brokerCpu = brokersCpuSeconds(brokerPids);
    say(`ceilings ${partitions}: ${op.name}: warm-up run ${i} (not counted): ${Math.round(warmUp.wallMs)} ms, exit ${warmUp.code}${brokerCpu === null ? '' : `, brokers at ${brokerCpu.toFixed(2)} CPU s`}`);
  }
  for (let rep = 0; rep < reps; rep++) {
    for (const who of rep % 2 === 0 ? ['ours', 'peer'] : ['peer', 'ours']) {
      if (who === 'peer' && (!op.peer || peerTooSlow)) continue;
      proxy.reset();
      const load = loadavg()[0];
      const brokerCpuBefore = brokersCpuSeconds(brokerPids);
      const r = who === 'ours' ? await timed(process.execPath, [EBX, '--bootstrap', b, ...op.ours], { timeoutMs: RUN_TIMEOUT_MS }) : await timed(op.peer.cmd, op.peer.args, { timeoutMs: RUN_TIMEOUT_MS });
      if (who === 'peer' && r.wallMs > PEER_SLOW_MS) peerTooSlow = true;
      const failure = failureOf(r, who === 'ours' ? op.expect : undefined);
      if (failure) {
        // A failed run is that side's result (kcat -o -1 gives up on 10,000 partitions at times), not the run's end.
        failures[who].push(failure);
        say(`ceilings ${partitions}: ${op.name}: ${who} rep ${rep + 1} FAILED: ${failure}`);
        continue;
      }
      const brokerCpuAfter = brokersCpuSeconds(brokerPids);
      const brokerCpuSeconds = brokerCpuBefore === null || brokerCpuAfter === null ? null : brokerCpuAfter - brokerCpuBefore;
      runs[who].push({ wallMs: r.wallMs, cpuSeconds: r.cpuSeconds, brokerCpuSeconds, rssMb: r.maxRssKb / 1024, load, requests: proxy.counts() });
      say(`ceilings ${partitions}: ${op.name}: ${who} rep ${rep + 1}: ${Math.round(r.wallMs)} ms, ${r.cpuSeconds?.toFixed(2)} CPU s${brokerCpuSeconds === null ? '' : ` (brokers ${brokerCpuSeconds.toFixed(2)})`}, ${Math.round(r.maxRssKb / 1024)} MB, ${proxy.counts().total} requests, load ${load}`);
    }
  }
  const ours = { ...summary(runs.ours), ...failed(failures.ours) };
  const peer = op.peer ? { tool: op.peer.tool, ...summary(runs.peer), ...failed(failures.peer), ...(peerTooSlow ? { note: `no more runs after one over ${PEER_SLOW_MS / 1000} s` } : {}) } : null;
  const peerRatio = ours.wallMs && peer?.wallMs ? ratio(ours.wallMs.median, peer.wallMs.median) : null;
  const metTarget = op.target ? ours.wallMs !== undefined && ours.wallMs.median <= op.target : null;
  const metPeer = op.peerRatioAtMost ? peerRatio !== null && peerRatio <= op.peerRatioAtMost : null;
  const target = [op.target ? `≤ ${op.target} ms` : '', op.peerRatioAtMost ? `≤ ${op.peerRatioAtMost} × peer` : ''].filter(Boolean).join(', ');
  return { name: op.name, ours, peer, ratio: peerRatio, target, met: metTarget === null && metPeer === null ? null : metTarget !== false && metPeer !== false };
}

/**
 * The CPU seconds the brokers started for the run have used so far (null when they were not started
 * here, or one is gone): on 2 cores the brokers and the process measured share the same CPUs, so an
 * operation's wall time depends on the brokers' work as much as on ours.
 */
function brokersCpuSeconds(pids) {
  if (!pids?.length) return null;
  try {
    return pids.reduce((sum, pid) => sum + procStat(pid).cpuSeconds, 0);
  } catch {
    return null;
  }
}

/** What a session keeps after each operation (bench/ceilings/heap.mjs, a process of its own); an error is the figure's note. */
async function measureHeapKept(bootstrap, topic, group, partitions) {
  const r = await timed(process.execPath, ['--expose-gc', HEAP_SCRIPT, bootstrap, topic, group], { stdout: 'pipe', timeoutMs: RUN_TIMEOUT_MS });
  try {
    if (r.code !== 0) throw new Error(`exit ${r.code ?? 'killed'}: ${r.stderr.trim().split('\n').at(-1) ?? ''}`);
    const kept = JSON.parse(r.stdout);
    say(`ceilings ${partitions}: heap kept: ${JSON.stringify(kept)}`);
    return kept;
  } catch (err) {
    say(`ceilings ${partitions}: heap kept: FAILED: ${err.message}`);
    return { error: err.message };
  }
}

/** Why a run failed (its exit, the last line it wrote, or the summary line it did not write), or null. */
function failureOf(r, expect) {
  if (r.code !== 0) return `exit ${r.code ?? 'killed'}: ${r.stderr.trim().split('\n').at(-1) ?? ''}`.trim();
  if (expect && !r.stderr.includes(expect)) return `did not say "${expect}": ${r.stderr.trim().split('\n').at(-1) ?? ''}`;
  return null;
}

function failed(list) {
  return list.length === 0 ? {} : { failures: list.length, failure: list.at(-1) };
}

async function brokerAddresses(bootstrap, brokersStarted) {
  const { Kafka, logLevel } = requireFromRoot('kafkajs');
  const admin = new Kafka({ brokers: bootstrap.split(','), clientId: 'ebx-bench-ceilings', logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    // A cluster just started may name one broker before the others have registered (seen once:
    // the 20,000 size skipped as if one broker held it); wait up to a minute for the ones started.
    const until = Date.now() + 60_000;
    for (;;) {
      const brokers = (await admin.describeCluster()).brokers.map((b) => `${b.host}:${b.port}`);
      if (brokers.length >= brokersStarted || Date.now() > until) return brokers;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  } finally {
    await admin.disconnect();
  }
}
