#!/usr/bin/env node
// A real single-node Apache Kafka broker (KRaft) for development and tests, without Docker.
//
//   npm run broker -- start [--dir DIR]    start (or re-report) the broker; prints
//                                           KAFKA_BOOTSTRAP=127.0.0.1:<port>
//                                           KAFKA_SASL_BOOTSTRAP=127.0.0.1:<port>
//   npm run broker -- status [--dir DIR]   exit 0 and the lines above when running, else exit 1
//   npm run broker -- stop [--dir DIR]     stop it and delete its data
//
// The jars come from Maven Central (scripts/broker/pom.xml + `mvn dependency:copy-dependencies`)
// and are cached outside the repository in ${XDG_CACHE_HOME:-~/.cache}/event-broker-explorer.
// Listeners (all on 127.0.0.1, free ports picked at start):
//   PLAINTEXT       no authentication (principal ANONYMOUS, a super user)
//   SASL_PLAINTEXT  PLAIN and SCRAM-SHA-256; users admin/admin-secret (super user) and
//                   reader/reader-secret (no ACLs: denied everything until a test grants some)
//   CONTROLLER      KRaft controller
// Only node builtins: this runs before (and independently of) `npm ci`.

import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const KAFKA_VERSION = '3.9.1';
export const SLF4J_VERSION = '1.7.36';
export const LOCAL_USERS = {
  admin: { username: 'admin', password: 'admin-secret' },
  reader: { username: 'reader', password: 'reader-secret' },
};

const HERE = path.dirname(fileURLToPath(import.meta.url));
const READY_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 10_000;

export function cacheRoot() {
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'event-broker-explorer');
}
export const defaultStateDir = () => path.join(cacheRoot(), 'broker');
export const libsDir = () => path.join(cacheRoot(), `kafka-${KAFKA_VERSION}`, 'libs');

const log = (msg) => process.stderr.write(`[broker] ${msg}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- jars

/** Makes sure the broker's jars are in the cache; runs Maven only when they are not. */
export function ensureJars() {
  const libs = libsDir();
  if (fs.existsSync(libs) && fs.readdirSync(libs).some((f) => f.startsWith(`kafka_2.13-${KAFKA_VERSION}`))) {
    return libs;
  }
  const t0 = Date.now();
  const work = path.join(path.dirname(libs), `.build-${process.pid}-${Date.now()}`);
  fs.mkdirSync(work, { recursive: true });
  try {
    const pom = fs
      .readFileSync(path.join(HERE, 'broker', 'pom.xml'), 'utf8')
      .replaceAll('@KAFKA_VERSION@', KAFKA_VERSION)
      .replaceAll('@SLF4J_VERSION@', SLF4J_VERSION);
    fs.writeFileSync(path.join(work, 'pom.xml'), pom);
    const out = path.join(work, 'libs');
    log(`fetching Kafka ${KAFKA_VERSION} jars with Maven into ${libs}`);
    const r = spawnSync(
      'mvn',
      ['-B', '-q', '-Dstyle.color=never', '-f', path.join(work, 'pom.xml'), 'dependency:copy-dependencies', `-DoutputDirectory=${out}`],
      { stdio: ['ignore', 2, 2] }, // Maven's output goes to stderr: stdout carries only the KAFKA_* lines
    );
    if (r.error) throw new Error(`cannot run mvn: ${r.error.message}`);
    if (r.status !== 0) throw new Error(`mvn dependency:copy-dependencies failed (exit ${r.status})`);
    // Atomic publish: a concurrent run that got there first wins; ours is discarded.
    try {
      fs.renameSync(out, libs);
    } catch (e) {
      if (!fs.existsSync(libs)) throw e;
    }
    log(`jars ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return libs;
}

// ---------------------------------------------------------------- state

const files = (dir) => ({
  state: path.join(dir, 'state.json'),
  pid: path.join(dir, 'broker.pid'),
  props: path.join(dir, 'server.properties'),
  log4j: path.join(dir, 'log4j.properties'),
  data: path.join(dir, 'data'),
  log: path.join(dir, 'broker.log'), // log4j output
  out: path.join(dir, 'broker.out'), // the JVM's stdout/stderr
});

