import * as vscode from 'vscode';
import { BrokerError } from '../core/brokerError';
import { EbxError, UsageError, explainError, isAbort } from '../core/errors';
import type { CommandId } from './commandIds';

/** Thrown by a command when the person cancelled a prompt: the wrapper stays silent. */
export class Cancelled extends Error {
  override name = 'Cancelled';
}

/** A command that ended with an error (a cancelled one is not a failure). */
export interface CommandFailure {
  command: CommandId;
  /** The sentence the person was shown. */
  sentence: string;
  /**
   * True for errors raised on purpose with a sentence for the person (UsageError, EbxError,
   * BrokerError); false for anything else, which is a bug: a TypeError, an unexplained throw.
   */
  expected: boolean;
  error: unknown;
}

/**
 * Where every command's run goes: the "Event Broker" log, and an event of failures that the
 * extension-host tests read through the test API (a wrapper that only logged would hide a command
 * that throws from them).
 */
export class CommandLog implements vscode.Disposable {
  private readonly failed = new vscode.EventEmitter<CommandFailure>();
  readonly onDidFail = this.failed.event;

  constructor(readonly channel: vscode.LogOutputChannel) {}

  failure(failure: CommandFailure): void {
    const { error } = failure;
    const stack = error instanceof Error && error.stack ? `\n${error.stack}` : '';
    this.channel.error(`command ${failure.command} failed${failure.expected ? '' : ' unexpectedly'}: ${failure.sentence}${stack}`);
    this.failed.fire(failure);
  }

  dispose(): void {
    this.failed.dispose();
  }
}

function isExpected(err: unknown): boolean {
  return err instanceof UsageError || err instanceof EbxError || err instanceof BrokerError;
}

/**
 * Registers a command through one wrapper: it logs the run, stays silent when the person
 * cancelled, and shows any failure as one sentence with a "Show Logs" action.
 */
export function registerCommand(
  id: CommandId,
  handler: (...args: any[]) => unknown, // eslint-disable-line @typescript-eslint/no-explicit-any -- handlers take the node types VS Code passes, each its own
  log: CommandLog,
): vscode.Disposable {
  return vscode.commands.registerCommand(id, async (...args: unknown[]) => {
    log.channel.debug(`command ${id}`);
    try {
      return await handler(...args);
    } catch (err) {
      if (err instanceof Cancelled || isAbort(err)) {
        log.channel.debug(`command ${id} cancelled`);
        return undefined;
      }
      const sentence = explainError(err);
      log.failure({ command: id, sentence, expected: isExpected(err), error: err });
      void vscode.window.showErrorMessage(sentence, 'Show Logs').then((choice) => {
        if (choice === 'Show Logs') log.channel.show(true);
      });
      return undefined;
    }
  });
}
