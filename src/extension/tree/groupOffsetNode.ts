import * as vscode from 'vscode';
import type { GroupOffset } from '../../core/model';
import type { PartitionLagReading } from '../../core/lag/lagModel';
import { describeTimeLag, explainTimeLag } from '../../core/lag/describeTimeLag';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ExplorerNode } from './explorerNode';
import { APPROXIMATE_END_NOTE } from './simpleNodes';
import { CONTEXT_VALUES } from './contextValues';

/** How the offset lag is found (tooltips of group and partition rows). */
export const OFFSET_LAG_NOTE = 'offset lag is the reported end offset minus the committed offset (approximate under the vast profile)';
/** How the time lag is found. */
export const TIME_LAG_NOTE = 'time lag is the age of the record at the committed offset, read without joining the group (an empty fetch means caught up)';
/** Said where reading finds a record the end offsets do not count. */
export const END_DISAGREES_SENTENCE = 'End offsets say 0 behind, but a record is waiting: the reported end offset trails the newest events.';

/** What reading at the committed offset found for this partition, or why it is not known. */
export type PartitionTimeLagShown = { reading: PartitionLagReading } | { unknown: string };

/**
 * One partition a group has committed (or is assigned): partition, offset lag and time lag in the
 * label, so a 300-px sidebar still shows them; the committed and end offsets follow in the
 * description, the topic last (a narrow sidebar cuts it first; the tooltip names it). Its menu
 * replays from the committed offset — what the group would read next.
 */
export class GroupOffsetNode implements ExplorerNode {
  constructor(
    readonly parent: ExplorerNode,
    readonly connection: BrokerConnection,
    readonly groupId: string,
    readonly offset: GroupOffset,
    readonly timeLag: PartitionTimeLagShown = { unknown: 'not read' },
  ) {}

  /** The reading at the committed offset, when there is one. */
  get reading(): PartitionLagReading | undefined {
    return 'reading' in this.timeLag ? this.timeLag.reading : undefined;
  }

  treeItem(): vscode.TreeItem {
    const o = this.offset;
    const reading = this.reading;
    const timeWords = reading ? describeTimeLag(reading) : undefined;
    const item = new vscode.TreeItem(`p${o.partition} · lag≈ ${o.lag ?? '—'}${timeWords ? ` · ${timeWords}` : ''}`, vscode.TreeItemCollapsibleState.None);
    item.description = `committed ${o.committed ?? '—'} · end≈ ${o.end ?? '?'} · ${o.topic}`;
    const timeLine = reading
      ? `time lag: ${timeWords} — ${explainTimeLag(reading)}`
      : `time lag: unknown — ${'unknown' in this.timeLag ? this.timeLag.unknown : ''}`;
    item.tooltip = [
      `${o.topic} partition ${o.partition}`,
      `committed: ${o.committed ?? 'none (no commit yet)'}`,
      `end: ${o.end ?? 'unknown'} (approximate)`,
      `lag: ${o.lag ?? 'unknown'} (approximate) — ${OFFSET_LAG_NOTE}`,
      timeLine,
      ...(reading?.endDisagrees ? ['', END_DISAGREES_SENTENCE] : []),
      '',
      `How: ${TIME_LAG_NOTE}.`,
      APPROXIMATE_END_NOTE,
    ].join('\n');
    item.iconPath = reading?.endDisagrees ? new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground')) : new vscode.ThemeIcon('graph-line');
    item.contextValue = CONTEXT_VALUES.groupOffset;
    return item;
  }
}
