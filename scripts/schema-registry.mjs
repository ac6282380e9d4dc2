#!/usr/bin/env node
// A real Confluent-compatible schema registry for tests, without Docker: Apicurio Registry with
// in-memory (H2) storage, serving the Confluent API under /apis/ccompat/v7.
//
//   node scripts/schema-registry.mjs fetch            build the app into the cache (once; ~5 min cold)
//   node scripts/schema-registry.mjs start --dir D    start it (or re-report it) on a free port; prints
//                                                     SCHEMA_REGISTRY_URL=http://127.0.0.1:<port>/apis/ccompat/v7
//   node scripts/schema-registry.mjs status --dir D   exit 0 and the line above when running, else exit 1
//   node scripts/schema-registry.mjs stop --dir D     stop it and delete D
//
// Why 2.4.2.Final and not 3.x: Maven Central here serves apicurio-registry-app 3.3.3 but not the
// modules it depends on (apicurio-registry-schema-util-provider, -contracts-rules, -config-index…
// 3.3.3: "Could not find artifact"), and 3.0.9's parent POM is not served. 2.4.2.Final resolves
// except the deployment jar of Apicurio's own tiny Quarkus extension (built here from its source,
// scripts/schema-registry/config-index-deployment) and JSON Schema's validator (JitPack only, left
// out: this registry takes Avro and Protobuf). Runs on Java 17 (Quarkus 2.16).
// The built app is cached in ${XDG_CACHE_HOME:-~/.cache}/event-broker-explorer/apicurio-registry-<version>.
// Only node builtins, like scripts/broker.mjs.

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { cacheRoot } from './broker.mjs';

export const APICURIO_VERSION = '2.4.2.Final';
/** The Quarkus release Apicurio 2.4.2.Final was built with (its parent POM's quarkus.version). */
const QUARKUS_VERSION = '2.16.4.Final';
const CCOMPAT_PATH = '/apis/ccompat/v7';
const READY_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 15_000;
const HERE = path.dirname(fileURLToPath(import.meta.url));
const SOURCES = path.join(HERE, 'schema-registry');

const log = (msg) => process.stderr.write(`[schema-registry] ${msg}\n`);
export const appDir = () => path.join(cacheRoot(), `apicurio-registry-${APICURIO_VERSION}`, 'quarkus-app');
const stateFile = (dir) => path.join(dir, 'registry.json');

// ---------------------------------------------------------------- build

