import type { ExplorerNode } from './explorerNode';
import { LoadMoreNode } from './simpleNodes';

/**
 * The first `pages` pages of a long list as nodes, with a "Load more…" row when more remain, so a
 * cluster with thousands of topics or groups never renders them all at once.
 */
export function pagedNodes<T>(parent: ExplorerNode, items: T[], pages: number, pageSize: number, toNode: (item: T) => ExplorerNode): ExplorerNode[] {
  const shown = Math.min(items.length, pages * pageSize);
  const nodes = items.slice(0, shown).map(toNode);
  if (shown < items.length) nodes.push(new LoadMoreNode(parent, shown, items.length));
  return nodes;
}
