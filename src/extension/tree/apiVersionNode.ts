import * as vscode from 'vscode';
import type { ApiVersionRow } from '../../core/cluster/apiVersionRows';
import type { ExplorerNode } from './explorerNode';
import { CONTEXT_VALUES } from './contextValues';

/** "Fetch  v4–v18"; under the vast profile, a request VAST lacks carries a warning and what VAST does instead. */
export class ApiVersionNode implements ExplorerNode {
  constructor(
    readonly parent: ExplorerNode,
    readonly row: ApiVersionRow,
  ) {}

  treeItem(): vscode.TreeItem {
    const { row } = this;
    const item = new vscode.TreeItem(row.name, vscode.TreeItemCollapsibleState.None);
    item.description = row.vast ? `${row.versions} · ${row.vast.headline}` : row.versions;
    const lines = [`**${row.name}** (api key ${row.apiKey}): ${row.versions}`];
    if (row.vast) lines.push(`**${row.vast.headline}.** ${row.vast.instead}`);
    item.tooltip = new vscode.MarkdownString(lines.join('\n\n'));
    // Plain rows get an icon too, so every name starts at the same indent as the marked ones.
    item.iconPath = row.vast ? new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground')) : new vscode.ThemeIcon('symbol-method');
    item.contextValue = !row.vast ? CONTEXT_VALUES.apiVersion : row.vast.support === 'none' ? CONTEXT_VALUES.apiVersionNotOnVast : CONTEXT_VALUES.apiVersionPartlyOnVast;
    return item;
  }
}
