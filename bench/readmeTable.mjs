#!/usr/bin/env node
// Prints bench/results/latest.json as the Markdown table of docs/performance.md (a whole `npm run bench` writes it there itself).
//   node bench/readmeTable.mjs [results.json]
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.mjs';
import { tableRows } from './run.mjs';

const file = process.argv[2] ?? path.join(ROOT, 'bench', 'results', 'latest.json');
const results = JSON.parse(fs.readFileSync(file, 'utf8'));
const cell = (v) => (v === null || v === undefined || v === '' ? '' : typeof v === 'boolean' ? (v ? '✅' : '❌') : String(v).replace(/\|/g, '\\|'));
const lines = ['| Figure | Ours | Peer | Ours / peer | Target | Met |', '| --- | ---: | ---: | ---: | --- | :---: |'];
for (const r of tableRows(results)) lines.push(`| ${[r.figure, r.ours, r.peer, r.ratio, r.target, r.met].map(cell).join(' | ')} |`);
process.stdout.write(`${lines.join('\n')}\n`);
