#!/usr/bin/env node
// `npm test`: runs the test tiers against a real Kafka broker and prints one total line:
//   tests: N passed, N failed
// (npm's "pretest" has already checked, type-checked, built and compiled the tests into out/.)
//
// Broker: when KAFKA_BOOTSTRAP is set (e.g. a real VAST cluster) the tests use it as is. Otherwise a
// fresh local broker (scripts/broker.mjs) is started in a temporary state dir (never the user's own
// broker), KAFKA_BOOTSTRAP / KAFKA_SASL_BOOTSTRAP / EBX_TEST_BROKER=local are set for the tiers, and
// the broker is always stopped at the end (also on failure, SIGINT and SIGTERM; a watchdog stops it
// if this process is killed outright).
//
// `npm test -- core` (or EBX_TEST_TIERS=core,...) runs only the named tiers; when none of them needs a
// broker (`npm test -- unit`), none is started. The `faults-slow` tier
// (kills, a three-node cluster) runs only when named (`npm run test:faults`).
// Kafka release: the suite's broker is EBX_KAFKA_VERSION (default 3.9.1, scripts/broker.mjs); a tier
// that names another (`kafka:`, the *-kafka4 tiers) gets a local broker of that release of its own,
// started before it and stopped after the last adjacent tier of the same release. With KAFKA_BOOTSTRAP
// set those tiers run only when named.
// Exit status: non-zero when any tier fails, or runs zero tests.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { KAFKA4_VERSION, resolveKafkaVersion, startBroker, stopBroker } from './broker.mjs';
import { failureDetails } from './testFailures.mjs';
import { NEEDS, ensureSystemPackages } from './system-packages.mjs';
import { ensureBuilt as ensureRegistryBuilt } from './schema-registry.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ARTIFACTS = path.join(ROOT, 'test-artifacts');
const node = process.execPath;
/** The Kafka release of the suite's own broker, and the Kafka 4 one of the *-kafka4 tiers. */
const [SUITE_KAFKA, KAFKA4] = kafkaVersionsOrExit();

function kafkaVersionsOrExit() {
  try {
    return [resolveKafkaVersion(), resolveKafkaVersion(process.env.EBX_KAFKA4_VERSION || KAFKA4_VERSION)];
  } catch (e) {
    console.error(`[test] ${e.message} (EBX_KAFKA_VERSION / EBX_KAFKA4_VERSION)`);
    console.log('tests: 0 passed, 0 failed');
    process.exit(1);
  }
}

/**
 * The test tiers, run in order. Each: name, cmd, args, optional env (added to the broker env),
 * optional kafka (the Kafka release it needs a local broker of; with startsItsOwnBrokers, the release
 * of the brokers it starts itself: no broker is started for it), optional timeoutMs, optional
 * parse(output) -> { passed, failed } (default: node's spec reporter summary or mocha's "N passing / N failing"),
 * optional needsBroker: false (when only such tiers are selected, no broker is started),
 * optional packages: the Debian packages it uses (scripts/system-packages.mjs installs the missing ones first),
 * optional needsRegistry: its tests start the real schema registry (scripts/schema-registry.mjs), which
 * is built into the cache before the tier runs (minutes once per machine; .ci/run does it as a step of
 * its own) rather than inside a test's time limit.
 */
