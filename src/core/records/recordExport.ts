import { isUtf8 } from 'node:buffer';
import type { HeaderValue } from '../clusterAccess';
import { showRecord } from '../reader/shownRecord';
import { recordDocumentLine } from '../replayDocument';
import type { RecordStore } from './recordStore';

export type ExportFormat = 'jsonl' | 'csv';

/**
 * The records as export lines, each ending in "\n", a few at a time (a caller writes them to a file
 * as they come, so a million rows never sit in one string). JSON Lines are replay's document lines
 * (`time` beside `timestamp`, JSON values embedded when lossless); CSV has a header row.
 */
export function* exportLines(store: RecordStore, ids: ArrayLike<number>, format: ExportFormat): Generator<string> {
  if (format === 'csv') yield `${CSV_COLUMNS.join(',')}\r\n`;
  for (let k = 0; k < ids.length; k++) {
    const record = store.record(ids[k]);
    if (format === 'jsonl') {
      yield `${recordDocumentLine(showRecord(store.topic, record.partition, record))}\n`;
    } else {
      const time = Number.isFinite(record.timestamp) && record.timestamp >= 0 ? new Date(record.timestamp).toISOString() : '';
      yield `${[String(record.partition), String(record.offset), String(record.timestamp), time, csvBytes(record.key), csvBytes(record.value), csvHeaders(record.headers)].map(csvField).join(',')}\r\n`;
    }
  }
}

export const CSV_COLUMNS = ['partition', 'offset', 'timestamp', 'time', 'key', 'value', 'headers'];

/**
 * A CSV field (RFC 4180): quoted when it holds a comma, a quote, a line break or edge spaces, with
 * quotes doubled. Nothing else is changed: the text is the record's data.
 */
export function csvField(text: string): string {
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Text as is; bytes that are not UTF-8 as `base64:` and their base64; nothing for null. */
function csvBytes(bytes: Buffer | null | undefined): string {
  if (bytes === null || bytes === undefined) return '';
  return isUtf8(bytes) ? bytes.toString('utf8') : `base64:${bytes.toString('base64')}`;
}

/** Headers as one JSON object (name → text, or {"base64": …}, or a list for a repeated name); empty without headers. */
function csvHeaders(headers: Record<string, HeaderValue>): string {
  const names = Object.keys(headers);
  if (names.length === 0) return '';
  return JSON.stringify(showRecord('', 0, { offset: 0, timestamp: 0, key: null, value: null, headers }).headers);
}
