import type { RecordDecoder } from '../formats/recordDecoder';
import { csvHeaderLine, csvReadHeaderLine, csvReadRecordLine, csvRecordLine } from '../rendering/csv';
import { recordDocumentLine } from '../rendering/jsonLines';
import type { RecordStore } from './recordStore';
import { shownStored } from './shownStored';

export type ExportFormat = 'jsonl' | 'csv';

/**
 * The records as export lines, each ending in "\n", a few at a time (a caller writes them to a file
 * as they come, so a million rows never sit in one string). JSON Lines are replay's document lines
 * (`time` beside `timestamp`, JSON values embedded when lossless); CSV has a header row. With a
 * decoder (the topic has a record format) values are the decoded ones: JSON Lines as the CLI's
 * `--json` lines carry them (`value` the JSON value, `valueSchema`, or `valueError` beside the
 * bytes), CSV with the schema and error columns.
 */
export function* exportLines(store: RecordStore, ids: ArrayLike<number>, format: ExportFormat, decoder?: RecordDecoder): Generator<string> {
  const formats = decoder?.readsFormats ? decoder : undefined;
  if (format === 'csv') yield formats ? csvReadHeaderLine() : csvHeaderLine();
  for (let k = 0; k < ids.length; k++) {
    if (format === 'jsonl') {
      yield `${recordDocumentLine(shownStored(store, ids[k], formats))}\n`;
      continue;
    }
    const record = store.record(ids[k]);
    yield formats ? csvReadRecordLine(record, record.partition, formats.readKey(record.key), formats.readValue(record.value)) : csvRecordLine(record, record.partition);
  }
}
