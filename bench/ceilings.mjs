// Scenario "ceilings" (opt-in: `node bench/run.mjs --ceilings`): one topic at 1,000 / 5,000 /
// 10,000 partitions (VAST allows 20,000 a topic: `--sizes 20000` on a cluster of two brokers,
// `npm run broker -- start --nodes 2`, since one broker here holds ~10,000), with a group committed
// on every partition. Per size, each operation as a whole `ebx` process beside its peer, alternating
// who goes first: wall time, requests on the wire (through bench/countingProxy.mjs, one broker
// only) and peak RSS (/usr/bin/time). Each size's topic and group are deleted before the next size
// is made (one broker holds ~10,000 partitions). Not in the `bench` tier of `npm test`: the set-up alone takes
// a minute at 10,000 partitions.
import { startCountingProxy } from './countingProxy.mjs';
import { ensureKafkaTools, toolArgs } from './kafkaTools.mjs';
import { setUpCeiling, tearDownCeiling, RECORDS_PER_PARTITION } from './ceilingsSetup.mjs';
import { EBX, check, loadavg, median, ratio, requireFromRoot, say, spread, timed } from './lib.mjs';

export const DEFAULT_SIZES = [1000, 5000, 10000];
/** What one Apache Kafka broker holds here (20,000 open files a process). */
const PARTITIONS_PER_BROKER = 10_000;
const CGC = 'org.apache.kafka.tools.consumer.group.ConsumerGroupCommand';

/** The operations: ours (ebx arguments after --bootstrap) and the peer doing the same job, if any. */
function operations(b, topic, group, partitions) {
  const records = partitions * RECORDS_PER_PARTITION;
  const fromTime = Date.now() - 24 * 3_600_000;
  return [
    { name: '`ebx partitions` (with watermarks)', ours: ['--json', 'partitions', topic], peer: { tool: 'kcat -L (metadata only)', cmd: 'kcat', args: ['-L', '-b', b, '-t', topic] }, target: partitions === 10_000 ? 500 : null },
    { name: '`ebx lag GROUP`', ours: ['--json', 'lag', group], peer: { tool: 'kafka-consumer-groups --describe', cmd: 'java', args: toolArgs(CGC, ['--bootstrap-server', b, '--describe', '--group', group]) }, target: partitions === 10_000 ? 1000 : null, peerRatioAtMost: partitions === 10_000 ? 0.5 : null },
    { name: '`ebx groups` (list groups)', ours: ['--json', 'groups'], peer: { tool: 'kafka-consumer-groups --list', cmd: 'java', args: toolArgs(CGC, ['--bootstrap-server', b, '--list']) } },
    { name: '`ebx search` every partition, no match', ours: ['search', topic, '--value-contains', 'no record has this'], expect: `scanned ${records} records`, target: partitions === 10_000 ? 2000 : null },
    {
      name: 'replay of every partition from a time (`ebx search --from-time`, every record printed)',
      ours: ['search', topic, '--from-time', String(fromTime), '--value-contains', 'ceiling', '--max-matches', String(records)],
      expect: `${records} matches`,
      peer: { tool: `kcat -C -o s@time -e`, cmd: 'kcat', args: ['-C', '-b', b, '-t', topic, '-o', `s@${fromTime}`, '-e', '-q', '-J'] },
    },
    {
      name: 'start of a tail of every partition (`ebx tail --last 1`, one record a partition)',
      ours: ['--json', 'tail', topic, '--last', '1', '--max', String(partitions)],
      peer: { tool: 'kcat -C -o -1 -c N', cmd: 'kcat', args: ['-C', '-b', b, '-t', topic, '-o', '-1', '-c', String(partitions), '-q', '-J'] },
    },
  ];
}

export async function ceilingsScenario({ bootstrap, reps, sizes = DEFAULT_SIZES }) {
  ensureKafkaTools();
  const brokers = await brokerCount(bootstrap);
  const results = [];
  for (const partitions of sizes) {
    if (partitions > brokers * PARTITIONS_PER_BROKER) {
      say(`ceilings: skipping ${partitions} partitions: ${brokers} broker${brokers === 1 ? '' : 's'} hold about ${brokers * PARTITIONS_PER_BROKER} here (start a cluster: npm run broker -- start --nodes ${Math.ceil(partitions / PARTITIONS_PER_BROKER)})`);
      continue;
    }
    const t0 = Date.now();
    const { topic, group } = await setUpCeiling(bootstrap, partitions);
    say(`ceilings: ${topic} (${partitions} partitions) and ${group} ready in ${Math.round((Date.now() - t0) / 1000)} s`);
    // Counted on the wire through a proxy in front of the one broker; a cluster's other brokers would be reached directly.
    const proxy = brokers === 1 ? await startCountingProxy({ target: bootstrap }) : undefined;
    const b = proxy?.bootstrap ?? bootstrap;
    const ops = [];
    try {
      for (const op of operations(b, topic, group, partitions)) ops.push(await measure(op, b, proxy, reps, partitions));
    } finally {
      await proxy?.close();
      await tearDownCeiling(bootstrap, partitions);
    }
    results.push({ partitions, brokers, operations: ops });
  }
  return { repetitions: reps, sizes: results, growth: growthOf(results) };
}

