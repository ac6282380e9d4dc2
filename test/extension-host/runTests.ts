// Tier 2 runner: the mocha suite in out/test/extension-host/ inside a real VS Code extension host.
//
//   node out/test/extension-host/runTests.js              # code-server + Debian's Chromium (default)
//   VSCODE_EXECUTABLE=/path/to/code node out/test/extension-host/runTests.js   # desktop VS Code
//   node out/test/extension-host/runTests.js --electron   # @vscode/test-electron downloads VS Code
//
// Builds nothing: `npm test`'s pretest already bundled dist/ and compiled out/.
// Environment (KAFKA_BOOTSTRAP, ...) reaches the extension host: code-server's host inherits
// code-server's environment. EBX_TEST_GREP filters tests; EBX_EXTENSION_HOST_TIMEOUT_MS (default
// 1500000) bounds the whole run.
//
// Observed here (code-server 4.100.3 / VS Code 1.100.3, Node 20, 2 cores):
// - run() executes in the remote extension host (Node 20); `require('vscode')` / `import * as vscode`
//   work in the test files, and the host sees code-server's environment (EBX_TEST_RESULTS, KAFKA_*).
// - When run() settles, the host process exits by itself — with code 0 even when run() rejected, so
//   the results file, not an exit code, is the verdict. The window stays open without an error
//   notification; nothing closes it, so the runner screenshots it, closes Chromium and kills
//   code-server's process tree.
// - Timings: code-server answers /healthz ~0.5 s after spawn; page opened → run() called ~3-4 s;
//   the whole smoke run ~7-9 s. Printed on every run ("timings: ...").
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import type { ResultsFile, TestRecord } from './index';
import { artifactsDir, codeServerScript, launchChromium, makeWorkspace, quietWorkbenchSettings, repoRoot, saveLogs, type CodeServer } from '../e2e/codeServer';

const EXTENSION_ID = 'event-broker-explorer.event-broker-explorer';
const testsIndex = path.join(__dirname, 'index.js');
// A deadline for a hung host, not a measure: the tier takes ~4 min on a quiet machine and over 10 under load.
const overallTimeoutMs = Number(process.env.EBX_EXTENSION_HOST_TIMEOUT_MS ?? 1_500_000);
/** From opening the page until run() has written its first results. */
const hostStartTimeoutMs = Number(process.env.EBX_EXTENSION_HOST_START_TIMEOUT_MS ?? 180_000);

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

function readResults(file: string): ResultsFile | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as ResultsFile;
  } catch {
    return undefined;
  }
}

function printTest(t: TestRecord, printedSuites: string[], failureIndex: number): void {
  t.suites.forEach((s, i) => {
    if (printedSuites[i] !== s) {
      printedSuites.length = i;
      printedSuites.push(s);
      console.log(`${'  '.repeat(i + 1)}${s}`);
    }
  });
  const indent = '  '.repeat(t.suites.length + 1);
  if (t.state === 'passed') console.log(`${indent}✔ ${t.title} (${t.durationMs ?? 0}ms)`);
  else if (t.state === 'pending') console.log(`${indent}- ${t.title}`);
  else console.log(`${indent}${failureIndex}) ${t.title}`);
}

function printSummary(results: ResultsFile | undefined, durationMs: number, extraFailure?: string): boolean {
  const failed = results?.tests.filter((t) => t.state === 'failed') ?? [];
  if (results?.error) console.log(`\n  error outside tests: ${results.error.stack ?? results.error.message}`);
  failed.forEach((t, i) => {
    console.log(`\n  ${i + 1}) ${t.fullTitle}:\n     ${(t.error?.stack ?? t.error?.message ?? '').split('\n').join('\n     ')}`);
  });
  if (extraFailure) console.log(`\n  ✖ ${extraFailure}`);
  const fail = (results?.failures ?? 0) + (extraFailure ? 1 : 0);
  console.log('');
  console.log(`ℹ tests ${(results?.tests.length ?? 0) + (extraFailure ? 1 : 0)}`);
  console.log(`ℹ pass ${results?.passes ?? 0}`);
  console.log(`ℹ fail ${fail}`);
  console.log(`ℹ skipped ${results?.pending ?? 0}`);
  console.log(`ℹ duration_ms ${durationMs}`);
  return fail === 0 && (results?.passes ?? 0) + (results?.pending ?? 0) > 0;
}

/** Desktop VS Code: the same suite through @vscode/test-electron (not reachable on our machines). */
async function runWithElectron(resultsPath: string, tmp: string): Promise<ResultsFile | undefined> {
  const { runTests } = await import('@vscode/test-electron');
  await runTests({
    vscodeExecutablePath: process.env.VSCODE_EXECUTABLE || undefined, // undefined: download a VS Code
    extensionDevelopmentPath: repoRoot,
    extensionTestsPath: testsIndex,
    extensionTestsEnv: { ...process.env, EBX_TEST_RESULTS: resultsPath },
    launchArgs: [makeWorkspace(tmp), '--disable-extensions', '--disable-workspace-trust', '--user-data-dir', path.join(tmp, 'user-data')],
  }).catch((err: unknown) => console.error(`VS Code exited with a failure: ${String(err)}`));
  return readResults(resultsPath);
}