function readState(dir) {
  try {
    return JSON.parse(fs.readFileSync(files(dir).state, 'utf8'));
  } catch {
    return undefined;
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

/** True when `pid` is alive and (where /proc tells) is our broker for this state dir, not a reused pid. */
function isOurBroker(pid, dir) {
  if (!pid || !isAlive(pid)) return false;
  try {
    const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return cmd.includes('kafka.Kafka') && cmd.includes(files(dir).props);
  } catch {
    return !fs.existsSync('/proc/self'); // no /proc (not Linux): trust the pid
  }
}

function runningState(dir) {
  const st = readState(dir);
  return st && isOurBroker(st.pid, dir) ? st : undefined;
}

const result = (st) => ({
  bootstrap: `127.0.0.1:${st.ports.plaintext}`,
  saslBootstrap: `127.0.0.1:${st.ports.sasl}`,
  pid: st.pid,
  dir: st.dir,
});

export function formatLines(r) {
  return `KAFKA_BOOTSTRAP=${r.bootstrap}\nKAFKA_SASL_BOOTSTRAP=${r.saslBootstrap}\n`;
}

// ---------------------------------------------------------------- helpers

async function freePorts(n) {
  const servers = [];
  try {
    for (let i = 0; i < n; i++) {
      const s = net.createServer();
      servers.push(s);
      await new Promise((res, rej) => {
        s.once('error', rej);
        s.listen(0, '127.0.0.1', res);
      });
    }
    return servers.map((s) => s.address().port);
  } finally {
    await Promise.all(servers.map((s) => new Promise((r) => s.close(() => r()))));
  }
}

function canConnect(port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const sock = net.connect({ host: '127.0.0.1', port });
    const done = (ok) => {
      sock.destroy();
      resolve(ok);
    };
    sock.setTimeout(timeoutMs, () => done(false));
    sock.once('connect', () => done(true));
    sock.once('error', () => done(false));
  });
}

