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
   * `safeDefault`, that harmless button comes first and has the focus, so Enter does nothing
   * destructive (`modalButtons`); Escape and the close box answer "Cancel".
   */
  confirm(message: string, detail: string, action: string, options?: { safeDefault?: string }): Promise<boolean>;
  /** VS Code's save dialog: the file to write. */
  saveFile(options: vscode.SaveDialogOptions & { title: string }): Promise<vscode.Uri | undefined>;
  /** VS Code's open dialog, for one file. */
  openFile(options: Omit<vscode.OpenDialogOptions, 'canSelectMany' | 'canSelectFolders' | 'canSelectFiles'> & { title: string }): Promise<vscode.Uri | undefined>;
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
    const buttons = modalButtons(action, options?.safeDefault);
    const answer = await vscode.window.showWarningMessage(message, { modal: true, detail }, ...buttons);
    return answer?.title === action;
  },
  async saveFile(options) {
    return vscode.window.showSaveDialog(options);
  },
  async openFile(options) {
    const picked = await vscode.window.showOpenDialog({ ...options, canSelectFiles: true, canSelectFolders: false, canSelectMany: false });
    return picked?.[0];
  },
};

/**
 * The buttons of a confirmation modal, in the order given to VS Code. VS Code focuses the first item
 * that is not the close affordance, and an extension cannot move that focus; so the harmless button
 * (`safeDefault`) comes first, and Enter changes nothing. VS Code then adds nothing of its own only
 * if one item is the close affordance: that is "Cancel", for Escape and the close box. Marking the
 * harmless button itself as the close affordance would drop that Cancel but move the focus to the
 * action (tried: Enter then committed), which the house rule forbids.
 */
export function modalButtons(action: string, safeDefault?: string): vscode.MessageItem[] {
  if (!safeDefault) return [{ title: action }, { title: 'Cancel', isCloseAffordance: true }];
  return [{ title: safeDefault }, { title: action }, { title: 'Cancel', isCloseAffordance: true }];
}

/** The prompter in use; swappable only through the extension's test API. */
export class PrompterHolder {
  current: Prompter = windowPrompter;
}
