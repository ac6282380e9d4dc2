import * as vscode from 'vscode';
import { topicSummariesOf } from '../../core/topics/listTopics';
import { clusterDescriptionOf, readClusterMetadata, type ClusterDescription } from '../../core/cluster/clusterDescription';
import { listGroups } from '../../core/groups/listGroups';
import type { GroupList, TopicSummary } from '../../core/model';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ExplorerContext } from './explorerContext';
import type { ExplorerNode } from './explorerNode';
import { TopicsFolderNode } from './topicsFolderNode';
import { GroupsFolderNode } from './groupsFolderNode';
import { ClusterNode } from './clusterNode';
import { SchemaRegistryNode } from './schemaRegistryNode';
import { connectionContextValue } from './contextValues';

/**
 * A broker connection: Topics (n), Consumer Groups (n/256), Schema Registry (when it has one) and
 * Cluster, each loading and failing on its own.
 */
export class ConnectionNode implements ExplorerNode {
  readonly parent = undefined;
  private loaded: Promise<ExplorerNode[]> | undefined;
  topicsFolder: TopicsFolderNode | undefined;
  groupsFolder: GroupsFolderNode | undefined;
  clusterNode: ClusterNode | undefined;
  schemaRegistryNode: SchemaRegistryNode | undefined;

  constructor(
    readonly connection: BrokerConnection,
    private readonly context: ExplorerContext,
  ) {}

  treeItem(): vscode.TreeItem {
    // The environment's connection is named "KAFKA_BOOTSTRAP (host:port)" in messages; on its row the
    // variable is the label and the address the description, so a 300-px sidebar shows both.
    const fromEnvironment = this.connection.source === 'environment';
    const item = new vscode.TreeItem(fromEnvironment ? 'KAFKA_BOOTSTRAP' : this.connection.name, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `connection:${this.connection.id}`;
    const readOnly = this.connection.readOnly === true;
    item.description = readOnly ? `read-only · ${this.connection.bootstrap}` : this.connection.bootstrap;
    item.tooltip = new vscode.MarkdownString(
      [
        `**${this.connection.name}**`,
        `bootstrap: \`${this.connection.bootstrap}\`${fromEnvironment ? ' (from the environment variable KAFKA_BOOTSTRAP)' : ''}`,
        this.connection.username ? `user: ${this.connection.username} (${this.connection.saslMechanism})` : 'no authentication',
        this.connection.tls ? 'TLS' : '',
        this.connection.schemaRegistry ? `schema registry: \`${this.connection.schemaRegistry.url}\`` : '',
        readOnly ? `**Read-only**: changes are disabled (deleting groups, resetting or restoring offsets, producing, creating or deleting topics)${this.connection.source === 'environment' ? ' by EBX_READ_ONLY' : ''}.` : '',
      ]
        .filter(Boolean)
        .join('  \n'),
    );
    item.iconPath = new vscode.ThemeIcon(readOnly ? 'lock' : 'server-environment');
    item.contextValue = connectionContextValue(this.connection);
    return item;
  }

  children(): Promise<ExplorerNode[]> {
    this.loaded ??= this.load();
    return this.loaded;
  }

  reset(): void {
    this.loaded = undefined;
    this.topicsFolder = undefined;
    this.groupsFolder = undefined;
    this.clusterNode = undefined;
    this.schemaRegistryNode = undefined;
  }

  private async load(): Promise<ExplorerNode[]> {
    const session = await this.context.session(this.connection).catch((err) => err as Error);
    // One Metadata request gives both the topics and the cluster (a view can hold 200,000 partitions).
    const metadata = session instanceof Error ? Promise.reject(session) : readClusterMetadata(session);
    const topics: Promise<TopicSummary[]> = metadata.then(topicSummariesOf);
    const cluster: Promise<ClusterDescription> = metadata.then(clusterDescriptionOf);
    const groups: Promise<GroupList> = session instanceof Error ? Promise.reject(session) : listGroups(session, this.context.settings().brokerProfile);
    // All start now; each folder shows its own result or its own error.
    for (const p of [topics, cluster, groups]) p.catch(() => undefined);
    this.topicsFolder = new TopicsFolderNode(this, this.connection, this.context, topics);
    this.groupsFolder = new GroupsFolderNode(this, this.connection, this.context, groups);
    this.clusterNode = new ClusterNode(this, this.connection, this.context, cluster);
    // The registry is asked only when its row is expanded: it is not needed to browse the cluster.
    this.schemaRegistryNode = this.connection.schemaRegistry ? new SchemaRegistryNode(this, this.connection, this.context) : undefined;
    return [this.topicsFolder, this.groupsFolder, ...(this.schemaRegistryNode ? [this.schemaRegistryNode] : []), this.clusterNode];
  }
}