function tail(file, lines = 40) {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

function brokerLogTail(dir) {
  const f = files(dir);
  return [`--- ${f.out} ---`, tail(f.out, 20), `--- ${f.log} (tail) ---`, tail(f.log, 40)].join('\n');
}

function clusterId() {
  // 16 random bytes, base64url = 22 chars (Kafka's Uuid format). Avoid a leading '-' (CLI parsing).
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

function serverProperties({ dir, ports }) {
  const { admin, reader } = LOCAL_USERS;
  const plainJaas =
    'org.apache.kafka.common.security.plain.PlainLoginModule required' +
    ` username="${admin.username}" password="${admin.password}"` +
    ` user_${admin.username}="${admin.password}" user_${reader.username}="${reader.password}";`;
  return `# Generated by scripts/broker.mjs - single-node KRaft broker for development and tests.
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:${ports.controller}
controller.listener.names=CONTROLLER
listeners=PLAINTEXT://127.0.0.1:${ports.plaintext},SASL_PLAINTEXT://127.0.0.1:${ports.sasl},CONTROLLER://127.0.0.1:${ports.controller}
advertised.listeners=PLAINTEXT://127.0.0.1:${ports.plaintext},SASL_PLAINTEXT://127.0.0.1:${ports.sasl}
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,SASL_PLAINTEXT:SASL_PLAINTEXT,CONTROLLER:PLAINTEXT
inter.broker.listener.name=PLAINTEXT

# Authentication on SASL_PLAINTEXT: PLAIN (inline users) and SCRAM-SHA-256 (credentials added at format time).
sasl.enabled.mechanisms=PLAIN,SCRAM-SHA-256
listener.name.sasl_plaintext.plain.sasl.jaas.config=${plainJaas}
listener.name.sasl_plaintext.scram-sha-256.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;

# Real ACLs. ANONYMOUS = the PLAINTEXT listener and the controller.
authorizer.class.name=org.apache.kafka.metadata.authorizer.StandardAuthorizer
super.users=User:${admin.username};User:ANONYMOUS

# Like VAST: topics are never created implicitly.
auto.create.topics.enable=false
num.partitions=1
offsets.topic.replication.factor=1
offsets.topic.num.partitions=3
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
group.initial.rebalance.delay.ms=0

log.dirs=${files(dir).data}
`;
}

function log4jProperties(dir) {
  return `# Generated by scripts/broker.mjs - broker logs go to a file, INFO (noisy loggers at WARN).
log4j.rootLogger=INFO, file
log4j.appender.file=org.apache.log4j.RollingFileAppender
log4j.appender.file.File=${files(dir).log}
log4j.appender.file.MaxFileSize=20MB
log4j.appender.file.MaxBackupIndex=2
log4j.appender.file.layout=org.apache.log4j.PatternLayout
log4j.appender.file.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka.request.logger=WARN
log4j.logger.kafka.network.RequestChannel$=WARN
log4j.logger.state.change.logger=WARN
log4j.logger.kafka.authorizer.logger=WARN
log4j.logger.org.apache.kafka.controller=INFO
log4j.logger.org.apache.kafka.clients=WARN
log4j.logger.org.apache.kafka.common.utils.AppInfoParser=WARN
`;
}

/** Runs a command asynchronously (so signals reach us meanwhile); resolves { code, output, error }. */
function run(cmd, args) {
  return new Promise((resolve) => {
    let output = '';
    const p = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    p.stdout.on('data', (d) => (output += d));
    p.stderr.on('data', (d) => (output += d));
    p.once('error', (error) => resolve({ code: null, output, error }));
    p.once('close', (code) => resolve({ code, output }));
  });
}

function java(libs, args) {
  return ['-cp', `${libs}${path.sep}*`, ...args];
}

// ---------------------------------------------------------------- start / stop / status

/**
 * Starts the broker whose state lives in `dir` (or re-reports the running one).
 * `ownerPid`: when given, a tiny watchdog stops the broker if that process dies (used by the test runner,
 * so a killed test run never leaves a JVM behind) and deletes its data (the whole `dir` with
 * `removeDirOnOwnerExit`).
 * Returns { bootstrap, saslBootstrap, pid, dir, startMs, reused }.
 */
export async function startBroker({ dir = defaultStateDir(), ownerPid, removeDirOnOwnerExit = false } = {}) {
  dir = path.resolve(dir);
  const t0 = Date.now();
  const existing = runningState(dir);
  if (existing) {
    await waitReady(dir, existing);
    return { ...result(existing), startMs: Date.now() - t0, reused: true };
  }

  const libs = ensureJars();
  const tStart = Date.now();
  const f = files(dir);
  fs.mkdirSync(dir, { recursive: true });
  for (const p of [f.data, f.state, f.pid, f.log, f.out]) fs.rmSync(p, { recursive: true, force: true });

  const [plaintext, sasl, controller] = await freePorts(3);
  const ports = { plaintext, sasl, controller };
  fs.writeFileSync(f.props, serverProperties({ dir, ports }));
  fs.writeFileSync(f.log4j, log4jProperties(dir));
  const log4jOpt = `-Dlog4j.configuration=file:${f.log4j}`;

  // Format the log dir, with SCRAM credentials for the local users.
  const id = clusterId();
  const scram = Object.values(LOCAL_USERS).flatMap((u) => [
    '--add-scram',
    `SCRAM-SHA-256=[name=${u.username},password=${u.password}]`,
  ]);
  const fmt = await run('java', [
    log4jOpt,
    ...java(libs, ['kafka.tools.StorageTool', 'format', '-t', id, '-c', f.props, ...scram]),
  ]);
  if (fmt.error || fmt.code !== 0) {
    throw new Error(`kafka StorageTool format failed: ${fmt.error?.message ?? `exit ${fmt.code}`}\n${fmt.output}`);
  }

  // Start detached in its own process group; stdout/stderr to broker.out.
  const outFd = fs.openSync(f.out, 'a');
  const child = spawn(
    'java',
    [
      '-Xmx512m',
      '-XX:+UseG1GC',
      '-XX:MaxGCPauseMillis=20',
      '-Djava.awt.headless=true',
      log4jOpt,
      ...java(libs, ['kafka.Kafka', f.props]),
    ],
    { detached: true, stdio: ['ignore', outFd, outFd], cwd: dir },
  );
  fs.closeSync(outFd);
  let exited = null;
  child.once('exit', (code, signal) => (exited = { code, signal }));
  child.unref();
  const st = { pid: child.pid, ports, dir, clusterId: id, kafkaVersion: KAFKA_VERSION, startedAt: new Date().toISOString() };
  fs.writeFileSync(f.pid, `${child.pid}\n`);
  fs.writeFileSync(f.state, JSON.stringify(st, null, 2) + '\n');
  if (ownerPid) {
    const f2 = files(dir);
    startWatchdog(ownerPid, child.pid, removeDirOnOwnerExit ? [dir] : [f2.data, f2.state, f2.pid]);
  }

  try {
    await waitReady(dir, st, () => exited);
  } catch (e) {
    await stopBroker({ dir, quiet: true });
    throw e;
  }
  return { ...result(st), startMs: Date.now() - tStart, reused: false };
}

async function waitReady(dir, st, exitedFn = () => null) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const ex = exitedFn() ?? (isAlive(st.pid) ? null : { code: '?', signal: null });
    if (ex) {
      throw new Error(`Kafka broker exited during start-up (code ${ex.code}, signal ${ex.signal})\n${brokerLogTail(dir)}`);
    }
    if ((await canConnect(st.ports.plaintext)) && (await canConnect(st.ports.sasl))) return;
    if (Date.now() > deadline) {
      throw new Error(`Kafka broker not ready after ${READY_TIMEOUT_MS / 1000} s\n${brokerLogTail(dir)}`);
    }
    await sleep(200);
  }
}

