import * as vscode from 'vscode';
import { describePartitions } from '../../core/topics/listTopics';
import type { TopicSummary } from '../../core/model';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ExplorerContext } from './explorerContext';
import type { ExplorerNode } from './explorerNode';
import { ErrorNode } from './simpleNodes';
import { PartitionNode } from './partitionNode';
import { topicContextValue } from './contextValues';
import { TopicConfigNode } from './topicConfigNodes';

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

  /** The same Configuration row across expansions, so it keeps its own loaded state. */
  private configuration: TopicConfigNode | undefined;

  /** Its Configuration, then its partitions, loaded on every expansion: offsets move. */
  async children(): Promise<ExplorerNode[]> {
    this.configuration ??= new TopicConfigNode(this, this.connection, this.context, this.topic.name);
    try {
      const session = await this.context.session(this.connection);
      const partitions = await describePartitions(session, this.topic.name);
      return [this.configuration, ...partitions.map((p) => new PartitionNode(this, this.connection, this.topic.name, p))];
    } catch (err) {
      return [ErrorNode.from(this, err, `describe topic ${this.topic.name}`)];
    }
  }

  reset(): void {
    this.configuration?.reset();
  }

  /** The Configuration row if it was drawn (a command that changed it redraws it). */
  configurationNode(): TopicConfigNode | undefined {
    return this.configuration;
  }
}
