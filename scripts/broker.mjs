#!/usr/bin/env node
// A real single-node Apache Kafka broker (KRaft) for development and tests, without Docker.
//
//   npm run broker -- start [--kafka VERSION] [--nodes N] [--dir DIR]
//                                           start (or re-report) the broker; prints
//                                           KAFKA_BOOTSTRAP=127.0.0.1:<port>[,…]
//                                           KAFKA_SASL_BOOTSTRAP=127.0.0.1:<port>[,…]
//                                           KAFKA_SSL_BOOTSTRAP=127.0.0.1:<port>[,…]
//                                           KAFKA_SSL_CA=<the CA's PEM file>
//                                         --nodes 3: a KRaft cluster of three processes (each
//                                         controller and broker, its own ports and log dir);
//                                         on a cluster with some nodes down it restarts those;
//                                         --kafka 4.4.0 (or EBX_KAFKA_VERSION=4.4.0): that Apache
//                                         Kafka release from Maven Central, default 3.9.1
//   npm run broker -- status [--dir DIR]   exit 0 and the lines above when running, else exit 1
//   npm run broker -- stop [--dir DIR]     stop it and delete its data
//   npm run broker -- kill [--node ID]     SIGKILL every node (or one), keeping data, state and ports
//   npm run broker -- stop-node --node ID  SIGTERM one node (controlled shutdown), keeping its data
//   npm run broker -- restart [--node ID]  start the killed/stopped nodes again on the same data and ports
//   npm run broker -- fetch [--kafka VERSION]  only fetch the jars (default: every release `npm test`
//                                           runs, 3.9.1 and 4.4.0), e.g. as a CI step of its own
//
// The jars come from Maven Central (scripts/broker/pom.xml + `mvn dependency:copy-dependencies`)
// and are cached outside the repository in ${XDG_CACHE_HOME:-~/.cache}/event-broker-explorer/kafka-<version>.
// Kafka 3.x logs through slf4j 1.7 + reload4j (log4j 1.2 properties); Kafka 4.x through log4j 2
// (log4j-slf4j-impl, a log4j2.properties file). The broker's configuration is the same for both.
// Listeners (all on 127.0.0.1, free ports picked at start):
//   PLAINTEXT       no authentication (principal ANONYMOUS, a super user)
//   SASL_PLAINTEXT  PLAIN and SCRAM-SHA-256; users admin/admin-secret (super user) and
//                   reader/reader-secret (no ACLs: denied everything until a test grants some)
//   SSL             TLS with a certificate for 127.0.0.1 signed by a CA made with keytool at start
//                   (principal ANONYMOUS); the CA's PEM is KAFKA_SSL_CA
//   CONTROLLER      KRaft controller
// Only node builtins: this runs before (and independently of) `npm ci`.

import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** The Kafka release started unless `--kafka VERSION` or EBX_KAFKA_VERSION names another. */
export const DEFAULT_KAFKA_VERSION = '3.9.1';
/**
 * The newest Kafka 4 release on Maven Central that runs on Java 17 (checked 2026-12: 4.4.0's
 * classes are Java 17 bytecode); `npm test` runs the core and cli tiers against it too.
 */
export const KAFKA4_VERSION = '4.4.0';
/** The default release, under its old name (bench/kafkaTools.mjs fetches the kafka-tools of the same version). */
export const KAFKA_VERSION = DEFAULT_KAFKA_VERSION;
/** Kafka 3.x: slf4j 1.7 bound to reload4j. */
const SLF4J_VERSION = '1.7.36';
/** Kafka 4.x: every log4j 2 jar (Kafka's own log4j-api/core and the slf4j binding) at this version. */
const LOG4J2_VERSION = '2.25.5';
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
export const libsDir = (version = DEFAULT_KAFKA_VERSION) => path.join(cacheRoot(), `kafka-${version}`, 'libs');

const log = (msg) => process.stderr.write(`[broker] ${msg}\n`);

// ---------------------------------------------------------------- versions

/**
 * The Kafka release to start: `requested`, else EBX_KAFKA_VERSION, else the default. Throws one
 * sentence for a version this script cannot run (not x.y.z, or before 3.5: SCRAM users are added
 * when the log dirs are formatted, which came in 3.5).
 */
export function resolveKafkaVersion(requested = process.env.EBX_KAFKA_VERSION || DEFAULT_KAFKA_VERSION) {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(String(requested).trim());
  if (!m) throw new Error(`--kafka needs a release number such as ${DEFAULT_KAFKA_VERSION} or ${KAFKA4_VERSION} (got "${requested}")`);
  const [major, minor] = [Number(m[1]), Number(m[2])];
  if (major < 3 || (major === 3 && minor < 5)) throw new Error(`Kafka ${m[0]} is too old for this script: it needs 3.5 or later`);
  if (m[0] === '4.0.0') log('warning: Kafka 4.0.0 refuses JoinGroup v0/v1, which kafkajs sends (4.0.1 restored them): consumer groups will fail');
  return m[0];
}

