import * as vscode from 'vscode';
import { listGroups } from '../../core/groups';
import type { GroupList } from '../../core/model';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ExplorerContext } from './explorerContext';
import type { ExplorerNode } from './explorerNode';
import { ErrorNode, InfoNode } from './simpleNodes';
import { pagedNodes } from './paging';
import { GroupNode } from './groupNode';
import { CONTEXT_VALUES } from './contextValues';

/** From this share of VAST's group cap on, the folder is drawn in the warning colour. */
export const GROUP_CAP_WARNING_SHARE = 0.9;

/** "Consumer Groups (n/256)" under the vast profile, "(n)" under kafka. */
export class GroupsFolderNode implements ExplorerNode {
  private groups: Promise<GroupList>;
  private list: GroupList | undefined;
  private pages = 1;
  /** Nodes are kept per load, so a group's lag (learnt when expanded) stays on its row. */
  private nodes = new Map<string, GroupNode>();

  constructor(
    readonly parent: ExplorerNode,
    readonly connection: BrokerConnection,
    private readonly context: ExplorerContext,
    initial: Promise<GroupList>,
  ) {
    this.groups = this.track(initial);
  }

  treeItem(): vscode.TreeItem {
    const list = this.list;
    const count = list ? (list.limit ? `${list.count}/${list.limit}` : `${list.count}`) : undefined;
    const item = new vscode.TreeItem(count === undefined ? 'Consumer Groups' : `Consumer Groups (${count})`, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `groups:${this.connection.id}`;
    item.contextValue = CONTEXT_VALUES.groupsFolder;
    const nearCap = list?.limit ? list.count >= list.limit * GROUP_CAP_WARNING_SHARE : false;
    item.iconPath = new vscode.ThemeIcon('organization', nearCap ? new vscode.ThemeColor('list.warningForeground') : undefined);
    if (nearCap && list?.limit) {
      item.description = list.count >= list.limit ? 'at the group cap' : 'near the group cap';
      item.tooltip = `VAST allows at most ${list.limit} consumer groups per view (and lists at most ${list.limit}). Delete idle groups to make room.`;
    }
    return item;
  }

  async children(): Promise<ExplorerNode[]> {
    let list: GroupList;
    try {
      list = await this.groups;
    } catch (err) {
      return [ErrorNode.from(this, err, `list the consumer groups of ${this.connection.name}`)];
    }
    if (list.groups.length === 0) return [new InfoNode(this, 'No consumer groups', { icon: 'info' })];
    return pagedNodes(this, list.groups, this.pages, this.context.settings().treePageSize, (g) => {
      const existing = this.nodes.get(g.groupId);
      if (existing?.group === g) return existing;
      const node = new GroupNode(this, this.connection, this.context, g);
      this.nodes.set(g.groupId, node);
      return node;
    });
  }

  loadMore(): void {
    this.pages++;
    this.context.changed(this);
  }

  reset(): void {
    this.pages = 1;
    this.nodes.clear();
    this.groups = this.track(this.context.session(this.connection).then((s) => listGroups(s, this.context.settings().brokerProfile)));
  }

  private track(groups: Promise<GroupList>): Promise<GroupList> {
    groups.then(
      (list) => {
        const redraw = this.list?.count !== list.count || this.list?.limit !== list.limit;
        this.list = list;
        if (redraw) this.context.changed(this);
      },
      () => undefined,
    );
    return groups;
  }
}
