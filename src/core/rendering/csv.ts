// The CSV export's policy. A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (or a tab
// or carriage return before one) as a formula: `=HYPERLINK(...)` in a record would become a link
// that sends data away, or worse, when the file is opened. Following OWASP's CSV-injection guidance,
// such a text cell gets a single quote in front (spreadsheets show the text, without the quote). The
// numbers we write ourselves (partition, offset, timestamp) are left alone: "-1" is a number.
// Everything else is the record's data as it is: an export is data, not a screen.
import type { RawRecord } from '../clusterAccess';
import type { FieldReading } from '../formats/fieldReading';
import { decodeField, showHeaders } from './decode';
import { isoTime } from './recordTime';

export const CSV_COLUMNS = ['partition', 'offset', 'timestamp', 'time', 'key', 'value', 'headers'];

/** One record as a CSV line (RFC 4180, ending in CRLF). */
export function csvRecordLine(record: RawRecord, partition: number): string {
  return `${[partition, record.offset, record.timestamp, isoTime(record.timestamp) ?? '', csvBytes(record.key), csvBytes(record.value), csvHeaders(record.headers)].map(csvCell).join(',')}\r\n`;
}

export function csvHeaderLine(): string {
  return `${CSV_COLUMNS.join(',')}\r\n`;
}

/** The columns of a topic read with a record format: how each field read, and why it did not. */
export const CSV_READ_COLUMNS = [...CSV_COLUMNS, 'keySchema', 'keyError', 'valueSchema', 'valueError'];

export function csvReadHeaderLine(): string {
  return `${CSV_READ_COLUMNS.join(',')}\r\n`;
}

/**
 * One record of a topic read with a record format (issue 23): a decoded key or value is its JSON (a
 * string as the text itself, a number as the number), the schema as JSON beside it; a field that did
 * not read keeps its bytes as `base64:` with the sentence in its error column. A field without a
 * reading (null, or plain bytes under `auto`) is as csvRecordLine writes it.
 */
export function csvReadRecordLine(record: RawRecord, partition: number, keyRead: FieldReading | undefined, valueRead: FieldReading | undefined): string {
  return `${[
    partition,
    record.offset,
    record.timestamp,
    isoTime(record.timestamp) ?? '',
    readCell(record.key, keyRead),
    readCell(record.value, valueRead),
    csvHeaders(record.headers),
    keyRead?.ok ? JSON.stringify(keyRead.schema) : '',
    keyRead && !keyRead.ok ? keyRead.error : '',
    valueRead?.ok ? JSON.stringify(valueRead.schema) : '',
    valueRead && !valueRead.ok ? valueRead.error : '',
  ]
    .map(csvCell)
    .join(',')}\r\n`;
}

function readCell(bytes: Buffer | null, reading: FieldReading | undefined): string | number {
  if (reading === undefined) return csvBytes(bytes);
  if (!reading.ok) return bytes === null ? '' : `base64:${bytes.toString('base64')}`;
  const value = reading.value;
  // A decoded number is data the record holds, not text that could run: written as the number.
  if (typeof value === 'number') return value;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A number as it is; text kept from running as a formula, then quoted as CSV needs. */
export function csvCell(cell: string | number): string {
  return typeof cell === 'number' ? String(cell) : csvField(startsLikeFormula(cell) ? `'${cell}` : cell);
}

/**
 * A CSV field (RFC 4180): quoted when it holds a comma, a quote, a line break or edge spaces, with
 * quotes doubled.
 */
export function csvField(text: string): string {
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function startsLikeFormula(text: string): boolean {
  const first = text.charCodeAt(0);
  // = + - @ tab CR
  return first === 0x3d || first === 0x2b || first === 0x2d || first === 0x40 || first === 0x09 || first === 0x0d;
}

/** Text as is; bytes that are not UTF-8 as `base64:` and their base64; nothing for null. */
function csvBytes(bytes: Buffer | null | undefined): string {
  const field = decodeField(bytes);
  switch (field.kind) {
    case 'null':
      return '';
    case 'text':
      return field.text;
    case 'binary':
      return `base64:${field.bytes.toString('base64')}`;
  }
}

/** Headers as one JSON object (name → text, or {"base64": …}, or a list for a repeated name); empty without headers. */
function csvHeaders(headers: RawRecord['headers']): string {
  if (Object.keys(headers).length === 0) return '';
  return JSON.stringify(showHeaders(headers));
}
