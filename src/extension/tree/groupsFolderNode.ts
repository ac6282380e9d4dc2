import * as vscode from 'vscode';
import { listGroups } from '../../core/groups/listGroups';
import { groupLags } from '../../core/groups/groupLags';
import { readTimeLagOfCommits } from '../../core/lag/readGroupsTimeLag';
import type { GroupTimeLag } from '../../core/lag/lagModel';
import type { GroupList } from '../../core/model';
import { counted } from '../../core/counted';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ExplorerContext } from './explorerContext';
import type { ExplorerNode } from './explorerNode';
import { ErrorNode, InfoNode } from './simpleNodes';
import { pagedNodes } from './paging';
import { GroupNode } from './groupNode';
import { groupsFolderContextValue } from './contextValues';

/** From this share of VAST's group cap on, the folder is drawn in the warning colour. */
export const GROUP_CAP_WARNING_SHARE = 0.9;

/** "Consumer Groups (n/256)" under the vast profile, "(n)" under kafka. */
export class GroupsFolderNode implements ExplorerNode {
  private groups: Promise<GroupList>;
  private list: GroupList | undefined;
  private pages = 1;
  /** Nodes are kept per load, so a group's lag (learnt when expanded) stays on its row. */
  private nodes = new Map<string, GroupNode>();
  /** Every listed group's total lag, read once per listing (groupLags: one OffsetFetch per group, one ListOffsets per leader). */
  private lags = new Map<string, number | null>();
  /**
   * Every listed group's time lag, read in the same pass from the offsets groupLags brought: one
   * Metadata and one Fetch per leader broker for all groups' committed offsets together (no second
   * OffsetFetch), so the requests grow with brokers, not with groups.
   */
  private timeLags = new Map<string, GroupTimeLag>();

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
    item.contextValue = groupsFolderContextValue(this.connection);
    const nearCap = list?.limit ? list.count >= list.limit * GROUP_CAP_WARNING_SHARE : false;
    item.iconPath = new vscode.ThemeIcon('organization', nearCap ? new vscode.ThemeColor('list.warningForeground') : undefined);
    if (nearCap && list?.limit) item.description = list.count >= list.limit ? 'at the group cap' : 'near the group cap';
    if (list) {
      // Explain the "(n/256)": the cap, and that every group a tool creates counts against it.
      item.tooltip = list.limit
        ? `${counted(list.count, 'consumer group')} of at most ${list.limit}: VAST allows ${list.limit} groups per Kafka-enabled view (and lists at most ${list.limit}). Every group a tool creates counts; this extension reads without one.${nearCap ? ' Delete idle groups to make room.' : ''}`
        : `${counted(list.count, 'consumer group')}.`;
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
      if (existing?.listed === g) return existing;
      const node = new GroupNode(this, this.connection, this.context, g);
      if (this.lags.has(g.groupId)) node.totalLag = this.lags.get(g.groupId);
      node.timeLag = this.timeLags.get(g.groupId);
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
    this.lags.clear();
    this.timeLags.clear();
    this.groups = this.track(this.context.session(this.connection).then((s) => listGroups(s, this.context.settings().brokerProfile)));
  }

  private track(groups: Promise<GroupList>): Promise<GroupList> {
    groups.then(
      (list) => {
        const redraw = this.list?.count !== list.count || this.list?.limit !== list.limit;
        this.list = list;
        if (redraw) this.context.changed(this);
        void this.loadLags(groups, list);
      },
      () => undefined,
    );
    return groups;
  }

  /**
   * Offset lag and time lag on every group row before anyone expands it, drawn once both are in;
   * a failure just leaves the rows without them (without the time lag, when only that failed).
   */
  private async loadLags(listed: Promise<GroupList>, list: GroupList): Promise<void> {
    if (list.groups.length === 0) return;
    try {
      const session = await this.context.session(this.connection);
      const lags = (await groupLags(session, list.groups.map((g) => g.groupId))).filter((l) => !l.error);
      const timeLags = await readTimeLagOfCommits(session, lags, { profile: this.context.settings().brokerProfile }).catch(() => [] as GroupTimeLag[]);
      if (this.groups !== listed) return; // refreshed meanwhile: a newer listing brings its own lags
      for (const l of lags) {
        this.lags.set(l.groupId, l.totalLag);
        const node = this.nodes.get(l.groupId);
        if (node) node.totalLag = l.totalLag;
      }
      for (const t of timeLags) {
        if (t.error) continue;
        this.timeLags.set(t.groupId, t);
        const node = this.nodes.get(t.groupId);
        if (node) node.timeLag = t;
      }
      this.context.changed(this);
    } catch {
      // Lag is a help, not the listing: the rows stay as they are.
    }
  }
}
