#!/usr/bin/env node
// The records viewer's page alone, scrolled the way the e2e measurement scrolls it (1,100 px a frame
// for 400 frames, then jumps), in Debian's Chromium without code-server: a quick loop for the table's
// own main-thread work. The built page (dist/webview/recordsViewer.js, `npm run build`) runs against a
// stand-in for VS Code's webview API that answers `state` and `rows` with synthetic records shaped
// like the e2e's 100,000. A Chrome trace of the scroll gives the work per frame by kind (script,
// style, layout, paint, layerize, commit, GC) and the tasks over 50 ms. Diagnostic, not a test:
//
//   node bench/viewerScroll.mjs [--rows 100000] [--reps 3] [--trace out.json]
//
// Figures are main-thread milliseconds on a shared machine: compare runs taken side by side.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' }, reps: { type: 'string', default: '3' }, trace: { type: 'string' } } });
const ROWS = Number(values.rows);
const CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink.user_timing', 'disabled-by-default-v8.gc'];
const KINDS = {
  script: ['FunctionCall', 'EvaluateScript', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'HandlePostMessage'],
  style: ['UpdateLayoutTree'],
  layout: ['Layout'],
  prePaint: ['PrePaint'],
  paint: ['Paint'],
  layerize: ['Layerize'],
  commit: ['Commit'],
  hitTest: ['HitTest'],
  gc: ['MinorGC', 'MajorGC'],
};

// The stand-in for VS Code: answers like RecordsViewerPanel (rows in windows, a version), one clone per message.
function fakeHost(rows) {
  const listeners = [];
  const base = 1_764_650_000_000;
  const row = (r) => ({ row: r, id: r, partition: 0, offset: r, timestamp: base + r, key: `k${r}`, value: `{"n":${r},"pad":"${'x'.repeat(40)}"}`, keyBinary: false, valueBinary: false, headers: 0, size: 60 });
  const state = { title: 'bench', summary: `${rows} rows`, loaded: rows, rows, version: 1, filter: {}, histogram: null, loading: false, canLoadMore: false, canOpenJsonLines: false };
  const answer = (message) => setTimeout(() => window.postMessage(message, '*'), 2);
  window.acquireVsCodeApi = () => ({
    postMessage(m) {
      if (m.type === 'ready') answer({ type: 'state', state });
      if (m.type === 'rows') {
        const out = [];
        for (let r = m.start; r < Math.min(rows, m.start + m.count); r++) out.push(row(r));
        answer({ type: 'rows', version: m.version, start: m.start, rows: out });
      }
    },
    getState: () => undefined,
    setState: () => undefined,
  });
  void listeners;
}

async function scroll() {
  const viewport = document.querySelector('.viewport');
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  const longTasks = [];
  const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => longTasks.push(Math.round(e.duration))));
  observer.observe({ type: 'longtask', buffered: false });
  for (let i = 0; i < 60; i++) await frame();
  performance.mark('ebx-scroll-start');
  for (let i = 0; i < 400; i++) {
    viewport.scrollTop += 1100;
    await frame();
  }
  performance.mark('ebx-jumps-start');
  for (const to of [0.9, 0.1, 0.5, 1, 0]) {
    viewport.scrollTop = to * viewport.scrollHeight;
    for (let k = 0; k < 10; k++) await frame();
  }
  await new Promise((r) => setTimeout(r, 300));
  observer.disconnect();
  return longTasks;
}

async function traceOf(cdp) {
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', (e) => resolve(e.stream)));
  await cdp.send('Tracing.end');
  const handle = await done;
  let text = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle, size: 4 << 20 });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle });
  return text;
}

/** Main-thread milliseconds per kind during the steady scroll, and its longest task. */
function summarize(events) {
  const start = events.find((e) => e.name === 'ebx-scroll-start');
  const end = events.find((e) => e.name === 'ebx-jumps-start');
  const mine = events.filter((e) => e.pid === start.pid && e.tid === start.tid && e.ph === 'X' && e.ts >= start.ts && e.ts < end.ts);
  const out = {};
  for (const [kind, names] of Object.entries(KINDS)) {
    // Outermost events of the kind only (a FunctionCall inside a TimerFire counts once).
    // CPU time (tdur) where the trace has it: the machine is shared, wall time includes waiting for a core.
    let total = 0;
    let until = -1;
    for (const e of mine.filter((x) => names.includes(x.name)).sort((a, b) => a.ts - b.ts)) {
      if (e.ts < until) continue;
      total += e.tdur ?? e.dur;
      until = e.ts + e.dur;
    }
    out[kind] = Number((total / 1000).toFixed(1));
  }
  const layouts = mine.filter((e) => e.name === 'Layout');
  out.layouts = layouts.length;
  out.layoutObjects = layouts.reduce((n, e) => n + (e.args?.beginData?.dirtyObjects ?? 0), 0);
  const tasks = mine.filter((e) => e.name === 'ThreadControllerImpl::RunTask');
  out.taskCpuMs = Number((tasks.reduce((n, t) => n + (t.tdur ?? t.dur), 0) / 1000).toFixed(1));
  out.longestTaskMs = Number((Math.max(0, ...tasks.map((t) => t.dur)) / 1000).toFixed(1));
  out.longestTaskCpuMs = Number((Math.max(0, ...tasks.map((t) => t.tdur ?? t.dur)) / 1000).toFixed(1));
  out.tasksOver50ms = tasks.filter((t) => t.dur > 50_000).length;
  return out;
}

const html = `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/recordsViewer.css"></head><body><script src="/recordsViewer.js"></script></body></html>`;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
try {
  for (let rep = 1; rep <= Number(values.reps); rep++) {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.route('http://viewer.bench/**', (route) => {
      const name = new URL(route.request().url()).pathname.slice(1);
      if (name === '') return route.fulfill({ contentType: 'text/html', body: html });
      return route.fulfill({ contentType: name.endsWith('.css') ? 'text/css' : 'text/javascript', body: fs.readFileSync(path.join(ROOT, 'dist', 'webview', name)) });
    });
    await page.addInitScript(fakeHost, ROWS);
    await page.goto('http://viewer.bench/');
    await page.waitForFunction(() => document.querySelectorAll('.viewport .row:not(.loading)').length > 10);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Tracing.start', { transferMode: 'ReturnAsStream', traceConfig: { includedCategories: CATEGORIES } });
    const longTasks = await page.evaluate(scroll);
    const text = await traceOf(cdp);
    if (values.trace) fs.writeFileSync(values.trace.replace(/(\.json)?$/, `-${rep}.json`), text);
    const parsed = JSON.parse(text);
    const summary = summarize(Array.isArray(parsed) ? parsed : parsed.traceEvents);
    console.log(JSON.stringify({ rep, longTasks, ...summary }));
    await page.close();
  }
} finally {
  await browser.close();
}
