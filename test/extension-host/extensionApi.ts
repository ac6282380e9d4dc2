// Reaches the running extension's services (what activate() returns) for the tests.
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension/container';
import type { ExplorerNode } from '../../src/extension/tree/explorerNode';
import type { Prompter } from '../../src/extension/prompter';
import { CONTEXT_VALUES } from '../../src/extension/tree/contextValues';

const KNOWN_CONTEXT_VALUES = new Set<string>(Object.values(CONTEXT_VALUES));

export const EXTENSION_ID = 'event-broker-explorer.event-broker-explorer';

/** The test API, which activate() returns only in ExtensionMode.Test (the host runs our tests). */
export async function extensionApi(): Promise<ExtensionApi> {
  const ext = vscode.extensions.getExtension<ExtensionApi | undefined>(EXTENSION_ID);
  if (!ext) throw new Error(`${EXTENSION_ID} is not installed in this extension host`);
  const api = await ext.activate();
  if (!api) throw new Error(`${EXTENSION_ID} exported no test API: the extension host did not start it in ExtensionMode.Test`);
  return api;
}

export async function withPrompter<T>(api: ExtensionApi, prompter: Prompter, work: () => Thenable<T> | Promise<T>): Promise<T> {
  const previous = api.prompter.current;
  api.prompter.current = prompter;
  try {
    return await work();
  } finally {
    api.prompter.current = previous;
  }
}

/** Children of a node as the tree shows them: labels and descriptions (every row's context value from the table). */
export async function rows(api: ExtensionApi, node?: ExplorerNode): Promise<{ node: ExplorerNode; label: string; description: string; contextValue: string }[]> {
  const children = await api.explorer.getChildren(node);
  return children.map((child) => {
    const item = api.explorer.getTreeItem(child);
    const label = labelOf(item);
    if (!KNOWN_CONTEXT_VALUES.has(item.contextValue ?? '')) throw new Error(`row ${label} has context value ${item.contextValue}, which is not in CONTEXT_VALUES`);
    return { node: child, label, description: typeof item.description === 'string' ? item.description : '', contextValue: item.contextValue ?? '' };
  });
}

function labelOf(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : item.label?.label ?? '';
}

export async function findRow(api: ExtensionApi, parent: ExplorerNode | undefined, label: string | RegExp) {
  const all = await rows(api, parent);
  const found = all.find((r) => (typeof label === 'string' ? r.label === label : label.test(r.label)));
  if (!found) throw new Error(`no row ${label} under ${parent ? labelOf(api.explorer.getTreeItem(parent)) : 'the root'}; rows: ${all.map((r) => r.label).join(' | ')}`);
  return found;
}

/**
 * Runs `work` with eventBroker.replay.defaultMaxRecords at `limit`: replays that open the records
 * viewer ask no record limit (issue 24), they read the setting's number first.
 */
export async function withReplayLimit<T>(limit: number, work: () => Thenable<T> | Promise<T>): Promise<T> {
  const config = vscode.workspace.getConfiguration('eventBroker');
  await config.update('replay.defaultMaxRecords', limit, vscode.ConfigurationTarget.Global);
  try {
    return await work();
  } finally {
    await config.update('replay.defaultMaxRecords', undefined, vscode.ConfigurationTarget.Global);
  }
}

export async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
