import * as vscode from 'vscode';
import { createContainer, type ExtensionApi } from './container';

/**
 * Activation only builds the container; everything it creates is disposed with the extension.
 * The services go to the extension-host tests (ExtensionMode.Test) and to no one else.
 */
export function activate(context: vscode.ExtensionContext): ExtensionApi | undefined {
  const services = createContainer(context);
  return context.extensionMode === vscode.ExtensionMode.Test ? services : undefined;
}

export function deactivate(): void {
  // Disposables registered in context.subscriptions stop tails and close sessions.
}
