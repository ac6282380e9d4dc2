import * as vscode from 'vscode';
import { describeGroup } from '../../core/groups/describeGroup';
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
import { groupProtocolWords, groupStateWords } from './groupRowWords';
import { FOLD_CAUGHT_UP_FROM, orderGroupOffsets } from './groupOffsetOrder';
import { pagedNodes, type PagedNode } from './paging';
import { CaughtUpOffsetsNode } from './caughtUpOffsetsNode';

const STATE_ICONS: Record<string, string> = {
  Stable: 'pass',
  Empty: 'circle-large-outline',
  Dead: 'circle-slash',
  PreparingRebalance: 'sync',
  CompletingRebalance: 'sync',
  // The states of a consumer-protocol (KIP-848) group while its assignment changes.
  Assigning: 'sync',
  Reconciling: 'sync',
  NotAuthorized: 'lock',
};

/** A group's time lag as the row shows it: from the folder's listing pass or from this group's expansion. */
export type GroupTimeLagShown = Pick<GroupTimeLag, 'maxTimeLagMs' | 'partitions' | 'sampledAt'>;

/** How long a read waits for the redraw it asked for (VS Code redraws a shown row within milliseconds). */
const REDRAW_READ_MS = 1000;

/** What one expansion read: the group's members and offsets, and its time lag (or why not). */
interface GroupRead {
  detail: GroupDetail;
  report: GroupLagReport | undefined;
  timeLagError: string | undefined;
}

/** One consumer group: lag first (it is what a narrow sidebar cuts off last), state, members. */
export class GroupNode implements ExplorerNode, PagedNode {
  /** Total lag: from the folder's one-pass lag of every group, then from this group's own expansion. */
  totalLag: number | null | undefined;
  /** Worst time lag (by reading at the committed offsets): the same two sources. */
  timeLag: GroupTimeLagShown | undefined;
  /** State and member count of this group's latest expansion, newer than the folder's listing. */
  private described: Pick<GroupSummary, 'state' | 'members'> | undefined;
  /**
   * The read whose row this node asked VS Code to redraw. The redraw reloads the children too;
   * they are built from this same read, so the row and its children never come from two reads.
   */
  private redrawRead: GroupRead | undefined;
  /** The read the children were last built from, and the one Load more builds the next page from. */
  private lastRead: GroupRead | undefined;
  private pageRead: GroupRead | undefined;
  private pages = 1;

  constructor(
    readonly parent: ExplorerNode,
    readonly connection: BrokerConnection,
    private readonly context: ExplorerContext,
    /** The group as the folder's listing saw it (the folder keeps a node per listed summary). */
    readonly listed: GroupSummary,
  ) {}

  /** The group as the row shows it: the listing, with state and members from the latest expansion. */
  get group(): GroupSummary {
    return this.described ? { ...this.listed, ...this.described } : this.listed;
  }

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
    const parts = groupStateWords(g);
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
        `group protocol: ${groupProtocolWords(g.type)}`,
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
    let read = this.redrawRead;
    this.redrawRead = undefined;
    if (!read && this.pageRead) {
      read = this.pageRead; // Load more shows the read already on screen
      this.pageRead = undefined;
    }
    if (!read) {
      try {
        read = await this.read();
      } catch (err) {
        return [ErrorNode.from(this, err, `describe group ${this.group.groupId}`)];
      }
      if (this.showOnRow(read)) {
        this.redrawRead = read;
        setTimeout(() => this.context.changed(this), 0);
        // A row VS Code does not show is not redrawn: the read must not linger for a later expansion.
        setTimeout(() => {
          if (this.redrawRead === read) this.redrawRead = undefined;
        }, REDRAW_READ_MS).unref?.();
      }
    }
    this.lastRead = read;
    const { detail, report, timeLagError } = read;
    const nodes: ExplorerNode[] = [];
    for (const m of detail.members) {
      const assigned = m.assignment.map((a) => `${a.topic}[${a.partitions.join(',')}]`).join(' ');
      nodes.push(new InfoNode(this, m.clientId || m.memberId, { description: `${m.host}${assigned ? ` · ${assigned}` : ''}`, tooltip: `member ${m.memberId}\nclient ${m.clientId}\nhost ${m.host}\nassigned ${assigned || 'nothing'}`, icon: 'person', contextValue: CONTEXT_VALUES.groupMember }));
    }
    const offsets = detail.offsets.map((o) => {
      const reading = report?.partitions.find((p) => p.topic === o.topic && p.partition === o.partition);
      return { offset: o, reading, timeLag: reading ? { reading } : { unknown: timeLagError ?? 'not read' } };
    });
    // Lagging partitions first, the most lag first; the caught-up ones folded into one row.
    const { lagging, caughtUp } = orderGroupOffsets(offsets);
    const fold = caughtUp.length >= FOLD_CAUGHT_UP_FROM;
    const listed = fold ? lagging : [...lagging, ...caughtUp];
    const pageSize = this.context.settings().treePageSize;
    nodes.push(...pagedNodes(this, listed, this.pages, pageSize, (r) => new GroupOffsetNode(this, this.connection, this.group.groupId, r.offset, r.timeLag)));
    if (fold) nodes.push(new CaughtUpOffsetsNode(this, this.connection, this.context, this.group.groupId, caughtUp.map((r) => ({ offset: r.offset, timeLag: r.timeLag }))));
    if (nodes.length === 0) nodes.push(new InfoNode(this, 'No members and no committed offsets', { icon: 'info' }));
    return nodes;
  }

  /** One more page of offset rows, from the read on screen (no request). */
  loadMore(): void {
    this.pages++;
    this.pageRead = this.lastRead;
    this.context.changed(this);
  }

  /** Refresh (of this group, or of the view) reads the group again. */
  reset(): void {
    this.redrawRead = undefined;
    this.pageRead = undefined;
    this.pages = 1;
  }

  /** The group's members and offsets, and beside them its time lag, read group-less. */
  private async read(): Promise<GroupRead> {
    const session = await this.context.session(this.connection);
    const [detail, lag] = await Promise.all([
      describeGroup(session, this.group.groupId),
      readGroupLag(session, this.group.groupId, { profile: this.context.settings().brokerProfile }).then(
        (r) => r,
        (err: unknown) => explainError(err),
      ),
    ]);
    return typeof lag === 'string' ? { detail, report: undefined, timeLagError: lag } : { detail, report: lag, timeLagError: undefined };
  }

  /**
   * Takes the row's state, member count and lag from this read (the folder's listing is older).
   * True when the row's text changed, so that it must be redrawn.
   */
  private showOnRow({ detail, report }: GroupRead): boolean {
    const before = this.treeItem().description;
    const lags = detail.offsets.map((o) => o.lag).filter((l): l is number => l !== null);
    this.totalLag = lags.length > 0 ? lags.reduce((a, b) => a + b, 0) : null;
    if (report) this.timeLag = report;
    this.described = { state: detail.state || this.listed.state, members: detail.members.length };
    return this.treeItem().description !== before;
  }
}
