// Runs a piece of compiled source in a child process that is killed after a deadline: a synchronous
// hang (a read of /dev/zero, a FIFO's open, a catastrophic regex) then fails the test instead of
// freezing the test process, whose own timeout cannot fire while its thread is blocked.
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

export interface Isolated {
  /** Killed at the deadline: a hang. */
  timedOut: boolean;
  /** The expression's value, through JSON. */
  value?: unknown;
  /** What it threw. */
  error?: { name: string; message: string };
}

/**
 * Evaluates `expression` with `m` bound to the compiled module `modulePath` (under src/, without
 * extension), in a child process given `timeoutMs`.
 */
export function evaluateIsolated(modulePath: string, expression: string, timeoutMs = 10_000): Isolated {
  const file = path.resolve(__dirname, '../../../src', modulePath);
  const script = [
    `const m = require(${JSON.stringify(file)});`,
    'let out;',
    `try { out = { value: (${expression}) ?? null }; } catch (e) { out = { error: { name: e.name, message: e.message } }; }`,
    'process.stdout.write(JSON.stringify(out));',
  ].join('\n');
  const run = spawnSync(process.execPath, ['-e', script], { timeout: timeoutMs, killSignal: 'SIGKILL', encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const code = run.error && 'code' in run.error ? run.error.code : undefined;
  if (run.signal === 'SIGKILL' || code === 'ETIMEDOUT') return { timedOut: true };
  if (run.status !== 0) throw new Error(`the child failed (${String(run.status)}): ${run.stderr}`);
  return { timedOut: false, ...(JSON.parse(run.stdout) as Omit<Isolated, 'timedOut'>) };
}
