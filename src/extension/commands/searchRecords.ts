import type { SearchSummary } from '../../core/search/searchRecords';
import { formFromText, parseSearchForm, searchTextProblem } from '../../core/search/searchForm';
import { UsageError } from '../../core/errors';
import { RecordStore } from '../../core/recordsViewer/recordStore';
import type { BrokerConnection } from '../connections/brokerConnection';
import { Cancelled } from '../runCommand';
import { PartitionNode } from '../tree/partitionNode';
import type { RecordsViewerPanel } from '../recordsViewer/recordsViewerPanel';
import { searchSource } from '../recordsViewer/searchSource';
import type { CommandContext } from './commandContext';
import { topicStep } from './targetSteps';
import { topicReading } from '../formats/topicReading';

export { SEARCH_MAX_SCAN, summaryLine } from '../recordsViewer/searchSource';
import { commandEntries } from '../commandEntry';
import { TopicNode } from '../tree/topicNode';

export interface SearchRecordsResult {
  viewer: RecordsViewerPanel;
  /** What the first read found (the viewer's summary line says the same in words). */
  summary: SearchSummary;
}

/**
 * Search Records…: from a topic or partition row (or the topic picker from the palette), asks only
 * what to look for, then searches group-less in the records viewer with defaults — every partition
 * (the row's one from a partition row), from the beginning, up to 1000 matches — and leaves its
 * search bar filled in, where the person changes the rest and runs again.
 */
export async function searchRecordsCommand(ctx: CommandContext, node?: unknown): Promise<SearchRecordsResult | undefined> {
  const { store, prompter, documents, viewers } = ctx;
  let connection: BrokerConnection;
  let topic: string;
  let partitions: string = '';
  if (node instanceof PartitionNode) {
    ({ connection, topic } = node);
    partitions = String(node.info.partition);
  } else {
    ({ connection, topic } = await topicStep(ctx, node, 'Search Records: topic'));
  }
  // The topic's record format first: a setting that cannot work stops here, before anything is asked.
  const reading = await topicReading(ctx.formats, connection, topic);
  const text = await prompter.input({
    title: `Search ${topic}${partitions === '' ? '' : ` partition ${partitions}`}`,
    prompt: 'Text in the value; or key:KEY (exactly), header:NAME[=VALUE], where:EXPRESSION. Time, partitions and limits are in the viewer.',
    placeHolder: 'failed   ·   key:customer-7   ·   header:trace   ·   where:value.order >= 30',
    validateInput: searchTextProblem,
  });
  if (text === undefined) throw new Cancelled();
  const form = { ...formFromText(text), partitions };
  const parsed = parseSearchForm(form);
  if (parsed.problems) throw new UsageError(Object.values(parsed.problems)[0]);
  const session = await store.session(connection);
  let summary: SearchSummary | undefined;
  const source = searchSource({ session, documents, topic, query: parsed.query, form, onSummary: (s) => (summary = s), reading });
  const viewer = viewers.show(connection, new RecordStore(topic), source, reading);
  try {
    await viewer.readFirst();
  } catch (err) {
    viewer.dispose();
    throw err;
  }
  if (!summary) throw new Cancelled();
  return { viewer, summary };
}

export const searchRecordsCommands = commandEntries({ id: 'eventBroker.searchRecords', fromSelection: [TopicNode, PartitionNode], run: searchRecordsCommand });
