import type { RecordDecoder } from '../formats/recordDecoder';
import { cellPreview } from '../rendering/webviewText';
import { readingCell } from '../rendering/webviewReading';
import { headerCount, recordSize, type RecordStore } from './recordStore';
import type { CellMark, RecordRow } from './viewerShapes';

/**
 * The rows `start`…`start + count - 1` of a filtered list, for the table's visible window. With a
 * decoder (the topic has a record format), keys and values are read with it: only the rows asked
 * for are decoded, synchronously (the decoder's schemas were fetched as the records were loaded).
 */
export function rowsAt(store: RecordStore, rows: Uint32Array, start: number, count: number, decoder?: RecordDecoder): RecordRow[] {
  const out: RecordRow[] = [];
  const formats = decoder?.readsFormats ? decoder : undefined;
  const end = Math.min(rows.length, Math.max(0, start) + Math.max(0, count));
  for (let row = Math.max(0, start); row < end; row++) {
    const id = rows[row];
    const record = store.record(id);
    const key: Cell = formats ? fieldCell(record.key, formats.readKey(record.key)) : cellPreview(record.key);
    // A blank cell read as an empty value: a record without one (a tombstone) says so.
    const value: Cell = record.value === null ? { text: 'tombstone', binary: false } : formats ? fieldCell(record.value, formats.readValue(record.value)) : cellPreview(record.value);
    const shown: RecordRow = {
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
    };
    if (key.mark) shown.keyMark = key.mark;
    if (value.mark) shown.valueMark = value.mark;
    out.push(shown);
  }
  return out;
}

type Cell = { text: string; binary: boolean; mark?: CellMark };

/** A field the decoder read (or left as plain text-or-bytes: a null, or `auto` bytes not in the wire format). */
function fieldCell(bytes: Buffer | null, reading: ReturnType<RecordDecoder['readValue']>): Cell {
  return reading === undefined ? cellPreview(bytes) : readingCell(reading, bytes);
}
