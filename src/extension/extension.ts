import type * as vscode from 'vscode';
import { createContainer, type ExtensionApi } from './container';

// Activation only builds the container; everything it creates is disposed with the extension.
export function activate(context: vscode.ExtensionContext): ExtensionApi {
  return createContainer(context);
}

export function deactivate(): void {
  // Disposables registered in context.subscriptions stop tails and close sessions.
}
