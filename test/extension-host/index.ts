// Mocha bootstrap for tier 2. VS Code calls run() inside the extension host (code-server's or a
// desktop VS Code's, see runTests.ts); `require('vscode')` works in the test files.
//
// UI: mocha "tdd" — suite(), test(), suiteSetup(), setup(), teardown() — as in the VS Code samples.
// Every out/test/extension-host/**/*.test.js is loaded. Timeout 60 s per test (a live broker).
//
// Results go to the JSON file named by EBX_TEST_RESULTS, rewritten after each test so the runner can
// show progress and tell "the host never started" from "a test hangs". The browser only hosts the
// window, and the host's stdout is not ours, so a file is the one channel the runner can read.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

export interface TestRecord {
  fullTitle: string;
  title: string;
  /** Titles of the enclosing suites, outermost first. */
  suites: string[];
  state: 'passed' | 'failed' | 'pending';
  durationMs?: number;
  error?: { message: string; stack?: string };
}

export interface ResultsFile {
  state: 'running' | 'done';
  startedAt: string;
  finishedAt?: string;
  vscodeVersion?: string;
  files: string[];
  passes: number;
  failures: number;
  pending: number;
  tests: TestRecord[];
  /** A failure outside any test (loading a file, a hook). */
  error?: { message: string; stack?: string };
}

function testFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.js'))
    .sort()
    .map((f) => path.join(dir, f));
}

function suiteTitles(test: Mocha.Runnable): string[] {
  const titles: string[] = [];
  for (let s = test.parent; s && !s.root; s = s.parent) titles.unshift(s.title);
  return titles;
}

export async function run(): Promise<void> {
  const resultsPath = process.env.EBX_TEST_RESULTS;
  const results: ResultsFile = { state: 'running', startedAt: new Date().toISOString(), files: [], passes: 0, failures: 0, pending: 0, tests: [] };
  const save = (): void => {
    if (!resultsPath) return;
    const tmp = `${resultsPath}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(results, null, 2));
    fs.renameSync(tmp, resultsPath); // the runner never reads a half-written file
  };
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- `vscode` exists only inside the extension host: loaded here, where a failure can be reported
    results.vscodeVersion = (require('vscode') as typeof import('vscode')).version;
  } catch {
    /* not inside VS Code: the tests themselves will say so */
  }
  save();

  const mocha = new Mocha({ ui: 'tdd', timeout: 60_000, color: false, reporter: 'spec' });
  const grep = process.env.EBX_TEST_GREP;
  if (grep) mocha.grep(grep);
  try {
    results.files = testFiles(__dirname);
    for (const f of results.files) mocha.addFile(f);
    await mocha.loadFilesAsync();
  } catch (err) {
    results.error = { message: String((err as Error)?.message ?? err), stack: (err as Error)?.stack };
    results.failures += 1;
    results.state = 'done';
    results.finishedAt = new Date().toISOString();
    save();
    throw err;
  }

  const record = (test: Mocha.Runnable, state: TestRecord['state'], err?: Error): void => {
    results.tests.push({
      fullTitle: test.fullTitle(),
      title: test.title,
      suites: suiteTitles(test),
      state,
      durationMs: test.duration,
      error: err ? { message: String(err.message ?? err), stack: err.stack } : undefined,
    });
    save();
  };

  const failures = await new Promise<number>((resolve) => {
    const runner = mocha.run((n) => resolve(n));
    runner.on('pass', (t) => { results.passes += 1; record(t, 'passed'); });
    runner.on('pending', (t) => { results.pending += 1; record(t, 'pending'); });
    runner.on('fail', (t, err: Error) => { results.failures += 1; record(t, 'failed', err); });
  });

  results.state = 'done';
  results.finishedAt = new Date().toISOString();
  save();
  if (failures > 0) throw new Error(`${failures} extension-host test(s) failed`);
}
