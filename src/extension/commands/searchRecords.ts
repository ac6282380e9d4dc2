import * as vscode from 'vscode';
import { searchBatches, type SearchStop, type SearchSummary } from '../../core/search/searchRecords';
import type { SearchCriteria } from '../../core/search/searchCriteria';
import { compileWhere } from '../../core/search/whereExpression';
import { parseTime, timeProblem } from '../../core/time';
import { UsageError } from '../../core/errors';
import { RecordStore } from '../../core/records/recordStore';
import { timeOrder } from '../../core/records/recordView';
import { exportLines } from '../../core/records/recordExport';
import type { StartPosition } from '../../core/reader/startPosition';
import type { PartitionInfo } from '../../core/model';
import type { KafkaSession } from '../../core/session';
import type { ConnectionStore } from '../connections/connectionStore';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { Prompter } from '../prompter';
import { Cancelled } from '../runCommand';
import { PartitionNode } from '../tree/partitionNode';
import { TopicNode } from '../tree/topicNode';
import type { RecordsViewers } from '../recordsViewer/recordsViewers';
import type { RecordsViewerPanel } from '../recordsViewer/recordsViewerPanel';
import type { RecordsSource } from '../recordsViewer/recordsSource';
import type { ReplayDocuments } from './replayDocuments';
import { offsetProblem } from './replayPartition';
import { pickConnection, pickPartition, pickTopic } from './pickers';
import { counted } from '../../core/counted';

/** Records looked at before a search stops by itself (the person picks how many matches). */
export const SEARCH_MAX_SCAN = 1_000_000;

export interface SearchRecordsResult {
  viewer: RecordsViewerPanel;
  summary: SearchSummary;
}

interface SearchAsked {
  topic: string;
  partition?: number;
  start: StartPosition;
  untilTime?: number;
  criteria: SearchCriteria;
  /** "key customer-7", "value contains failed", "where value.order >= 30". */
  criteriaText: string;
  maxMatches: number;
}

/**
 * Search Records…: from a topic or partition row (or pickers from the palette), asks the partition,
 * start, until time, what to look for and how many matches, searches group-less under a
 * cancellable progress, and opens the matches in the records viewer with how far it got.
 */
export async function searchRecordsCommand(store: ConnectionStore, prompter: Prompter, documents: ReplayDocuments, viewers: RecordsViewers, node?: unknown): Promise<SearchRecordsResult | undefined> {
  let connection: BrokerConnection;
  let topic: string;
  let partition: PartitionInfo | 'all';
  if (node instanceof PartitionNode) {
    ({ connection, topic, info: partition } = node);
  } else {
    connection = node instanceof TopicNode ? node.connection : await pickConnection(store, prompter);
    const session = await store.session(connection);
    topic = node instanceof TopicNode ? node.topic.name : await pickTopic(session, prompter, 'Search Records: topic');
    partition = await pickPartition(session, topic, prompter, `Search Records: ${topic}`, true);
  }
  const start = await askStart(prompter, partition);
  const untilTime = await askUntil(prompter);
  const { criteria, criteriaText } = await askCriteria(prompter);
  const maxMatches = await askMaxMatches(prompter);
  const asked: SearchAsked = { topic, partition: partition === 'all' ? undefined : partition.partition, start, untilTime, criteria, criteriaText, maxMatches };
  const session = await store.session(connection);
  const loaded = new RecordStore(topic);
  const summary = await runSearch(session, asked, loaded, undefined);
  const source = searchSource(session, documents, asked, summary);
  const viewer = viewers.show(connection, loaded, source);
  return { viewer, summary };
}

