#!/usr/bin/env node
// `npm run demo`: see Event Broker Explorer work in one command.
//
//   npm run demo [-- --headless] [-- --editor code|code-server|none] [-- --port N] [-- --plain]
//
// 1. Starts a local Apache Kafka broker (scripts/broker.mjs) in a temporary state dir of its own —
//    never the one of `npm run broker` or `npm test` — unless KAFKA_BOOTSTRAP points at a broker
//    (with KAFKA_USERNAME / KAFKA_PASSWORD for SASL PLAIN, as VAST's guides do). In front of its own
//    broker it puts the tests' VAST-like proxy (test/support/vastLikeBrokerProxy.ts, bundled with
//    esbuild into the temporary dir): end offsets that trail the newest events, empty fetches
//    answered at once, as VAST does, so the tree's ≈ and "caught up by reading" are seen. The editor
//    and the printed KAFKA_BOOTSTRAP go through it; the seeding and the live clients go straight to
//    the broker. --plain (or EBX_DEMO_PLAIN=1): no proxy, the bare broker.
// 2. Seeds the scenario of VAST's consuming guide (scripts/demo/scenario.mjs; idempotent) and keeps
//    two consumers and a trickle producer running (scripts/demo/liveClients.mjs).
// 3. Opens VS Code with the extension: the desktop `code` with this repository as the development
//    extension when `code` is on the PATH, otherwise code-server on 127.0.0.1 with the packaged .vsix
//    installed, and prints the URL to open. --headless (or EBX_DEMO_HEADLESS=1): code-server, no
//    browser opened, just the URL.
// 4. Ctrl-C (SIGINT) or SIGTERM stops everything it started and removes everything it created. A
//    detached watchdog does the same if the demo is killed outright.
//
// stdout carries the banner and these lines (for scripts and the demo test):
//   KAFKA_BOOTSTRAP=<host:port>   EBX_DEMO_URL=<url>   EBX_DEMO_DIR=<temp dir>   EBX_DEMO_READY_MS=<ms>
//   EBX_DEMO_BROKER=<host:port> (the broker itself; KAFKA_BOOTSTRAP is the proxy in front of it, or the same)
import { fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const t0 = Date.now();
const log = (msg) => process.stderr.write(`[demo] ${msg}\n`);
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;

const USAGE = 'usage: npm run demo [-- --headless] [--editor code|code-server|none] [--port N] [--plain]';

/** How far the proxy's end offsets trail the true ones, in records (VAST's trail by 10–55 s). */
const END_OFFSET_TRAIL = 5;

/** The demo's options from the command line, over EBX_DEMO_HEADLESS / EBX_DEMO_EDITOR / EBX_DEMO_PORT. */
function demoOptions(argv) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        headless: { type: 'boolean', default: process.env.EBX_DEMO_HEADLESS === '1' || process.env.EBX_DEMO_HEADLESS === 'true' },
        editor: { type: 'string', default: process.env.EBX_DEMO_EDITOR },
        port: { type: 'string', default: process.env.EBX_DEMO_PORT },
        plain: { type: 'boolean', default: process.env.EBX_DEMO_PLAIN === '1' || process.env.EBX_DEMO_PLAIN === 'true' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (e) {
    // parseArgs's own message, without its hint about '--' (the demo takes no positional arguments).
    throw new Error(`${e.message.replace(/\. To specify a positional argument.*$/s, '')} (try --help)`);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const port = values.port === undefined ? undefined : Number(values.port);
  if (values.editor && !['code', 'code-server', 'none'].includes(values.editor)) throw new Error(`--editor must be code, code-server or none`);
  if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536)) throw new Error('--port needs a port number');
  return { headless: values.headless, editor: values.editor, port, plain: values.plain };
}

/**
 * The tests' VAST-like proxy in front of `broker`: bundled from its TypeScript source into `dir`
 * (esbuild, as the build) and started in this process, so it stops with the demo.
 */
