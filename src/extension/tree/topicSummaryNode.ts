import * as vscode from 'vscode';
import type { PartitionInfo } from '../../core/model';
import { summarizePartitions } from '../../core/topics/partitionsSummary';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ExplorerNode } from './explorerNode';
import { APPROXIMATE_END_NOTE } from './simpleNodes';
import { CONTEXT_VALUES } from './contextValues';

const n = (x: number) => x.toLocaleString('en-US');

/**
 * The row under a topic's Configuration: how many partitions, about how many records, how many
 * empty — from the offsets the expansion read, so it costs no request of its own.
 */
export class TopicSummaryNode implements ExplorerNode {
  constructor(
    readonly parent: ExplorerNode,
    readonly connection: BrokerConnection,
    readonly topic: string,
    private readonly partitions: PartitionInfo[],
    private readonly readAt: number,
  ) {}

  treeItem(): vscode.TreeItem {
    const s = summarizePartitions(this.partitions);
    const item = new vscode.TreeItem(`≈${n(s.approximateRecords)} record${s.approximateRecords === 1 ? '' : 's'}`, vscode.TreeItemCollapsibleState.None);
    item.id = `topicSummary:${this.connection.id}:${this.topic}`;
    // The topic's row already counts the partitions: what is new here comes first.
    item.description = [`${n(s.emptyPartitions)} empty`, `${n(s.partitions)} partition${s.partitions === 1 ? '' : 's'}`, s.leaderless ? `${n(s.leaderless)} without a leader` : ''].filter(Boolean).join(' · ');
    item.tooltip = new vscode.MarkdownString(
      [
        `**${this.topic}**: ${n(s.partitions)} partitions, about ${n(s.approximateRecords)} records, ${n(s.emptyPartitions)} empty`,
        `Computed from the offsets read at ${new Date(this.readAt).toLocaleTimeString()} (one Metadata request and two ListOffsets — earliest and latest — per leader broker, for every partition at once): records are the sum of end − start offset, an upper bound, since offsets can have gaps (compaction); a partition is empty when its start and end offsets are equal.`,
        'The newest record\'s time is not shown: it would take a read of every partition. Replay Topic… or Tail Topic show the newest records.',
        s.leaderless ? `${n(s.leaderless)} partition(s) have no leader: their offsets could not be read and count as empty.` : '',
        '',
        APPROXIMATE_END_NOTE,
      ].filter((line, i, all) => line !== '' || all[i - 1] !== '').join('  \n'),
    );
    item.iconPath = new vscode.ThemeIcon('graph');
    item.contextValue = CONTEXT_VALUES.topicSummary;
    return item;
  }
}