/** Kills the broker if the owner process dies. A detached node one-liner, so it survives our exit. */
function startWatchdog(ownerPid, brokerPid, rmPaths) {
  const src = `
    const [owner, broker] = [${Number(ownerPid)}, ${Number(brokerPid)}];
    const alive = (p) => { try { process.kill(p, 0); return true; } catch (e) { return e.code === 'EPERM'; } };
    const t = setInterval(() => {
      if (!alive(broker)) { clearInterval(t); return; }
      if (alive(owner)) return;
      clearInterval(t);
      try { process.kill(-broker, 'SIGTERM'); } catch {}
      setTimeout(() => { try { process.kill(-broker, 'SIGKILL'); } catch {} }, ${STOP_GRACE_MS}).unref();
      const w = setInterval(() => { if (!alive(broker)) { clearInterval(w); for (const p of ${JSON.stringify(rmPaths)}) { try { require('fs').rmSync(p, { recursive: true, force: true }); } catch {} } } }, 200);
    }, 1000);`;
  const w = spawn(process.execPath, ['-e', src], { detached: true, stdio: 'ignore' });
  w.unref();
}

/** Stops the broker in `dir` (SIGTERM to its process group, SIGKILL after ~10 s) and deletes its data. */
export async function stopBroker({ dir = defaultStateDir(), quiet = false } = {}) {
  dir = path.resolve(dir);
  const f = files(dir);
  const st = readState(dir);
  let wasRunning = false;
  if (st && isOurBroker(st.pid, dir)) {
    wasRunning = true;
    const t0 = Date.now();
    const kill = (sig) => {
      try {
        process.kill(-st.pid, sig);
      } catch {
        try {
          process.kill(st.pid, sig);
        } catch {}
      }
    };
    kill('SIGTERM');
    while (isAlive(st.pid) && Date.now() - t0 < STOP_GRACE_MS) await sleep(100);
    if (isAlive(st.pid)) {
      if (!quiet) log(`broker did not stop within ${STOP_GRACE_MS / 1000} s, sending SIGKILL`);
      kill('SIGKILL');
      while (isAlive(st.pid) && Date.now() - t0 < STOP_GRACE_MS + 5000) await sleep(100);
    }
    if (!quiet) log(`stopped (pid ${st.pid}) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } else if (!quiet) {
    log('not running');
  }
  for (const p of [f.data, f.state, f.pid]) fs.rmSync(p, { recursive: true, force: true });
  return { wasRunning };
}

/** { running: false } or { running: true, bootstrap, saslBootstrap, pid, dir }. */
export async function brokerStatus({ dir = defaultStateDir() } = {}) {
  dir = path.resolve(dir);
  const st = runningState(dir);
  if (!st) return { running: false };
  const ready = (await canConnect(st.ports.plaintext)) && (await canConnect(st.ports.sasl));
  return { running: true, ready, ...result(st) };
}

// ---------------------------------------------------------------- CLI

async function main(argv) {
  const usage = 'usage: node scripts/broker.mjs start|stop|status [--dir DIR]';
  let cmd;
  let dir = defaultStateDir();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--dir') dir = argv[++i];
    else if (a.startsWith('--dir=')) dir = a.slice(6);
    else if (a === '-h' || a === '--help') return console.log(usage), 0;
    else if (!cmd) cmd = a;
    else throw new Error(`unexpected argument ${a}\n${usage}`);
  }
  if (!dir) throw new Error(`--dir needs a value\n${usage}`);
  switch (cmd) {
    case 'start': {
      const r = await startBroker({ dir });
      log(
        r.reused
          ? `already running (pid ${r.pid}, state in ${r.dir})`
          : `Kafka ${KAFKA_VERSION} started in ${(r.startMs / 1000).toFixed(1)} s (pid ${r.pid}, state in ${r.dir})`,
      );
      process.stdout.write(formatLines(r));
      return 0;
    }
    case 'stop':
      await stopBroker({ dir });
      return 0;
    case 'status': {
      const s = await brokerStatus({ dir });
      if (!s.running) {
        console.log('not running');
        return 1;
      }
      log(`running (pid ${s.pid}${s.ready ? '' : ', not ready yet'}, state in ${s.dir})`);
      process.stdout.write(formatLines(s));
      return 0;
    }
    default:
      console.error(usage);
      return 2;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (e) => {
      console.error(`[broker] ${e.message}`);
      process.exitCode = 1;
    },
  );
}