async function startVastLikeProxy(broker, dir) {
  const esbuild = await import('esbuild');
  const outfile = path.join(dir, 'vastLikeBrokerProxy.mjs');
  await esbuild.build({ entryPoints: [path.join(ROOT, 'test', 'support', 'vastLikeBrokerProxy.ts')], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning' });
  const proxy = await import(pathToFileURL(outfile).href);
  return proxy.startVastLikeProxy(broker, { immediateFetch: true, endOffsetLag: END_OFFSET_TRAIL, recordFetches: false });
}

/** Everything the demo started, in the order it is stopped. */
const started = { editor: undefined, clients: undefined, brokerDir: undefined, watchdog: undefined, proxy: undefined };
let tmp;
let stateFile;
let shuttingDown;

/** Tells the watchdog what to stop if we die without cleaning up. */
function recordState() {
  if (!stateFile || !fs.existsSync(tmp)) return;
  const state = {
    pids: [],
    trees: [started.editor?.pid, started.clients?.pid].filter(Boolean),
    // Every process the demo starts names its temporary directory on its command line (the broker's
    // config, code-server's and VS Code's profiles): the watchdog finds them even once reparented.
    commandLineMarks: [tmp],
    remove: [tmp],
  };
  fs.writeFileSync(`${stateFile}.new`, JSON.stringify(state));
  fs.renameSync(`${stateFile}.new`, stateFile);
}

async function shutdown(reason, exitCode) {
  if (shuttingDown) return shuttingDown;
  shuttingDown = (async () => {
    const t = Date.now();
    log(`${reason}: stopping everything the demo started`);
    const { stopBroker } = await import('./broker.mjs');
    await Promise.allSettled([
      started.editor?.stop(),
      started.clients &&
        new Promise((resolve) => {
          const c = started.clients;
          if (c.exitCode !== null || c.signalCode !== null) return resolve();
          const kill = setTimeout(() => c.kill('SIGKILL'), 10_000);
          c.once('exit', () => (clearTimeout(kill), resolve()));
          c.kill('SIGTERM');
        }),
    ]);
    await started.proxy?.close().catch((e) => log(`stopping the proxy: ${e.message}`));
    // The broker last: the consumers leave their group cleanly first.
    if (started.brokerDir) await stopBroker({ dir: started.brokerDir, quiet: true }).catch((e) => log(`stopping the broker: ${e.message}`));
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true }); // also tells the watchdog to exit
    if (started.watchdog?.pid) {
      try { process.kill(started.watchdog.pid, 'SIGTERM'); } catch { /* already gone */ }
    }
    log(`stopped and cleaned up in ${secs(Date.now() - t)}`);
    process.exit(exitCode);
  })();
  return shuttingDown;
}

function onSignal(sig) {
  if (shuttingDown) {
    log(`${sig} again: still stopping (Ctrl-C once more kills it outright)`);
    process.once(sig, () => process.exit(1)); // the watchdog still cleans up
    return;
  }
  void shutdown(sig, 0);
}

function runNode(args, what) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${what} failed (exit ${code})`))));
  });
}

function startClients(env) {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(ROOT, 'scripts', 'demo', 'liveClients.mjs'), [], { env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    started.clients = child;
    recordState();
    const timer = setTimeout(() => reject(new Error('the demo consumers did not start within 90 s')), 90_000);
    child.once('message', (m) => {
      clearTimeout(timer);
      if (m?.ready) resolve(child);
      else reject(new Error(`the demo consumers failed: ${m?.error ?? 'unknown error'}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!shuttingDown) {
        reject(new Error(`the demo consumers exited (${code})`));
        log(`the demo consumers exited (${code}); the rest keeps running`);
      }
    });
  });
}

