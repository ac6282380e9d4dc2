import * as vscode from 'vscode';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ExplorerNode } from './explorerNode';
import { CONTEXT_VALUES } from './contextValues';
import type { CommandId } from '../commandIds';

/** "Filter: 100-199 · 100 of 1,000 partitions": says the list is narrowed, and a click clears it. */
export class PartitionFilterNode implements ExplorerNode {
  constructor(
    readonly parent: ExplorerNode,
    readonly connection: BrokerConnection,
    readonly topic: string,
    private readonly text: string,
    private readonly matching: number,
    private readonly total: number,
  ) {}

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(`Filter: ${this.text}`, vscode.TreeItemCollapsibleState.None);
    item.id = `partitionFilter:${this.connection.id}:${this.topic}`;
    item.description = this.matching === 0 ? 'no partition matches · click to clear' : `${this.matching.toLocaleString('en-US')} of ${this.total.toLocaleString('en-US')} partitions · click to clear`;
    item.tooltip = `Only the partitions ${this.text} are listed. Click to list all of them again; Filter Partitions… (the topic's context menu) changes the filter.`;
    item.iconPath = new vscode.ThemeIcon('filter');
    item.contextValue = CONTEXT_VALUES.partitionFilter;
    item.command = { command: 'eventBroker.clearPartitionFilter' satisfies CommandId, title: 'Clear Partition Filter', arguments: [this.parent] };
    return item;
  }
}