/** One search (or its continuation from `resumeFrom`) into the store, under a cancellable progress. */
async function runSearch(session: KafkaSession, asked: SearchAsked, loaded: RecordStore, resumeFrom: SearchSummary['resumeFrom'] | undefined): Promise<SearchSummary> {
  const where = asked.partition === undefined ? asked.topic : `${asked.topic} partition ${asked.partition}`;
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Searching ${where} for ${asked.criteriaText}`, cancellable: true }, async (progress, token) => {
    const controller = new AbortController();
    token.onCancellationRequested(() => controller.abort());
    const search = searchBatches(session, {
      topic: asked.topic,
      partition: asked.partition,
      start: asked.start,
      resumeFrom: resumeFrom?.map((p) => ({ partition: p.partition, offset: p.offset })),
      untilTime: asked.untilTime,
      criteria: asked.criteria,
      maxMatches: asked.maxMatches,
      maxScan: SEARCH_MAX_SCAN,
      signal: controller.signal,
      onProgress: (p) => progress.report({ message: `scanned ${counted(p.scanned, 'record')}, ${counted(p.matches, 'match', 'matches')}` }),
    });
    for (;;) {
      const next = await search.next();
      if (next.done) return next.value;
      loaded.appendRaw(next.value.partition, next.value.records);
    }
  });
}

function searchSource(session: KafkaSession, documents: ReplayDocuments, asked: SearchAsked, first: SearchSummary): RecordsSource {
  let last = first;
  const totals = { scanned: first.scanned, matches: first.matches };
  return {
    title: `Search ${asked.topic}: ${asked.criteriaText}`,
    summary: summaryLine(first, asked.maxMatches),
    async loadMore(store) {
      last = await runSearch(session, asked, store, last.resumeFrom);
      totals.scanned += last.scanned;
      totals.matches += last.matches;
      // Counted over every load so far; the stop reason is the last load's.
      return summaryLine({ ...last, scanned: totals.scanned, matches: totals.matches }, asked.maxMatches);
    },
    async openJsonLines(store) {
      const header = JSON.stringify({ search: asked.topic, partition: asked.partition ?? 'all', criteria: asked.criteria, ...(asked.untilTime !== undefined ? { untilTime: new Date(asked.untilTime).toISOString() } : {}), matches: store.length, next: Object.fromEntries(last.resumeFrom.map((p) => [String(p.partition), p.offset])) });
      const lines = [...exportLines(store, timeOrder(store), 'jsonl')];
      await documents.open(`search-${asked.topic}`, `${header}\n${lines.join('')}`);
    },
  };
}

/** "scanned 1200 records in 3 partitions, 3 matches; stopped because it reached the end of every partition". */
export function summaryLine(summary: Pick<SearchSummary, 'scanned' | 'partitions' | 'matches' | 'stoppedBecause'>, maxMatches: number): string {
  const reasons: Record<SearchStop, string> = {
    end: summary.partitions === 1 ? 'it reached the end of the partition' : 'it reached the end of every partition',
    maxMatches: `it found ${counted(maxMatches, 'match', 'matches')} (the limit asked); Load more goes on`,
    maxScan: `it scanned ${SEARCH_MAX_SCAN} records (the scan limit); Load more goes on`,
    untilTime: 'it reached the until time',
    aborted: 'it was cancelled',
  };
  return `scanned ${summary.scanned} records in ${summary.partitions} partition${summary.partitions === 1 ? '' : 's'}, ${summary.matches} match${summary.matches === 1 ? '' : 'es'}; stopped because ${reasons[summary.stoppedBecause]}`;
}

async function askStart(prompter: Prompter, partition: PartitionInfo | 'all'): Promise<StartPosition> {
  const one = partition === 'all' ? undefined : partition;
  const kind = await prompter.pickOne(
    [
      { label: 'Beginning', description: one ? `offset ${one.low}` : 'of every partition', value: 'beginning' as const },
      ...(one ? [{ label: 'Offset…', description: `${one.low} to ${one.high}≈`, value: 'offset' as const }] : []),
      { label: 'Time…', description: 'ISO 8601, epoch ms, or relative like -15m', value: 'time' as const },
    ],
    { title: 'Search from', placeHolder: 'Where should the search start?' },
  );
  if (!kind) throw new Cancelled();
  if (kind === 'beginning') return { kind };
  if (kind === 'offset' && one) {
    const text = await prompter.input({ title: 'Search from offset', prompt: `An offset from ${one.low} to ${one.high} (the end is approximate on VAST)`, value: String(one.low), validateInput: (v) => offsetProblem(v, one) });
    if (text === undefined) throw new Cancelled();
    const problem = offsetProblem(text, one);
    if (problem) throw new UsageError(problem);
    return { kind: 'offset', offset: Number(text.trim()) };
  }
  const text = await prompter.input({ title: 'Search from time', prompt: 'ISO 8601 (2026-11-30T10:00:00Z), epoch milliseconds, or relative to now (-15m, -2h, -1d)', value: '-1h', validateInput: timeProblem });
  if (text === undefined) throw new Cancelled();
  return { kind: 'time', time: parseTime(text) };
}

async function askUntil(prompter: Prompter): Promise<number | undefined> {
  const text = await prompter.input({ title: 'Search until time (empty: no end)', prompt: 'Records after this time end the search: ISO 8601, epoch ms, or relative (-5m); empty reads to the end', value: '', validateInput: (v) => (v.trim() === '' ? undefined : timeProblem(v)) });
  if (text === undefined) throw new Cancelled();
  return text.trim() === '' ? undefined : parseTime(text);
}

type CriteriaKind = 'key' | 'keyContains' | 'valueContains' | 'header' | 'where';

async function askCriteria(prompter: Prompter): Promise<{ criteria: SearchCriteria; criteriaText: string }> {
  const kind = await prompter.pickOne<CriteriaKind>(
    [
      { label: 'Key', description: 'the key is exactly…', value: 'key' },
      { label: 'Key contains', description: 'part of the key', value: 'keyContains' },
      { label: 'Value contains', description: 'text in the value', value: 'valueContains' },
      { label: 'Header', description: 'NAME or NAME=VALUE', value: 'header' },
      { label: 'Field expression', description: 'on JSON values, e.g. value.order >= 30 && value.status == "failed"', value: 'where' },
    ],
    { title: 'Search by', placeHolder: 'What should a record have? (text is case-sensitive)' },
  );
  if (!kind) throw new Cancelled();
  const prompts: Record<CriteriaKind, string> = {
    key: 'The exact key',
    keyContains: 'Text the key contains',
    valueContains: 'Text the value contains',
    header: 'A header name, or NAME=VALUE for an exact value',
    where: 'A CEL expression over key, value (parsed JSON), headers, partition, offset, timestamp',
  };
  const problem = (v: string): string | undefined => {
    if (v === '') return 'Type something to look for.';
    if (kind === 'header' && v.split('=')[0].trim() === '') return 'A header name comes first: NAME or NAME=VALUE.';
    if (kind === 'where') {
      try {
        compileWhere(v);
      } catch (err) {
        return (err as Error).message;
      }
    }
    return undefined;
  };
  const text = await prompter.input({ title: `Search by ${kind === 'where' ? 'field expression' : prompts[kind].toLowerCase()}`, prompt: prompts[kind], validateInput: problem });
  if (text === undefined) throw new Cancelled();
  const bad = problem(text);
  if (bad) throw new UsageError(bad);
  switch (kind) {
    case 'key':
      return { criteria: { key: text }, criteriaText: `key ${text}` };
    case 'keyContains':
      return { criteria: { keyContains: text }, criteriaText: `key contains ${text}` };
    case 'valueContains':
      return { criteria: { valueContains: text }, criteriaText: `value contains ${text}` };
    case 'header': {
      const at = text.indexOf('=');
      const header = at < 0 ? { name: text.trim() } : { name: text.slice(0, at).trim(), value: text.slice(at + 1) };
      return { criteria: { header }, criteriaText: `header ${text}` };
    }
    case 'where':
      return { criteria: { where: text }, criteriaText: `where ${text}` };
  }
}

async function askMaxMatches(prompter: Prompter): Promise<number> {
  const text = await prompter.input({
    title: 'Search: at most how many matches?',
    prompt: `The search also stops after ${SEARCH_MAX_SCAN.toLocaleString('en-US')} records looked at; Load more in the viewer goes on`,
    value: '1000',
    validateInput: (v) => (/^\s*[1-9]\d*\s*$/.test(v) && Number(v) <= 1_000_000 ? undefined : 'A whole number from 1 to 1,000,000.'),
  });
  if (text === undefined) throw new Cancelled();
  const max = Number(text.trim());
  if (!Number.isSafeInteger(max) || max < 1 || max > 1_000_000) throw new UsageError('The number of matches must be a whole number from 1 to 1,000,000.');
  return max;
}
