import * as vscode from 'vscode';
import type { PartitionInfo } from '../../core/model';
import { summarizePartitions } from '../../core/topics/partitionsSummary';
import type { NewestRecord } from '../../core/topics/newestRecord';
import { isoTime } from '../../core/rendering/recordTime';
import { explainError } from '../../core/errors';
import { plural } from '../../core/counted';
import type { BackgroundRead } from './backgroundRead';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ExplorerNode } from './explorerNode';
import { APPROXIMATE_END_NOTE } from './simpleNodes';
import { CONTEXT_VALUES } from './contextValues';

const n = (x: number) => x.toLocaleString('en-US');

/**
 * The row under a topic's Configuration: how many partitions, about how many records, about how
 * many empty — from the offsets the expansion read — and the newest record's time, which arrives on
 * its own (one ListOffsets a leader broker, read in the background: the partitions do not wait for
 * it). Once it is there, a partition that holds a record is never counted empty: on VAST the end
 * offsets trail the newest events, so right after a burst they can say 0 where records are.
 */
export class TopicSummaryNode implements ExplorerNode {
  constructor(
    readonly parent: ExplorerNode,
    readonly connection: BrokerConnection,
    readonly topic: string,
    private readonly partitions: PartitionInfo[],
    private readonly readAt: number,
    private readonly newest: BackgroundRead<NewestRecord>,
  ) {}

  treeItem(): vscode.TreeItem {
    // Once the newest record is read, a partition holding one counts as holding at least up to it.
    const read = this.newest.value;
    const s = summarizePartitions(this.partitions, read?.kind === 'found' ? read.holding : undefined);
    const item = new vscode.TreeItem(`≈${n(s.approximateRecords)} ${plural(s.approximateRecords, 'record')}`, vscode.TreeItemCollapsibleState.None);
    item.id = `topicSummary:${this.connection.id}:${this.topic}`;
    // The topic's row already counts the partitions: what is new here comes first.
    const newest = this.newestRecord();
    item.description = [`≈${n(s.emptyPartitions)} empty`, `${n(s.partitions)} ${plural(s.partitions, 'partition')}`, s.leaderless ? `${n(s.leaderless)} without a leader` : '', newest.words].filter(Boolean).join(' · ');
    item.tooltip = new vscode.MarkdownString(
      [
        `**${this.topic}**: ${n(s.partitions)} partitions, about ${n(s.approximateRecords)} records, about ${n(s.emptyPartitions)} empty`,
        `Computed from the offsets read at ${new Date(this.readAt).toLocaleTimeString()} (one Metadata request and two ListOffsets — earliest and latest — per leader broker, for every partition at once): records are the sum of end − start offset, raised to a partition's newest record where that lies past the end. Approximate either way: offsets can have gaps (compaction), which makes it too high, and an end offset that trails the newest events (VAST) makes it too low right after a burst. A partition is empty when its start and end offsets are equal and it holds no newest record.`,
        newest.tooltip,
        s.leaderless ? `${n(s.leaderless)} partition(s) have no leader: their offsets could not be read and count as empty.` : '',
        '',
        APPROXIMATE_END_NOTE,
      ].filter((line, i, all) => line !== '' || all[i - 1] !== '').join('  \n'),
    );
    item.iconPath = new vscode.ThemeIcon('graph');
    item.contextValue = CONTEXT_VALUES.topicSummary;
    return item;
  }

  /** The newest record's words for the row (empty when there are none to show) and its tooltip line. */
  private newestRecord(): { words: string; tooltip: string } {
    if (this.newest.pending) return { words: 'newest …', tooltip: "The newest record's time is being read (one ListOffsets per leader broker)." };
    const failed = this.newest.failed;
    const newest: NewestRecord = failed ? { kind: 'notTold', reason: explainError(failed.error) } : this.newest.value!;
    if (newest.kind === 'none') return { words: '', tooltip: 'No partition holds a record, as far as the brokers say.' };
    if (newest.kind === 'notTold') return { words: '', tooltip: `The newest record's time is not shown: ${newest.reason} Replay Topic… or Tail Topic show the newest records.` };
    const iso = isoTime(newest.timestamp);
    if (iso === undefined) return { words: '', tooltip: `The newest record's timestamp, ${newest.timestamp}, is not a time (partition ${newest.partition}, offset ${n(newest.offset)}).` };
    return {
      words: `newest ${whenWords(newest.timestamp, this.readAt)}`,
      tooltip: `Newest record: ${iso}, partition ${newest.partition}, offset ${n(newest.offset)} — the largest record timestamp the brokers keep (ListOffsets MAX_TIMESTAMP, one request per leader broker). A producer sets its own timestamps, so one can lie in the future.`,
    };
  }
}

/** The time of day when it is the day the offsets were read, else the date. */
function whenWords(timestamp: number, readAt: number): string {
  const at = new Date(timestamp);
  return at.toDateString() === new Date(readAt).toDateString() ? at.toLocaleTimeString() : at.toLocaleDateString();
}
