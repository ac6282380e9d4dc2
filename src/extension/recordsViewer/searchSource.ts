// A search as a records viewer's source: the bar's Run (or Search Records… from the palette) makes
// one, its first read searches from the query's start, and each Load more goes on from where the
// last read stopped, group-less, as the core search reads.
import { searchBatches, type SearchStop, type SearchSummary } from '../../core/search/searchRecords';
import type { SearchForm, SearchQuery } from '../../core/search/searchForm';
import { timeOrder } from '../../core/recordsViewer/recordView';
import { exportLines } from '../../core/recordsViewer/recordExport';
import type { KafkaSession } from '../../core/session';
import type { ReplayDocuments } from '../commands/replayDocuments';
import type { RecordsSource } from './recordsSource';
import { counted, plural } from '../../core/counted';
import { readingSummary, type TopicReading } from '../formats/topicReading';

/** Records looked at before a search stops by itself (the person picks how many matches). */
export const SEARCH_MAX_SCAN = 1_000_000;

export interface SearchSourceOptions {
  session: KafkaSession;
  documents: ReplayDocuments;
  topic: string;
  query: SearchQuery;
  form: SearchForm;
  /** Told after each read with the core's summary (the command returns the first one). */
  onSummary?: (summary: SearchSummary) => void;
  /** The topic's record format: `where` sees decoded values, and the matches' schemas are fetched as they arrive. */
  reading?: TopicReading;
}

export function searchSource(options: SearchSourceOptions): RecordsSource {
  const { session, documents, topic, query, reading } = options;
  let last: SearchSummary | undefined;
  const totals = { scanned: 0, matches: 0 };
  const where = scopeOf(topic, query.partitions);
  return {
    title: `Search ${topic}: ${query.criteriaText}`,
    summary: `Searching ${where} for ${query.criteriaText}…`,
    header: { scope: `${where} · ${query.criteriaText}`, startTime: query.startTime, start: query.startTime === undefined ? 'the beginning of each partition' : undefined, untilTime: query.untilTime },
    progressTitle: `Searching ${where} for ${query.criteriaText}`,
    searchForm: options.form,
    atEnd: () => last !== undefined && (last.stoppedBecause === 'end' || last.stoppedBecause === 'untilTime'),
    async loadMore(store, signal, progress) {
      const search = searchBatches(session, {
        topic,
        partitions: query.partitions,
        start: query.start,
        resumeFrom: last?.resumeFrom.map((p) => ({ partition: p.partition, offset: p.offset })),
        untilTime: query.untilTime,
        criteria: query.criteria,
        maxMatches: query.maxMatches,
        maxScan: SEARCH_MAX_SCAN,
        signal,
        decoder: reading?.decoder,
        onProgress: (p) => progress(`scanned ${counted(p.scanned, 'record')}, ${counted(p.matches, 'match', 'matches')}`),
      });
      for (;;) {
        const next = await search.next();
        if (next.done) {
          last = next.value;
          break;
        }
        // Without a `where` the search fetched no schemas: the matches' ids are fetched before they are shown.
        if (reading) await reading.decoder.prepare(next.value.records);
        store.appendRaw(next.value.partition, next.value.records);
      }
      totals.scanned += last.scanned;
      totals.matches += last.matches;
      options.onSummary?.(last);
      // Counted over every load so far; the stop reason is the last load's.
      return summaryLine({ ...last, scanned: totals.scanned, matches: totals.matches }, query.maxMatches);
    },
    async openJsonLines(store) {
      const header = JSON.stringify({
        search: topic,
        partition: query.partitions ?? 'all',
        criteria: query.criteria,
        ...(query.untilTime !== undefined ? { untilTime: new Date(query.untilTime).toISOString() } : {}),
        matches: store.length,
        next: Object.fromEntries((last?.resumeFrom ?? []).map((p) => [String(p.partition), p.offset])),
        ...readingSummary(reading),
      });
      const lines = [...exportLines(store, timeOrder(store), 'jsonl', reading?.decoder)];
      await documents.open(`search-${topic}`, `${header}\n${lines.join('')}`);
    },
    search: (next, form) => searchSource({ ...options, query: next, form, onSummary: undefined }),
  };
}

/** "orders · all partitions", "orders · partitions 0, 2", "orders · partition 1". */
export function scopeOf(topic: string, partitions: number[] | undefined): string {
  if (partitions === undefined) return `${topic} · all partitions`;
  return `${topic} · ${plural(partitions.length, 'partition')} ${partitions.join(', ')}`;
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
  return `scanned ${summary.scanned} records in ${counted(summary.partitions, 'partition')}, ${counted(summary.matches, 'match', 'matches')}; stopped because ${reasons[summary.stoppedBecause]}`;
}
