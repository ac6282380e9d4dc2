import { csvHeaderLine, csvRecordLine } from './render/csv';
import { showRecord } from './render/decode';
import { recordDocumentLine } from './render/jsonLines';
import type { RecordStore } from './recordStore';

export type ExportFormat = 'jsonl' | 'csv';

/**
 * The records as export lines, each ending in "\n", a few at a time (a caller writes them to a file
 * as they come, so a million rows never sit in one string). JSON Lines are replay's document lines
 * (`time` beside `timestamp`, JSON values embedded when lossless); CSV has a header row.
 */
export function* exportLines(store: RecordStore, ids: ArrayLike<number>, format: ExportFormat): Generator<string> {
  if (format === 'csv') yield csvHeaderLine();
  for (let k = 0; k < ids.length; k++) {
    const record = store.record(ids[k]);
    yield format === 'jsonl' ? `${recordDocumentLine(showRecord(store.topic, record.partition, record))}\n` : csvRecordLine(record, record.partition);
  }
}