/** How a Kafka release logs: its Maven logging jars, the config file's name and the JVM flag that points at it. */
function loggingOf(version) {
  if (Number(version.split('.')[0]) < 4) {
    return {
      configName: 'log4j.properties',
      jvmFlag: (file) => `-Dlog4j.configuration=file:${file}`,
      config: log4jProperties,
      pomManagement: '',
      pomDependencies: mavenDependency('org.slf4j', 'slf4j-reload4j', SLF4J_VERSION),
    };
  }
  return {
    configName: 'log4j2.properties',
    jvmFlag: (file) => `-Dlog4j2.configurationFile=${file}`,
    config: log4j2Properties,
    // Kafka 4's own log4j-api/core and the binding at one version (the BOM manages all of them).
    pomManagement: `<dependencies>${mavenDependency('org.apache.logging.log4j', 'log4j-bom', LOG4J2_VERSION, '<type>pom</type><scope>import</scope>')}</dependencies>`,
    // Kafka 4 still logs through slf4j 1.7 (slf4j-api 1.7.36 up to 4.4.0), so the binding is log4j-slf4j-impl.
    pomDependencies: mavenDependency('org.apache.logging.log4j', 'log4j-slf4j-impl'),
  };
}

function mavenDependency(groupId, artifactId, version, extra = '') {
  return `<dependency><groupId>${groupId}</groupId><artifactId>${artifactId}</artifactId>${version ? `<version>${version}</version>` : ''}${extra}</dependency>`;
}

// ---------------------------------------------------------------- jars

