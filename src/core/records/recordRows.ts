import { cellPreview } from './render/webviewText';
import { headerCount, recordSize, type RecordStore } from './recordStore';
import type { RecordRow } from './viewerShapes';

/** The rows `start`…`start + count - 1` of a filtered list, for the table's visible window. */
export function rowsAt(store: RecordStore, rows: Uint32Array, start: number, count: number): RecordRow[] {
  const out: RecordRow[] = [];
  const end = Math.min(rows.length, Math.max(0, start) + Math.max(0, count));
  for (let row = Math.max(0, start); row < end; row++) {
    const id = rows[row];
    const record = store.record(id);
    const key = cellPreview(record.key);
    // A blank cell read as an empty value: a record without one (a tombstone) says so.
    const value = record.value === null ? { text: 'tombstone', binary: false } : cellPreview(record.value);
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
