import * as vscode from 'vscode';
import { explainError } from '../../core/errors';
import type { CommandId } from '../commandIds';
import type { ExplorerNode } from './explorerNode';
import { CONTEXT_VALUES, type ContextValue } from './contextValues';

/** A failure shown where it happened, with Retry (refreshes the node that failed). */
export class ErrorNode implements ExplorerNode {
  constructor(
    readonly parent: ExplorerNode,
    readonly message: string,
    /** The whole story when the row says it short (where, which URL); the message otherwise. */
    private readonly detail: string = message,
  ) {}

  static from(parent: ExplorerNode, err: unknown, what: string): ErrorNode {
    const sentence = explainError(err);
    return new ErrorNode(parent, /^Not authorized/.test(sentence) ? `Not authorized to ${what}` : sentence);
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.message, vscode.TreeItemCollapsibleState.None);
    item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground'));
    item.description = 'Retry';
    item.tooltip = `${this.detail}\nClick to retry.`;
    item.contextValue = CONTEXT_VALUES.error;
    item.command = { command: 'eventBroker.refresh' satisfies CommandId, title: 'Retry', arguments: [this.parent] };
    return item;
  }
}

/** A plain row: an empty state or a detail line. */
export class InfoNode implements ExplorerNode {
  constructor(
    readonly parent: ExplorerNode,
    private readonly label: string,
    private readonly options: { description?: string; tooltip?: string | vscode.MarkdownString; icon?: string; contextValue?: ContextValue } = {},
  ) {}

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.None);
    item.description = this.options.description;
    item.tooltip = this.options.tooltip;
    item.iconPath = this.options.icon ? new vscode.ThemeIcon(this.options.icon) : undefined;
    item.contextValue = this.options.contextValue ?? CONTEXT_VALUES.info;
    return item;
  }
}

/** "Load more…" at the end of a long list; the folder shows another page when it is clicked. */
export class LoadMoreNode implements ExplorerNode {
  constructor(
    readonly parent: ExplorerNode,
    private readonly shown: number,
    private readonly total: number,
  ) {}

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem('Load more…', vscode.TreeItemCollapsibleState.None);
    item.description = `${this.shown} of ${this.total} shown`;
    item.iconPath = new vscode.ThemeIcon('ellipsis');
    item.contextValue = CONTEXT_VALUES.loadMore;
    item.command = { command: 'eventBroker.loadMore' satisfies CommandId, title: 'Load More', arguments: [this.parent] };
    return item;
  }
}

export const APPROXIMATE_END_NOTE =
  'On VAST Event Broker the end offset the broker reports can trail the newest events by up to a minute, so end offsets and lag (≈) are approximate.';
