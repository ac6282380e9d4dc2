import * as vscode from 'vscode';
import type { GroupOffset } from '../../core/model';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ExplorerContext } from './explorerContext';
import type { ExplorerNode } from './explorerNode';
import { GroupOffsetNode, type PartitionTimeLagShown } from './groupOffsetNode';
import { pagedNodes, type PagedNode } from './paging';
import { CONTEXT_VALUES } from './contextValues';

/**
 * "19,990 partitions caught up": a group's caught-up offset rows folded into one, below the
 * lagging ones, and paged when expanded. Built from the group's read: expanding it asks nothing.
 */
export class CaughtUpOffsetsNode implements ExplorerNode, PagedNode {
  private pages = 1;

  constructor(
    readonly parent: ExplorerNode,
    readonly connection: BrokerConnection,
    private readonly context: ExplorerContext,
    readonly groupId: string,
    private readonly offsets: { offset: GroupOffset; timeLag: PartitionTimeLagShown }[],
  ) {}

  treeItem(): vscode.TreeItem {
    const count = this.offsets.length.toLocaleString('en-US');
    const item = new vscode.TreeItem(`${count} partitions caught up`, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `caughtUp:${this.connection.id}:${this.groupId}`;
    const topics = new Set(this.offsets.map((o) => o.offset.topic));
    item.description = topics.size === 1 ? [...topics][0] : `${topics.size} topics`;
    item.tooltip = `${count} partitions where the group has read up to the reported end offset (lag≈ 0) and, where its time lag was read, no record waits at its committed offset. Expand to list them.`;
    item.iconPath = new vscode.ThemeIcon('pass');
    item.contextValue = CONTEXT_VALUES.caughtUpOffsets;
    return item;
  }

  children(): Promise<ExplorerNode[]> {
    return Promise.resolve(pagedNodes(this, this.offsets, this.pages, this.context.settings().treePageSize, (o) => new GroupOffsetNode(this, this.connection, this.groupId, o.offset, o.timeLag)));
  }

  loadMore(): void {
    this.pages++;
    this.context.changed(this);
  }
}
