// What alter-topic and delete-records share: print the plan (a dry run unless --execute), ask on a
// terminal (or take --yes), then change and say what changed. The plan is printed before the
// question, so people answer for exactly it; --json prints the same shape before and after.
import { UsageError } from '../core/errors';
import { escapeForTerminal } from '../core/rendering/terminalText';
import { askYesNo, canAsk } from './confirm';
import type { GlobalOptions } from './globalOptions';
import { printJson, writeOut } from './output';

export interface ExecuteOptions {
  execute?: boolean;
  yes?: boolean;
}

/** Called before planning: with --execute, nobody to ask and no --yes, refuse before anything else is said. */
export function requireTerminalOrYesToChange(options: ExecuteOptions, what: string): void {
  if (options.execute && !options.yes && !canAsk()) throw new UsageError(`refusing to ${what} without --yes when there is no terminal to confirm on`);
}

export interface PlannedChange {
  /** "Configuration of topic orders", said before the plan. */
  heading: string;
  /** The plan, one line each (already free of record data; escaped here anyway). */
  lines: string[];
  /** The y/N question, e.g. "Change these 2 entries of orders?". */
  question: string;
  /** Nothing to do: printed instead of asking, and nothing is sent. */
  nothingToDo?: string;
  /** The --json shape, before (false) and after (true) the change. */
  json(executed: boolean): unknown;
  apply(): Promise<void>;
  /** The line printed after a change, e.g. "changed 2 entries of orders". */
  done: string;
}

export async function showPlanThenChange(globals: GlobalOptions, options: ExecuteOptions, change: PlannedChange, what: string): Promise<void> {
  requireTerminalOrYesToChange(options, what);
  const text = `${escapeForTerminal(change.heading)}:\n${change.lines.map((l) => `  ${escapeForTerminal(l)}\n`).join('')}`;
  if (change.nothingToDo !== undefined || !options.execute) {
    if (globals.json) return printJson(change.json(false));
    const tail = change.nothingToDo ?? `dry run: nothing changed; add --execute to ${what}`;
    return writeOut(`${text}${escapeForTerminal(tail)}\n`);
  }
  if (!options.yes) {
    // In JSON mode stdout is for the result only: the plan and the question go to stderr.
    if (globals.json) process.stderr.write(text);
    else await writeOut(text);
    if (!(await askYesNo(`${escapeForTerminal(change.question)} [y/N] `))) {
      process.stderr.write('ebx: cancelled, nothing was changed\n');
      return;
    }
  }
  await change.apply();
  if (globals.json) return printJson(change.json(true));
  await writeOut(`${options.yes ? text : ''}${escapeForTerminal(change.done)}\n`);
}
