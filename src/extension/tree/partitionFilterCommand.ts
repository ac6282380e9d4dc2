import { UsageError } from '../../core/errors';
import type { Prompter } from '../prompter';
import { parsePartitionFilter } from './partitionFilter';
import { TopicNode } from './topicNode';
import { commandEntries } from '../commandEntry';

/**
 * Filter Partitions… on a topic row: "7", "100-199", "3,5,9"; empty lists all again. The filter
 * narrows the rows already read (no request while the read is fresh). Returns the filter's text.
 */
export async function filterPartitionsCommand(prompter: Prompter, node: unknown): Promise<string | undefined> {
  if (!(node instanceof TopicNode)) throw new UsageError('Choose a topic in the Event Broker view first: Filter Partitions… narrows the partitions of one topic.');
  const value = await prompter.input({
    title: `Filter the partitions of ${node.topic.name} (empty shows all)`,
    value: node.partitionFilter?.text ?? '',
    placeHolder: `7, 100-199 or 3,5,9 (of 0-${Math.max(0, node.topic.partitions - 1)})`,
    validateInput: (text) => {
      const parsed = parsePartitionFilter(text);
      return typeof parsed === 'string' ? parsed : undefined;
    },
  });
  if (value === undefined) return node.partitionFilter?.text; // cancelled: nothing changes
  const parsed = parsePartitionFilter(value);
  if (typeof parsed === 'string') throw new UsageError(parsed);
  node.setPartitionFilter(parsed);
  return parsed?.text;
}

/** A click on the "Filter: …" row: every partition again. */
export function clearPartitionFilterCommand(node: unknown): void {
  if (node instanceof TopicNode) node.setPartitionFilter(undefined);
}

export const partitionFilterCommands = commandEntries(
  { id: 'eventBroker.filterPartitions', fromSelection: [TopicNode], run: ({ prompter }, node) => filterPartitionsCommand(prompter, node) },
  { id: 'eventBroker.clearPartitionFilter', run: (_services, node) => clearPartitionFilterCommand(node) },
);
