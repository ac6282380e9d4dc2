// `node bench/run.mjs --ceilings [--sizes …] [--reps N]`, end to end in one command: with
// KAFKA_BOOTSTRAP set, every size on that broker or cluster (sizes it cannot hold are skipped);
// without it, each size on brokers started here for it — one broker up to 10,000 partitions, a
// cluster of ⌈N / 10,000⌉ for more (20,000 open files a process here) — each with a 1 GB heap
// (EBX_BROKER_HEAP): a broker holding 10,000 partitions keeps ~340 MB of them alive, so the 384 MB
// a cluster node gets by default spends its time in full GCs, its answers slow down run after run,
// and late in a run one took longer than the 30 s timeout. Each size's figures are saved as soon
// as it is measured (bench/ceilings/results.mjs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBroker, stopBroker } from '../../scripts/broker.mjs';
import { ceilingsScenario, DEFAULT_SIZES, PARTITIONS_PER_BROKER } from './ceilings.mjs';
import { saveCeilingSize } from './results.mjs';
import { loadavg, say } from '../lib.mjs';

const BROKER_HEAP = '1g';

/** Resolves to the number of sizes that failed (set-up, or an operation of ours that never ran). */
export async function runCeilings({ sizes = DEFAULT_SIZES, reps }) {
  const started = Date.now();
  let failed = 0;
  const onSize = (size) => {
    const opFailed = size.operations.some((o) => !o.ours.wallMs);
    if (size.error || opFailed) failed++;
    saveCeilingSize(size);
  };
  say(`ceilings: sizes ${sizes.join(', ')}, ${reps} repetitions, load average ${loadavg().join(' ')}`);
  if (process.env.KAFKA_BOOTSTRAP) {
    say(`ceilings: using the broker at KAFKA_BOOTSTRAP=${process.env.KAFKA_BOOTSTRAP}`);
    await ceilingsScenario({ bootstrap: process.env.KAFKA_BOOTSTRAP, reps, sizes, onSize });
  } else {
    for (const [nodes, group] of byBrokersNeeded(sizes)) {
      await withBrokers(nodes, (bootstrap, brokerPids) => ceilingsScenario({ bootstrap, reps, sizes: group, onSize, brokersStarted: nodes, brokerPids }));
    }
  }
  say(`ceilings: done in ${Math.round((Date.now() - started) / 1000)} s, ${failed} size${failed === 1 ? '' : 's'} with a failure; load average ${loadavg().join(' ')}`);
  return failed;
}

/** Sizes grouped by the brokers they need, fewest first. */
function byBrokersNeeded(sizes) {
  const groups = new Map();
  for (const size of sizes) {
    const nodes = Math.max(1, Math.ceil(size / PARTITIONS_PER_BROKER));
    groups.set(nodes, [...(groups.get(nodes) ?? []), size]);
  }
  return [...groups].sort((a, b) => a[0] - b[0]);
}

async function withBrokers(nodes, work) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ebx-bench-ceilings-'));
  const heap = process.env.EBX_BROKER_HEAP;
  process.env.EBX_BROKER_HEAP ??= BROKER_HEAP;
  const stop = () => stopBroker({ dir, quiet: true }).catch(() => undefined).finally(() => fs.rmSync(dir, { recursive: true, force: true }));
  const onSignal = () => stop().finally(() => process.exit(130));
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  try {
    const b = await startBroker({ dir, nodes, ownerPid: process.pid, removeDirOnOwnerExit: true });
    say(`ceilings: ${nodes === 1 ? 'broker' : `cluster of ${nodes} brokers`} (heap ${process.env.EBX_BROKER_HEAP} each) started in ${(b.startMs / 1000).toFixed(1)} s at ${b.bootstrap}`);
    return await work(b.bootstrap, b.nodes.map((n) => n.pid));
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
    if (heap === undefined) delete process.env.EBX_BROKER_HEAP;
    await stop();
  }
}
