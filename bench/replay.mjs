// Scenario "replay": reading throughput of `ebx` against `kcat`, both writing JSON Lines to /dev/null,
// alternating who goes first, medians with the spread (min–max) of every figure. Three cases:
//   - 1,000,000 records of ~200 B on one partition: `ebx --json replay` vs `kcat -C -J -c`;
//   - 300,000 of the same (the first 300,000 of that partition);
//   - 8 partitions × 250,000: `ebx tail --last 250000 --max 2000000` (every partition from its
//     start, since each holds exactly 250,000) vs `kcat -C -o beginning -c 2000000` on the topic.
// Per run: wall time, user+system CPU and peak RSS (/usr/bin/time), and the load average. Then the
// CLI's start-up: `ebx --help` wall time, and the time to the first byte of a replay (ours and kcat's).
// Finally one run of ours under `node --cpu-prof` to show what bounds it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { summarizeProfile } from './cpuProfile.mjs';
import { EBX, check, createTopics, loadavg, ratio, round, say, spread, timed } from './lib.mjs';

const RECORD_BYTES = 200;

export async function replayScenario({ bootstrap, quick, reps }) {
  const single = quick ? 20_000 : 1_000_000;
  const short = quick ? 6_000 : 300_000;
  const perPartition = quick ? 2_500 : 250_000;
  const partitions = 8;
  const oneTopic = `bench-replay-${single}`;
  const eightTopic = `bench-replay-8x${perPartition}`;
  await createTopics(bootstrap, [{ topic: oneTopic, numPartitions: 1 }, { topic: eightTopic, numPartitions: partitions }]);
  await fill(bootstrap, oneTopic, 0, single);
  for (let p = 0; p < partitions; p++) await fill(bootstrap, eightTopic, p, perPartition);

  const cases = [
    { name: `${single.toLocaleString('en-US')} × ${RECORD_BYTES} B, one partition`, records: single, ours: replayArgs(bootstrap, oneTopic, single), kcat: kcatArgs(bootstrap, oneTopic, single, 0) },
    { name: `${short.toLocaleString('en-US')} × ${RECORD_BYTES} B, one partition`, records: short, ours: replayArgs(bootstrap, oneTopic, short), kcat: kcatArgs(bootstrap, oneTopic, short, 0) },
    {
      name: `${partitions} partitions × ${perPartition.toLocaleString('en-US')}`,
      records: partitions * perPartition,
      ours: [EBX, '--bootstrap', bootstrap, '--json', 'tail', eightTopic, '--last', String(perPartition), '--max', String(partitions * perPartition)],
      kcat: kcatArgs(bootstrap, eightTopic, partitions * perPartition),
    },
  ];
  const results = [];
  for (const c of cases) results.push(await sideBySide(c, reps));
  if (quick) await verifyCount(replayArgs(bootstrap, oneTopic, single), single);

  const startup = await startupTimes(bootstrap, oneTopic, quick ? 3 : Math.max(reps, 7));
  const profile = await profileOurs(replayArgs(bootstrap, oneTopic, single));
  const peakRssMb = Math.max(...results.map((r) => r.ours.peakRssMb.median));
  const kcatPeakRssMb = Math.max(...results.map((r) => r.kcat.peakRssMb.median));
  return {
    recordBytes: RECORD_BYTES,
    repetitions: reps,
    cases: results,
    peakRss: { oursMb: peakRssMb, kcatMb: kcatPeakRssMb, met: peakRssMb <= kcatPeakRssMb + 50 },
    startup,
    target: 'each case ≥ 1.0 × kcat records/s (aim 1.5 ×); peak RSS ≤ kcat + 50 MB; ebx --help ≤ 150 ms',
    met: results.every((r) => r.met) && peakRssMb <= kcatPeakRssMb + 50 && startup.help.wallMs.median <= 150,
    profile,
  };
}

function replayArgs(bootstrap, topic, count) {
  return [EBX, '--bootstrap', bootstrap, '--json', 'replay', topic, '--partition', '0', '--from-beginning', '--max', String(count)];
}

function kcatArgs(bootstrap, topic, count, partition) {
  return ['-C', '-b', bootstrap, '-t', topic, ...(partition === undefined ? [] : ['-p', String(partition)]), '-o', 'beginning', '-c', String(count), '-J', '-q'];
}

/** Alternating runs of ours and kcat's command; medians and spreads of rate, wall, CPU, RSS. */
async function sideBySide(c, reps) {
  const runs = { ours: [], kcat: [] };
  for (let rep = 0; rep < reps; rep++) {
    // Alternate who goes first, so a warm page cache or a burst of load favours neither.
    const order = rep % 2 === 0 ? ['ours', 'kcat'] : ['kcat', 'ours'];
    for (const who of order) {
      const load = loadavg()[0];
      const r = check(await (who === 'ours' ? timed(process.execPath, c.ours) : timed('kcat', c.kcat)), `${who} ${c.name}`);
      runs[who].push({ ...r, load });
      say(`${c.name}: ${who} rep ${rep + 1}: ${(r.wallMs / 1000).toFixed(2)} s, ${Math.round(c.records / (r.wallMs / 1000))} records/s, CPU ${r.cpuSeconds?.toFixed(2)} s, peak RSS ${Math.round(r.maxRssKb / 1024)} MB, load ${load}`);
    }
  }
  const summary = (list) => ({
    recordsPerSec: spread(list.map((r) => c.records / (r.wallMs / 1000)), 0),
    seconds: spread(list.map((r) => r.wallMs / 1000), 2),
    cpuSeconds: spread(list.map((r) => r.cpuSeconds), 2),
    peakRssMb: spread(list.map((r) => r.maxRssKb / 1024), 0),
    loadavg1: spread(list.map((r) => r.load), 2),
  });
  const ours = summary(runs.ours);
  const kcat = summary(runs.kcat);
  // Per-rep ratios too: each pair ran back to back, so they share the machine's load.
  const pairRatios = runs.ours.map((o, i) => round(runs.kcat[i].wallMs / o.wallMs, 2));
  const rateRatio = ratio(ours.recordsPerSec.median, kcat.recordsPerSec.median);
  return {
    name: c.name,
    records: c.records,
    ours,
    kcat,
    ratio: rateRatio,
    pairRatios,
    cpuRatio: ratio(kcat.cpuSeconds.median, ours.cpuSeconds.median),
    target: '≥ 1.0 × kcat',
    met: rateRatio >= 1.0,
  };
}