async function measure(op, b, proxy, reps, partitions) {
  const runs = { ours: [], peer: [] };
  const failures = [];
  for (let rep = 0; rep < reps; rep++) {
    for (const who of rep % 2 === 0 ? ['ours', 'peer'] : ['peer', 'ours']) {
      if (who === 'peer' && !op.peer) continue;
      proxy?.reset();
      const load = loadavg()[0];
      const r = who === 'ours' ? await timed(process.execPath, [EBX, '--bootstrap', b, ...op.ours]) : await timed(op.peer.cmd, op.peer.args);
      // A peer that fails is the peer's result (kcat -o -1 gives up on 10,000 partitions at times), not the run's end.
      if (who === 'peer' && r.code !== 0) {
        failures.push(r.stderr.trim().split('\n').at(-1) ?? `exit ${r.code}`);
        say(`ceilings ${partitions}: ${op.name}: peer rep ${rep + 1} failed: ${failures.at(-1)}`);
        continue;
      }
      check(r, `ebx (${op.name}, ${partitions} partitions)`);
      if (who === 'ours' && op.expect && !r.stderr.includes(op.expect)) throw new Error(`${op.name} at ${partitions} partitions did not say "${op.expect}": ${r.stderr.trim()}`);
      runs[who].push({ wallMs: r.wallMs, cpuSeconds: r.cpuSeconds, rssMb: r.maxRssKb / 1024, load, requests: proxy?.counts() });
      say(`ceilings ${partitions}: ${op.name}: ${who} rep ${rep + 1}: ${Math.round(r.wallMs)} ms, ${Math.round(r.maxRssKb / 1024)} MB, load ${load}`);
    }
  }
  const summary = (list) =>
    list.length === 0
      ? null
      : { wallMs: spread(list.map((r) => r.wallMs), 0), cpuSeconds: spread(list.map((r) => r.cpuSeconds), 2), rssMb: spread(list.map((r) => r.rssMb), 0), loadavg1: spread(list.map((r) => r.load), 2), requests: list.at(-1).requests ? median(list.map((r) => r.requests.total)) : null, byApi: list.at(-1).requests?.byApi ?? null };
  const ours = summary(runs.ours);
  const peer = op.peer ? { tool: op.peer.tool, ...summary(runs.peer), failures: failures.length, failure: failures.at(-1) ?? null } : null;
  const peerRatio = peer?.wallMs ? ratio(ours.wallMs.median, peer.wallMs.median) : null;
  const metTarget = op.target ? ours.wallMs.median <= op.target : null;
  const metPeer = op.peerRatioAtMost ? peerRatio !== null && peerRatio <= op.peerRatioAtMost : null;
  const target = [op.target ? `≤ ${op.target} ms` : '', op.peerRatioAtMost ? `≤ ${op.peerRatioAtMost} × peer` : ''].filter(Boolean).join(', ');
  return { name: op.name, ours, peer, ratio: peerRatio, target, met: metTarget === null && metPeer === null ? null : metTarget !== false && metPeer !== false };
}

/** Per operation, each size's median wall time over the previous size's, beside the partition ratio. */
function growthOf(results) {
  const growth = [];
  for (let i = 1; i < results.length; i++) {
    const [a, b] = [results[i - 1], results[i]];
    for (const op of b.operations) {
      const before = a.operations.find((o) => o.name === op.name);
      growth.push({ name: op.name, from: a.partitions, to: b.partitions, partitionsRatio: ratio(b.partitions, a.partitions), wallRatio: ratio(op.ours.wallMs.median, before.ours.wallMs.median), rssRatio: ratio(op.ours.rssMb.median, before.ours.rssMb.median) });
    }
  }
  return growth;
}

async function brokerCount(bootstrap) {
  const { Kafka, logLevel } = requireFromRoot('kafkajs');
  const admin = new Kafka({ brokers: bootstrap.split(','), clientId: 'ebx-bench-ceilings', logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    return (await admin.describeCluster()).brokers.length;
  } finally {
    await admin.disconnect();
  }
}
