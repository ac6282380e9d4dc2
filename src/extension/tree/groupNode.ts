import * as vscode from 'vscode';
import { describeGroup } from '../../core/groups';
import { explainError } from '../../core/errors';
import type { GroupDetail, GroupSummary } from '../../core/model';
import type { GroupTimeLag, GroupLagReport } from '../../core/lag/lagModel';
import { readGroupLag } from '../../core/lag/readGroupLag';
import { describeGroupTimeLag, groupEndTrails } from '../../core/lag/describeTimeLag';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ExplorerContext } from './explorerContext';
import type { ExplorerNode } from './explorerNode';
import { APPROXIMATE_END_NOTE, ErrorNode, InfoNode } from './simpleNodes';
import { END_DISAGREES_SENTENCE, GroupOffsetNode, OFFSET_LAG_NOTE, TIME_LAG_NOTE } from './groupOffsetNode';
import { CONTEXT_VALUES, groupContextValue } from './contextValues';

const STATE_ICONS: Record<string, string> = {
  Stable: 'pass',
  Empty: 'circle-large-outline',
  Dead: 'circle-slash',
  PreparingRebalance: 'sync',
  CompletingRebalance: 'sync',
  NotAuthorized: 'lock',
};

/** A group's time lag as the row shows it: from the folder's listing pass or from this group's expansion. */
export type GroupTimeLagShown = Pick<GroupTimeLag, 'maxTimeLagMs' | 'partitions' | 'sampledAt'>;

/** One consumer group: lag first (it is what a narrow sidebar cuts off last), state, members. */
export class GroupNode implements ExplorerNode {
  /** Total lag: from the folder's one-pass lag of every group, then from this group's own expansion. */
  totalLag: number | null | undefined;
  /** Worst time lag (by reading at the committed offsets): the same two sources. */
  timeLag: GroupTimeLagShown | undefined;
  /** Set while the redraw this node asked for (new lag seen on expanding) reloads its children: that reload asks for none. */
  private redrawing = false;

  constructor(
    readonly parent: ExplorerNode,
    readonly connection: BrokerConnection,
    private readonly context: ExplorerContext,
    readonly group: GroupSummary,
  ) {}

  /** "3 min behind", "caught up"; undefined when unknown, or when "no commits" already says it. */
  private timeLagWords(): string | undefined {
    if (!this.timeLag) return undefined;
    const words = describeGroupTimeLag(this.timeLag);
    return words === 'no commit' && this.totalLag === null ? undefined : words;
  }

  treeItem(): vscode.TreeItem {
    const g = this.group;
    const item = new vscode.TreeItem(g.groupId, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `group:${this.connection.id}:${g.groupId}`;
    const parts = [g.state, `${g.members} member${g.members === 1 ? '' : 's'}`];
    const timeWords = this.timeLagWords();
    if (timeWords) parts.unshift(timeWords);
    // "lag ≈0" beside "3 min behind" looks like a contradiction: say which one to believe.
    const endTrails = groupEndTrails(this.totalLag, this.timeLag?.partitions);
    if (this.totalLag !== undefined) parts.unshift(this.totalLag === null ? 'no commits' : `lag ≈${this.totalLag}${endTrails ? ' (end trails)' : ''}`);
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
        this.totalLag === undefined ? '' : `lag: ${this.totalLag === null ? 'unknown (no commits)' : `≈${this.totalLag}`} — ${OFFSET_LAG_NOTE}, summed over the partitions`,
        timeWords && this.timeLag ? `time lag: ${timeWords} — the worst partition; ${TIME_LAG_NOTE} (read at ${new Date(this.timeLag.sampledAt).toLocaleTimeString()})` : '',
        endTrails ? END_DISAGREES_SENTENCE : '',
        '',
        // Why the menu has no Delete: say it where the user looks for it.
        this.connection.readOnly
          ? 'The connection is read-only: deleting the group and changing its offsets are disabled.'
          : deletable
            ? 'Delete is in the context menu (its committed offsets go with it).'
            : 'Delete is offered only for a group without members: stop its consumers first.',
        'Watch Lag (context menu) charts its lag over time.',
        '',
        APPROXIMATE_END_NOTE,
      ].join('  \n'),
    );
    return item;
  }

  async children(): Promise<ExplorerNode[]> {
    let detail: GroupDetail;
    let report: GroupLagReport | undefined;
    let timeLagError: string | undefined;
    try {
      const session = await this.context.session(this.connection);
      // The group's members and offsets, and beside them its time lag, read group-less.
      const [described, lag] = await Promise.all([
        describeGroup(session, this.group.groupId),
        readGroupLag(session, this.group.groupId, { profile: this.context.settings().brokerProfile }).then(
          (r) => r,
          (err: unknown) => explainError(err),
        ),
      ]);
      detail = described;
      if (typeof lag === 'string') timeLagError = lag;
      else report = lag;
    } catch (err) {
      return [ErrorNode.from(this, err, `describe group ${this.group.groupId}`)];
    }
    this.redrawIfChanged(detail, report);
    const nodes: ExplorerNode[] = [];
    for (const m of detail.members) {
      const assigned = m.assignment.map((a) => `${a.topic}[${a.partitions.join(',')}]`).join(' ');
      nodes.push(new InfoNode(this, m.clientId || m.memberId, { description: `${m.host}${assigned ? ` · ${assigned}` : ''}`, tooltip: `member ${m.memberId}\nclient ${m.clientId}\nhost ${m.host}\nassigned ${assigned || 'nothing'}`, icon: 'person', contextValue: CONTEXT_VALUES.groupMember }));
    }
    for (const o of detail.offsets) {
      const reading = report?.partitions.find((p) => p.topic === o.topic && p.partition === o.partition);
      nodes.push(new GroupOffsetNode(this, this.connection, this.group.groupId, o, reading ? { reading } : { unknown: timeLagError ?? 'not read' }));
    }
    if (nodes.length === 0) nodes.push(new InfoNode(this, 'No members and no committed offsets', { icon: 'info' }));
    return nodes;
  }

  /**
   * The row's lag as this expansion read it. A redraw reloads the children (VS Code refreshes the
   * subtree), and that reload would read again and see a newer time lag: it asks for no redraw.
   */
  private redrawIfChanged(detail: GroupDetail, report: GroupLagReport | undefined): void {
    if (this.redrawing) {
      this.redrawing = false;
      return;
    }
    const lags = detail.offsets.map((o) => o.lag).filter((l): l is number => l !== null);
    const total = lags.length > 0 ? lags.reduce((a, b) => a + b, 0) : null;
    const before = this.timeLagWords();
    const totalBefore = this.totalLag;
    this.totalLag = total;
    if (report) this.timeLag = report;
    if (total !== totalBefore || this.timeLagWords() !== before) {
      this.redrawing = true;
      setTimeout(() => this.context.changed(this), 0);
    }
  }
}
