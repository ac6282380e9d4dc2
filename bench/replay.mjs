// Scenario 1: replay throughput of one partition, `ebx replay --json` against `kcat -C -J`, both
// to /dev/null, alternating; then one extra run of ours under `node --cpu-prof` to see what bounds it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { summarizeProfile } from './cpuProfile.mjs';
import { EBX, check, createTopics, median, ratio, round, say, timed } from './lib.mjs';

const RECORD_BYTES = 200;

export async function replayScenario({ bootstrap, quick, reps }) {
  const count = quick ? 20_000 : 1_000_000;
  const topic = `bench-replay-${count}`;
  await fill(bootstrap, topic, count);

  const runs = { ours: [], kcat: [] };
  const ours = () => timed(process.execPath, [EBX, '--bootstrap', bootstrap, '--json', 'replay', topic, '--partition', '0', '--from-beginning', '--max', String(count)]);
  const kcat = () => timed('kcat', ['-C', '-b', bootstrap, '-t', topic, '-p', '0', '-o', 'beginning', '-c', String(count), '-J', '-q']);
  for (let rep = 0; rep < reps; rep++) {
    // Alternate who goes first, so a warm page cache or a burst of load favours neither.
    const order = rep % 2 === 0 ? ['ours', 'kcat'] : ['kcat', 'ours'];
    for (const who of order) {
      const r = check(await (who === 'ours' ? ours() : kcat()), `${who} replay`);
      runs[who].push(r);
      say(`replay ${who} rep ${rep + 1}: ${(r.wallMs / 1000).toFixed(2)} s, ${Math.round(count / (r.wallMs / 1000))} records/s, peak RSS ${Math.round(r.maxRssKb / 1024)} MB`);
    }
  }
  if (quick) await verifyCount(bootstrap, topic, count);

  const rate = (list) => median(list.map((r) => count / (r.wallMs / 1000)));
  const oursRate = rate(runs.ours);
  const kcatRate = rate(runs.kcat);
  const profile = await profileOurs(bootstrap, topic, count);
  return {
    records: count,
    recordBytes: RECORD_BYTES,
    ours: { recordsPerSec: Math.round(oursRate), seconds: round(median(runs.ours.map((r) => r.wallMs / 1000)), 2), peakRssMb: round(median(runs.ours.map((r) => r.maxRssKb / 1024)), 0), runsSeconds: runs.ours.map((r) => round(r.wallMs / 1000, 2)) },
    kcat: { recordsPerSec: Math.round(kcatRate), seconds: round(median(runs.kcat.map((r) => r.wallMs / 1000)), 2), peakRssMb: round(median(runs.kcat.map((r) => r.maxRssKb / 1024)), 0), runsSeconds: runs.kcat.map((r) => round(r.wallMs / 1000, 2)) },
    ratio: ratio(oursRate, kcatRate),
    target: 'ours/kcat >= 0.5',
    met: oursRate / kcatRate >= 0.5,
    profile,
  };
}

/** One partition holding `count` records of ~200 bytes, produced with kcat from a file (fast, uncompressed). */
async function fill(bootstrap, topic, count) {
  await createTopics(bootstrap, [{ topic, numPartitions: 1 }]);
  const end = await endOffset(bootstrap, topic);
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
  check(await timed('kcat', ['-P', '-b', bootstrap, '-t', topic, '-p', '0', '-X', 'linger.ms=20', '-X', 'batch.num.messages=10000', '-X', 'compression.codec=none', '-l', file]), 'kcat -P');
  fs.rmSync(file, { force: true });
  say(`replay: produced ${count - end} records of ~${RECORD_BYTES} bytes to ${topic} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

async function endOffset(bootstrap, topic) {
  const r = await timed('kcat', ['-Q', '-b', bootstrap, '-t', `${topic}:0:-1`], { stdout: 'pipe' });
  return Number(/offset (-?\d+)/.exec(r.stdout)?.[1] ?? 0);
}

async function verifyCount(bootstrap, topic, count) {
  const lines = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [EBX, '--bootstrap', bootstrap, '--json', 'replay', topic, '--partition', '0', '--from-beginning', '--max', String(count)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let n = 0;
    child.stdout.on('data', (d) => {
      for (let i = d.indexOf(10); i >= 0; i = d.indexOf(10, i + 1)) n++;
    });
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(n) : reject(new Error(`ebx replay exited ${code}`))));
  });
  if (lines !== count) throw new Error(`ebx replay printed ${lines} lines, expected ${count}`);
}

async function profileOurs(bootstrap, topic, count) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ebx-bench-prof-'));
  try {
    check(await timed(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, EBX, '--bootstrap', bootstrap, '--json', 'replay', topic, '--partition', '0', '--from-beginning', '--max', String(count)]), 'profiled replay');
    const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    return file ? summarizeProfile(path.join(dir, file)) : null;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