async function main() {
  const opts = demoOptions(process.argv.slice(2));
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);
  if (!fs.existsSync(path.join(ROOT, 'node_modules', 'kafkajs'))) throw new Error('dependencies are missing: run `npm ci` first');

  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ebx-demo-'));
  stateFile = path.join(tmp, 'watchdog.json');
  recordState();
  started.watchdog = spawn(process.execPath, [path.join(ROOT, 'scripts', 'demo', 'watchdog.mjs'), String(process.pid), stateFile], { detached: true, stdio: 'ignore' });
  started.watchdog.unref();

  log('building the extension and ebx');
  await runNode(['esbuild.mjs'], 'the build');

  const env = { ...process.env };
  let brokerNote;
  if (env.KAFKA_BOOTSTRAP) {
    brokerNote = `the broker at KAFKA_BOOTSTRAP${env.KAFKA_USERNAME ? ` (SASL PLAIN as ${env.KAFKA_USERNAME})` : ''}; the demo leaves it running`;
    log(`using ${brokerNote}`);
  } else {
    const { startBroker } = await import('./broker.mjs');
    started.brokerDir = path.join(tmp, 'broker');
    recordState();
    log('starting a local Apache Kafka broker');
    const b = await startBroker({ dir: started.brokerDir, ownerPid: process.pid, removeDirOnOwnerExit: true });
    log(`broker ready in ${secs(b.startMs)}`);
    env.KAFKA_BOOTSTRAP = b.bootstrap;
    delete env.KAFKA_USERNAME;
    delete env.KAFKA_PASSWORD;
    brokerNote = `a local Apache Kafka broker the demo started (stopped and deleted on Ctrl-C)`;
  }

  log('seeding the scenario of the consuming guide');
  const { seedScenario } = await import('./demo/seed.mjs');
  // VAST refuses compressed produce requests: compressed batches only where the broker takes them.
  await seedScenario({ env, compressed: Boolean(started.brokerDir) || process.env.EBX_DEMO_COMPRESSION === '1' });
  log('starting two consumers in docs-consuming-rebalance and a trickle producer');
  await startClients(env);

  // What the editor and the printed line connect to: through the VAST-like proxy in front of the
  // demo's own broker (a broker given in KAFKA_BOOTSTRAP is used as it is, VAST's own trail and all).
  const broker = env.KAFKA_BOOTSTRAP;
  let bootstrap = broker;
  if (started.brokerDir && !opts.plain) {
    started.proxy = await startVastLikeProxy(broker, tmp);
    bootstrap = started.proxy.bootstrap;
    brokerNote = `a VAST-like proxy (end offsets trail by ${END_OFFSET_TRAIL} records, empty fetches answered at once; --plain for none) in front of ${brokerNote}, at ${broker}`;
    log(`VAST-like proxy at ${bootstrap} in front of the broker at ${broker}`);
  }

  const { makeWorkspace, onPath, openBrowser, openCodeServer, openDesktopCode } = await import('./demo/editor.mjs');
  const workspace = makeWorkspace(path.join(tmp, 'workspace'));
  const editor = opts.editor ?? (opts.headless ? 'code-server' : onPath('code') ? 'code' : 'code-server');
  let url;
  if (editor === 'code') {
    log('opening the desktop VS Code with the development extension');
    started.editor = await openDesktopCode({ dir: tmp, workspace, env: { KAFKA_BOOTSTRAP: bootstrap } });
    recordState();
  } else if (editor === 'code-server') {
    log('opening code-server with the packaged extension');
    started.editor = await openCodeServer({ dir: path.join(tmp, 'code-server'), workspace, env: { KAFKA_BOOTSTRAP: bootstrap }, port: opts.port, onProgress: log });
    recordState();
    url = started.editor.url;
    started.editor.child.once('exit', (code, signal) => {
      if (!shuttingDown) void shutdown(`code-server exited (${code ?? signal}); see ${started.editor.logFile}`, 1);
    });
  }

  const readyMs = Date.now() - t0;
  const lines = [
    '',
    `Event Broker Explorer demo ready in ${secs(readyMs)}.`,
    url ? `  Open in a browser:  ${url}` : editor === 'code' ? '  A VS Code window opened with the extension (Extension Development Host).' : '  No editor (--editor none).',
    editor === 'none' ? '' : '  Then click the Event Broker icon in the activity bar; the README there says what to try.',
    `  Broker:             KAFKA_BOOTSTRAP=${bootstrap}, ${brokerNote}`,
    `  In a terminal:      KAFKA_BOOTSTRAP=${bootstrap} npx ebx lag demo-idle-3`,
    '  Ctrl-C stops everything the demo started and removes what it created.',
    '',
  ].filter((l, i, all) => l !== '' || i === 0 || i === all.length - 1);
  process.stdout.write(lines.join('\n') + '\n');
  process.stdout.write(`KAFKA_BOOTSTRAP=${bootstrap}\nEBX_DEMO_BROKER=${broker}\n${url ? `EBX_DEMO_URL=${url}\n` : ''}EBX_DEMO_DIR=${tmp}\nEBX_DEMO_READY_MS=${readyMs}\n`);
  if (url && !opts.headless && !openBrowser(url)) log('no display to open a browser on: open the URL above yourself');
}

main().catch((e) => {
  log(`failed: ${e.message}`);
  void shutdown('demo failed', 1);
});
