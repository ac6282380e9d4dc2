#!/usr/bin/env node
// `npm run bench`: every benchmark scenario against a local Kafka broker, each side by side with a
// peer tool in the same run (alternating, several repetitions, medians, ratio ours/peer).
//
//   node bench/run.mjs [--quick] [--smoke] [--only replay,tail,cluster,vscode,footprint,search,formats] [--reps N]
//   node bench/run.mjs --ceilings [--sizes 1000,5000,10000,20000] [--reps N]
//
// --quick   small sizes (what the `bench` tier of `npm test` runs); results go to
//           test-artifacts/bench/quick.json, never over bench/results/latest.json.
// --smoke   --quick, and skip the VS Code scenario (code-server start-up alone takes most of a minute).
// Broker: KAFKA_BOOTSTRAP when set (for --smoke only when the test runner started it locally),
// otherwise a fresh one from scripts/broker.mjs in a temporary directory, stopped at the end.
// --reps    repetitions of each side-by-side comparison (default 5; 1 with --quick).
// --ceilings  only the opt-in scenario at VAST's ceilings (bench/ceilings/ceilings.mjs, run by
//           bench/ceilings/run.mjs): a topic of 1,000 / 5,000 / 10,000 partitions (--sizes; 20,000
//           runs on a two-broker cluster it starts, or on KAFKA_BOOTSTRAP's); each size is saved to
//           bench/results/ceilings.json, ceilings.md and docs/performance.md as soon as it is
//           measured. Never part of a default, quick or smoke run.
// Writes bench/results/latest.json, bench/results/table.md (docs/performance.md's table) and
// bench/results/chart.svg + chart.png (full runs), and prints the table. A whole full run (no --quick,
// --smoke or --only) also puts the table into docs/performance.md, between its bench:table markers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { parseArgs as parseCommandLine } from 'node:util';
import { startBroker, stopBroker } from '../scripts/broker.mjs';
import { drawChart, renderPng } from './chart.mjs';
import { ROOT, loadavg, ratio, round, say } from './lib.mjs';

const SCENARIOS = {
  replay: () => import('./replay.mjs').then((m) => m.replayScenario),
  tail: () => import('./tailLatency.mjs').then((m) => m.tailScenario),
  cluster: () => import('./bigCluster.mjs').then((m) => m.bigClusterScenario),
  vscode: () => import('./vscodeTail.mjs').then((m) => m.vscodeScenario),
  footprint: () => import('./footprint.mjs').then((m) => m.footprintScenario),
  search: () => import('./search.mjs').then((m) => m.searchScenario),
  formats: () => import('./formats.mjs').then((m) => m.formatsScenario),
  ceilings: () => Promise.reject(new Error('the ceilings scenario runs through bench/ceilings/run.mjs')),
};
/** Opt-in only (--ceilings, or --only ceilings): minutes of set-up, so never part of a default or smoke run. */
const OPT_IN = new Set(['ceilings']);

