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
   * A modal that names exactly what will happen; resolves true only for the action button. It has
   * two buttons, `modalButtons`: the action and the harmless one (`safeDefault`, else "Cancel"),
   * which is also what Escape and the close box answer.
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
 * The buttons of a confirmation modal, in the order given to VS Code. VS Code adds a "Cancel" of
 * its own unless one item is the close affordance, so the harmless button is that item: two
 * buttons, never a "Cancel" beside a "Keep …" that does the same. VS Code always focuses the first
 * item that is not the close affordance (code-server shows the harmless one on the left, unfocused);
 * an extension cannot move that focus, so Escape, not Enter, is the key that changes nothing.
 */
export function modalButtons(action: string, safeDefault = 'Cancel'): vscode.MessageItem[] {
  return [{ title: action }, { title: safeDefault, isCloseAffordance: true }];
}

/** The prompter in use; swappable only through the extension's test API. */
export class PrompterHolder {
  current: Prompter = windowPrompter;
}
