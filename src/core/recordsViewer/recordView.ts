import type { RecordDecoder } from '../formats/recordDecoder';
import type { FieldReading } from '../formats/fieldReading';
import type { RecordStore } from './recordStore';
import type { RecordFilter } from './viewerShapes';

/**
 * The loaded records in the order the table shows them: by timestamp, then partition, then offset
 * (several partitions interleave as they were written). One partition read in order is already in
 * that order when its timestamps do not go back, which spares the sort.
 */
export function timeOrder(store: RecordStore): Uint32Array {
  const order = new Uint32Array(store.length);
  let sorted = true;
  for (let i = 0; i < order.length; i++) {
    order[i] = i;
    if (i > 0 && sorted && compare(store, i - 1, i) > 0) sorted = false;
  }
  if (!sorted) order.sort((a, b) => compare(store, a, b));
  return order;
}

function compare(store: RecordStore, a: number, b: number): number {
  return store.timestampAt(a) - store.timestampAt(b) || store.partitionAt(a) - store.partitionAt(b) || store.offsetAt(a) - store.offsetAt(b);
}

/**
 * The records of `order` whose key or value holds the text (all of them for no text). With a decoder
 * (the topic has a record format) a field read with it also matches on its decoded JSON, as the table
 * shows it: "PAID" finds an Avro enum that is only an index in the bytes.
 */
export function withText(store: RecordStore, order: Uint32Array, text: string | undefined, decoder?: RecordDecoder): Uint32Array {
  if (!text) return order;
  const needle = Buffer.from(text, 'utf8');
  const formats = decoder?.readsFormats ? decoder : undefined;
  const out = new Uint32Array(order.length);
  let n = 0;
  for (const i of order) {
    const key = store.keyAt(i);
    const value = store.valueAt(i);
    if ((key !== null && key.indexOf(needle) >= 0) || (value !== null && value.indexOf(needle) >= 0)) out[n++] = i;
    else if (formats && (readingHolds(formats.readKey(key), text) || readingHolds(formats.readValue(value), text))) out[n++] = i;
  }
  return out.subarray(0, n);
}

/**
 * Above this many loaded records the filter box matches bytes only: decoding every record for each
 * change of the filter took ~1 s per 100,000 Avro records here (bench/schemas/benchOrder.avsc, a
 * loaded 2-core machine), and it runs in the extension host.
 */
export const DECODED_FILTER_MAX_RECORDS = 100_000;

function readingHolds(reading: FieldReading | undefined, text: string): boolean {
  return reading !== undefined && reading.ok && JSON.stringify(reading.value).includes(text);
}

/** The records of `order` whose timestamp is within [fromTime, toTime]. */
export function withinTime(store: RecordStore, order: Uint32Array, fromTime: number | undefined, toTime: number | undefined): Uint32Array {
  if (fromTime === undefined && toTime === undefined) return order;
  const from = fromTime ?? Number.NEGATIVE_INFINITY;
  const to = toTime ?? Number.POSITIVE_INFINITY;
  const out = new Uint32Array(order.length);
  let n = 0;
  for (const i of order) {
    const t = store.timestampAt(i);
    if (t >= from && t <= to) out[n++] = i;
  }
  return out.subarray(0, n);
}

/** A filter applied: the text matches (what the histogram counts) and, within them, the time range (the table's rows). */
export function applyFilter(store: RecordStore, order: Uint32Array, filter: RecordFilter, decoder?: RecordDecoder): { textMatches: Uint32Array; rows: Uint32Array } {
  const textMatches = withText(store, order, filter.text, decoder);
  return { textMatches, rows: withinTime(store, textMatches, filter.fromTime, filter.toTime) };
}