const CODE_SERVER = NEEDS['code-server'];
const TIERS = [
  // Tier 0: every test that needs no broker (parsers, rules, scanners, the reader against a scripted
  // fake), in seconds; `npm run test:unit` runs the same without the rest of pretest. Two files at
  // a time: they share nothing, and Node's start-up per file is most of the tier's time.
  { name: 'unit', cmd: node, args: () => ['--test', '--test-reporter=spec', '--test-concurrency=2', ...filesEndingWith('out/test/unit', '.test.js')], needsBroker: false },
  { name: 'core', packages: ['kcat'], cmd: node, args: () => ['--test', '--test-reporter=spec', '--test-concurrency=1', ...filesEndingWith('out/test/core', '.test.js')] },
  { name: 'cli', cmd: node, args: () => ['--test', '--test-reporter=spec', '--test-concurrency=1', ...filesEndingWith('out/test/cli', '.test.js')] },
  // core and cli again against Kafka 4 (KIP-896 removed old protocol versions), on a broker of that
  // release started for them (EBX_KAFKA4_VERSION picks another 4.x).
  { name: 'core-kafka4', kafka: KAFKA4, packages: ['kcat'], cmd: node, args: () => ['--test', '--test-reporter=spec', '--test-concurrency=1', ...filesEndingWith('out/test/core', '.test.js')] },
  { name: 'cli-kafka4', kafka: KAFKA4, cmd: node, args: () => ['--test', '--test-reporter=spec', '--test-concurrency=1', ...filesEndingWith('out/test/cli', '.test.js')] },
  // Tier 2: the mocha suite inside a real VS Code extension host (code-server here, @vscode/test-electron where a desktop VS Code is given).
  // Its Schema Registry tests start the real registry: Java and Maven only, no Debian package (NEEDS.registry
  // is the registry tier's Python writers of fixture records, which this tier does not run).
  { name: 'extension-host', packages: CODE_SERVER, needsRegistry: true, cmd: node, args: ['out/test/extension-host/runTests.js'] },
  // Tier 3: the packaged .vsix in code-server, driven through Debian's Chromium. Node 20's --test
  // finds only *.test.js in a directory, so the *.e2e.js files are listed.
  { name: 'e2e', packages: [...CODE_SERVER, 'chromium'], needsRegistry: true, cmd: node, args: () => ['--test', '--test-reporter=spec', '--test-concurrency=1', ...filesEndingWith('out/test/e2e', '.e2e.js')] },
  // Faults the broker answers (topic deleted or grown under a tail, a group revived before its
  // delete, a wrong password, TLS), against the suite's broker.
  { name: 'faults', cmd: node, args: () => ['--test', '--test-reporter=spec', '--test-concurrency=1', ...filesEndingWith('out/test/faults', '.test.js')] },
  // `npm run demo` headless with a broker of its own (after the other tiers, never beside them): the
  // seeded scenario through ebx, the printed URL in Chromium, and nothing left behind after Ctrl-C.
  { name: 'demo', packages: [...CODE_SERVER, 'chromium'], cmd: node, args: ['--test', '--test-reporter=spec', '--test-concurrency=1', 'out/test/demo/demo.test.js'], timeoutMs: 10 * 60_000 },
  // The benchmark scripts at small sizes (bench/run.mjs --smoke, ~40 s), so they cannot rot; figures go
  // to test-artifacts/bench/quick.json and are not held to targets (a shared machine is noisy).
  { name: 'bench', packages: ['kcat', 'time'], cmd: node, args: ['bench/run.mjs', '--smoke'], timeoutMs: 5 * 60_000, parse: parseBenchCounts },
  // A real schema registry (scripts/schema-registry.mjs, Apicurio; each test file starts its own), the
  // records Apache Avro and Google Protobuf wrote (test/fixtures/records) and `ebx` reading them from
  // the broker through it: only when named (.ci/run names it),
  // `npm test -- registry`, since a cold build of the registry takes minutes.
  { name: 'registry', packages: NEEDS.registry, needsRegistry: true, cmd: node, args: () => ['--test', '--test-reporter=spec', '--test-concurrency=1', ...filesEndingWith('out/test/registry', '.test.js')], onlyWhenNamed: true },
  // Real SIGKILLs and a three-node cluster, each file with brokers of its own (a few minutes): only
  // when named, `npm run test:faults` (= `npm test -- faults faults-slow`), which .ci/run also calls.
  { name: 'faults-slow', cmd: node, args: () => ['--test', '--test-reporter=spec', '--test-concurrency=1', ...filesEndingWith('out/test/faults', '.slow.js')], onlyWhenNamed: true },
  // The same on Kafka 4 (--nodes 3, kill and restart of that release): only when named; .ci/run names it.
  { name: 'faults-slow-kafka4', kafka: KAFKA4, startsItsOwnBrokers: true, cmd: node, args: () => ['--test', '--test-reporter=spec', '--test-concurrency=1', ...filesEndingWith('out/test/faults', '.slow.js')], onlyWhenNamed: true },
];

