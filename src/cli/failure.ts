// Turns whatever a command threw into an exit code and (at most) one line on stderr.
import { CommanderError } from 'commander';
import { explainError, isAbort, UsageError } from '../core/errors';
import { escapeForTerminal } from '../core/rendering/terminalText';
import { BrokerError } from '../core/brokerError';

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

export function reportFailure(err: unknown, debug: boolean, stderr: NodeJS.WritableStream = process.stderr): number {
  if (err instanceof CommanderError) {
    // commander printed its message already; help and version are not failures.
    return err.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
  }
  if (isAbort(err)) return EXIT_OK;
  const usage = err instanceof UsageError;
  stderr.write(`ebx: ${escapeForTerminal(explainError(err))}${cliHint(err)}\n`);
  if (debug && err instanceof Error && err.stack) stderr.write(`${err.stack}\n`);
  return usage ? EXIT_USAGE : EXIT_FAILURE;
}

/** Core's sentences name no flags (the extension shows them too); here is how to act on them in ebx. */
function cliHint(err: unknown): string {
  if (err instanceof BrokerError && err.kind === 'certificate') return ' In ebx: --ca FILE to trust a CA, or --insecure.';
  return '';
}