/** Makes sure the jars of Kafka `version` are in the cache; runs Maven only when they are not. */
export function ensureJars(version = DEFAULT_KAFKA_VERSION) {
  const libs = libsDir(version);
  if (fs.existsSync(libs) && fs.readdirSync(libs).some((f) => f.startsWith(`kafka_2.13-${version}`))) {
    return libs;
  }
  const t0 = Date.now();
  const work = path.join(path.dirname(libs), `.build-${process.pid}-${Date.now()}`);
  fs.mkdirSync(work, { recursive: true });
  try {
    const logging = loggingOf(version);
    const pom = fs
      .readFileSync(path.join(HERE, 'broker', 'pom.xml'), 'utf8')
      .replaceAll('@KAFKA_VERSION@', version)
      .replaceAll('@LOGGING_MANAGEMENT@', logging.pomManagement)
      .replaceAll('@LOGGING_DEPENDENCIES@', logging.pomDependencies);
    fs.writeFileSync(path.join(work, 'pom.xml'), pom);
    const out = path.join(work, 'libs');
    log(`fetching Kafka ${version} jars with Maven into ${libs}`);
    const r = spawnSync(
      'mvn',
      ['-B', '-q', '-Dstyle.color=never', '-f', path.join(work, 'pom.xml'), 'dependency:copy-dependencies', `-DoutputDirectory=${out}`],
      { stdio: ['ignore', 2, 2] }, // Maven's output goes to stderr: stdout carries only the KAFKA_* lines
    );
    if (r.error) throw new Error(`cannot run mvn: ${r.error.message}`);
    if (r.status !== 0) {
      throw new Error(
        `Maven could not fetch Kafka ${version} (exit ${r.status}, its output is above): is ${version} a release listed at https://repo1.maven.org/maven2/org/apache/kafka/kafka_2.13/ ?`,
      );
    }
    // Atomic publish: a concurrent run that got there first wins; ours is discarded.
    try {
      fs.renameSync(out, libs);
    } catch (e) {
      if (!fs.existsSync(libs)) throw e;
    }
    log(`jars ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    // A release Maven could not fetch leaves no empty kafka-<version> directory behind (rmdir
    // removes only an empty one: a concurrent fetch's work dir stays).
    try {
      if (!fs.existsSync(libs)) fs.rmdirSync(path.dirname(libs));
    } catch {}
  }
  return libs;
}

// ---------------------------------------------------------------- state
//
// One state dir per broker or cluster. A single node keeps its files at the top of the dir (as
// before); the nodes of a cluster (`--nodes 3`) each get `node-<id>/`. state.json records every
// node's pid and ports, so a killed node can be started again on the same data and the same ports.

const files = (dir) => ({
  state: path.join(dir, 'state.json'),
  pid: path.join(dir, 'broker.pid'),
  tls: path.join(dir, 'tls'),
});

/** A node's own files: at the top of `dir` for a single node, under node-<id>/ in a cluster. */
const nodeFiles = (dir, nodeId, count) => {
  const base = count === 1 ? dir : path.join(dir, `node-${nodeId}`);
  return {
    base,
    props: path.join(base, 'server.properties'),
    logConfig: (version) => path.join(base, loggingOf(version).configName),
    data: path.join(base, 'data'),
    log: path.join(base, 'broker.log'), // log4j output
    out: path.join(base, 'broker.out'), // the JVM's stdout/stderr
  };
};

function readState(dir) {
  try {
    const st = JSON.parse(fs.readFileSync(files(dir).state, 'utf8'));
    // State written before clusters existed: one node, id 1.
    st.nodes ??= [{ nodeId: 1, pid: st.pid, ports: st.ports }];
    st.kafkaVersion ??= DEFAULT_KAFKA_VERSION;
    return st;
  } catch {
    return undefined;
  }
}

function writeState(dir, st) {
  const first = st.nodes[0];
  Object.assign(st, { pid: first.pid, ports: first.ports }); // the single-node fields, kept for readers of old state
  fs.writeFileSync(files(dir).state, JSON.stringify(st, null, 2) + '\n');
  fs.writeFileSync(files(dir).pid, `${first.pid}\n`);
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

/** True when `pid` is alive and (where /proc tells) is the broker of this properties file, not a reused pid. */
function isOurNode(pid, propsFile) {
  if (!pid || !isAlive(pid)) return false;
  try {
    const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return cmd.includes('kafka.Kafka') && cmd.includes(propsFile);
  } catch {
    return !fs.existsSync('/proc/self'); // no /proc (not Linux): trust the pid
  }
}

const nodeAlive = (st, node) => isOurNode(node.pid, nodeFiles(st.dir, node.nodeId, st.nodes.length).props);

/** The state when every node runs; undefined otherwise. */
function runningState(dir) {
  const st = readState(dir);
  return st && st.nodes.every((n) => nodeAlive(st, n)) ? st : undefined;
}

const hostPorts = (st, kind) => st.nodes.map((n) => `127.0.0.1:${n.ports[kind]}`).join(',');

const result = (st) => ({
  kafkaVersion: st.kafkaVersion,
  bootstrap: hostPorts(st, 'plaintext'),
  saslBootstrap: hostPorts(st, 'sasl'),
  ...(st.nodes[0].ports.ssl ? { sslBootstrap: hostPorts(st, 'ssl'), sslCa: st.tls?.caPem } : {}),
  pid: st.nodes[0].pid,
  dir: st.dir,
  nodes: st.nodes.map((n) => ({ nodeId: n.nodeId, pid: n.pid, bootstrap: `127.0.0.1:${n.ports.plaintext}`, alive: nodeAlive(st, n) })),
});

export function formatLines(r) {
  let lines = `KAFKA_BOOTSTRAP=${r.bootstrap}\nKAFKA_SASL_BOOTSTRAP=${r.saslBootstrap}\n`;
  if (r.sslBootstrap) lines += `KAFKA_SSL_BOOTSTRAP=${r.sslBootstrap}\nKAFKA_SSL_CA=${r.sslCa}\n`;
  return lines;
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

function brokerLogTail(nf) {
  return [`--- ${nf.out} ---`, tail(nf.out, 20), `--- ${nf.log} (tail) ---`, tail(nf.log, 40)].join('\n');
}

function clusterId() {
  // 16 random bytes, base64url = 22 chars (Kafka's Uuid format). Avoid a leading '-' (CLI parsing).
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

function serverProperties({ nf, node, nodes, tls }) {
  const { admin, reader } = LOCAL_USERS;
  const { ports } = node;
  const count = nodes.length;
  const plainJaas =
    'org.apache.kafka.common.security.plain.PlainLoginModule required' +
    ` username="${admin.username}" password="${admin.password}"` +
    ` user_${admin.username}="${admin.password}" user_${reader.username}="${reader.password}";`;
  const voters = nodes.map((n) => `${n.nodeId}@127.0.0.1:${n.ports.controller}`).join(',');
  return `# Generated by scripts/broker.mjs - ${count === 1 ? 'single-node KRaft broker' : `node ${node.nodeId} of a ${count}-node KRaft cluster`} for development and tests.
process.roles=broker,controller
node.id=${node.nodeId}
controller.quorum.voters=${voters}
controller.listener.names=CONTROLLER
listeners=PLAINTEXT://127.0.0.1:${ports.plaintext},SASL_PLAINTEXT://127.0.0.1:${ports.sasl},SSL://127.0.0.1:${ports.ssl},CONTROLLER://127.0.0.1:${ports.controller}
advertised.listeners=PLAINTEXT://127.0.0.1:${ports.plaintext},SASL_PLAINTEXT://127.0.0.1:${ports.sasl},SSL://127.0.0.1:${ports.ssl}
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,SASL_PLAINTEXT:SASL_PLAINTEXT,SSL:SSL,CONTROLLER:PLAINTEXT
inter.broker.listener.name=PLAINTEXT

# Authentication on SASL_PLAINTEXT: PLAIN (inline users) and SCRAM-SHA-256 (credentials added at format time).
sasl.enabled.mechanisms=PLAIN,SCRAM-SHA-256
listener.name.sasl_plaintext.plain.sasl.jaas.config=${plainJaas}
listener.name.sasl_plaintext.scram-sha-256.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;

# TLS on SSL: a certificate for 127.0.0.1 signed by a CA made at start (${tls.caPem}); no client certificates.
ssl.keystore.type=PKCS12
ssl.keystore.location=${tls.keystore}
ssl.keystore.password=${tls.password}
ssl.key.password=${tls.password}
ssl.client.auth=none

# Real ACLs. ANONYMOUS = the PLAINTEXT and SSL listeners and the controller.
authorizer.class.name=org.apache.kafka.metadata.authorizer.StandardAuthorizer
super.users=User:${admin.username};User:ANONYMOUS

# Like VAST: topics are never created implicitly.
auto.create.topics.enable=false
num.partitions=1
offsets.topic.replication.factor=${Math.min(count, 3)}
offsets.topic.num.partitions=3
transaction.state.log.replication.factor=${Math.min(count, 3)}
transaction.state.log.min.isr=${count === 1 ? 1 : 2}
group.initial.rebalance.delay.ms=0
# A killed node's registration expires (it can come back, and a cluster gives its partitions new
# leaders) within a few seconds rather than the default 9.
broker.session.timeout.ms=4000
broker.heartbeat.interval.ms=1000

log.dirs=${nf.data}
`;
}

function log4jProperties(nf) {
  return `# Generated by scripts/broker.mjs - broker logs go to a file, INFO (noisy loggers at WARN).
log4j.rootLogger=INFO, file
log4j.appender.file=org.apache.log4j.RollingFileAppender
log4j.appender.file.File=${nf.log}
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

/** The same logging for Kafka 4.x, in log4j 2's properties format. */
function log4j2Properties(nf) {
  const quiet = {
    request: 'kafka.request.logger',
    requestChannel: 'kafka.network.RequestChannel$',
    stateChange: 'state.change.logger',
    authorizer: 'kafka.authorizer.logger',
    clients: 'org.apache.kafka.clients',
    appInfo: 'org.apache.kafka.common.utils.AppInfoParser',
  };
  return `# Generated by scripts/broker.mjs - broker logs go to a file, INFO (noisy loggers at WARN).
status = warn
appender.file.type = RollingFile
appender.file.name = file
appender.file.fileName = ${nf.log}
appender.file.filePattern = ${nf.log}.%i
appender.file.layout.type = PatternLayout
appender.file.layout.pattern = [%d] %p %m (%c)%n
appender.file.policies.type = Policies
appender.file.policies.size.type = SizeBasedTriggeringPolicy
appender.file.policies.size.size = 20MB
appender.file.strategy.type = DefaultRolloverStrategy
appender.file.strategy.max = 2
rootLogger.level = INFO
rootLogger.appenderRef.file.ref = file
${Object.entries(quiet)
  .map(([id, name]) => `logger.${id}.name = ${name}\nlogger.${id}.level = WARN`)
  .join('\n')}
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

async function mustRun(what, cmd, args) {
  const r = await run(cmd, args);
  if (r.error || r.code !== 0) throw new Error(`${what} failed: ${r.error?.message ?? `exit ${r.code}`}\n${r.output}`);
  return r;
}

function java(libs, args) {
  return ['-cp', `${libs}${path.sep}*`, ...args];
}

/**
 * A CA and a broker certificate for 127.0.0.1 signed by it, made with the JDK's keytool (always
 * there, since the broker needs Java). Made once per state dir; a restart reuses them.
 * Returns { caPem, keystore, password }.
 */
async function ensureTls(dir) {
  const t = files(dir).tls;
  const out = { caPem: path.join(t, 'ca.pem'), keystore: path.join(t, 'broker.p12'), password: 'ebx-test-tls' };
  if (fs.existsSync(out.caPem) && fs.existsSync(out.keystore)) return out;
  fs.rmSync(t, { recursive: true, force: true });
  fs.mkdirSync(t, { recursive: true });
  const caStore = path.join(t, 'ca.p12');
  const csr = path.join(t, 'broker.csr');
  const signed = path.join(t, 'broker.pem');
  const pw = out.password;
  const store = (file) => ['-keystore', file, '-storetype', 'PKCS12', '-storepass', pw, '-keypass', pw];
  const san = 'SAN=IP:127.0.0.1,DNS:localhost';
  const kt = (what, args) => mustRun(`keytool ${what}`, 'keytool', args);
  await Promise.all([
    kt('CA key', ['-genkeypair', '-alias', 'ca', '-dname', 'CN=Event Broker Explorer test CA', '-keyalg', 'EC', '-groupname', 'secp256r1', '-validity', '3650', '-ext', 'bc:c', ...store(caStore)]),
    kt('broker key', ['-genkeypair', '-alias', 'broker', '-dname', 'CN=127.0.0.1', '-keyalg', 'EC', '-groupname', 'secp256r1', '-validity', '3650', '-ext', san, ...store(out.keystore)]),
  ]);
  await Promise.all([
    kt('CA export', ['-exportcert', '-rfc', '-alias', 'ca', '-file', out.caPem, ...store(caStore)]),
    kt('certificate request', ['-certreq', '-alias', 'broker', '-file', csr, ...store(out.keystore)]),
  ]);
  await kt('signing', ['-gencert', '-rfc', '-alias', 'ca', '-infile', csr, '-outfile', signed, '-validity', '3650', '-ext', san, ...store(caStore)]);
  await kt('CA import', ['-importcert', '-noprompt', '-alias', 'ca', '-file', out.caPem, ...store(out.keystore)]);
  await kt('certificate import', ['-importcert', '-noprompt', '-alias', 'broker', '-file', signed, ...store(out.keystore)]);
  fs.rmSync(caStore, { force: true }); // the CA's key is not needed any more
  fs.rmSync(csr, { force: true });
  return out;
}

// ---------------------------------------------------------------- start / stop / status

/**
 * Starts the broker (or, with `nodes: 3`, the cluster) whose state lives in `dir`, or re-reports
 * the running one. `ownerPid`: when given, a tiny watchdog per node stops it if that process dies
 * (used by the test runners, so a killed test run never leaves a JVM behind) and deletes its data
 * (the whole `dir` with `removeDirOnOwnerExit`).
 * Returns { bootstrap, saslBootstrap, sslBootstrap, sslCa, pid, dir, nodes, startMs, reused }.
 */
export async function startBroker({ dir = defaultStateDir(), nodes: count = 1, kafkaVersion, ownerPid, removeDirOnOwnerExit = false } = {}) {
  dir = path.resolve(dir);
  const t0 = Date.now();
  // A version named (argument or EBX_KAFKA_VERSION) must match a broker that already runs here;
  // with none named, the running broker is re-reported whatever its version.
  const named = kafkaVersion ?? process.env.EBX_KAFKA_VERSION;
  const version = resolveKafkaVersion(named || DEFAULT_KAFKA_VERSION);
  const before = readState(dir);
  if (named && before && before.kafkaVersion !== version && before.nodes.some((n) => nodeAlive(before, n))) {
    throw new Error(`a Kafka ${before.kafkaVersion} broker already runs in ${dir}: stop it first (npm run broker -- stop) or give another --dir`);
  }
  const existing = runningState(dir);
  if (existing) {
    await waitReady(existing, existing.nodes);
    return { ...result(existing), startMs: Date.now() - t0, reused: true };
  }
  const partly = readState(dir);
  if (partly && partly.nodes.some((n) => nodeAlive(partly, n))) {
    // Some nodes of a cluster were killed or stopped: bring them back on their data, wipe nothing.
    const r = await restartBroker({ dir });
    return { ...r, startMs: Date.now() - t0, reused: true };
  }
  if (!Number.isInteger(count) || count < 1 || count > 9) throw new Error(`--nodes must be between 1 and 9 (got ${count})`);
  await stopBroker({ dir, quiet: true }); // nothing runs: leftovers of an earlier broker go, and it starts afresh

  const libs = ensureJars(version);
  const tStart = Date.now();
  const f = files(dir);
  fs.mkdirSync(dir, { recursive: true });
  fs.rmSync(f.tls, { recursive: true, force: true });
  const tlsReady = ensureTls(dir);

  const ports = await freePorts(4 * count);
  const nodeList = Array.from({ length: count }, (_, i) => ({
    nodeId: i + 1,
    pid: 0,
    ports: { plaintext: ports[4 * i], sasl: ports[4 * i + 1], ssl: ports[4 * i + 2], controller: ports[4 * i + 3] },
  }));
  const tls = await tlsReady;
  const rmPaths = removeDirOnOwnerExit ? [dir] : [f.state, f.pid, ...nodeList.map((n) => (count === 1 ? nodeFiles(dir, n.nodeId, count).data : nodeFiles(dir, n.nodeId, count).base))];
  const st = {
    dir,
    clusterId: clusterId(),
    kafkaVersion: version,
    startedAt: new Date().toISOString(),
    nodes: nodeList,
    tls,
    owner: ownerPid ? { pid: Number(ownerPid), rmPaths } : undefined,
  };

  // Format every node's log dir (in parallel), with SCRAM credentials for the local users.
  const scram = Object.values(LOCAL_USERS).flatMap((u) => ['--add-scram', `SCRAM-SHA-256=[name=${u.username},password=${u.password}]`]);
  await Promise.all(
    nodeList.map(async (node) => {
      const nf = nodeFiles(dir, node.nodeId, count);
      fs.mkdirSync(nf.base, { recursive: true });
      for (const p of [nf.data, nf.log, nf.out]) fs.rmSync(p, { recursive: true, force: true });
      fs.writeFileSync(nf.props, serverProperties({ nf, node, nodes: nodeList, tls }));
      const logging = loggingOf(version);
      fs.writeFileSync(nf.logConfig(version), logging.config(nf));
      await mustRun('kafka StorageTool format', 'java', [
        logging.jvmFlag(nf.logConfig(version)),
        ...java(libs, ['kafka.tools.StorageTool', 'format', '-t', st.clusterId, '-c', nf.props, ...scram]),
      ]);
    }),
  );

  const exits = new Map();
  try {
    for (const node of nodeList) launchNode(libs, st, node, exits);
    writeState(dir, st);
    await waitReady(st, nodeList, exits);
  } catch (e) {
    writeState(dir, st); // the nodes launched so far, for stopBroker to find
    await stopBroker({ dir, quiet: true });
    throw e;
  }
  return { ...result(st), startMs: Date.now() - tStart, reused: false };
}

/** Starts one node's JVM detached, in its own process group; stdout/stderr to broker.out. */
function launchNode(libs, st, node, exits) {
  // An owner that died while we were formatting (or making certificates) would leave a JVM no
  // watchdog watches: start nothing.
  if (st.owner && !isAlive(st.owner.pid)) throw new Error(`the owner process ${st.owner.pid} has exited: not starting node ${node.nodeId}`);
  const nf = nodeFiles(st.dir, node.nodeId, st.nodes.length);
  const outFd = fs.openSync(nf.out, 'a');
  const child = spawn(
    'java',
    [
      // EBX_BROKER_HEAP (e.g. 1g): bench --ceilings sets it; 512 MB ran out after ~20 minutes of
      // 10,000-partition requests on a topic of 10,000 partitions.
      `-Xmx${process.env.EBX_BROKER_HEAP ?? (st.nodes.length === 1 ? '512m' : '384m')}`,
      '-XX:+UseG1GC',
      '-XX:MaxGCPauseMillis=20',
      '-Djava.awt.headless=true',
      loggingOf(st.kafkaVersion).jvmFlag(nf.logConfig(st.kafkaVersion)),
      ...java(libs, ['kafka.Kafka', nf.props]),
    ],
    { detached: true, stdio: ['ignore', outFd, outFd], cwd: nf.base },
  );
  fs.closeSync(outFd);
  child.once('exit', (code, signal) => exits?.set(node.nodeId, { code, signal, pid: child.pid }));
  child.unref();
  node.pid = child.pid;
  if (st.owner && isAlive(st.owner.pid)) startWatchdog(st.owner.pid, child.pid, st.owner.rmPaths);
}

async function waitReady(st, nodes, exits = new Map()) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  const pending = new Set(nodes.map((n) => n.nodeId));
  for (;;) {
    for (const node of nodes) {
      if (!pending.has(node.nodeId)) continue;
      const nf = nodeFiles(st.dir, node.nodeId, st.nodes.length);
      const exited = exits.get(node.nodeId);
      const ex = exited && exited.pid === node.pid ? exited : isAlive(node.pid) ? null : { code: '?', signal: null };
      if (ex) {
        throw new Error(`Kafka broker (node ${node.nodeId}) exited during start-up (code ${ex.code}, signal ${ex.signal})\n${brokerLogTail(nf)}`);
      }
      const { plaintext, sasl, ssl } = node.ports;
      if ((await canConnect(plaintext)) && (await canConnect(sasl)) && (!ssl || (await canConnect(ssl)))) pending.delete(node.nodeId);
      else if (Date.now() > deadline) {
        throw new Error(`Kafka broker (node ${node.nodeId}) not ready after ${READY_TIMEOUT_MS / 1000} s\n${brokerLogTail(nf)}`);
      }
    }
    if (pending.size === 0) return;
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

function signalGroup(pid, sig) {
  try {
    process.kill(-pid, sig);
  } catch {
    try {
      process.kill(pid, sig);
    } catch {}
  }
}

/** Ends one node's JVM: SIGTERM (a controlled shutdown) and SIGKILL after ~10 s, or SIGKILL at once. */
async function endNode(st, node, { kill = false, quiet = false } = {}) {
  if (!nodeAlive(st, node)) return false;
  const t0 = Date.now();
  signalGroup(node.pid, kill ? 'SIGKILL' : 'SIGTERM');
  while (isAlive(node.pid) && Date.now() - t0 < STOP_GRACE_MS) await sleep(50);
  if (isAlive(node.pid)) {
    if (!quiet) log(`node ${node.nodeId} did not stop within ${STOP_GRACE_MS / 1000} s, sending SIGKILL`);
    signalGroup(node.pid, 'SIGKILL');
    while (isAlive(node.pid) && Date.now() - t0 < STOP_GRACE_MS + 5000) await sleep(50);
  }
  if (!quiet) log(`${kill ? 'killed' : 'stopped'} node ${node.nodeId} (pid ${node.pid}) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return true;
}

function pickNodes(st, nodeId) {
  if (nodeId === undefined || nodeId === null) return st.nodes;
  const node = st.nodes.find((n) => n.nodeId === Number(nodeId));
  if (!node) throw new Error(`no node ${nodeId} (nodes: ${st.nodes.map((n) => n.nodeId).join(', ')})`);
  return [node];
}

function stateOrThrow(dir) {
  const st = readState(path.resolve(dir));
  if (!st) throw new Error(`no broker state in ${dir}: start one first`);
  return st;
}

/**
 * SIGKILLs the broker (every node, or node `nodeId`) and keeps its data, state and ports, so
 * restartBroker can bring it back as it was. Returns { killed: [nodeId…] }.
 */
export async function killBroker({ dir = defaultStateDir(), nodeId, quiet = false } = {}) {
  const st = stateOrThrow(dir);
  const killed = [];
  for (const node of pickNodes(st, nodeId)) if (await endNode(st, node, { kill: true, quiet })) killed.push(node.nodeId);
  return { killed };
}

/** Stops one node (or all) with SIGTERM - a controlled shutdown that hands its leaderships over - and keeps its data. */
export async function stopNode({ dir = defaultStateDir(), nodeId, quiet = false } = {}) {
  const st = stateOrThrow(dir);
  const stopped = [];
  for (const node of pickNodes(st, nodeId)) if (await endNode(st, node, { quiet })) stopped.push(node.nodeId);
  return { stopped };
}

/**
 * Starts again the nodes that are not running (every node, or node `nodeId`), on the same data
 * and the same ports, and waits until they accept connections.
 */
export async function restartBroker({ dir = defaultStateDir(), nodeId } = {}) {
  const st = stateOrThrow(dir);
  const t0 = Date.now();
  const libs = ensureJars(st.kafkaVersion);
  const exits = new Map();
  const started = [];
  for (const node of pickNodes(st, nodeId)) {
    if (nodeAlive(st, node)) continue;
    launchNode(libs, st, node, exits);
    started.push(node);
  }
  writeState(st.dir, st);
  await waitReady(st, started, exits);
  return { ...result(st), restarted: started.map((n) => n.nodeId), startMs: Date.now() - t0 };
}

/** Stops the broker (every node: SIGTERM to its process group, SIGKILL after ~10 s) and deletes its data. */
export async function stopBroker({ dir = defaultStateDir(), quiet = false } = {}) {
  dir = path.resolve(dir);
  const f = files(dir);
  const st = readState(dir);
  let wasRunning = false;
  if (st) {
    const t0 = Date.now();
    const ended = await Promise.all(st.nodes.map((node) => endNode(st, node, { quiet: true })));
    wasRunning = ended.some(Boolean);
    if (!quiet) log(wasRunning ? `stopped (pid ${st.nodes.map((n) => n.pid).join(', ')}) in ${((Date.now() - t0) / 1000).toFixed(1)} s` : 'not running');
    for (const node of st.nodes) {
      const nf = nodeFiles(dir, node.nodeId, st.nodes.length);
      fs.rmSync(st.nodes.length === 1 ? nf.data : nf.base, { recursive: true, force: true });
    }
  } else if (!quiet) {
    log('not running');
  }
  for (const p of [files(dir).state, f.pid, path.join(dir, 'data')]) fs.rmSync(p, { recursive: true, force: true });
  return { wasRunning };
}

/** { running: false } or { running: true, ready, bootstrap, saslBootstrap, …, nodes }. Running = at least one node runs. */
export async function brokerStatus({ dir = defaultStateDir() } = {}) {
  dir = path.resolve(dir);
  const st = readState(dir);
  if (!st || !st.nodes.some((n) => nodeAlive(st, n))) return { running: false };
  let ready = true;
  for (const n of st.nodes) ready &&= nodeAlive(st, n) && (await canConnect(n.ports.plaintext)) && (await canConnect(n.ports.sasl));
  return { running: true, ready, ...result(st) };
}

// ---------------------------------------------------------------- CLI

const USAGE =
  'usage: node scripts/broker.mjs start [--kafka VERSION] [--nodes N] [--owner-pid PID] | stop | status | kill [--node ID] | stop-node --node ID | restart [--node ID] | fetch [--kafka VERSION]   [--dir DIR]';

/** The command line as { cmd, dir, nodes, nodeId, kafkaVersion, ownerPid, help }; one sentence (and the usage) for bad input. */
function parseCommandLine(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        dir: { type: 'string', default: defaultStateDir() },
        nodes: { type: 'string', default: '1' },
        node: { type: 'string' },
        kafka: { type: 'string' },
        // Stop the broker (and delete DIR) when that process dies: the test runners' safety net.
        'owner-pid': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    // parseArgs's own message, without its hint about '--' (positionals here never start with '-').
    throw new Error(`${e.message.replace(/\. To specify a positional argument.*$/s, '')}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (positionals.length > 1) throw new Error(`unexpected argument ${positionals[1]}\n${USAGE}`);
  if (!values.dir) throw new Error(`--dir needs a value\n${USAGE}`);
  const whole = (name, value) => {
    if (value === undefined) return undefined;
    if (!/^\d+$/.test(value)) throw new Error(`${name} needs a whole number (got "${value}")\n${USAGE}`);
    return Number(value);
  };
  return {
    cmd: positionals[0],
    dir: values.dir,
    nodes: whole('--nodes', values.nodes),
    nodeId: whole('--node', values.node),
    kafkaVersion: values.kafka,
    ownerPid: whole('--owner-pid', values['owner-pid']),
    help: values.help,
  };
}

async function main(argv) {
  const { cmd, dir, nodes, nodeId, kafkaVersion, ownerPid, help } = parseCommandLine(argv);
  if (help) return console.log(USAGE), 0;
  if (kafkaVersion !== undefined && cmd !== 'start' && cmd !== 'fetch') {
    throw new Error(`--kafka is for start and fetch (${cmd ?? 'no command'} uses the broker's own version)\n${USAGE}`);
  }
  switch (cmd) {
    case 'start': {
      const r = await startBroker({ dir, nodes, kafkaVersion, ownerPid, removeDirOnOwnerExit: ownerPid !== undefined });
      const what = r.nodes.length === 1 ? `Kafka ${r.kafkaVersion}` : `Kafka ${r.kafkaVersion} cluster of ${r.nodes.length} nodes`;
      log(
        r.reused
          ? `Kafka ${r.kafkaVersion} already running (pid ${r.nodes.map((n) => n.pid).join(', ')}, state in ${r.dir})`
          : `${what} started in ${(r.startMs / 1000).toFixed(1)} s (pid ${r.nodes.map((n) => n.pid).join(', ')}, state in ${r.dir})`,
      );
      process.stdout.write(formatLines(r));
      return 0;
    }
    case 'stop':
      await stopBroker({ dir });
      return 0;
    case 'fetch': {
      const versions = kafkaVersion ? [resolveKafkaVersion(kafkaVersion)] : [...new Set([resolveKafkaVersion(), KAFKA4_VERSION])];
      for (const v of versions) log(`Kafka ${v} jars in ${ensureJars(v)}`);
      return 0;
    }
    case 'kill': {
      const r = await killBroker({ dir, nodeId });
      if (r.killed.length === 0) log('nothing was running');
      return 0;
    }
    case 'stop-node': {
      if (nodeId === undefined) throw new Error(`stop-node needs --node ID\n${USAGE}`);
      const r = await stopNode({ dir, nodeId });
      if (r.stopped.length === 0) log(`node ${nodeId} was not running`);
      return 0;
    }
    case 'restart': {
      const r = await restartBroker({ dir, nodeId });
      log(r.restarted.length === 0 ? 'already running' : `restarted node ${r.restarted.join(', ')} in ${(r.startMs / 1000).toFixed(1)} s`);
      process.stdout.write(formatLines(r));
      return 0;
    }
    case 'status': {
      const s = await brokerStatus({ dir });
      if (!s.running) {
        console.log('not running');
        return 1;
      }
      const down = s.nodes.filter((n) => !n.alive).map((n) => n.nodeId);
      log(`Kafka ${s.kafkaVersion} running (pid ${s.nodes.filter((n) => n.alive).map((n) => n.pid).join(', ')}${s.ready ? '' : ', not ready yet'}${down.length ? `, node ${down.join(', ')} down` : ''}, state in ${s.dir})`);
      process.stdout.write(formatLines(s));
      return 0;
    }
    default:
      console.error(cmd ? `unknown command ${cmd}\n${USAGE}` : USAGE);
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
