#!/usr/bin/env node
// What the records viewer's long tasks were made of, from a Chrome trace of the e2e scroll
// measurement (EBX_SCROLL_TRACE=<file> on test/e2e/recordsViewer.e2e.ts writes one):
//
//   node bench/scrollTrace.mjs trace.json [--over 50] [--min 1]
//
// Finds the webview's main thread by the page's `ebx-scroll-start` mark, then prints every task on it
// longer than --over ms after that mark (when it began, relative to the mark) with the events inside
// it of at least --min ms (GC, style, layout, paint, script, message handling), and the JavaScript
// functions the sampling profiler saw most during it. A diagnostic for people, not a test.
import fs from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { over: { type: 'string', default: '50' }, min: { type: 'string', default: '1' } } });
if (positionals.length !== 1) {
  console.error('usage: node bench/scrollTrace.mjs TRACE.json [--over MS] [--min MS]');
  process.exit(2);
}
const overUs = Number(values.over) * 1000;
const minUs = Number(values.min) * 1000;
const parsed = JSON.parse(fs.readFileSync(positionals[0], 'utf8'));
const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;

const mark = (name) => events.find((e) => e.name === name && e.cat?.includes('blink.user_timing'));
const start = mark('ebx-scroll-start');
if (!start) {
  console.error('no ebx-scroll-start mark in the trace');
  process.exit(1);
}
const jumps = mark('ebx-jumps-start');
const { pid, tid } = start;
const onThread = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && typeof e.dur === 'number').sort((a, b) => a.ts - b.ts || b.dur - a.dur);
const ms = (us) => (us / 1000).toFixed(1);
const at = (ts) => `${ms(ts - start.ts)} ms`;

// Top-level tasks: the scheduler's RunTask events (category toplevel).
// Nested ones (a RunTask inside another) are parts of their outer task.
const tasks = [];
for (const e of onThread) {
  if (e.name !== 'ThreadControllerImpl::RunTask' && e.name !== 'RunTask') continue;
  const outer = tasks[tasks.length - 1];
  if (outer && e.ts < outer.ts + outer.dur) continue;
  tasks.push(e);
}
const long = tasks.filter((t) => t.ts >= start.ts && t.dur >= overUs);
const all = tasks.filter((t) => t.ts >= start.ts);
console.log(`webview main thread pid ${pid} tid ${tid}: ${all.length} tasks after the scroll began${jumps ? ` (jumps at ${at(jumps.ts)})` : ''}, ${long.length} of them over ${values.over} ms`);
const longest = [...all].sort((a, b) => b.dur - a.dur).slice(0, 8);
console.log(`longest tasks: ${longest.map((t) => `${ms(t.dur)} ms at ${at(t.ts)}`).join(', ')}`);

// The sampling profiler's samples on this thread (ProfileChunk events), to name the JS inside a task.
const samples = profileSamples(events.filter((e) => e.pid === pid && (e.name === 'ProfileChunk' || e.name === 'Profile')));

for (const task of long) {
  console.log(`\ntask of ${ms(task.dur)} ms at ${at(task.ts)}${jumps && task.ts >= jumps.ts ? ' (jumps)' : ''}:`);
  const end = task.ts + task.dur;
  const inside = onThread.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= end && e.dur >= minUs);
  const stack = [];
  for (const e of inside) {
    while (stack.length && stack[stack.length - 1] <= e.ts) stack.pop();
    console.log(`  ${'  '.repeat(stack.length)}${ms(e.dur).padStart(6)} ms  ${e.name}${describe(e)}`);
    stack.push(e.ts + e.dur);
  }
  const seen = new Map();
  for (const s of samples) if (s.ts >= task.ts && s.ts < end) seen.set(s.frame, (seen.get(s.frame) ?? 0) + 1);
  const top = [...seen].sort((a, b) => b[1] - a[1]).slice(0, 10);
  if (top.length) console.log(`  samples (self): ${top.map(([f, n]) => `${f} ×${n}`).join('; ')}`);
}

function describe(e) {
  const d = e.args?.data ?? e.args ?? {};
  const bits = [];
  if (d.functionName) bits.push(d.functionName);
  if (d.url) bits.push(String(d.url).replace(/^.*\//, ''));
  if (typeof d.lineNumber === 'number') bits.push(`:${d.lineNumber}`);
  if (d.type) bits.push(d.type);
  if (typeof e.args?.usedHeapSizeBefore === 'number') bits.push(`heap ${(e.args.usedHeapSizeBefore / 1e6).toFixed(1)}→${(e.args.usedHeapSizeAfter / 1e6).toFixed(1)} MB`);
  return bits.length ? `  (${bits.join(' ')})` : '';
}

/** [{ ts, frame }] from the trace's CPU profile chunks: each sample's leaf function. */
function profileSamples(chunks) {
  const nodes = new Map();
  const out = [];
  const byProfile = new Map();
  for (const c of chunks) {
    const data = c.args?.data ?? {};
    if (c.name === 'Profile') {
      byProfile.set(c.id, { ts: data.startTime ?? c.ts });
      continue;
    }
    const p = byProfile.get(c.id) ?? { ts: c.ts };
    byProfile.set(c.id, p);
    for (const n of data.cpuProfile?.nodes ?? []) {
      const f = n.callFrame ?? {};
      nodes.set(`${c.id}:${n.id}`, `${f.functionName || '(anonymous)'}${f.url ? ` ${f.url.replace(/^.*\//, '')}:${f.lineNumber}` : ''}`);
    }
    const ids = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (let i = 0; i < ids.length; i++) {
      p.ts += deltas[i] ?? 0;
      out.push({ ts: p.ts, frame: nodes.get(`${c.id}:${ids[i]}`) ?? `node ${ids[i]}` });
    }
  }
  return out;
}