function mvn(args, what) {
  const r = spawnSync('mvn', ['-B', '-q', '-Dstyle.color=never', ...args], { stdio: ['ignore', 2, 2] });
  if (r.error) throw new Error(`cannot run mvn: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`Maven could not ${what} (exit ${r.status}, its output is above)`);
}

function copyFilled(from, to) {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const [src, dst] = [path.join(from, entry.name), path.join(to, entry.name)];
    if (entry.isDirectory()) copyFilled(src, dst);
    else if (entry.name === 'pom.xml') {
      fs.writeFileSync(dst, fs.readFileSync(src, 'utf8').replaceAll('@APICURIO_VERSION@', APICURIO_VERSION).replaceAll('@QUARKUS_VERSION@', QUARKUS_VERSION));
    } else fs.copyFileSync(src, dst);
  }
}

/** Makes sure the runnable registry is in the cache; runs Maven (twice) only when it is not. */
export function ensureBuilt() {
  const target = appDir();
  if (fs.existsSync(path.join(target, 'quarkus-run.jar'))) return target;
  const t0 = Date.now();
  const work = path.join(path.dirname(target), `.build-${process.pid}-${Date.now()}`);
  try {
    copyFilled(SOURCES, work);
    log(`building Apicurio Registry ${APICURIO_VERSION} with Maven into ${target}`);
    mvn(['-f', path.join(work, 'config-index-deployment', 'pom.xml'), 'install'], "build Apicurio's config-index deployment jar");
    mvn(
      [
        '-f', path.join(work, 'pom.xml'), 'package',
        '-Dquarkus.package.type=fast-jar',
        // The app's classes are unpacked as the application itself; its jar must not sit in lib/ too.
        `-Dquarkus.class-loading.removed-artifacts=io.apicurio:apicurio-registry-app`,
      ],
      `build Apicurio Registry ${APICURIO_VERSION}`,
    );
    fs.rmSync(target, { recursive: true, force: true });
    fs.renameSync(path.join(work, 'target', 'quarkus-app'), target);
    log(`built in ${Math.round((Date.now() - t0) / 1000)} s`);
    return target;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- run

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

function readState(dir) {
  try {
    return JSON.parse(fs.readFileSync(stateFile(dir), 'utf8'));
  } catch {
    return undefined;
  }
}

/** Ready means the Confluent API answers a listing of subjects (not merely an open port). */
async function answers(url) {
  try {
    const res = await fetch(`${url}/subjects`, { signal: AbortSignal.timeout(2000) });
    return res.ok;
  } catch {
    return false;
  }
}

export async function registryStatus({ dir }) {
  const state = readState(dir);
  if (state && alive(state.pid) && (await answers(state.url))) return state;
  return undefined;
}

/** Starts the registry with its state in `dir` (or re-reports the one running there). */
export async function startRegistry({ dir }) {
  const running = await registryStatus({ dir });
  if (running) return running;
  const stale = readState(dir);
  if (stale && alive(stale.pid)) await stopRegistry({ dir, quiet: true });
  const app = ensureBuilt();
  fs.mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}${CCOMPAT_PATH}`;
  const logFile = path.join(dir, 'registry.log');
  const out = fs.openSync(logFile, 'w');
  const t0 = Date.now();
  const child = spawn(
    process.env.EBX_REGISTRY_JAVA || 'java',
    ['-Xmx384m', `-Dquarkus.http.port=${port}`, '-Dquarkus.http.host=127.0.0.1', '-jar', path.join(app, 'quarkus-run.jar')],
    { cwd: dir, detached: true, stdio: ['ignore', out, out] },
  );
  fs.closeSync(out);
  let exited = false;
  child.once('exit', () => (exited = true));
  child.once('error', () => (exited = true));
  child.unref();
  fs.writeFileSync(stateFile(dir), JSON.stringify({ pid: child.pid, port, url, log: logFile }));
  while (!(await answers(url))) {
    if (exited) throw new Error(`the schema registry exited while starting: see ${logFile}`);
    if (Date.now() - t0 > READY_TIMEOUT_MS) {
      await stopRegistry({ dir, quiet: true, keepDir: true });
      throw new Error(`the schema registry did not answer within ${READY_TIMEOUT_MS / 1000} s: see ${logFile}`);
    }
    await sleep(250);
  }
  log(`ready in ${((Date.now() - t0) / 1000).toFixed(1)} s on port ${port}`);
  return readState(dir);
}

/** Stops the registry of `dir` (SIGTERM, then SIGKILL after a grace period) and deletes `dir`. */
export async function stopRegistry({ dir, quiet = false, keepDir = false }) {
  const state = readState(dir);
  if (state && alive(state.pid)) {
    process.kill(state.pid, 'SIGTERM');
    const t0 = Date.now();
    while (alive(state.pid) && Date.now() - t0 < STOP_GRACE_MS) await sleep(100);
    if (alive(state.pid)) process.kill(state.pid, 'SIGKILL');
    if (!quiet) log(`stopped (pid ${state.pid})`);
  } else if (!quiet) log(`no schema registry running in ${dir}`);
  if (!keepDir) fs.rmSync(dir, { recursive: true, force: true });
}

export const formatLine = (state) => `SCHEMA_REGISTRY_URL=${state.url}`;

async function main(argv) {
  const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, options: { dir: { type: 'string' } } });
  const [verb] = positionals;
  const dir = values.dir ? path.resolve(values.dir) : path.join(cacheRoot(), 'schema-registry');
  switch (verb) {
    case 'fetch':
      ensureBuilt();
      return 0;
    case 'start':
      process.stdout.write(`${formatLine(await startRegistry({ dir }))}\n`);
      return 0;
    case 'status': {
      const state = await registryStatus({ dir });
      if (state) process.stdout.write(`${formatLine(state)}\n`);
      return state ? 0 : 1;
    }
    case 'stop':
      await stopRegistry({ dir });
      return 0;
    default:
      log('usage: node scripts/schema-registry.mjs fetch | start --dir DIR | status --dir DIR | stop --dir DIR');
      return 2;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (e) => {
      log(e.message);
      process.exitCode = 1;
    },
  );
}
