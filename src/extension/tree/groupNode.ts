import * as vscode from 'vscode';
import { describeGroup } from '../../core/groups';
import type { GroupDetail, GroupSummary } from '../../core/model';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ExplorerContext } from './explorerContext';
import type { ExplorerNode } from './explorerNode';
import { APPROXIMATE_END_NOTE, ErrorNode, InfoNode } from './simpleNodes';
import { GroupOffsetNode } from './groupOffsetNode';
import { CONTEXT_VALUES, groupContextValue } from './contextValues';

const STATE_ICONS: Record<string, string> = {
  Stable: 'pass',
  Empty: 'circle-large-outline',
  Dead: 'circle-slash',
  PreparingRebalance: 'sync',
  CompletingRebalance: 'sync',
  NotAuthorized: 'lock',
};

/** One consumer group: lag first (it is what a narrow sidebar cuts off last), state, members. */
export class GroupNode implements ExplorerNode {
  /** Total lag: from the folder's one-pass lag of every group, then from this group's own expansion. */
  totalLag: number | null | undefined;

  constructor(
    readonly parent: ExplorerNode,
    readonly connection: BrokerConnection,
    private readonly context: ExplorerContext,
    readonly group: GroupSummary,
  ) {}

  treeItem(): vscode.TreeItem {
    const g = this.group;
    const item = new vscode.TreeItem(g.groupId, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `group:${this.connection.id}:${g.groupId}`;
    const parts = [g.state, `${g.members} member${g.members === 1 ? '' : 's'}`];
    if (this.totalLag !== undefined) parts.unshift(this.totalLag === null ? 'no commits' : `lag ≈${this.totalLag}`);
    item.description = parts.join(' · ');
    item.iconPath = new vscode.ThemeIcon(STATE_ICONS[g.state] ?? 'question');
    // Context values encode the state, so Delete is offered only where it can work (Empty, Dead).
    item.contextValue = groupContextValue(g.state, this.connection);
    const deletable = g.state === 'Empty' || g.state === 'Dead';
    item.tooltip = new vscode.MarkdownString(
      [
        `**${g.groupId}**`,
        `state: ${g.state}`,
        `protocol: ${g.protocolType || '?'} / ${g.protocol || '?'}`,
        `members: ${g.members}`,
        this.totalLag === undefined ? '' : `lag: ${this.totalLag === null ? 'unknown (no commits)' : `≈${this.totalLag}`}`,
        '',
        // Why the menu has no Delete: say it where the user looks for it.
        this.connection.readOnly
          ? 'The connection is read-only: deleting the group and changing its offsets are disabled.'
          : deletable
            ? 'Delete is in the context menu (its committed offsets go with it).'
            : 'Delete is offered only for a group without members: stop its consumers first.',
        '',
        APPROXIMATE_END_NOTE,
      ].join('  \n'),
    );
    return item;
  }

  async children(): Promise<ExplorerNode[]> {
    let detail: GroupDetail;
    try {
      detail = await describeGroup(await this.context.session(this.connection), this.group.groupId);
    } catch (err) {
      return [ErrorNode.from(this, err, `describe group ${this.group.groupId}`)];
    }
    const lags = detail.offsets.map((o) => o.lag).filter((l): l is number => l !== null);
    const total = lags.length > 0 ? lags.reduce((a, b) => a + b, 0) : null;
    if (total !== this.totalLag) {
      this.totalLag = total;
      setTimeout(() => this.context.changed(this), 0);
    }
    const nodes: ExplorerNode[] = [];
    for (const m of detail.members) {
      const assigned = m.assignment.map((a) => `${a.topic}[${a.partitions.join(',')}]`).join(' ');
      nodes.push(new InfoNode(this, m.clientId || m.memberId, { description: `${m.host}${assigned ? ` · ${assigned}` : ''}`, tooltip: `member ${m.memberId}\nclient ${m.clientId}\nhost ${m.host}\nassigned ${assigned || 'nothing'}`, icon: 'person', contextValue: CONTEXT_VALUES.groupMember }));
    }
    for (const o of detail.offsets) nodes.push(new GroupOffsetNode(this, this.connection, this.group.groupId, o));
    if (nodes.length === 0) nodes.push(new InfoNode(this, 'No members and no committed offsets', { icon: 'info' }));
    return nodes;
  }
}
