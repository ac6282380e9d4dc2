import * as vscode from 'vscode';
import type { PartitionInfo } from '../../core/model';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ExplorerNode } from './explorerNode';
import { APPROXIMATE_END_NOTE } from './simpleNodes';
import { partitionContextValue } from './contextValues';
import type { CommandId } from '../commandIds';

export class PartitionNode implements ExplorerNode {
  constructor(
    readonly parent: ExplorerNode,
    readonly connection: BrokerConnection,
    readonly topic: string,
    readonly info: PartitionInfo,
    /** When these offsets were read (they move; a tail shows newer ones until the topic is refreshed). */
    readonly readAt = Date.now(),
  ) {}

  treeItem(): vscode.TreeItem {
    const p = this.info;
    const item = new vscode.TreeItem(`Partition ${p.partition}`, vscode.TreeItemCollapsibleState.None);
    item.id = `partition:${this.connection.id}:${this.topic}:${p.partition}`;
    item.description = `${p.low}…${p.high}≈ · leader ${p.leader}`;
    item.tooltip = new vscode.MarkdownString(
      [`**${this.topic}** partition ${p.partition}`, `offsets ${p.low} … ${p.high} (end approximate), read at ${new Date(this.readAt).toLocaleTimeString()}`, `leader ${p.leader}, replicas [${p.replicas.join(', ')}], in sync [${p.isr.join(', ')}]`, '', APPROXIMATE_END_NOTE].join('  \n'),
    );
    item.iconPath = new vscode.ThemeIcon('symbol-array');
    item.contextValue = partitionContextValue(this.connection);
    // Enter, a click (or a double-click under workbench.list.openMode doubleClick) asks where to replay from.
    item.command = { command: 'eventBroker.replayPartition' satisfies CommandId, title: 'Replay Partition…', arguments: [this] };
    return item;
  }
}
