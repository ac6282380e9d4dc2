#!/usr/bin/env node
// What reading a topic's record format costs the extension's sinks (issue 23, item 3), in process
// and without a broker: the same records as Avro (bench/schemas/benchOrder.avsc, read by a
// RecordDecoder with that file) and as the JSON text a plain topic would hold, through
//   - the tail panel's lines: decodedPanelLines (Avro) beside recordPanelLines (JSON text, the fast path),
//   - the viewer's rows: rowsAt windows of 100 rows (what the page asks at once), decoded beside plain,
//   - the JSON Lines export: exportLines with the decoder beside without it,
//   - the detail pane: recordDetail with the decoder beside without it.
// Alternating which goes first, medians with the spread (min–max) and the load average.
//
//   npm run build && npm run compile-tests && node bench/viewerFormats.mjs [--records N] [--reps N]
//
// Writes test-artifacts/bench/viewerFormats.json. Not part of bench/run.mjs (it needs no broker and
// compares our two paths, not us with a peer).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, loadavg, ratio, requireOut, say, spread } from './lib.mjs';

const { values } = parseArgs({ options: { records: { type: 'string', default: '100000' }, reps: { type: 'string', default: '5' } } });
const RECORDS = Number(values.records);
const REPS = Number(values.reps);

const { loadSchemaFile } = requireOut('core/formats/schemaFiles.js');
const { RecordDecoder } = requireOut('core/formats/recordDecoder.js');
const { RecordStore } = requireOut('core/recordsViewer/recordStore.js');
const { timeOrder } = requireOut('core/recordsViewer/recordView.js');
const { rowsAt } = requireOut('core/recordsViewer/recordRows.js');
const { recordDetail } = requireOut('core/recordsViewer/recordDetail.js');
const { exportLines } = requireOut('core/recordsViewer/recordExport.js');
const { decodedPanelLines, recordPanelLines } = requireOut('core/rendering/recordLine.js');

const codec = loadSchemaFile(path.join(ROOT, 'bench', 'schemas', 'benchOrder.avsc'));
const decoder = new RecordDecoder({ value: { format: 'avro', codec } });
const order = (i) => ({
  id: `order-${String(i).padStart(8, '0')}`,
  kind: i % 10 === 0 ? 'OTHER' : 'BENCH',
  customer: { name: `customer ${i % 997}`, tier: i % 3 === 0 ? null : 'gold' },
  amount: Math.round(i * 13.37) / 100,
  quantity: i % 50,
  createdAt: 1_764_000_000_000 + i,
  tags: ['bench', `shard-${i % 16}`],
  note: 'x'.repeat(40),
});
const raw = (i, value) => ({ offset: i, timestamp: 1_764_000_000_000 + i, key: Buffer.from(`k${i % 1000}`), value, headers: {} });
const avroRecords = Array.from({ length: RECORDS }, (_, i) => raw(i, codec.encode(order(i))));
// The same orders as a plain topic holds them: JSON text (decoded by nothing, the byte fast paths).
const jsonRecords = Array.from({ length: RECORDS }, (_, i) => raw(i, Buffer.from(JSON.stringify(codec.decode(avroRecords[i].value)))));
const storeOf = (records) => {
  const store = new RecordStore('bench');
  for (let at = 0; at < records.length; at += 500) store.appendRaw(0, records.slice(at, at + 500));
  return store;
};
const avroStore = storeOf(avroRecords);
const jsonStore = storeOf(jsonRecords);
const avroOrder = timeOrder(avroStore);
const jsonOrder = timeOrder(jsonStore);

/** Milliseconds `work` takes (once). */
function time(work) {
  const t0 = performance.now();
  work();
  return performance.now() - t0;
}

const BATCH = 500;
const WINDOW = 100;
const DETAILS = 2000;
const scenarios = {
  tailLines: {
    unit: 'records/s',
    decoded: () => time(() => {
      for (let at = 0; at < RECORDS; at += BATCH) decodedPanelLines('bench', 0, avroRecords.slice(at, at + BATCH), decoder);
    }),
    plain: () => time(() => {
      for (let at = 0; at < RECORDS; at += BATCH) recordPanelLines('bench', 0, jsonRecords.slice(at, at + BATCH));
    }),
    rate: (ms) => RECORDS / (ms / 1000),
  },
  viewerRows: {
    unit: 'rows/s (windows of 100)',
    decoded: () => time(() => {
      for (let start = 0; start < RECORDS; start += WINDOW) rowsAt(avroStore, avroOrder, start, WINDOW, decoder);
    }),
    plain: () => time(() => {
      for (let start = 0; start < RECORDS; start += WINDOW) rowsAt(jsonStore, jsonOrder, start, WINDOW);
    }),
    rate: (ms) => RECORDS / (ms / 1000),
  },
  exportJsonLines: {
    unit: 'records/s',
    decoded: () => time(() => {
      for (const line of exportLines(avroStore, avroOrder, 'jsonl', decoder)) if (line.length === 0) throw new Error('empty line');
    }),
    plain: () => time(() => {
      for (const line of exportLines(jsonStore, jsonOrder, 'jsonl')) if (line.length === 0) throw new Error('empty line');
    }),
    rate: (ms) => RECORDS / (ms / 1000),
  },
  detail: {
    unit: 'details/s',
    decoded: () => time(() => {
      for (let k = 0; k < DETAILS; k++) recordDetail(avroStore, (k * 7919) % RECORDS, { decoder });
    }),
    plain: () => time(() => {
      for (let k = 0; k < DETAILS; k++) recordDetail(jsonStore, (k * 7919) % RECORDS, {});
    }),
    rate: (ms) => DETAILS / (ms / 1000),
  },
};

const results = { date: new Date().toISOString(), records: RECORDS, repetitions: REPS, node: process.version, loadavgAtStart: loadavg(), scenarios: {} };
for (const [name, s] of Object.entries(scenarios)) {
  s.decoded();
  s.plain(); // warm both paths once (compiled readers, JIT)
  const runs = { decoded: [], plain: [] };
  for (let rep = 0; rep < REPS; rep++) {
    for (const who of rep % 2 === 0 ? ['decoded', 'plain'] : ['plain', 'decoded']) runs[who].push({ rate: s.rate(s[who]()), load: loadavg()[0] });
  }
  const decoded = spread(runs.decoded.map((r) => r.rate), 0);
  const plain = spread(runs.plain.map((r) => r.rate), 0);
  results.scenarios[name] = { unit: s.unit, decoded, plain, ratio: ratio(decoded.median, plain.median), loadavg1: spread([...runs.decoded, ...runs.plain].map((r) => r.load), 2) };
  say(`${name}: decoded ${decoded.median} ${s.unit} (${decoded.min}–${decoded.max}), plain ${plain.median} (${plain.min}–${plain.max}), decoded/plain ${results.scenarios[name].ratio}, load ${results.scenarios[name].loadavg1.median}`);
}
results.loadavgAtEnd = loadavg();
const out = path.join(ROOT, 'test-artifacts', 'bench');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, 'viewerFormats.json'), `${JSON.stringify(results, null, 2)}\n`);
say(`wrote ${path.relative(ROOT, path.join(out, 'viewerFormats.json'))}`);
