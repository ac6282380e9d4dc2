// The Event Broker tree's own commands: Refresh (a row, or the whole tree), Filter Topics… (part of
// a topic name, for every connection) and Load More (the next page of a long folder).
import type { Prompter } from '../prompter';
import { commandEntries } from '../commandEntry';
import type { ExplorerNode } from './explorerNode';
import type { ExplorerProvider } from './explorerProvider';
import { isPagedNode } from './paging';

/** Asks part of a topic name (empty shows all); returns the filter in use afterwards. */
export async function filterTopicsCommand(explorer: ExplorerProvider, prompter: Prompter): Promise<string> {
  const value = await prompter.input({ title: 'Filter topics (empty shows all)', value: explorer.topicFilter, placeHolder: 'part of a topic name' });
  if (value === undefined) return explorer.topicFilter;
  explorer.topicFilter = value.trim();
  return explorer.topicFilter;
}

/** A click on "Load more…" passes its folder; anything else (the palette) does nothing. */
export function loadMoreCommand(folder: unknown): void {
  if (isPagedNode(folder)) folder.loadMore();
}

function isNode(value: unknown): value is ExplorerNode {
  return typeof value === 'object' && value !== null && typeof (value as ExplorerNode).treeItem === 'function';
}

export const explorerCommands = commandEntries(
  { id: 'eventBroker.refresh', run: ({ explorer }, node) => explorer.refresh(isNode(node) ? node : undefined) },
  { id: 'eventBroker.filterTopics', run: ({ explorer, prompter }) => filterTopicsCommand(explorer, prompter) },
  { id: 'eventBroker.loadMore', run: (_services, folder) => loadMoreCommand(folder) },
);
