import * as vscode from 'vscode';
import { describePartitions } from '../../core/topics/listTopics';
import type { PartitionInfo, TopicSummary } from '../../core/model';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ExplorerContext } from './explorerContext';
import type { ExplorerNode } from './explorerNode';
import { ErrorNode, InfoNode } from './simpleNodes';
import { PartitionNode } from './partitionNode';
import { topicContextValue } from './contextValues';
import { TopicConfigNode } from './topicConfigNodes';
import { pagedNodes, type PagedNode } from './paging';
import { TopicSummaryNode } from './topicSummaryNode';
import { PartitionFilterNode } from './partitionFilterNode';
import type { PartitionFilter } from './partitionFilter';
import { BackgroundRead } from './backgroundRead';
import { readNewestRecord } from '../../core/topics/newestRecord';
import { plural } from '../../core/counted';

/**
 * How long one read of a topic's offsets answers its expansions: collapsing and expanding again,
 * Load more or a filter redraw the rows without a request; Refresh reads again at once.
 */
export const PARTITIONS_FRESH_MS = 10_000;

/** One read of the topic's partitions and offsets, and when it was made. */
interface PartitionsRead {
  at: number;
  partitions: Promise<PartitionInfo[]>;
  /** Its summary row, made at the first expansion that shows the read, with the newest record's time read once. */
  summary?: TopicSummaryNode;
}

export class TopicNode implements ExplorerNode, PagedNode {
  /** The same Configuration row across expansions, so it keeps its own loaded state. */
  private configuration: TopicConfigNode | undefined;
  private read: PartitionsRead | undefined;
  private pages = 1;
  /** Only the partitions it matches are listed (Filter Partitions…); the summary stays the topic's. */
  private filter: PartitionFilter | undefined;

  constructor(
    readonly parent: ExplorerNode,
    readonly connection: BrokerConnection,
    private readonly context: ExplorerContext,
    readonly topic: TopicSummary,
  ) {}

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.topic.name, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `topic:${this.connection.id}:${this.topic.name}`;
    const count = `${this.topic.partitions.toLocaleString('en-US')} ${plural(this.topic.partitions, 'partition')}`;
    // How its records are read, when not as plain text or bytes (eventBroker.recordFormats, the registry).
    const format = this.context.recordFormat(this.connection, this.topic.name);
    item.description = [count, format?.short, this.filter ? `filter: ${this.filter.text}` : '', this.topic.internal ? 'internal' : ''].filter(Boolean).join(' · ');
    item.iconPath = new vscode.ThemeIcon(this.topic.internal ? 'lock' : 'symbol-event');
    item.contextValue = topicContextValue(this.connection);
    item.tooltip = [this.topic.name, item.description, format ? `Records: ${format.words}` : ''].filter(Boolean).join('\n');
    return item;
  }

  /**
   * Its Configuration, a summary of all partitions, then a page of the partitions (those the filter
   * matches). The offsets come from one read — a Metadata request and two ListOffsets (earliest,
   * latest) per leader broker — reused while it is fresh.
   */
  async children(): Promise<ExplorerNode[]> {
    this.configuration ??= new TopicConfigNode(this, this.connection, this.context, this.topic.name);
    let partitions: PartitionInfo[];
    let read: PartitionsRead;
    try {
      ({ partitions, read } = await this.partitions());
    } catch (err) {
      return [ErrorNode.from(this, err, `describe topic ${this.topic.name}`)];
    }
    const readAt = read.at;
    read.summary ??= this.summaryOf(read, partitions);
    const nodes: ExplorerNode[] = [this.configuration, read.summary];
    const filter = this.filter;
    const shown = filter ? partitions.filter((p) => filter.matches(p.partition)) : partitions;
    if (filter) nodes.push(new PartitionFilterNode(this, this.connection, this.topic.name, filter.text, shown.length, partitions.length));
    else if (partitions.length === 0) nodes.push(new InfoNode(this, 'No partitions', { icon: 'info' }));
    nodes.push(...pagedNodes(this, shown, this.pages, this.context.settings().treePageSize, (p) => new PartitionNode(this, this.connection, this.topic.name, p, readAt)));
    return nodes;
  }

  /** The partitions of the latest read while it is fresh; otherwise (or after a failure) a new read. */
  private async partitions(): Promise<{ partitions: PartitionInfo[]; read: PartitionsRead }> {
    if (!this.read || Date.now() - this.read.at > PARTITIONS_FRESH_MS) {
      const read: PartitionsRead = { at: Date.now(), partitions: this.context.session(this.connection).then((s) => describePartitions(s, this.topic.name)) };
      read.partitions.catch(() => {
        if (this.read === read) this.read = undefined; // a failure is not kept: Retry reads again
      });
      this.read = read;
    }
    const read = this.read;
    return { partitions: await read.partitions, read };
  }

  /**
   * The summary row of a read. Its newest record time is asked in the background, after the
   * offsets: the first page of partitions never waits for it, and the row is redrawn when it comes.
   */
  private summaryOf(read: PartitionsRead, partitions: PartitionInfo[]): TopicSummaryNode {
    const newest = new BackgroundRead(
      this.context.session(this.connection).then((s) => readNewestRecord(s, this.topic.name, partitions)),
      () => {
        if (this.read === read) this.context.changed(summary); // a Refresh meanwhile made a newer read
      },
    );
    const summary = new TopicSummaryNode(this, this.connection, this.topic.name, partitions, read.at, newest);
    return summary;
  }

  loadMore(): void {
    this.pages++;
    this.context.changed(this);
  }

  /** The partition filter as typed (undefined: none). */
  get partitionFilter(): PartitionFilter | undefined {
    return this.filter;
  }

  /** Lists only the partitions `filter` matches (undefined lists all); no request while the read is fresh. */
  setPartitionFilter(filter: PartitionFilter | undefined): void {
    this.filter = filter;
    this.pages = 1;
    this.context.changed(this);
  }

  /** Refresh: the configuration and the offsets are read again on the next expansion. */
  reset(): void {
    this.configuration?.reset();
    this.forgetOffsets();
  }

  /** The offsets moved (a tail saw newer ones, records were deleted): the next expansion reads them. */
  forgetOffsets(): void {
    this.read = undefined;
    this.pages = 1;
  }

  /** The Configuration row if it was drawn (a command that changed it redraws it). */
  configurationNode(): TopicConfigNode | undefined {
    return this.configuration;
  }
}