/** `bench: N scenarios ran, M failed` -> passed N, failed M. */
function parseBenchCounts(output) {
  const m = /^bench: (\d+) scenarios ran, (\d+) failed/m.exec(stripAnsi(output));
  return m ? { passed: Number(m[1]), failed: Number(m[2]) } : { passed: 0, failed: 1 };
}

/** A tier's arguments; a function when they depend on files compiled after this script started. */
function argsOf(tier) {
  return typeof tier.args === 'function' ? tier.args() : tier.args;
}

/**
 * Every file below `dir` (subfolders too) whose name ends with `suffix`, sorted. Listed here rather
 * than naming the directory: Node 20's --test searches a directory, Node 22 and later take globs
 * instead (and Node 20 takes no globs).
 */
function filesEndingWith(dir, suffix) {
  const full = path.join(ROOT, dir);
  if (!fs.existsSync(full)) return [];
  return fs.readdirSync(full, { recursive: true }).filter((f) => f.endsWith(suffix)).sort().map((f) => path.join(dir, f));
}

const DEFAULT_TIMEOUT_MS = 30 * 60_000;
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;
const say = (msg) => console.log(`[test] ${msg}`);

// ------------------------------------------------------------------ result parsing

const stripAnsi = (s) => s.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');

function lastNumber(text, re) {
  let n;
  for (const m of text.matchAll(re)) n = Number(m[1]);
  return n;
}

/** Counts from node's test runner summary (`ℹ pass N`, ...) or mocha's (`N passing`, `N failing`). */
export function parseCounts(output) {
  const text = stripAnsi(output);
  const pass = lastNumber(text, /^\s*ℹ pass (\d+)\s*$/gm);
  if (pass !== undefined) {
    const fail = lastNumber(text, /^\s*ℹ fail (\d+)\s*$/gm) ?? 0;
    const cancelled = lastNumber(text, /^\s*ℹ cancelled (\d+)\s*$/gm) ?? 0;
    return { passed: pass, failed: fail + cancelled };
  }
  const passing = lastNumber(text, /^\s*(\d+) passing\b/gm);
  if (passing !== undefined) {
    return { passed: passing, failed: lastNumber(text, /^\s*(\d+) failing\b/gm) ?? 0 };
  }
  return { passed: 0, failed: 0 };
}

// ------------------------------------------------------------------ running a tier

let current; // the running tier's child process

function runTier(tier, env) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    let output = '';
    const child = spawn(tier.cmd, argsOf(tier), {
      cwd: ROOT,
      env: { ...env, ...tier.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    current = child;
    const pipe = (from, to) =>
      from.on('data', (chunk) => {
        to.write(chunk);
        output += chunk.toString('utf8');
      });
    pipe(child.stdout, process.stdout);
    pipe(child.stderr, process.stderr);
    const timeoutMs = tier.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      console.error(`[test] tier ${tier.name} timed out after ${secs(timeoutMs)}, killing it`);
      child.kill('SIGKILL');
    }, timeoutMs);
    const finish = (code, signal, error) => {
      clearTimeout(timer);
      current = undefined;
      if (error) console.error(`[test] tier ${tier.name} could not run: ${error.message}`);
      const counts = (tier.parse ?? parseCounts)(output);
      const ms = Date.now() - t0;
      const ok = !error && !timedOut && code === 0 && counts.failed === 0 && counts.passed > 0;
      resolve({ name: tier.name, ...counts, code, signal, ms, ok, failures: ok ? '' : failureDetails(output) });
    };
    child.once('error', (e) => finish(null, null, e));
    child.once('close', (code, signal) => finish(code, signal));
  });
}

// ------------------------------------------------------------------ main

