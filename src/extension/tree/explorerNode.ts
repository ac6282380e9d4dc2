import type * as vscode from 'vscode';

/** One row of the explorer. Nodes that have children load them lazily, when expanded. */
export interface ExplorerNode {
  readonly parent: ExplorerNode | undefined;
  treeItem(): vscode.TreeItem;
  children?(): Promise<ExplorerNode[]>;
  /** Drops cached data so the next expansion loads afresh (Refresh on this node). */
  reset?(): void;
}
