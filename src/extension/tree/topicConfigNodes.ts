import * as vscode from 'vscode';
import { readTopicConfig, sourceInWords, TOPIC_OVERRIDE } from '../../core/topics/topicConfig';
import type { ConfigEntry } from '../../core/clusterAccess';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ExplorerContext } from './explorerContext';
import type { ExplorerNode } from './explorerNode';
import { ErrorNode } from './simpleNodes';
import { configEntryContextValue, topicConfigContextValue } from './contextValues';

/**
 * A topic's "Configuration" row: every entry DescribeConfigs reports, the topic's own first, then
 * what the brokers set, then the defaults. Read when expanded, and again after each Refresh.
 */
export class TopicConfigNode implements ExplorerNode {
  private entries: Promise<ConfigEntry[]> | undefined;
  private overrides: number | undefined;

  constructor(
    readonly parent: ExplorerNode,
    readonly connection: BrokerConnection,
    private readonly context: ExplorerContext,
    readonly topic: string,
  ) {}

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem('Configuration', vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `topicConfig:${this.connection.id}:${this.topic}`;
    item.description = this.overrides === undefined ? undefined : this.overrides === 0 ? 'all defaults' : `${this.overrides} set on the topic`;
    item.iconPath = new vscode.ThemeIcon('settings-gear');
    item.tooltip = `The configuration of ${this.topic}, as the broker reports it (DescribeConfigs).`;
    item.contextValue = topicConfigContextValue(this.connection);
    return item;
  }

  async children(): Promise<ExplorerNode[]> {
    this.entries ??= this.context.session(this.connection).then((session) => readTopicConfig(session, this.topic));
    try {
      const entries = await this.entries;
      const overrides = entries.filter((e) => e.source === TOPIC_OVERRIDE).length;
      if (overrides !== this.overrides) {
        this.overrides = overrides;
        this.context.changed(this);
      }
      return entries.map((e) => new ConfigEntryNode(this, this.connection, this.topic, e));
    } catch (err) {
      this.entries = undefined;
      return [ErrorNode.from(this, err, `read the configuration of ${this.topic}`)];
    }
  }

  reset(): void {
    this.entries = undefined;
  }
}

/** One entry: its value (hidden when sensitive) and where it comes from. */
export class ConfigEntryNode implements ExplorerNode {
  constructor(
    readonly parent: TopicConfigNode,
    readonly connection: BrokerConnection,
    readonly topic: string,
    readonly entry: ConfigEntry,
  ) {}

  treeItem(): vscode.TreeItem {
    const e = this.entry;
    const item = new vscode.TreeItem(e.name, vscode.TreeItemCollapsibleState.None);
    const value = e.sensitive ? '(hidden)' : e.value === null ? '(none)' : e.value === '' ? '""' : e.value;
    item.description = `${value} · ${sourceInWords(e.source)}`;
    const tooltip = new vscode.MarkdownString();
    tooltip.appendText(`${e.name} = ${value}\nFrom: ${sourceInWords(e.source)} (${e.source})`);
    if (e.readOnly) tooltip.appendText('\nRead-only: the broker does not let it be changed.');
    if (e.sensitive) tooltip.appendText('\nSensitive: the broker does not show its value.');
    item.tooltip = tooltip;
    item.iconPath = new vscode.ThemeIcon(e.source === TOPIC_OVERRIDE ? 'symbol-property' : e.isDefault ? 'circle-small' : 'server');
    item.contextValue = configEntryContextValue(e, this.connection);
    return item;
  }
}
