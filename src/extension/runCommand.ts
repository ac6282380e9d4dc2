import * as vscode from 'vscode';
import { explainError, isAbort } from '../core/errors';
import type { CommandId } from './commandIds';

/** Thrown by a command when the person cancelled a prompt: the wrapper stays silent. */
export class Cancelled extends Error {
  override name = 'Cancelled';
}

/**
 * Registers a command through one wrapper: it logs the run, stays silent when the person
 * cancelled, and shows any failure as one sentence with a "Show Logs" action.
 */
export function registerCommand<Args extends unknown[]>(
  id: CommandId,
  handler: (...args: Args) => unknown,
  log: vscode.LogOutputChannel,
): vscode.Disposable {
  return vscode.commands.registerCommand(id, async (...args: unknown[]) => {
    log.debug(`command ${id}`);
    try {
      // VS Code passes what the menu or caller gave (a tree node, a URI, nothing): the arguments
      // package.json's menus bind to this command, which the handler's parameters describe.
      return await handler(...(args as Args));
    } catch (err) {
      if (err instanceof Cancelled || isAbort(err)) {
        log.debug(`command ${id} cancelled`);
        return undefined;
      }
      const sentence = explainError(err);
      log.error(`command ${id} failed: ${sentence}${err instanceof Error && err.stack ? `\n${err.stack}` : ''}`);
      void vscode.window.showErrorMessage(sentence, 'Show Logs').then((choice) => {
        if (choice === 'Show Logs') log.show(true);
      });
      return undefined;
    }
  });
}
