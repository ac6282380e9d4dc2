import type { ExplorerNode } from './explorerNode';
import { LoadMoreNode } from './simpleNodes';

/** A node whose children are paged: "Load more…" (the loadMore command) shows one more page. */
export interface PagedNode extends ExplorerNode {
  loadMore(): void;
}

export function isPagedNode(node: unknown): node is PagedNode {
  return typeof node === 'object' && node !== null && typeof (node as PagedNode).loadMore === 'function' && typeof (node as PagedNode).treeItem === 'function';
}

/**
 * The first `pages` pages of a long list as nodes, with a "Load more…" row when more remain, so a
 * cluster with thousands of topics, groups or partitions never renders them all at once.
 */
export function pagedNodes<T>(parent: ExplorerNode, items: T[], pages: number, pageSize: number, toNode: (item: T) => ExplorerNode): ExplorerNode[] {
  const shown = Math.min(items.length, pages * pageSize);
  const nodes = items.slice(0, shown).map(toNode);
  if (shown < items.length) nodes.push(new LoadMoreNode(parent, shown, items.length));
  return nodes;
}
