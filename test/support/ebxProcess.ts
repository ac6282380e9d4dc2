// `ebx` as a child process (the built bin/ebx.js), for the CLI tests that check exit codes, stderr
// and side effects. The environment is clean: no credentials of the user's leak in.
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import assert from 'node:assert/strict';

export const ROOT = resolve(__dirname, '../../..');
export const EBX = join(ROOT, 'bin/ebx.js');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
  /** Killed by the test's own timeout: a hang. */
  timedOut: boolean;
}

export interface RunOptions {
  input?: string | Buffer;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  /** Working directory (default: the repository). */
  cwd?: string;
}

export function cleanEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, ...extra };
}

export function ebx(args: string[], options: RunOptions = {}): Promise<Run> {
  const started = Date.now();
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [EBX, ...args], { cwd: options.cwd ?? ROOT, env: cleanEnv(options.env), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs ?? 60_000);
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr, ms: Date.now() - started, timedOut });
    });
    child.stdin.on('error', () => undefined); // ebx may exit before reading all of a large input
    child.stdin.end(options.input ?? '');
  });
}

/** Starts ebx and leaves it running (for tails): the caller kills it. */
export function startEbx(args: string[], env: NodeJS.ProcessEnv): ChildProcess & { output: { stdout: string; stderr: string } } {
  const child = spawn(process.execPath, [EBX, ...args], { cwd: ROOT, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] }) as ChildProcess & {
    output: { stdout: string; stderr: string };
  };
  child.output = { stdout: '', stderr: '' };
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (child.output.stdout += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (child.output.stderr += d));
  return child;
}

export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((done) => child.on('close', (code) => done(code)));
}

/** One line on stderr matching `pattern`, no stack trace, not a hang. */
export function assertOneCleanLine(run: Run, pattern: RegExp): void {
  assert.equal(run.timedOut, false, 'ebx did not end by itself (a hang)');
  const lines = run.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, `expected one line on stderr, got:\n${run.stderr}`);
  assert.match(lines[0], pattern);
  assert.doesNotMatch(run.stderr, /\n\s+at |^\s+at /m, 'no stack trace');
}
