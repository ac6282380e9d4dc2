// The ceilings scenario's results on disk: bench/results/ceilings.json holds one entry per size,
// each written the moment that size is measured and merged with the sizes of earlier runs (the
// 20,000-partition size runs on a cluster of its own, in a run of its own), so a failure at a
// later size never loses an earlier size's figures. From it: bench/results/ceilings.md and the
// table between docs/performance.md's ceilings markers (per size, then the growth from size to size).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { ROOT, ratio, say } from '../lib.mjs';

const FILE = path.join(ROOT, 'bench', 'results', 'ceilings.json');
const TABLE = path.join(ROOT, 'bench', 'results', 'ceilings.md');
const DOCS = { file: path.join(ROOT, 'docs', 'performance.md'), start: '<!-- ceilings:table -->', end: '<!-- ceilings:table:end -->' };
/** The issue's "at 20,000 on a cluster, each ≤ 2 × its 10,000 figure". */
const GROWTH_TARGET = { from: 10_000, to: 20_000, atMost: 2 };

export function readCeilings() {
  try {
    return JSON.parse(fs.readFileSync(FILE, 'utf8'));
  } catch {
    return { sizes: [] };
  }
}

/** Adds (or replaces) one size's figures, then rewrites ceilings.json, ceilings.md and the docs table. */
export function saveCeilingSize(size) {
  const all = readCeilings();
  const entry = { ...size, commit: gitCommit(), machine: machine() };
  all.sizes = [...all.sizes.filter((s) => s.partitions !== size.partitions), entry].sort((a, b) => a.partitions - b.partitions);
  all.updated = new Date().toISOString();
  fs.mkdirSync(path.dirname(FILE), { recursive: true });
  fs.writeFileSync(FILE, `${JSON.stringify(all, null, 2)}\n`);
  const table = ceilingsMarkdown(all);
  fs.writeFileSync(TABLE, table);
  writeDocsTable(table);
  say(`ceilings: ${size.partitions} partitions saved to ${path.relative(ROOT, FILE)} (sizes held: ${all.sizes.map((s) => s.partitions).join(', ')})`);
  return all;
}

const range = (x) => (x ? (x.min === x.max ? `${x.median}` : `${x.median} (${x.min}–${x.max})`) : '');
const n = (x) => x.toLocaleString('en-US');
const cell = (v) => (v === null || v === undefined || v === '' ? '' : typeof v === 'boolean' ? (v ? 'met' : '**not met**') : String(v).replace(/\|/g, '\\|'));

/** The per-size table, then the growth table. */
export function ceilingsMarkdown(all) {
  const lines = [
    'Each operation as a whole process, median (min–max) of the runs that succeeded; CPU seconds are user + system, then (where the bench started the brokers) the brokers\' own CPU seconds during the run, since on 2 cores they share the CPUs with the process measured; requests are counted on the wire (median); the load is the 1-minute load average at the start of each run (2 cores).',
    '',
    '| Partitions | Operation | ebx wall ms | CPU s | peak RSS MB | requests | peer (wall ms, peak RSS MB) | ebx / peer | target | met | load |',
    '| --- | --- | ---: | ---: | ---: | ---: | --- | ---: | --- | :---: | --- |',
  ];
  for (const size of all.sizes) {
    const where = `${n(size.partitions)} (${size.brokers} broker${size.brokers === 1 ? '' : 's'}, ${size.date.slice(0, 16).replace('T', ' ')} UTC, ${size.commit ?? '?'})`;
    if (size.error && size.operations.length === 0) lines.push(`| ${cell(where)} | FAILED: ${cell(firstLine(size.error))} | | | | | | | | **not met** | |`);
    for (const op of size.operations) {
      const o = op.ours;
      const failed = `${o.failures ? ` — failed ${o.failures} of ${o.failures + (o.wallMs?.n ?? 0)}: ${firstLine(o.failure)}` : ''}${o.note ? ` (${o.note})` : ''}`;
      const heap = o.hostHeap?.beforeMb != null ? `; heap after GC ${o.hostHeap.beforeMb} → ${o.hostHeap.afterMb ?? '?'}` : '';
      const rss = o.hostRss ? `host ${o.hostRss.beforeMb} → peak ${o.hostRss.peakMb}${heap}` : range(o.rssMb);
      const cpu = `${range(o.cpuSeconds)}${o.brokerCpuSeconds ? ` + brokers ${range(o.brokerCpuSeconds)}` : ''}`;
      lines.push(`| ${[where, op.name, `${range(o.wallMs) || 'FAILED'}${failed}`, cpu, rss, o.requests ?? '', peerCell(op.peer), op.ratio, op.target, op.met, range(o.loadavg1)].map(cell).join(' | ')} |`);
    }
  }
  lines.push('', ...growthMarkdown(all.sizes), ...heapKeptMarkdown(all.sizes));
  return `${lines.join('\n')}\n`;
}

function peerCell(peer) {
  if (!peer) return '';
  const failed = `${peer.failures ? `; failed ${peer.failures} of ${peer.failures + (peer.wallMs?.n ?? 0)} (${firstLine(peer.failure)})` : ''}${peer.note ? ` (${peer.wallMs?.n ?? 0} run${peer.wallMs?.n === 1 ? '' : 's'}: ${peer.note})` : ''}`;
  const brokers = peer.brokerCpuSeconds ? `, brokers ${peer.brokerCpuSeconds.median} CPU s` : '';
  const figures = peer.wallMs ? `${range(peer.wallMs)} ms, ${peer.rssMb?.median} MB${peer.requests ? `, ${peer.requests} requests` : ''}${brokers} ` : '';
  return `${figures}${peer.tool}${failed}`;
}