function parseArgs(argv) {
  const { values } = parseCommandLine({
    args: argv,
    options: {
      quick: { type: 'boolean', default: false },
      smoke: { type: 'boolean', default: false },
      only: { type: 'string' },
      reps: { type: 'string' },
      ceilings: { type: 'boolean', default: false },
      sizes: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const only = values.ceilings ? ['ceilings'] : values.only ? values.only.split(',') : Object.keys(SCENARIOS).filter((s) => !OPT_IN.has(s));
  const args = { quick: values.quick || values.smoke, smoke: values.smoke, only, everyScenario: !values.only && !values.ceilings, reps: undefined, sizes: undefined };
  if (values.sizes !== undefined) {
    args.sizes = values.sizes.split(',').map(Number);
    if (args.sizes.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`--sizes takes partition counts separated by commas (got ${values.sizes})`);
  }
  if (values.reps !== undefined) {
    args.reps = Number(values.reps);
    if (!Number.isInteger(args.reps) || args.reps < 1) throw new Error(`--reps takes a whole number of at least 1 (got ${values.reps})`);
  }
  if (process.env.EBX_BENCH_QUICK === '1') args.quick = true;
  const unknown = args.only.filter((s) => !SCENARIOS[s]);
  if (unknown.length) throw new Error(`unknown scenario(s) ${unknown.join(', ')}; scenarios: ${Object.keys(SCENARIOS).join(', ')}`);
  if (args.smoke) args.only = args.only.filter((s) => s !== 'vscode');
  args.reps ??= args.quick ? 1 : 5;
  return args;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.only.includes('ceilings')) {
    if (args.only.length > 1) throw new Error('the ceilings scenario runs alone: node bench/run.mjs --ceilings');
    const { runCeilings } = await import('./ceilings/run.mjs');
    const failed = await runCeilings({ reps: args.reps, ...(args.sizes ? { sizes: args.sizes } : {}) });
    console.log(`bench: ceilings ran, ${failed} size${failed === 1 ? '' : 's'} with a failure`);
    return failed === 0 ? 0 : 1;
  }
  const started = Date.now();
  let brokerDir;
  // The smoke run creates topics and groups: only ever on a local test broker, never on a real
  // cluster someone pointed KAFKA_BOOTSTRAP at (every group counts against VAST's cap of 256).
  let bootstrap = args.smoke && process.env.EBX_TEST_BROKER !== 'local' ? undefined : process.env.KAFKA_BOOTSTRAP;
  const cleanup = async () => {
    if (!brokerDir) return;
    const dir = brokerDir;
    brokerDir = undefined;
    await stopBroker({ dir, quiet: true }).catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => cleanup().finally(() => process.exit(130)));

  const results = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    mode: args.quick ? 'quick' : 'full',
    repetitions: args.reps,
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, kcat: kcatVersion() },
    loadavgAtStart: loadavg(),
    scenarios: {},
  };
  let failed = 0;
  try {
    if (bootstrap) {
      say(`using the broker at KAFKA_BOOTSTRAP=${bootstrap}`);
    } else {
      brokerDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ebx-bench-broker-'));
      const b = await startBroker({ dir: brokerDir, ownerPid: process.pid, removeDirOnOwnerExit: true });
      bootstrap = b.bootstrap;
      say(`broker started in ${(b.startMs / 1000).toFixed(1)} s at ${bootstrap}`);
    }
    for (const name of args.only) {
      const t0 = Date.now();
      const before = loadavg();
      say(`scenario ${name}${args.quick ? ' (quick)' : ''}`);
      try {
        const run = await SCENARIOS[name]();
        const r = await run({ bootstrap, quick: args.quick, reps: args.reps, ...(args.sizes ? { sizes: args.sizes } : {}) });
        results.scenarios[name] = { ...r, loadavgBefore: before, loadavgAfter: loadavg(), scenarioSeconds: Math.round((Date.now() - t0) / 1000) };
        say(`scenario ${name}: done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      } catch (err) {
        failed++;
        results.scenarios[name] = { error: err.stack ?? String(err) };
        say(`scenario ${name} FAILED: ${err.stack ?? err}`);
      }
    }
  } finally {
    await cleanup();
  }
  results.seconds = Math.round((Date.now() - started) / 1000);
  results.loadavgAtEnd = loadavg();

  const outDir = args.quick ? path.join(ROOT, 'test-artifacts', 'bench') : path.join(ROOT, 'bench', 'results');
  fs.mkdirSync(outDir, { recursive: true });
  const jsonFile = path.join(outDir, args.quick ? 'quick.json' : 'latest.json');
  fs.writeFileSync(jsonFile, `${JSON.stringify(results, null, 2)}\n`);
  fs.writeFileSync(path.join(outDir, 'table.md'), markdownTable(results));
  if (!args.quick && args.everyScenario) writeDocsTable(markdownTable(results));
  const svg = drawChart(results);
  fs.writeFileSync(path.join(outDir, 'chart.svg'), svg);
  await renderPng(svg, path.join(outDir, 'chart.png'));
  process.stdout.write(formatTable(results));
  say(`wrote ${path.relative(ROOT, jsonFile)}, table.md and ${path.relative(ROOT, path.join(outDir, 'chart.png'))} (and .svg) in ${results.seconds} s`);
  const passed = args.only.length - failed;
  console.log(`bench: ${passed} scenarios ran, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

/** docs/performance.md's table: one row per figure, ours, peer, ratio, target, met. */
export function tableRows(results) {
  const s = results.scenarios;
  const rows = [];
  const add = (figure, ours, peer, ratio, target, met) => rows.push({ figure, ours, peer, ratio, target, met });
  const range = (x) => (x.min === x.max ? `${x.median}` : `${x.median} (${x.min}–${x.max})`);
  if (s.replay && !s.replay.error) {
    const r = s.replay;
    for (const c of r.cases) {
      add(`Replay ${c.name}, records/s, median (min–max) of ${c.ours.recordsPerSec.n}; load ${range(c.ours.loadavg1)}`, range(c.ours.recordsPerSec), range(c.kcat.recordsPerSec), c.ratio, c.target, c.met);
      add(`  same, CPU seconds (user + system)`, range(c.ours.cpuSeconds), range(c.kcat.cpuSeconds), c.cpuRatio === null ? null : round(1 / c.cpuRatio, 2), '', null);
    }
    add('Replay peak RSS, MB (largest case)', r.peakRss.oursMb, r.peakRss.kcatMb, null, '≤ kcat + 50 MB', r.peakRss.met);
    const bareNode = r.startup.help.bareNodeMs;
    add('`ebx --help` wall time, ms (peer: `node -e 0`, Node\'s own start-up)', range(r.startup.help.wallMs), bareNode ? range(bareNode) : null, bareNode ? ratio(r.startup.help.wallMs.median, bareNode.median) : null, '≤ 150 ms', r.startup.help.met);
    add('Replay: first byte on stdout, ms', range(r.startup.firstByte.oursMs), range(r.startup.firstByte.kcatMs), ratio(r.startup.firstByte.oursMs.median, r.startup.firstByte.kcatMs.median), '', null);
  }
  if (s.tail && !s.tail.error) {
    for (const mode of ['kafka', 'immediate']) {
      const m = s.tail[mode];
      if (!m) continue;
      const label = mode === 'kafka' ? 'broker waits' : 'empty fetch answered at once';
      add(`Tail p50 latency, ms (${label})`, m.ours.p50, m.kcat.p50, null, '', null);
      add(`Tail p99 latency, ms (${label})`, m.ours.p99, m.kcat.p99, m.p99Ratio, '≤ kcat + 50 ms', m.met);
    }
    const idle = s.tail.idle;
    if (idle) {
      add('Idle tail fetches/s (broker waits)', idle.kafka.ours, idle.kafka.kcat, null, '≤ 10', idle.kafka.ours <= 10);
      add('Idle tail fetches/s (answered at once)', idle.immediate.ours, idle.immediate.kcat, null, '≤ 10', idle.met);
    }
  }
  if (s.cluster && !s.cluster.error) {
    for (const op of s.cluster.operations) {
      const target = op.name.startsWith('Lag') ? '< 1 s; requests ∝ groups (OffsetFetch each), not topics' : '< 1 s; requests ∝ brokers, not topics';
      add(`${op.name}: ms (requests)`, `${op.ours.ms} (${op.ours.requests})`, op.peer ? `${op.peer.ms} (${op.peer.requests}) ${op.peer.tool}` : '', op.ratio, target, op.met);
    }
  }
  if (s.vscode && !s.vscode.error) {
    const v = s.vscode;
    const of = `median (min–max) of ${v.tails} tail${v.tails === 1 ? '' : 's'}`;
    add(`VS Code tail ${v.recordsPerSec}/s × ${v.seconds} s: extension host CPU, cores, ${of}`, range(v.cpuCores), null, null, '< 0.1', v.cpuCores.median < 0.1);
    if (v.browserCpuCores) add(`VS Code tail: the browser's CPU (renderer, GPU, browser processes), cores, ${of}`, range(v.browserCpuCores), null, null, '', null);
    add(`VS Code tail: extension host RSS growth, MB, ${of}`, range(v.rssGrowthMb), null, null, '< 50', v.rssGrowthMb.median < 50);
    add(`VS Code tail: extension host heap growth after a forced GC, MB, ${of}`, v.heapGrowthMb ? range(v.heapGrowthMb) : 'not measured', null, null, '< 50', v.heapGrowthMb ? v.heapGrowthMb.median < 50 : false);
    add(`Command palette open, ms (tailing vs idle; the ratio: ${of})`, range(v.paletteMs.tailing), v.paletteMs.idle, range(v.paletteRatio), '≤ 2 × idle', v.paletteRatio.median <= 2);
    if (v.replayOpen) {
      const samples = v.replayOpen.samplesMs;
      const spreadText = samples.length > 1 ? ` (${Math.min(...samples)}–${Math.max(...samples)})` : '';
      add(`VS Code: Replay Partition… of ${v.replayOpen.records.toLocaleString('en-US')} records until the viewer shows them all, ms, median of ${samples.length}`, `${v.replayOpen.medianMs}${spreadText}`, null, null, v.replayOpen.target, v.replayOpen.met);
    }
  }
  if (s.footprint && !s.footprint.error) {
    const f = s.footprint;
    add('dist/extension.js, KB (production)', f.extensionKb, null, null, '', null);
    add('dist/cli/*.mjs, KB (production; the entry alone)', `${f.cliKb} (${f.cliEntryKb})`, null, null, '', null);
    if (f.vsixKb !== undefined) add('.vsix, KB', f.vsixKb, null, null, '', null);
  }
  if (s.search && !s.search.error) {
    const range = (x) => (x.min === x.max ? `${x.median}` : `${x.median} (${x.min}–${x.max})`);
    for (const c of s.search.cases) {
      add(`Search (${c.name}) vs replay of ${c.records.toLocaleString('en-US')} records, records/s, median (min–max) of ${c.ours.recordsPerSec.n}; load ${range(c.ours.loadavg1)}`, range(c.ours.recordsPerSec), `${range(c.replay.recordsPerSec)} ebx replay`, c.ratio, c.target, c.met);
    }
  }
  if (s.formats && !s.formats.error) {
    const f = s.formats;
    const range = (x) => (x.min === x.max ? `${x.median}` : `${x.median} (${x.min}–${x.max})`);
    add(`Replay of ${f.records.toLocaleString('en-US')} Avro records decoded with --value-schema vs the same replay without it, records/s, median (min–max) of ${f.ours.recordsPerSec.n}; load ${range(f.ours.loadavg1)}`, range(f.ours.recordsPerSec), `${range(f.plain.recordsPerSec)} ebx replay`, f.ratio, f.target, f.met);
    add('  same, CPU seconds (user + system)', range(f.ours.cpuSeconds), range(f.plain.cpuSeconds), null, '', null);
  }
  if (s.vscode?.activationMs) add('Activation (Running Extensions view), ms', s.vscode.activationMs, null, null, '', null);
  return rows;
}

function formatTable(results) {
  const rows = tableRows(results);
  const cell = (v) => (v === null || v === undefined ? '' : typeof v === 'boolean' ? (v ? 'yes' : 'NO') : String(v));
  const head = ['figure', 'ours', 'peer', 'ours/peer', 'target', 'met'];
  const body = rows.map((r) => [r.figure, r.ours, r.peer, r.ratio, r.target, r.met].map(cell));
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cols) => cols.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
  const errors = Object.entries(results.scenarios).filter(([, v]) => v.error).map(([k, v]) => `${k}: FAILED ${v.error.split('\n')[0]}`);
  return `\n${[line(head), ...body.map(line), ...errors].join('\n')}\n\nload average ${results.loadavgAtStart.join(' ')} → ${results.loadavgAtEnd.join(' ')} on ${results.machine.cpus} cores\n`;
}

/** docs/performance.md's table (Markdown), with the machine and the load around the run. */
export function markdownTable(results) {
  const cell = (v) => (v === null || v === undefined || v === '' ? '' : typeof v === 'boolean' ? (v ? 'met' : '**not met**') : String(v).replace(/\|/g, '\\|'));
  const m = results.machine;
  const lines = [
    `Run ${results.date.slice(0, 16).replace('T', ' ')} UTC, commit ${results.commit ?? '?'}, ${results.mode} mode, ${results.repetitions} alternating repetitions per comparison; ${m.cpus} × ${m.cpuModel ?? 'CPU'}, ${m.memGb} GB, Node ${m.node}, ${m.kcat ?? 'kcat ?'}; load average ${results.loadavgAtStart.join(' ')} at the start, ${results.loadavgAtEnd.join(' ')} at the end.`,
    '',
    '| Figure | Ours | Peer | Ours / peer | Target | Met |',
    '| --- | ---: | ---: | ---: | --- | :---: |',
  ];
  for (const r of tableRows(results)) lines.push(`| ${[r.figure, r.ours, r.peer, r.ratio, r.target, r.met].map(cell).join(' | ')} |`);
  for (const [name, v] of Object.entries(results.scenarios)) if (v.error) lines.push(`| ${name}: FAILED ${cell(v.error.split('\n')[0])} | | | | | **not met** |`);
  return `${lines.join('\n')}\n`;
}

const DOCS_TABLE = { file: path.join(ROOT, 'docs', 'performance.md'), start: '<!-- bench:table:start -->', end: '<!-- bench:table:end -->' };

/** Replaces what is between docs/performance.md's marker lines with `table` (a whole full run's). */
function writeDocsTable(table) {
  const { file, start, end } = DOCS_TABLE;
  const text = fs.readFileSync(file, 'utf8');
  const from = text.indexOf(start);
  const to = text.indexOf(end, from);
  if (from < 0 || to < 0) {
    say(`${path.relative(ROOT, file)} has no ${start} … ${end} lines: its table is left as it was`);
    return;
  }
  fs.writeFileSync(file, `${text.slice(0, from + start.length)}\n${table}\n${text.slice(to)}`);
  say(`wrote the table into ${path.relative(ROOT, file)}`);
}

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

function kcatVersion() {
  try {
    const m = /Version (\S+) .*?librdkafka (\S+)/.exec(execFileSync('kcat', ['-V'], { encoding: 'utf8' }));
    return m ? `kcat ${m[1]}, librdkafka ${m[2]}` : null;
  } catch {
    return null;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(ROOT, 'bench', 'run.mjs')) {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(`[bench] ${err.stack ?? err}`);
      console.log('bench: 0 scenarios ran, 1 failed');
      process.exit(1);
    },
  );
}
