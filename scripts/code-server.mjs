#!/usr/bin/env node
// Installs code-server (VS Code as a server, from the npm registry) into a cache outside the
// repository and starts it for the extension-host and end-to-end test tiers.
//
//   node scripts/code-server.mjs          # install if needed, print the code-server binary path
//
// Why the install is not a plain `npm install code-server`:
// - npm >= 11.x blocks dependency install scripts unless allow-listed; code-server's postinstall runs
//   a nested `npm install` in lib/vscode whose native modules (node-pty, kerberos, @parcel/watcher,
//   spdlog, argon2, ...) all need their scripts. `dangerously_allow_all_scripts` is set only for this
//   one pinned install, through the environment so the nested installs inherit it.
// - @vscode/ripgrep's postinstall downloads rg from GitHub, which we cannot reach; it accepts a cached
//   archive, so we place one holding Debian's /usr/bin/rg where it looks.
// - As root, code-server's postinstall insists on unsafe_perm; node-gyp is fetched through npx (yes).
// So: phase 1 installs without scripts (to read the exact @vscode/ripgrep version from code-server's
// shrinkwrap), then the ripgrep archive is placed, then phase 2 `npm rebuild` runs every script.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { NEEDS, ensureSystemPackages } from './system-packages.mjs';

export const CODE_SERVER_VERSION = '4.100.3';

export function installDir() {
  const cache = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(cache, 'event-broker-explorer', `code-server-${CODE_SERVER_VERSION}`);
}

export function codeServerBin(dir = installDir()) {
  return path.join(dir, 'node_modules', '.bin', 'code-server');
}

const MARKER = '.install-complete';

function log(msg) {
  process.stderr.write(`[code-server] ${msg}\n`);
}

/** code-server writes ~/.config/code-server/config.yaml (with a password) on every start unless given one. */
export function quietConfig(dir) {
  const file = path.join(dir, 'config.yaml');
  if (!fs.existsSync(file)) fs.writeFileSync(file, 'auth: none\ncert: false\n');
  return file;
}

function binWorks(bin) {
  if (!fs.existsSync(bin)) return false;
  const r = spawnSync(bin, ['--config', quietConfig(path.dirname(path.dirname(path.dirname(bin)))), '--version'], { encoding: 'utf8', timeout: 60_000 });
  return r.status === 0 && r.stdout.includes(CODE_SERVER_VERSION);
}