/** Per operation, each size's median wall time and requests, and its growth over the size before. */
export function growthMarkdown(sizes) {
  const measured = sizes.filter((s) => s.operations.length > 0);
  if (measured.length === 0) return [];
  const names = [...new Set(measured.flatMap((s) => s.operations.map((o) => o.name)))];
  const head = measured.map((s, i) => `${n(s.partitions)}${s.brokers > 1 ? ` (${s.brokers} brokers)` : ''}${i > 0 ? ` ×${ratio(s.partitions, measured[i - 1].partitions)}` : ''}`);
  const targeted = measured.some((s) => s.partitions === GROWTH_TARGET.to) && measured.some((s) => s.partitions === GROWTH_TARGET.from);
  const lines = [
    `Growth from size to size: median wall ms, CPU seconds and requests, and in brackets the ratios to the size before (the partitions grow by the ratio in the heading; at a load average of 10–20 the CPU ratio is the steadier one).${targeted ? ` The last column: ${n(GROWTH_TARGET.to)} over ${n(GROWTH_TARGET.from)}, target ≤ ${GROWTH_TARGET.atMost} ×.` : ''}`,
    '',
    `| Operation | ${head.join(' | ')} |${targeted ? ` ${n(GROWTH_TARGET.to)} / ${n(GROWTH_TARGET.from)} |` : ''}`,
    `| --- |${measured.map(() => ' ---: |').join('')}${targeted ? ' :---: |' : ''}`,
  ];
  for (const name of names) {
    const wall = (s) => s.operations.find((o) => o.name === name)?.ours.wallMs?.median ?? null;
    const cpu = (s) => s.operations.find((o) => o.name === name)?.ours.cpuSeconds?.median ?? null;
    const requests = (s) => s.operations.find((o) => o.name === name)?.ours.requests ?? null;
    const cells = measured.map((s, i) => {
      const ms = wall(s);
      if (ms === null) return s.operations.some((o) => o.name === name) ? 'FAILED' : '';
      const [before, cpuBefore] = i > 0 ? [wall(measured[i - 1]), cpu(measured[i - 1])] : [null, null];
      const growth = [before ? `×${ratio(ms, before)}` : '', cpuBefore && cpu(s) !== null ? `CPU ×${ratio(cpu(s), cpuBefore)}` : ''].filter(Boolean).join(', ');
      return `${n(ms)} ms${cpu(s) !== null ? `, ${cpu(s)} CPU s` : ''}${requests(s) !== null ? `, ${requests(s)} req` : ''}${growth ? ` (${growth})` : ''}`;
    });
    let verdict = '';
    if (targeted) {
      const [to, from] = [measured.find((s) => s.partitions === GROWTH_TARGET.to), measured.find((s) => s.partitions === GROWTH_TARGET.from)];
      const r = wall(to) !== null && wall(from) !== null ? ratio(wall(to), wall(from)) : null;
      verdict = r === null ? ' |' : ` ×${r} ${r <= GROWTH_TARGET.atMost ? 'met' : '**not met**'} |`;
    }
    lines.push(`| ${cell(name)} | ${cells.join(' | ')} |${verdict}`);
  }
  return lines;
}

/**
 * What a long-lived session keeps (bench/ceilings/heap.mjs): the heap in use plus Buffers after a full
 * collection, after connecting and after each operation, with each operation's peak in brackets. The tree's topic
 * node keeps the partitions it listed, so the figure after listing includes them.
 */
export function heapKeptMarkdown(sizes) {
  const measured = sizes.filter((s) => s.heapKept);
  if (measured.length === 0) return [];
  const op = (o) => (o ? `${o.keptMb} (${o.peakMb})` : '');
  const lines = [
    '',
    'What one session keeps (MB of heap in use plus Buffers after a full garbage collection; the operation\'s peak in brackets), in a process of its own that runs the operations one after the other and keeps the listed partitions, as the tree does:',
    '',
    '| Partitions | connected | after listing the partitions (kept) | after `lag` of the group | after a search of every partition |',
    '| --- | ---: | ---: | ---: | ---: |',
  ];
  for (const s of measured) {
    const h = s.heapKept;
    lines.push(h.error ? `| ${n(s.partitions)} | FAILED: ${cell(firstLine(h.error))} | | | |` : `| ${n(s.partitions)} | ${h.connectedMb} | ${op(h.describePartitions)} | ${op(h.lag)} | ${op(h.search)} |`);
  }
  return lines;
}

function writeDocsTable(table) {
  const text = fs.readFileSync(DOCS.file, 'utf8');
  const from = text.indexOf(DOCS.start);
  const to = text.indexOf(DOCS.end, from);
  if (from < 0 || to < 0) {
    say(`${path.relative(ROOT, DOCS.file)} has no ${DOCS.start} … ${DOCS.end} lines: its ceilings table is left as it was`);
    return;
  }
  fs.writeFileSync(DOCS.file, `${text.slice(0, from + DOCS.start.length)}\n${table}\n${text.slice(to)}`);
}

const firstLine = (text) => String(text ?? '').split('\n')[0].slice(0, 200);

function machine() {
  let kcat = null;
  try {
    kcat = /Version (\S+) .*?librdkafka (\S+)/.exec(execFileSync('kcat', ['-V'], { encoding: 'utf8' }))?.slice(1).join(', librdkafka ') ?? null;
  } catch {}
  return { cpus: os.cpus().length, memGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, kcat };
}

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}