async function runWithCodeServer(resultsPath: string, tmp: string, artifacts: string): Promise<{ results?: ResultsFile; failure?: string }> {
  const t0 = Date.now();
  const script = await codeServerScript();
  script.ensureCodeServer();
  const userDataDir = path.join(tmp, 'user-data');
  const workspace = makeWorkspace(tmp);
  let server: CodeServer | undefined;
  let page: Page | undefined;
  const browser = await launchChromium();
  const timings: string[] = [];
  try {
    server = await script.startCodeServer({
      extensionsDir: path.join(tmp, 'extensions'),
      userDataDir,
      env: { EBX_TEST_RESULTS: resultsPath },
      settings: quietWorkbenchSettings,
    });
    timings.push(`code-server start ${seconds(server.startMs)}`);
    const remote = (p: string): string => `vscode-remote://127.0.0.1:${server!.port}${p}`;
    const payload = [['extensionDevelopmentPath', remote(repoRoot)], ['extensionTestsPath', remote(testsIndex)]];
    const url = `${server.url}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;

    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const consoleLog = fs.createWriteStream(path.join(artifacts, 'browser-console.log'));
    page.on('console', (m) => consoleLog.write(`[${m.type()}] ${m.text()}\n`));
    page.on('pageerror', (e) => consoleLog.write(`[pageerror] ${e.stack ?? e.message}\n`));
    const opened = Date.now();
    await page.goto(url);

    const printedSuites: string[] = [];
    let printed = 0;
    let hostStarted = false;
    const deadline = t0 + overallTimeoutMs;
    for (;;) {
      const results = readResults(resultsPath);
      if (results && !hostStarted) {
        hostStarted = true;
        timings.push(`extension host start (page opened → run() called) ${seconds(Date.now() - opened)}`);
        console.log(`\n  extension host (VS Code ${results.vscodeVersion ?? '?'}) is running the tests\n`);
      }
      for (; results && printed < results.tests.length; printed++) {
        const failureIndex = results.tests.slice(0, printed + 1).filter((t) => t.state === 'failed').length;
        printTest(results.tests[printed], printedSuites, failureIndex);
      }
      if (results?.state === 'done') {
        timings.push(`tests ${seconds(Date.parse(results.finishedAt!) - Date.parse(results.startedAt))}`);
        await sleep(1500); // let the window show how the host ended
        return { results };
      }
      if (!hostStarted && Date.now() - opened > hostStartTimeoutMs) {
        return { results, failure: `the extension host never started the tests within ${seconds(hostStartTimeoutMs)} (no ${resultsPath}); see ${artifacts}/code-server.log, vscode-logs/ and browser-console.log` };
      }
      if (Date.now() > deadline) {
        return { results, failure: `timed out after ${seconds(overallTimeoutMs)}; the last test to start did not finish` };
      }
      await sleep(250);
    }
  } finally {
    if (page) await page.screenshot({ path: path.join(artifacts, 'window.png') }).catch(() => undefined);
    await browser.close().catch(() => undefined);
    await server?.stop();
    saveLogs(server, userDataDir, artifacts);
    timings.push(`total ${seconds(Date.now() - t0)}`);
    console.log(`\n  timings: ${timings.join(', ')}`);
    console.log(`  artifacts: ${artifacts}`);
  }
}

async function main(): Promise<void> {
  const t0 = Date.now();
  if (!fs.existsSync(path.join(repoRoot, 'dist', 'extension.js'))) {
    throw new Error('dist/extension.js is missing: run `npm run build` (npm test does it in pretest)');
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ebx-exthost-'));
  const resultsPath = path.join(tmp, 'results.json');
  const artifacts = artifactsDir('extension-host');
  const electron = Boolean(process.env.VSCODE_EXECUTABLE) || process.argv.includes('--electron');
  console.log(`extension-host tests for ${EXTENSION_ID} (${electron ? 'desktop VS Code via @vscode/test-electron' : 'code-server + Chromium'})`);
  let results: ResultsFile | undefined;
  let failure: string | undefined;
  try {
    if (electron) {
      results = await runWithElectron(resultsPath, tmp);
      if (!results) failure = 'VS Code never ran the tests (no results file)';
    } else {
      ({ results, failure } = await runWithCodeServer(resultsPath, tmp, artifacts));
    }
  } catch (err) {
    failure = (err as Error).stack ?? String(err);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  if (!failure && results && results.tests.length === 0 && !results.error) failure = 'no tests ran';
  const ok = printSummary(results, Date.now() - t0, failure);
  process.exitCode = ok ? 0 : 1;
}

void main();
