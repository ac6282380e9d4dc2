// Answers the extension's questions in tests. It replaces only our Prompter seam (the questions
// the extension asks), never the vscode module: commands still run in the real extension host.
import * as vscode from 'vscode';
import { modalButtons, type PickItem, type Prompter } from '../../src/extension/prompter';

/** `file` answers a save or open dialog with that path. */
export type Answer = { pick: string } | { pickMany: string[] | 'all' } | { input: string } | { confirm: boolean } | { file: string } | { cancel: true };

export interface Asked {
  kind: 'pickOne' | 'pickMany' | 'input' | 'confirm' | 'saveFile' | 'openFile';
  title: string;
  labels?: string[];
  message?: string;
  detail?: string;
  validation?: string | undefined;
  /** Pick items the question pre-selected (`picked: true`). */
  picked?: string[];
  /** Item descriptions, in the order of `labels`. */
  descriptions?: (string | undefined)[];
  /** The modal's buttons, as given to VS Code (modalButtons). */
  buttons?: string[];
  /** Items' theme icon ids (`lock`…), in the order of `labels`. */
  icons?: (string | undefined)[];
  /** The modal's harmless first (focused) button, when it has one. */
  safeDefault?: string;
  /** A dialog's starting file or folder (a path) and its file filters. */
  defaultPath?: string;
  filters?: Record<string, string[]>;
  /** An input box's prompt line (shown under it while typing) and placeholder. */
  prompt?: string;
  placeHolder?: string;
}

export class ScriptedPrompter implements Prompter {
  readonly asked: Asked[] = [];
  constructor(private readonly answers: Answer[]) {}

  get answersLeft(): number {
    return this.answers.length;
  }

  private next(kind: Asked['kind']): Answer {
    const answer = this.answers.shift();
    if (!answer) throw new Error(`The test gave no answer for a ${kind} question (${this.asked[this.asked.length - 1]?.title})`);
    return answer;
  }

  async pickOne<T>(items: PickItem<T>[], options: { title: string }): Promise<T | undefined> {
    await Promise.resolve(); // a real prompt answers later, never in the same tick
    this.asked.push({ kind: 'pickOne', title: options.title, labels: items.map((i) => i.label), descriptions: items.map((i) => i.description), icons: items.map(iconId) });
    const answer = this.next('pickOne');
    if ('cancel' in answer) return undefined;
    if (!('pick' in answer)) throw new Error(`expected a pick answer for "${options.title}"`);
    const item = items.find((i) => i.label === answer.pick);
    if (!item) throw new Error(`"${answer.pick}" is not offered in "${options.title}": ${items.map((i) => i.label).join(', ')}`);
    return item.value;
  }

  async pickMany<T>(items: PickItem<T>[], options: { title: string }): Promise<T[] | undefined> {
    await Promise.resolve(); // a real prompt answers later, never in the same tick
    this.asked.push({ kind: 'pickMany', title: options.title, labels: items.map((i) => i.label), picked: items.filter((i) => i.picked).map((i) => i.label), descriptions: items.map((i) => i.description) });
    const answer = this.next('pickMany');
    if ('cancel' in answer) return undefined;
    if (!('pickMany' in answer)) throw new Error(`expected a pickMany answer for "${options.title}"`);
    if (answer.pickMany === 'all') return items.map((i) => i.value);
    const labels = answer.pickMany;
    return items.filter((i) => labels.includes(i.label)).map((i) => i.value);
  }

  async input(options: vscode.InputBoxOptions & { title: string }): Promise<string | undefined> {
    const answer = this.next('input');
    if ('cancel' in answer) {
      this.asked.push({ kind: 'input', title: options.title, prompt: options.prompt, placeHolder: options.placeHolder });
      return undefined;
    }
    if (!('input' in answer)) throw new Error(`expected an input answer for "${options.title}"`);
    // Run the input box's own validation, as VS Code would before accepting.
    const validation = options.validateInput ? await options.validateInput(answer.input) : undefined;
    const problem = typeof validation === 'string' ? validation : validation?.message;
    this.asked.push({ kind: 'input', title: options.title, validation: problem, prompt: options.prompt, placeHolder: options.placeHolder });
    return answer.input;
  }

  async confirm(message: string, detail: string, action: string, options?: { safeDefault?: string }): Promise<boolean> {
    await Promise.resolve(); // a real prompt answers later, never in the same tick
    const buttons = modalButtons(action, options?.safeDefault);
    const safe = options?.safeDefault;
    this.asked.push({ kind: 'confirm', title: message, message, detail, buttons: buttons.map((b) => b.title), safeDefault: safe });
    const answer = this.next('confirm');
    return 'confirm' in answer ? answer.confirm : false;
  }

  saveFile(options: vscode.SaveDialogOptions & { title: string }): Promise<vscode.Uri | undefined> {
    return this.dialog('saveFile', options);
  }

  openFile(options: vscode.OpenDialogOptions & { title: string }): Promise<vscode.Uri | undefined> {
    return this.dialog('openFile', options);
  }

  private async dialog(kind: 'saveFile' | 'openFile', options: { title: string; defaultUri?: vscode.Uri; filters?: Record<string, string[]> }): Promise<vscode.Uri | undefined> {
    await Promise.resolve(); // a real dialog answers later, never in the same tick
    this.asked.push({ kind, title: options.title, defaultPath: options.defaultUri?.fsPath, filters: options.filters });
    const answer = this.next(kind);
    if ('cancel' in answer) return undefined;
    if (!('file' in answer)) throw new Error(`expected a file answer for the ${kind} dialog "${options.title}"`);
    return vscode.Uri.file(answer.file);
  }
}

/** Cancels every question: commands must then end silently. */
export class CancellingPrompter implements Prompter {
  pickOne() {
    return Promise.resolve(undefined);
  }
  pickMany() {
    return Promise.resolve(undefined);
  }
  input() {
    return Promise.resolve(undefined);
  }
  confirm() {
    return Promise.resolve(false);
  }
  saveFile() {
    return Promise.resolve(undefined);
  }
  openFile() {
    return Promise.resolve(undefined);
  }
}

function iconId(item: vscode.QuickPickItem): string | undefined {
  const icon = item.iconPath as { id?: unknown } | undefined;
  return typeof icon?.id === 'string' ? icon.id : undefined;
}
