// Scenario "formats": `ebx replay` of Avro records decoded with a workspace schema
// (`--value-schema bench/schemas/benchOrder.avsc`, every value turned into JSON) against `ebx replay`
// of the same records without it (each value written as {"base64": …}), both as JSON Lines to
// /dev/null, alternating who goes first, medians with the spread (min–max). The target
// (issue 23): the decoding replay at ≥ 0.8 × the plain replay's rate. The records are written by
// `ebx produce --value-schema` from JSON lines (avsc encodes them). kcat's `-s value=avro` is not
// beside it: Debian's kcat 1.7.1 is built without Avro (its -s knows only pack strings).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EBX, ROOT, check, createTopics, loadavg, ratio, say, spread, timed } from './lib.mjs';

const SCHEMA = path.join(ROOT, 'bench', 'schemas', 'benchOrder.avsc');

export async function formatsScenario({ bootstrap, quick, reps }) {
  const records = quick ? 20_000 : 300_000;
  const topic = `bench-formats-avro-${records}`;
  await createTopics(bootstrap, [{ topic, numPartitions: 1 }]);
  await fillAvro(bootstrap, topic, records);
  const replay = (...extra) => [EBX, '--bootstrap', bootstrap, '--json', 'replay', topic, '--partition', '0', '--from-beginning', '--max', String(records), ...extra];
  const decoding = replay('--value-schema', SCHEMA);
  await checkDecoded(decoding);
  const runs = { decoding: [], plain: [] };
  for (let rep = 0; rep < reps; rep++) {
    for (const who of rep % 2 === 0 ? ['decoding', 'plain'] : ['plain', 'decoding']) {
      const load = loadavg()[0];
      const r = check(await timed(process.execPath, who === 'decoding' ? decoding : replay()), `replay (${who})`);
      runs[who].push({ ...r, load });
      say(`formats: ${who} rep ${rep + 1}: ${(r.wallMs / 1000).toFixed(2)} s, ${Math.round(records / (r.wallMs / 1000))} records/s, CPU ${r.cpuSeconds?.toFixed(2)} s, peak RSS ${Math.round(r.maxRssKb / 1024)} MB, load ${load}`);
    }
  }
  const summary = (list) => ({
    recordsPerSec: spread(list.map((r) => records / (r.wallMs / 1000)), 0),
    cpuSeconds: spread(list.map((r) => r.cpuSeconds), 2),
    peakRssMb: spread(list.map((r) => r.maxRssKb / 1024), 0),
    loadavg1: spread(list.map((r) => r.load), 2),
  });
  const ours = summary(runs.decoding);
  const plain = summary(runs.plain);
  const rateRatio = ratio(ours.recordsPerSec.median, plain.recordsPerSec.median);
  return {
    records,
    repetitions: reps,
    ours,
    plain,
    ratio: rateRatio,
    pairRatios: runs.decoding.map((d, i) => ratio(runs.plain[i].wallMs, d.wallMs)),
    target: '≥ 0.8 × plain replay',
    met: rateRatio !== null && rateRatio >= 0.8,
    kcat: 'not run: Debian kcat 1.7.1 has no Avro deserializer',
  };
}

/** The topic's one partition holding `count` Avro records, produced by `ebx produce --value-schema`. */
async function fillAvro(bootstrap, topic, count) {
  const file = path.join(os.tmpdir(), `ebx-bench-avro-${process.pid}.jsonl`);
  const fd = fs.openSync(file, 'w');
  let chunk = '';
  for (let i = 0; i < count; i++) {
    const order = {
      id: `order-${String(i).padStart(8, '0')}`,
      kind: i % 10 === 0 ? 'OTHER' : 'BENCH',
      customer: { name: `customer ${i % 997}`, tier: i % 3 === 0 ? null : 'gold' },
      amount: Math.round(i * 13.37) / 100,
      quantity: i % 50,
      createdAt: 1_764_000_000_000 + i,
      tags: ['bench', `shard-${i % 16}`],
      note: 'x'.repeat(40),
    };
    chunk += `${JSON.stringify(order)}\n`;
    if (chunk.length > 1 << 20) {
      fs.writeSync(fd, chunk);
      chunk = '';
    }
  }
  fs.writeSync(fd, chunk);
  fs.closeSync(fd);
  const t0 = Date.now();
  try {
    const out = await fromFile(file, [EBX, '--bootstrap', bootstrap, 'produce', topic, '--partition', '0', '--value-schema', SCHEMA]);
    say(`formats: ${out.trim()} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** ebx with its stdin read from `file`; its stdout, or a rejection with its stderr. */
function fromFile(file, args) {
  return new Promise((resolve, reject) => {
    const input = fs.openSync(file, 'r');
    const child = spawn(process.execPath, args, { stdio: [input, 'pipe', 'pipe'] });
    fs.closeSync(input);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`ebx produce exited ${code}: ${stderr.trim()}`))));
  });
}

/** One decoded record, read before timing: a replay that fails to decode must not be timed as fast. */
async function checkDecoded(args) {
  const r = check(await timed(process.execPath, [...args.slice(0, args.indexOf('--max') + 1), '1', ...args.slice(args.indexOf('--max') + 2)], { stdout: 'pipe' }), 'replay --value-schema');
  const line = JSON.parse(r.stdout.trim().split('\n')[0]);
  if (line.valueError || line.valueSchema?.name !== 'ebx.bench.BenchOrder' || typeof line.value?.id !== 'string') throw new Error(`the Avro replay did not decode: ${r.stdout.slice(0, 300)}`);
}
