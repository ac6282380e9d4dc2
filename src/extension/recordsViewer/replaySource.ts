import { replayFromBatches } from '../../core/replay';
import { replayDocumentLines, type ReplaySummary } from '../../core/replayDocument';
import { continueStarts } from '../../core/records/continueStarts';
import { timeOrder } from '../../core/records/recordView';
import type { RecordStore } from '../../core/records/recordStore';
import { showRecord } from '../../core/records/render/decode';
import type { KafkaSession } from '../../core/session';
import type { ReplayDocuments } from '../commands/replayDocuments';
import type { RecordsSource } from './recordsSource';
import { counted } from '../../core/counted';

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
}

/** A replay as a viewer's source: "Load more" reads the next `max` records from where the last read stopped. */
export function replaySource(options: ReplaySourceOptions): RecordsSource {
  const { session, documents, summary, max } = options;
  let loads = 0;
  return {
    title: options.documentName,
    summary: options.firstSummary,
    async loadMore(store: RecordStore, signal: AbortSignal, progress: (message: string) => void): Promise<string> {
      const starts = continueStarts(store, summary.starts);
      let read = 0;
      for await (const batch of replayFromBatches(session, { topic: summary.topic, starts, max, signal })) {
        store.appendRaw(batch.partition, batch.records);
        read += batch.records.length;
        progress(`${read} of at most ${counted(max, 'record')}`);
      }
      loads++;
      return `Replay of ${options.where}: ${counted(store.length, 'record')} loaded (${read} more from ${starts.map((s) => `p${s.partition}@${s.offset}`).join(' ')}).`;
    },
    async openJsonLines(store: RecordStore): Promise<void> {
      if (loads === 0) {
        await documents.open(options.documentName, options.firstDocumentText());
        return;
      }
      const records = Array.from(timeOrder(store), (i) => showRecord(summary.topic, store.partitionAt(i), store.record(i)));
      const lines = replayDocumentLines({ ...summary, limit: max * (loads + 1) }, records, false);
      await documents.open(`${options.documentName}-loaded`, `${lines.join('\n')}\n`);
    },
  };
}