async function main() {
  const wanted = (process.argv.slice(2).join(',') || process.env.EBX_TEST_TIERS || '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = wanted.filter((w) => !TIERS.some((t) => t.name === w));
  if (unknown.length) throw new Error(`unknown tier(s): ${unknown.join(', ')} (tiers: ${TIERS.map((t) => t.name).join(', ')})`);
  // A tier of another Kafka release than the suite's needs a local broker even when KAFKA_BOOTSTRAP
  // names a cluster: run by default only when the suite's broker is local too.
  const external = Boolean(process.env.KAFKA_BOOTSTRAP);
  const ownRelease = (t) => t.kafka !== undefined && t.kafka !== SUITE_KAFKA;
  const tiers = wanted.length ? TIERS.filter((t) => wanted.includes(t.name)) : TIERS.filter((t) => !t.onlyWhenNamed && !(external && t.kafka));
  if (external && !wanted.length) say(`tiers ${TIERS.filter((t) => t.kafka).map((t) => t.name).join(', ')} start local brokers of their own: only when named`);

  // What the selected tiers run besides Node and Java: installed now (as root) or asked for, in one sentence.
  try {
    ensureSystemPackages([...new Set(tiers.flatMap((t) => t.packages ?? []))], 'npm test');
  } catch (e) {
    console.error(`[test] ${e.message}`);
    console.log('tests: 0 passed, 0 failed');
    process.exit(1);
  }

  // The real schema registry some tiers start: built now when the cache lacks it, saying so.
  if (tiers.some((t) => t.needsRegistry)) {
    try {
      ensureRegistryBuilt();
    } catch (e) {
      console.error(`[test] the schema registry could not be built: ${e.message}`);
      console.log('tests: 0 passed, 0 failed');
      process.exit(1);
    }
  }

  const env = { ...process.env };
  const locals = new Map(); // Kafka release -> { dir, starting, stopping, env } of the local brokers this run started
  let brokerDir; // the suite's broker's state dir, when it is local
  /** Starts a local broker of `version` in a fresh temporary dir; resolves the env the tiers get for it. */
  const startLocal = (version) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ebx-test-broker-'));
    const local = { dir, starting: startBroker({ dir, kafkaVersion: version, ownerPid: process.pid, removeDirOnOwnerExit: true }) };
    locals.set(version, local);
    local.env = local.starting.then((b) => {
      say(`Kafka ${version} broker started in ${secs(b.startMs)}: KAFKA_BOOTSTRAP=${b.bootstrap} KAFKA_SASL_BOOTSTRAP=${b.saslBootstrap} KAFKA_SSL_BOOTSTRAP=${b.sslBootstrap}`);
      // EBX_KAFKA_VERSION: the brokers a tier starts itself (faults-slow, demo) are of the same release.
      return { KAFKA_BOOTSTRAP: b.bootstrap, KAFKA_SASL_BOOTSTRAP: b.saslBootstrap, KAFKA_SSL_BOOTSTRAP: b.sslBootstrap, KAFKA_SSL_CA: b.sslCa, EBX_TEST_BROKER: 'local', EBX_KAFKA_VERSION: version };
    });
    return local.env;
  };
  /** Stops the local broker of `version` (once), keeping its log in test-artifacts/ when asked, and deletes its dir. */
  const stopLocal = (version, { keepLog = false } = {}) => {
    const local = locals.get(version);
    local.stopping ??= (async () => {
      await local.starting.catch(() => {}); // a signal during start-up waits for it, then stops the broker
      if (keepLog) {
        // For a post-mortem; the suite's broker keeps the old names, another release's gets them prefixed
        // (kafka-4.4.0-broker.log: still ending in broker.log, which the artifact checks know as the broker's).
        const prefix = local.dir === brokerDir ? '' : `kafka-${version}-`;
        const copied = ['broker.log', 'broker.out'].filter((f) => {
          try {
            fs.mkdirSync(ARTIFACTS, { recursive: true });
            fs.copyFileSync(path.join(local.dir, f), path.join(ARTIFACTS, prefix + f));
            return true;
          } catch {
            return false; // it never started far enough to write one
          }
        });
        if (copied.length) say(`Kafka ${version} broker log copied to ${path.relative(ROOT, ARTIFACTS)}/${prefix}broker.*`);
      }
      const t0 = Date.now();
      await stopBroker({ dir: local.dir, quiet: true }).catch((e) => console.error(`[test] stopping the Kafka ${version} broker: ${e.message}`));
      fs.rmSync(local.dir, { recursive: true, force: true });
      say(`Kafka ${version} broker stopped in ${secs(Date.now() - t0)}`);
    })();
    return local.stopping;
  };
  const cleanup = (opts) => Promise.all([...locals.keys()].map((version) => stopLocal(version, opts)));
  let interrupted = false;
  const onSignal = (sig) => {
    interrupted = true;
    console.error(`[test] ${sig}: stopping`);
    current?.kill(sig);
    cleanup().finally(() => process.exit(sig === 'SIGINT' ? 130 : 143));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const results = [];
  try {
    if (!tiers.some((t) => t.needsBroker !== false)) {
      say('no selected tier needs a broker (not starting one)');
    } else if (process.env.KAFKA_BOOTSTRAP) {
      say(`using the broker at KAFKA_BOOTSTRAP=${process.env.KAFKA_BOOTSTRAP} (not starting one)`);
    } else if (tiers.some((t) => t.needsBroker !== false && !ownRelease(t) && !(t.startsItsOwnBrokers && t.kafka))) {
      // (Only the tiers of another release, e.g. `npm test -- core-kafka4`: no suite broker.)
      const started = startLocal(SUITE_KAFKA);
      brokerDir = locals.get(SUITE_KAFKA).dir;
      Object.assign(env, await started);
    }

    for (const [i, tier] of tiers.entries()) {
      if (interrupted) break;
      let tierEnv = tier.startsItsOwnBrokers && tier.kafka ? { ...env, EBX_KAFKA_VERSION: tier.kafka } : env;
      const brokerOfItsOwn = !tier.startsItsOwnBrokers && (ownRelease(tier) || (external && tier.kafka !== undefined));
      if (brokerOfItsOwn) {
        const started = locals.get(tier.kafka)?.env ?? startLocal(tier.kafka);
        try {
          tierEnv = { ...env, ...(await started) };
        } catch (e) {
          console.error(`[test] tier ${tier.name}: the Kafka ${tier.kafka} broker did not start: ${e.message}`);
          results.push({ name: tier.name, passed: 0, failed: 0, code: null, signal: null, ms: 0, ok: false });
          continue;
        }
      }
      say(`tier ${tier.name}: ${[path.basename(tier.cmd), ...argsOf(tier)].join(' ')}`);
      const r = await runTier(tier, tierEnv);
      results.push(r);
      const why = r.ok ? '' : r.passed + r.failed === 0 ? ' - FAILED: no tests ran' : ' - FAILED';
      say(`tier ${r.name}: ${r.passed} passed, ${r.failed} failed, exit ${r.code ?? r.signal} in ${secs(r.ms)}${why}`);
      // A broker of the tier's own release goes after the last adjacent tier of that release.
      if (brokerOfItsOwn && tiers[i + 1]?.kafka !== tier.kafka) {
        const keepLog = results.some((x) => !x.ok && tiers.find((t) => t.name === x.name)?.kafka === tier.kafka);
        await stopLocal(tier.kafka, { keepLog });
      }
    }
  } finally {
    // Keep the logs of the brokers still running for a post-mortem when anything failed.
    await cleanup({ keepLog: results.some((r) => !r.ok) || results.length < tiers.length });
  }

  for (const r of results.filter((x) => x.failures)) say(`what failed in tier ${r.name}:\n${r.failures.replace(/^/gm, '    ')}`);
  for (const r of results) say(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(10)} ${r.passed} passed, ${r.failed} failed (${secs(r.ms)})`);
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  console.log(`tests: ${passed} passed, ${failed} failed`);
  return results.length === tiers.length && results.every((r) => r.ok) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(`[test] ${e.message}`);
    console.log('tests: 0 passed, 0 failed');
    process.exit(1);
  },
);
