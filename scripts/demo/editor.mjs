// Opens VS Code on the demo: the desktop `code` with this repository as the development extension,
// or code-server (VS Code in a browser, from the npm registry) with the packaged .vsix installed.
// Both get KAFKA_BOOTSTRAP in their environment, so the extension shows that connection by itself.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeServerBin, ensureCodeServer, quietConfig, startCodeServer } from '../code-server.mjs';
import { pidsWithCommandLine, terminate } from './processes.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A fresh profile stays quiet (no welcome page, tips, trust prompts, update checks) and opens the workspace's README. */
export const demoSettings = {
  ...JSON.parse(fs.readFileSync(path.join(ROOT, 'scripts', 'quietWorkbenchSettings.json'), 'utf8')),
  'workbench.startupEditor': 'readme',
};

export function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Copies the demo's sample files (a consumer from the guide, a properties file, a README) into `dir`. */
export function makeWorkspace(dir) {
  fs.cpSync(path.join(ROOT, 'scripts', 'demo', 'workspace'), dir, { recursive: true });
  return dir;
}

/** Runs a command without blocking signal handling; rejects with its output when it fails. */
function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...opts });
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`${path.basename(cmd)} ${args.join(' ')} exited ${code}:\n${output.trim()}`))));
  });
}

/** The .vsix into `dir` (not the repository): the same one `npm run package` makes (scripts/vsix.mjs). */
export async function packageVsix(dir) {
  const out = path.join(dir, 'event-broker-explorer.vsix');
  await run(process.execPath, [path.join(ROOT, 'scripts', 'vsix.mjs'), '--out', out], { cwd: ROOT });
  return out;
}

/**
 * code-server on 127.0.0.1 with the .vsix installed into a profile of the demo's own under `dir`.
 * Resolves { url, stop, pid, logFile }.
 */
export async function openCodeServer({ dir, workspace, env, port, onProgress = () => {} }) {
  const bin = ensureCodeServer(); // installs once per machine into the cache (several minutes the first time)
  const extensionsDir = path.join(dir, 'extensions');
  const userDataDir = path.join(dir, 'user-data');
  fs.mkdirSync(userDataDir, { recursive: true });
  onProgress('packaging the extension');
  const vsix = await packageVsix(dir);
  onProgress('installing it into code-server');
  await run(bin, ['--config', quietConfig(userDataDir), '--extensions-dir', extensionsDir, '--user-data-dir', userDataDir, '--install-extension', vsix]);
  onProgress('starting code-server');
  const server = await startCodeServer({ port, extensionsDir, userDataDir, folder: workspace, env, settings: demoSettings });
  return { ...server, url: `${server.url}/?folder=${encodeURIComponent(workspace)}`, bin: codeServerBin() };
}

/**
 * The desktop VS Code with this repository as the development extension, in a profile of the
 * demo's own (so its environment is ours and Ctrl-C can close exactly it). Resolves { stop }.
 */
export async function openDesktopCode({ dir, workspace, env }) {
  const userDataDir = path.join(dir, 'code-user-data');
  fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  fs.writeFileSync(path.join(userDataDir, 'User', 'settings.json'), JSON.stringify(demoSettings, null, 2));
  const args = [
    `--extensionDevelopmentPath=${ROOT}`,
    '--new-window',
    '--user-data-dir', userDataDir,
    '--extensions-dir', path.join(dir, 'code-extensions'),
    '--disable-workspace-trust',
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    workspace,
  ];
  const launcher = spawn('code', args, { env: { ...process.env, ...env }, stdio: 'ignore', detached: true });
  launcher.unref();
  await new Promise((resolve, reject) => {
    launcher.once('error', reject);
    launcher.once('spawn', resolve);
  });
  return {
    userDataDir,
    /** The launcher hands over to Electron: stop every process that runs on the demo's profile. */
    stop: () => terminate([launcher.pid, ...pidsWithCommandLine(userDataDir)], 5000),
  };
}

/** Opens `url` in the user's browser when there is a display to show it on; never waits for it. */
export function openBrowser(url) {
  const candidates = process.env.BROWSER
    ? [process.env.BROWSER]
    : process.platform === 'darwin'
      ? ['open']
      : process.env.DISPLAY || process.env.WAYLAND_DISPLAY
        ? ['xdg-open']
        : [];
  const cmd = candidates.find(onPath);
  if (!cmd) return false;
  const child = spawn(cmd, [url], { stdio: 'ignore', detached: true });
  child.on('error', () => {});
  child.unref();
  return true;
}