/** `ebx --help` wall time, and time to the first byte on stdout of a replay (ours and kcat's), alternating. */
async function startupTimes(bootstrap, topic, reps) {
  const help = [];
  // Node's own start-up, alternating with --help: the floor of any Node CLI on this machine at this hour.
  const bareNode = [];
  const first = { ours: [], kcat: [] };
  for (let rep = 0; rep < reps; rep++) {
    const measure = [async () => help.push(check(await timed(process.execPath, [EBX, '--help']), 'ebx --help').wallMs), async () => bareNode.push(check(await timed(process.execPath, ['-e', '0']), 'node -e 0').wallMs)];
    for (const m of rep % 2 === 0 ? measure : measure.reverse()) await m();
    const order = rep % 2 === 0 ? ['ours', 'kcat'] : ['kcat', 'ours'];
    for (const who of order) {
      first[who].push(who === 'ours' ? await firstByteMs(process.execPath, replayArgs(bootstrap, topic, 1)) : await firstByteMs('kcat', kcatArgs(bootstrap, topic, 1, 0)));
    }
  }
  say(`start-up: ebx --help ${help.map((x) => Math.round(x)).join(', ')} ms; node -e 0 ${bareNode.map((x) => Math.round(x)).join(', ')} ms; first byte ours ${first.ours.map(Math.round).join(', ')} ms, kcat ${first.kcat.map(Math.round).join(', ')} ms`);
  return {
    help: { wallMs: spread(help, 0), bareNodeMs: spread(bareNode, 0), target: '≤ 150 ms', met: spread(help, 0).median <= 150 },
    firstByte: { oursMs: spread(first.ours, 0), kcatMs: spread(first.kcat, 0) },
  };
}

function firstByteMs(cmd, args) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let at;
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    child.stdout.once('data', () => (at = performance.now() - started));
    child.stdout.resume();
    child.once('error', reject);
    child.once('close', (code) => (code === 0 && at !== undefined ? resolve(at) : reject(new Error(`${cmd} exited ${code} before printing`))));
  });
}

/** Partition `partition` of `topic` holding `count` records of ~200 bytes, produced with kcat from a file. */
export async function fill(bootstrap, topic, partition, count) {
  const end = await endOffset(bootstrap, topic, partition);
  if (end >= count) return;
  const file = path.join(os.tmpdir(), `ebx-bench-records-${process.pid}.txt`);
  const pad = 'x'.repeat(RECORD_BYTES - 50);
  const fd = fs.openSync(file, 'w');
  let chunk = '';
  for (let i = end; i < count; i++) {
    chunk += `{"id":"${String(i).padStart(8, '0')}","kind":"bench","pad":"${pad}"}\n`;
    if (chunk.length > 1 << 20) {
      fs.writeSync(fd, chunk);
      chunk = '';
    }
  }
  fs.writeSync(fd, chunk);
  fs.closeSync(fd);
  const t0 = Date.now();
  check(await timed('kcat', ['-P', '-b', bootstrap, '-t', topic, '-p', String(partition), '-X', 'linger.ms=20', '-X', 'batch.num.messages=10000', '-X', 'compression.codec=none', '-l', file]), 'kcat -P');
  fs.rmSync(file, { force: true });
  say(`replay: produced ${count - end} records of ~${RECORD_BYTES} bytes to ${topic} partition ${partition} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

async function endOffset(bootstrap, topic, partition) {
  for (let attempt = 0; ; attempt++) {
    const r = await timed('kcat', ['-Q', '-b', bootstrap, '-t', `${topic}:${partition}:-1`], { stdout: 'pipe' });
    const m = /offset (-?\d+)/.exec(r.stdout);
    if (m) return Number(m[1]);
    if (attempt >= 20) throw new Error(`no end offset for ${topic} partition ${partition}: ${r.stderr.trim()}`);
    await new Promise((res) => setTimeout(res, 500)); // leaders of a new topic are still being elected
  }
}

async function verifyCount(args, count) {
  const lines = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let n = 0;
    child.stdout.on('data', (d) => {
      for (let i = d.indexOf(10); i >= 0; i = d.indexOf(10, i + 1)) n++;
    });
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(n) : reject(new Error(`ebx replay exited ${code}`))));
  });
  if (lines !== count) throw new Error(`ebx replay printed ${lines} lines, expected ${count}`);
}

async function profileOurs(args) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ebx-bench-prof-'));
  try {
    check(await timed(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, ...args]), 'profiled replay');
    const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    return file ? summarizeProfile(path.join(dir, file)) : null;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
