import * as vscode from 'vscode';
import { listTopics } from '../../core/topics';
import { listGroups } from '../../core/groups/listGroups';
import type { GroupList, TopicSummary } from '../../core/model';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ExplorerContext } from './explorerContext';
import type { ExplorerNode } from './explorerNode';
import { TopicsFolderNode } from './topicsFolderNode';
import { GroupsFolderNode } from './groupsFolderNode';
import { connectionContextValue } from './contextValues';

/** A broker connection: Topics (n) and Consumer Groups (n/256), each loading and failing on its own. */
export class ConnectionNode implements ExplorerNode {
  readonly parent = undefined;
  private loaded: Promise<ExplorerNode[]> | undefined;
  topicsFolder: TopicsFolderNode | undefined;
  groupsFolder: GroupsFolderNode | undefined;

  constructor(
    readonly connection: BrokerConnection,
    private readonly context: ExplorerContext,
  ) {}

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.connection.name, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `connection:${this.connection.id}`;
    const readOnly = this.connection.readOnly === true;
    const where = this.connection.source === 'environment' ? 'from environment' : this.connection.bootstrap;
    item.description = readOnly ? `read-only · ${where}` : where;
    item.tooltip = new vscode.MarkdownString(
      [
        `**${this.connection.name}**`,
        `bootstrap: \`${this.connection.bootstrap}\``,
        this.connection.username ? `user: ${this.connection.username} (${this.connection.saslMechanism})` : 'no authentication',
        this.connection.tls ? 'TLS' : '',
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
  }

  private async load(): Promise<ExplorerNode[]> {
    const session = await this.context.session(this.connection).catch((err) => err as Error);
    const topics: Promise<TopicSummary[]> = session instanceof Error ? Promise.reject(session) : listTopics(session);
    const groups: Promise<GroupList> = session instanceof Error ? Promise.reject(session) : listGroups(session, this.context.settings().brokerProfile);
    // Both start now; each folder shows its own result or its own error.
    topics.catch(() => undefined);
    groups.catch(() => undefined);
    this.topicsFolder = new TopicsFolderNode(this, this.connection, this.context, topics);
    this.groupsFolder = new GroupsFolderNode(this, this.connection, this.context, groups);
    return [this.topicsFolder, this.groupsFolder];
  }
}
