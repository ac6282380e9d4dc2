import { replayFromBatches } from '../../core/replay';
import { replayDocumentLines, type ReplaySummary } from '../../core/replayDocument';
import { newRecordsOnlyWords, type OlderRecordsSkip } from '../../core/reader/newRecordsOnly';
import { continueStarts } from '../../core/recordsViewer/continueStarts';
import { timeOrder } from '../../core/recordsViewer/recordView';
import type { RecordStore } from '../../core/recordsViewer/recordStore';
import { shownStored } from '../../core/recordsViewer/shownStored';
import type { KafkaSession } from '../../core/session';
import type { ReplayDocuments } from '../commands/replayDocuments';
import type { RecordsSource } from './recordsSource';
import { counted } from '../../core/counted';
import { searchSource } from './searchSource';
import { readingSummary, type TopicReading } from '../formats/topicReading';

export interface ReplaySourceOptions {
  session: KafkaSession;
  documents: ReplayDocuments;
  /** The replay document's name, and its text as first read (shown by "Open as JSON Lines" until more is loaded; made when asked for). */
  documentName: string;
  firstDocumentText: () => string;
  summary: ReplaySummary;
  /** "orders partition 0", "orders (3 partitions)". */
  where: string;
  /** How many records the first read took, and each "Load more" takes. */
  max: number;
  firstSummary: string;
  /** Whether the first read stopped at the limit with more to read (known once it is done). */
  firstMore: () => boolean;
  /** "orders · partition 0", "orders · all partitions": the header's scope. */
  scope: string;
  /** The topic's record format: each batch's schemas are fetched as it arrives, the document carries decoded values. */
  reading?: TopicReading;
}

/** A replay as a viewer's source: "Load more" reads the next `max` records from where the last read stopped. */
export function replaySource(options: ReplaySourceOptions): RecordsSource {
  const { session, documents, summary, reading } = options;
  let max = options.max;
  let loads = 0;
  /** Set by each Load more: it read fewer than it asked for, so every partition was read to its end. */
  let lastMore: boolean | undefined;
  return {
    title: options.documentName,
    summary: options.firstSummary,
    header: { scope: options.scope, startTime: summary.startTime, start: summary.startTime === undefined ? startWords(summary.startAsked, summary.starts, summary.skipOlder) : undefined },
    progressTitle: `Replaying ${options.where}`,
    atEnd: () => !(lastMore ?? options.firstMore()),
    readLimit: () => max,
    async loadMore(store: RecordStore, signal: AbortSignal, progress: (message: string) => void, limit?: number): Promise<string> {
      if (limit !== undefined) max = limit;
      const starts = continueStarts(store, summary.starts);
      let read = 0;
      let sawMore = false;
      // One record past the limit says whether more follow, without trusting the (approximate) end offset.
      for await (const batch of replayFromBatches(session, { topic: summary.topic, starts, max: max + 1, signal, skipOlder: summary.skipOlder })) {
        const room = max - read;
        if (batch.records.length > room) sawMore = true;
        const records = batch.records.length > room ? batch.records.slice(0, room) : batch.records;
        // The schemas of ids not seen yet are fetched now, so the rows read synchronously later.
        if (reading && records.length > 0) await reading.decoder.prepare(records);
        if (records.length > 0) store.appendRaw(batch.partition, records);
        read += records.length;
        progress(`${read} of at most ${counted(max, 'record')}`);
      }
      lastMore = sawMore || signal.aborted;
      loads++;
      return `Replay of ${options.where}: ${counted(store.length, 'record')} loaded (${read} more from ${starts.map((s) => `p${s.partition}@${s.offset}`).join(' ')}).`;
    },
    async openJsonLines(store: RecordStore): Promise<void> {
      if (loads === 0) {
        await documents.open(options.documentName, options.firstDocumentText());
        return;
      }
      const records = Array.from(timeOrder(store), (i) => shownStored(store, i, reading?.decoder));
      const lines = replayDocumentLines({ ...summary, limit: store.length, ...readingSummary(reading) }, records, false);
      await documents.open(`${options.documentName}-loaded`, `${lines.join('\n')}\n`);
    },
    search: (query, form) => searchSource({ session, documents, topic: summary.topic, query, form, reading }),
  };
}

/** "the beginning", "offset 8", "the committed offset of billing", with the offsets it resolved to (and, from the end, what is skipped). */
function startWords(asked: string, starts: readonly { partition: number; offset: number }[], skipOlder: OlderRecordsSkip | undefined): string {
  const words = asked === 'beginning' || asked === 'end' ? `the ${asked}` : asked;
  return `${words} (${starts.map((s) => `p${s.partition}@${s.offset}`).join(' ')})${skipOlder ? `, ${newRecordsOnlyWords(skipOlder)}` : ''}`;
}
