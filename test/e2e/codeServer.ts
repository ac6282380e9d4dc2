// What tier 2 (test/extension-host) and tier 3 (test/e2e) share: code-server from
// scripts/code-server.mjs, Debian's Chromium through playwright-core, the workbench settings that keep
// a fresh profile quiet, and where artifacts go.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import quietSettingsJson from '../../scripts/quietWorkbenchSettings.json';

/** Compiled to out/test/e2e/, three levels below the repository. */
export const repoRoot = path.resolve(__dirname, '..', '..', '..');

export interface CodeServer {
  url: string;
  port: number;
  pid: number;
  logFile: string;
  /** Milliseconds from spawn until /healthz answered. */
  startMs: number;
  /** Kills code-server and every process it started (extension host, pty host, watchers). */
  stop(): Promise<void>;
}

export interface StartOptions {
  port?: number;
  extensionsDir: string;
  userDataDir: string;
  folder?: string;
  env?: Record<string, string | undefined>;
  settings?: Record<string, unknown>;
  logFile?: string;
  args?: string[];
  timeoutMs?: number;
}

interface CodeServerScript {
  ensureCodeServer(options?: { force?: boolean }): string;
  startCodeServer(options: StartOptions): Promise<CodeServer>;
  /** Writes <dir>/config.yaml (auth none) so code-server leaves ~/.config/code-server alone. */
  quietConfig(dir: string): string;
}

// tsc (module: commonjs) would turn `import()` into require(), which cannot load an .mjs file.
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- a real dynamic import() that tsc leaves alone (see above)
const importEsm = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<unknown>;

export async function codeServerScript(): Promise<CodeServerScript> {
  return (await importEsm(pathToFileURL(path.join(repoRoot, 'scripts', 'code-server.mjs')).href)) as CodeServerScript;
}

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(chromiumPath)) throw new Error(`${chromiumPath} is missing: apt-get install -y chromium`);
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: process.env.EBX_HEADED !== '1' });
}

/**
 * A fresh profile otherwise opens the welcome page, tips, trust prompts and update checks. Shared
 * with the demo (scripts/demo/editor.mjs), which starts a profile of its own the same way.
 */
export const quietWorkbenchSettings: Record<string, unknown> = quietSettingsJson;

export function artifactsDir(tier: 'extension-host' | 'e2e'): string {
  const dir = path.join(repoRoot, 'test-artifacts', tier);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** A workspace folder for the window: a temp dir holding a copy of test/fixtures/ when it exists. */
export function makeWorkspace(root: string): string {
  const ws = path.join(root, 'workspace');
  fs.mkdirSync(ws, { recursive: true });
  const fixtures = path.join(repoRoot, 'test', 'fixtures');
  if (fs.existsSync(fixtures)) fs.cpSync(fixtures, ws, { recursive: true });
  return ws;
}

/** Copies code-server's and VS Code's logs next to the screenshots so a failure can be read afterwards. */
export function saveLogs(server: { logFile: string } | undefined, userDataDir: string, dest: string): void {
  try {
    if (server && fs.existsSync(server.logFile)) fs.copyFileSync(server.logFile, path.join(dest, 'code-server.log'));
    const logs = path.join(userDataDir, 'logs');
    if (fs.existsSync(logs)) {
      fs.rmSync(path.join(dest, 'vscode-logs'), { recursive: true, force: true });
      fs.cpSync(logs, path.join(dest, 'vscode-logs'), { recursive: true });
    }
  } catch (err) {
    process.stderr.write(`could not save logs: ${(err as Error).message}\n`);
  }
}
