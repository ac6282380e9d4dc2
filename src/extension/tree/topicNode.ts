import * as vscode from 'vscode';
import { describePartitions } from '../../core/topics';
import type { TopicSummary } from '../../core/model';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ExplorerContext } from './explorerContext';
import type { ExplorerNode } from './explorerNode';
import { ErrorNode } from './simpleNodes';
import { PartitionNode } from './partitionNode';
import { topicContextValue } from './contextValues';

export class TopicNode implements ExplorerNode {
  constructor(
    readonly parent: ExplorerNode,
    readonly connection: BrokerConnection,
    private readonly context: ExplorerContext,
    readonly topic: TopicSummary,
  ) {}

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.topic.name, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `topic:${this.connection.id}:${this.topic.name}`;
    item.description = `${this.topic.partitions} partition${this.topic.partitions === 1 ? '' : 's'}${this.topic.internal ? ' · internal' : ''}`;
    item.iconPath = new vscode.ThemeIcon(this.topic.internal ? 'lock' : 'symbol-event');
    item.contextValue = topicContextValue(this.connection);
    item.tooltip = `${this.topic.name}\n${item.description}`;
    return item;
  }

  /** Loaded on every expansion: offsets move. */
  async children(): Promise<ExplorerNode[]> {
    try {
      const session = await this.context.session(this.connection);
      const partitions = await describePartitions(session, this.topic.name);
      return partitions.map((p) => new PartitionNode(this, this.connection, this.topic.name, p));
    } catch (err) {
      return [ErrorNode.from(this, err, `describe topic ${this.topic.name}`)];
    }
  }
}
