import { isUtf8 } from 'node:buffer';
import { headerCount, recordSize, type RecordStore } from './recordStore';
import type { RecordRow } from './viewerShapes';

const PREVIEW_CHARS = 200;
// Line breaks, other C0/C1 controls and the Unicode line separators: shown as spaces in a one-line cell.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const PREVIEW_BYTES = 32;

/** The rows `start`…`start + count - 1` of a filtered list, for the table's visible window. */
export function rowsAt(store: RecordStore, rows: Uint32Array, start: number, count: number): RecordRow[] {
  const out: RecordRow[] = [];
  const end = Math.min(rows.length, Math.max(0, start) + Math.max(0, count));
  for (let row = Math.max(0, start); row < end; row++) {
    const id = rows[row];
    const record = store.record(id);
    const key = preview(record.key);
    // A blank cell read as an empty value: a record without one (a tombstone) says so.
    const value = record.value === null ? { text: 'tombstone', binary: false } : preview(record.value);
    out.push({
      row,
      id,
      partition: record.partition,
      offset: record.offset,
      timestamp: record.timestamp,
      key: key.text,
      value: value.text,
      keyBinary: key.binary,
      valueBinary: value.binary,
      tombstone: record.value === null,
      headers: headerCount(record.headers),
      size: recordSize(record),
    });
  }
  return out;
}

/**
 * A one-line preview: the start of the text (line breaks and other control characters shown as
 * spaces, so a row stays one line), or hex of the first bytes when they are not UTF-8 text.
 */
export function preview(bytes: Buffer | null): { text: string; binary: boolean } {
  if (bytes === null) return { text: '', binary: false };
  // Only the start is shown; checking a prefix keeps a 6 MiB value as cheap as a short one. A
  // multi-byte character cut at the end is allowed for (up to 3 bytes).
  const head = bytes.subarray(0, PREVIEW_CHARS * 4);
  if (isUtf8(head) || (head.length < bytes.length && isUtf8(trimPartialUtf8(head)))) {
    const text = head.toString('utf8').slice(0, PREVIEW_CHARS).replace(CONTROL, ' ');
    return { text: bytes.length > head.length || text.length === PREVIEW_CHARS ? `${text}…` : text, binary: false };
  }
  const hex = bytes.subarray(0, PREVIEW_BYTES).toString('hex').replace(/(..)(?!$)/g, '$1 ');
  return { text: bytes.length > PREVIEW_BYTES ? `${hex} …` : hex, binary: true };
}

function trimPartialUtf8(bytes: Buffer): Buffer {
  let end = bytes.length;
  // Drop continuation bytes and the lead byte of a character cut by the prefix.
  for (let back = 0; back < 3 && end > 0 && (bytes[end - 1] & 0xc0) === 0x80; back++) end--;
  if (end > 0 && bytes[end - 1] >= 0xc0) end--;
  return bytes.subarray(0, end);
}
