// Destructive commands show exactly what they will remove and ask; with nobody at a terminal to
// answer, they refuse rather than guess.
import { UsageError } from '../core/errors';
import { escapeForTerminal } from '../core/rendering/terminalText';

export const NO_TERMINAL_REFUSAL = 'refusing to delete without --yes when there is no terminal to confirm on';

export interface ConfirmStreams {
  input: NodeJS.ReadStream;
  output: NodeJS.WriteStream;
}

export function canAsk(streams: ConfirmStreams = { input: process.stdin, output: process.stderr }): boolean {
  return Boolean(streams.input.isTTY && streams.output.isTTY);
}

/** Throws the refusal as a usage error when there is no terminal. */
export function requireTerminalOrYes(yes: boolean | undefined): void {
  if (!yes && !canAsk()) throw new UsageError(NO_TERMINAL_REFUSAL);
}

/**
 * Lists `items` under `title` on stderr (unless title is null: already shown) and asks y/N. Resolves true only for "y" or "yes".
 * Call requireTerminalOrYes first; with `yes` set this asks nothing.
 */
export async function confirmDeletion(title: string | null, items: readonly string[], yes: boolean | undefined): Promise<boolean> {
  if (yes) return true;
  requireTerminalOrYes(yes);
  const streams = { input: process.stdin, output: process.stderr };
  if (title !== null) streams.output.write(`${title}\n${items.map((item) => `  ${escapeForTerminal(item)}\n`).join('')}`);
  return askYesNo(`Delete ${items.length === 1 ? 'it' : `these ${items.length}`}? [y/N] `);
}

/** Asks one y/N question on the terminal (call requireTerminalOrYes or canAsk first). Resolves true only for "y" or "yes". */
export async function askYesNo(question: string): Promise<boolean> {
  const streams = { input: process.stdin, output: process.stderr };
  // Loaded here, not at start-up: readline is only for the few runs that ask something.
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface(streams);
  // Ctrl-C or Ctrl-D at the prompt means no.
  const declined = new Promise<string>((resolve) => {
    rl.once('SIGINT', () => {
      streams.output.write('\n');
      resolve('');
    });
    rl.once('close', () => resolve(''));
  });
  try {
    const asked = rl.question(question);
    asked.catch(() => undefined);
    const answer = await Promise.race([asked, declined]);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    rl.close();
  }
}

/** The user said no: nothing happened, which is not a failure. */
export function reportNothingDeleted(): void {
  process.stderr.write('ebx: cancelled, nothing was deleted\n');
}
