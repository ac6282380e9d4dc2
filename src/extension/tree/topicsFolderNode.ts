import * as vscode from 'vscode';
import { listTopics } from '../../core/topics/listTopics';
import type { TopicSummary } from '../../core/model';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ExplorerContext } from './explorerContext';
import type { ExplorerNode } from './explorerNode';
import { ErrorNode, InfoNode } from './simpleNodes';
import { pagedNodes } from './paging';
import { TopicNode } from './topicNode';
import { topicsFolderContextValue } from './contextValues';

/** "Topics (n)": paged, filtered, internal topics last. */
export class TopicsFolderNode implements ExplorerNode {
  private topics: Promise<TopicSummary[]>;
  private pages = 1;
  private count: number | undefined;
  private failed = false;
  private readonly nodes = new Map<string, TopicNode>();

  constructor(
    readonly parent: ExplorerNode,
    readonly connection: BrokerConnection,
    private readonly context: ExplorerContext,
    initial: Promise<TopicSummary[]>,
  ) {
    this.topics = this.track(initial);
  }

  treeItem(): vscode.TreeItem {
    const filter = this.context.topicFilter();
    const label = this.count === undefined ? 'Topics' : `Topics (${this.count})`;
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `topics:${this.connection.id}`;
    item.description = filter ? `filter: ${filter}` : this.failed ? 'failed to load' : undefined;
    item.iconPath = new vscode.ThemeIcon('list-tree');
    item.contextValue = topicsFolderContextValue(this.connection);
    return item;
  }

  async children(): Promise<ExplorerNode[]> {
    let topics: TopicSummary[];
    try {
      topics = await this.topics;
    } catch (err) {
      return [ErrorNode.from(this, err, `list the topics of ${this.connection.name}`)];
    }
    const filter = this.context.topicFilter().toLowerCase();
    const matching = topics
      .filter((t) => !filter || t.name.toLowerCase().includes(filter))
      .sort((a, b) => Number(a.internal) - Number(b.internal) || a.name.localeCompare(b.name));
    if (matching.length === 0) return [new InfoNode(this, filter ? `No topic matches "${filter}"` : 'No topics', { icon: 'info' })];
    return pagedNodes(this, matching, this.pages, this.context.settings().treePageSize, (t) => {
      // The same node for the same topic, so a tail starting can redraw exactly the row on screen.
      const existing = this.nodes.get(t.name);
      if (existing?.topic === t) return existing;
      const node = new TopicNode(this, this.connection, this.context, t);
      this.nodes.set(t.name, node);
      return node;
    });
  }

  loadMore(): void {
    this.pages++;
    this.context.changed(this);
  }

  /** The row of `topic`, when the tree has drawn it. */
  nodeOf(topic: string): TopicNode | undefined {
    return this.nodes.get(topic);
  }

  reset(): void {
    this.pages = 1;
    this.nodes.clear();
    this.topics = this.track(this.context.session(this.connection).then(listTopics));
  }

  private track(topics: Promise<TopicSummary[]>): Promise<TopicSummary[]> {
    topics.then(
      (list) => {
        const changed = this.count !== list.length || this.failed;
        this.count = list.length;
        this.failed = false;
        if (changed) this.context.changed(this);
      },
      () => {
        this.failed = true;
      },
    );
    return topics;
  }
}
