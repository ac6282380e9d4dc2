import * as vscode from 'vscode';
import type { BrokerDescription } from '../../core/cluster/clusterDescription';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ExplorerNode } from './explorerNode';
import { CONTEXT_VALUES } from './contextValues';

/** "broker 1  host:port · rack R · controller". */
export class BrokerNode implements ExplorerNode {
  constructor(
    readonly parent: ExplorerNode,
    readonly connection: BrokerConnection,
    readonly broker: BrokerDescription,
    readonly controller: boolean,
  ) {}

  treeItem(): vscode.TreeItem {
    const b = this.broker;
    const item = new vscode.TreeItem(`broker ${b.id}`, vscode.TreeItemCollapsibleState.None);
    item.id = `broker:${this.connection.id}:${b.id}`;
    item.description = [`${b.host}:${b.port}`, b.rack !== null ? `rack ${b.rack}` : '', this.controller ? 'controller' : ''].filter(Boolean).join(' · ');
    item.tooltip = new vscode.MarkdownString(
      [
        `**broker ${b.id}**${this.controller ? ' (controller)' : ''}`,
        `host: \`${b.host}\``,
        `port: ${b.port}`,
        `rack: ${b.rack ?? 'none'}`,
        `controller: ${this.controller ? 'yes' : 'no'}`,
      ].join('  \n'),
    );
    item.iconPath = new vscode.ThemeIcon(this.controller ? 'star-full' : 'server-process');
    item.contextValue = CONTEXT_VALUES.broker;
    return item;
  }
}
