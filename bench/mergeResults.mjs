#!/usr/bin/env node
// Merges the scenarios of several bench result files (runs of `bench/run.mjs --only …`) into
// bench/results/latest.json and rewrites bench/results/table.md from it: the later file wins a
// scenario both hold. The header keeps the first file's machine, and the load at both ends.
//   node bench/mergeResults.mjs first.json second.json …
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.mjs';
import { markdownTable } from './run.mjs';

const files = process.argv.slice(2);
if (files.length < 2) throw new Error('give two or more result files');
const runs = files.map((f) => JSON.parse(fs.readFileSync(f, 'utf8')));
const merged = { ...runs[0], scenarios: Object.assign({}, ...runs.map((r) => r.scenarios)), loadavgAtEnd: runs.at(-1).loadavgAtEnd, mergedFrom: runs.map((r) => ({ date: r.date, commit: r.commit, scenarios: Object.keys(r.scenarios) })) };
const out = path.join(ROOT, 'bench', 'results');
fs.writeFileSync(path.join(out, 'latest.json'), `${JSON.stringify(merged, null, 2)}\n`);
fs.writeFileSync(path.join(out, 'table.md'), markdownTable(merged));
process.stdout.write(markdownTable(merged));