function run(cmd, args, opts) {
  log(`$ ${cmd} ${args.join(' ')}${opts.cwd ? `   (in ${opts.cwd})` : ''}`);
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], ...opts });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed with exit code ${r.status}${r.error ? `: ${r.error.message}` : ''}`);
}

function requireTool(name, aptPackage) {
  const r = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`'${name}' is missing: apt-get install -y ${aptPackage}`);
  return r.stdout.trim();
}

/** Places a tarball holding Debian's rg where @vscode/ripgrep's postinstall looks for its cached download. */
function placeRipgrepArchive(dir, npmEnv) {
  const shrinkwrap = JSON.parse(fs.readFileSync(path.join(dir, 'node_modules/code-server/lib/vscode/npm-shrinkwrap.json'), 'utf8'));
  const rgPackageVersion = shrinkwrap.packages['node_modules/@vscode/ripgrep'].version;
  // The release tag is a constant in the package's lib/postinstall.js: fetch the (tiny) package to read it.
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ebx-rg-'));
  try {
    run('npm', ['pack', `@vscode/ripgrep@${rgPackageVersion}`, '--pack-destination', scratch, '--silent'], { cwd: scratch, env: npmEnv });
    const tgz = fs.readdirSync(scratch).find((f) => f.endsWith('.tgz'));
    execFileSync('tar', ['xzf', tgz, 'package/lib/postinstall.js'], { cwd: scratch });
    const postinstall = fs.readFileSync(path.join(scratch, 'package/lib/postinstall.js'), 'utf8');
    const tag = /const VERSION = '([^']+)'/.exec(postinstall)?.[1];
    if (!tag) throw new Error('could not find the VERSION constant in @vscode/ripgrep/lib/postinstall.js');
    const target = { x64: 'x86_64-unknown-linux-musl', arm64: 'aarch64-unknown-linux-musl' }[os.arch()];
    if (!target) throw new Error(`unsupported architecture ${os.arch()}`);
    const cacheDir = path.join(os.tmpdir(), `vscode-ripgrep-cache-${rgPackageVersion}`);
    const archive = path.join(cacheDir, `ripgrep-${tag}-${target}.tar.gz`);
    fs.mkdirSync(cacheDir, { recursive: true });
    const rg = requireTool('rg', 'ripgrep');
    fs.copyFileSync(rg, path.join(scratch, 'rg'));
    fs.chmodSync(path.join(scratch, 'rg'), 0o755);
    execFileSync('tar', ['czf', archive, '-C', scratch, 'rg']);
    log(`placed ${archive} (Debian's ${rg})`);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** Files that exist only if every install script that matters actually ran. */
function verifyInstall(dir) {
  const vs = path.join(dir, 'node_modules/code-server/lib/vscode');
  const expected = [
    'node_modules.asar', // symlink made by code-server's postinstall
    'node_modules/@vscode/ripgrep/bin/rg',
    'node_modules/node-pty/build/Release/pty.node',
    'node_modules/@vscode/spdlog/build/Release/spdlog.node',
    'node_modules/kerberos/build/Release/kerberos.node',
  ].map((p) => path.join(vs, p));
  expected.push(path.join(dir, 'node_modules/argon2/lib/binding/napi-v3/argon2.node')); // required at startup
  const missing = expected.filter((p) => !fs.existsSync(p));
  // @parcel/watcher ships prebuilt binaries as optional packages, or builds from source as a fallback.
  const watcher = ['@parcel/watcher/build/Release/watcher.node', `@parcel/watcher-linux-${os.arch()}-glibc/watcher.node`];
  if (!watcher.some((p) => fs.existsSync(path.join(vs, 'node_modules', p)))) missing.push(path.join(vs, 'node_modules', watcher[1]));
  if (missing.length) throw new Error(`code-server install is incomplete, missing:\n  ${missing.join('\n  ')}`);
}

/** Installs code-server once (idempotent) and returns the path of its binary. */
export function ensureCodeServer({ force = false } = {}) {
  const dir = installDir();
  const bin = codeServerBin(dir);
  const installed = () => fs.existsSync(path.join(dir, MARKER)) && binWorks(bin);
  if (!force && installed()) return bin;
  // Tiers 2 and 3 may start in parallel on a fresh machine: one installs, the other waits.
  const lock = `${dir}.lock`;
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      if (Date.now() - fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs > 20 * 60_000) fs.rmSync(lock, { recursive: true, force: true });
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
    }
  }
  try {
    if (!force && installed()) return bin;
    return install(dir, bin);
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

function install(dir, bin) {
  const major = Number(process.versions.node.split('.')[0]);
  if (major !== 20) throw new Error(`code-server ${CODE_SERVER_VERSION} needs Node 20 (this is ${process.version})`);
  ensureSystemPackages(NEEDS['code-server'], `code-server's install`);
  for (const [tool, pkg] of [['make', 'build-essential'], ['g++', 'build-essential'], ['python3', 'python3']]) requireTool(tool, pkg);

  const started = Date.now();
  log(`installing code-server@${CODE_SERVER_VERSION} into ${dir}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'ebx-code-server', private: true }, null, 2));
  const npmEnv = {
    ...process.env,
    npm_config_unsafe_perm: 'true',
    npm_config_yes: 'true',
    npm_config_dangerously_allow_all_scripts: 'true',
    npm_config_foreground_scripts: 'true',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    npm_config_update_notifier: 'false',
  };
  run('npm', ['install', '--ignore-scripts', '--no-save', `code-server@${CODE_SERVER_VERSION}`], { cwd: dir, env: npmEnv });
  placeRipgrepArchive(dir, npmEnv);
  run('npm', ['rebuild'], { cwd: dir, env: npmEnv });
  verifyInstall(dir);
  if (!binWorks(bin)) throw new Error(`${bin} --version does not work after install`);
  fs.writeFileSync(path.join(dir, MARKER), new Date().toISOString() + '\n');
  log(`installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return bin;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function httpOk(url) {
  return new Promise((resolve) => {
    const req = http.get(url, (res) => {
      res.resume();
      resolve(res.statusCode !== undefined && res.statusCode < 500);
    });
    req.on('error', () => resolve(false));
    req.setTimeout(2000, () => req.destroy());
  });
}

/** Every descendant pid of `pid` (code-server forks the extension host, pty host, file watcher). */
function descendants(pid) {
  const children = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch { /* process exited meanwhile */ }
  }
  const out = [];
  const stack = [pid];
  while (stack.length) for (const c of children.get(stack.pop()) ?? []) { out.push(c); stack.push(c); }
  return out;
}

function alive(pid) {
  try { process.kill(pid, 0); return true; } catch { return false; }
}

/**
 * Starts code-server on a free port (unless given) and resolves once HTTP answers.
 * `settings` (optional) is written to <userDataDir>/User/settings.json before start.
 * The server's output goes to `logFile` (default <userDataDir>/code-server.log).
 */
export async function startCodeServer({ port, extensionsDir, userDataDir, folder, env = {}, settings, logFile, args = [], timeoutMs = 60_000 } = {}) {
  const bin = ensureCodeServer();
  port ??= await freePort();
  fs.mkdirSync(extensionsDir, { recursive: true });
  fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  if (settings) fs.writeFileSync(path.join(userDataDir, 'User', 'settings.json'), JSON.stringify(settings, null, 2));
  const configFile = quietConfig(userDataDir);
  logFile ??= path.join(userDataDir, 'code-server.log');
  const out = fs.openSync(logFile, 'a');
  const started = Date.now();
  const child = spawn(bin, [
    '--config', configFile,
    '--auth', 'none',
    '--bind-addr', `127.0.0.1:${port}`,
    '--extensions-dir', extensionsDir,
    '--user-data-dir', userDataDir,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    ...args,
    ...(folder ? [folder] : []),
  ], { env: { ...process.env, ...env }, stdio: ['ignore', out, out], detached: true });
  fs.closeSync(out);
  let exited = null;
  child.on('exit', (code, signal) => { exited = { code, signal }; });

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.pid === undefined) return;
    const pids = [child.pid, ...descendants(child.pid)];
    try { process.kill(-child.pid, 'SIGTERM'); } catch { /* group already gone */ }
    for (const p of pids) { try { process.kill(p, 'SIGTERM'); } catch { /* gone */ } }
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && pids.some(alive)) await sleep(100);
    for (const p of pids) { try { process.kill(p, 'SIGKILL'); } catch { /* gone */ } }
    try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ }
  };
  for (;;) {
    if (exited) throw new Error(`code-server exited (${JSON.stringify(exited)}) before answering; see ${logFile}:\n${tail(logFile)}`);
    if (await httpOk(`${url}/healthz`)) break;
    if (Date.now() - started > timeoutMs) {
      await stop();
      throw new Error(`code-server did not answer on ${url} within ${timeoutMs} ms; see ${logFile}:\n${tail(logFile)}`);
    }
    await sleep(200);
  }
  return { url, port, pid: child.pid, logFile, startMs: Date.now() - started, stop, child };
}

function tail(file, lines = 30) {
  try { return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n'); } catch { return ''; }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    const bin = ensureCodeServer({ force: process.argv.includes('--force') });
    console.log(bin);
  } catch (err) {
    console.error(`code-server install failed: ${err.message}`);
    process.exit(1);
  }
}
