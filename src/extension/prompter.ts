import * as vscode from 'vscode';

export interface PickItem<T> extends vscode.QuickPickItem {
  value: T;
}

/**
 * Every question the extension asks a person goes through here. Production uses VS Code's own
 * pickers, input boxes and modals; extension-host tests install answers through the extension's
 * test API, because a modal cannot be clicked from a test (the browser tests click the real ones).
 * `undefined` means the person cancelled: callers then stop silently.
 */
export interface Prompter {
  pickOne<T>(items: PickItem<T>[], options: { title: string; placeHolder?: string }): Promise<T | undefined>;
  pickMany<T>(items: PickItem<T>[], options: { title: string; placeHolder?: string }): Promise<T[] | undefined>;
  input(options: vscode.InputBoxOptions & { title: string }): Promise<string | undefined>;
  /**
   * A modal that names exactly what will happen; resolves true only for the action button. With
   * `safeDefault`, that harmless button comes first: a VS Code modal focuses its first button, so
   * Enter then does nothing destructive.
   */
  confirm(message: string, detail: string, action: string, options?: { safeDefault?: string }): Promise<boolean>;
}

export const windowPrompter: Prompter = {
  async pickOne(items, options) {
    const picked = await vscode.window.showQuickPick(items, { title: options.title, placeHolder: options.placeHolder, matchOnDescription: true, ignoreFocusOut: true });
    return picked?.value;
  },
  async pickMany(items, options) {
    const picked = await vscode.window.showQuickPick(items, { title: options.title, placeHolder: options.placeHolder, canPickMany: true, ignoreFocusOut: true });
    return picked?.map((p) => p.value);
  },
  async input(options) {
    return vscode.window.showInputBox({ ignoreFocusOut: true, ...options });
  },
  async confirm(message, detail, action, options) {
    if (options?.safeDefault) {
      const answer = await vscode.window.showWarningMessage(message, { modal: true, detail }, { title: options.safeDefault }, { title: action }, { title: 'Cancel', isCloseAffordance: true });
      return answer?.title === action;
    }
    const answer = await vscode.window.showWarningMessage(message, { modal: true, detail }, action);
    return answer === action;
  },
};

/** The prompter in use; swappable only through the extension's test API. */
export class PrompterHolder {
  current: Prompter = windowPrompter;
}
