import type { HeaderValue, RawRecord } from '../clusterAccess';
import type { ShownBytes, ShownRecord } from '../model';

/** One loaded record, as the store hands it out (its bytes are the store's: do not change them). */
export interface StoredRecord {
  partition: number;
  offset: number;
  timestamp: number;
  key: Buffer | null;
  value: Buffer | null;
  headers: Record<string, HeaderValue>;
}

const NO_HEADERS: Record<string, HeaderValue> = Object.freeze(Object.create(null) as Record<string, HeaderValue>);

/**
 * The records a viewer has loaded, held in the extension host, column by column: partitions,
 * offsets and timestamps in typed arrays (8-16 bytes a record, scanned without touching objects),
 * keys and values as the Buffers they arrived in. A million records cost their bytes plus ~40 MB;
 * the webview only ever asks for the few rows it shows.
 */
export class RecordStore {
  private partitions = new Int32Array(1024);
  private offsets = new Float64Array(1024);
  private timestamps = new Float64Array(1024);
  private keys: (Buffer | null)[] = [];
  private values: (Buffer | null)[] = [];
  private headers: Record<string, HeaderValue>[] = [];
  private count = 0;
  /** Bumped on every append, so views computed over an older store can tell. */
  private revision = 0;

  constructor(readonly topic: string) {}

  get length(): number {
    return this.count;
  }

  /** A summary, never the records (a result that holds a store may be serialized, e.g. by VS Code). */
  toJSON(): { topic: string; records: number } {
    return { topic: this.topic, records: this.count };
  }

  get version(): number {
    return this.revision;
  }

  /** Records as the reader decoded them (replay's batches). */
  appendRaw(partition: number, records: readonly RawRecord[]): void {
    this.room(records.length);
    for (const r of records) this.put(partition, r.offset, r.timestamp, r.key, r.value, r.headers);
    this.revision++;
  }

  /** Records in replay's shown shape (search's results): text back to UTF-8 bytes, base64 decoded. */
  appendShown(records: readonly ShownRecord[]): void {
    this.room(records.length);
    for (const r of records) {
      let headers = NO_HEADERS;
      const names = Object.keys(r.headers);
      if (names.length > 0) {
        headers = {};
        for (const name of names) {
          const v = r.headers[name];
          headers[name] = Array.isArray(v) ? v.map((x) => shownToBytes(x) ?? Buffer.alloc(0)) : shownToBytes(v);
        }
      }
      this.put(r.partition, r.offset, r.timestamp, shownToBytes(r.key), shownToBytes(r.value), headers);
    }
    this.revision++;
  }

  partitionAt(i: number): number {
    return this.partitions[i];
  }

  offsetAt(i: number): number {
    return this.offsets[i];
  }

  timestampAt(i: number): number {
    return this.timestamps[i];
  }

  keyAt(i: number): Buffer | null {
    return this.keys[i];
  }

  valueAt(i: number): Buffer | null {
    return this.values[i];
  }

  headersAt(i: number): Record<string, HeaderValue> {
    return this.headers[i];
  }

  record(i: number): StoredRecord {
    if (!Number.isInteger(i) || i < 0 || i >= this.count) throw new RangeError(`No loaded record ${i} (${this.count} loaded).`);
    return { partition: this.partitions[i], offset: this.offsets[i], timestamp: this.timestamps[i], key: this.keys[i], value: this.values[i], headers: this.headers[i] };
  }

  /** Where a further read of each partition starts: one past the highest offset loaded. */
  nextOffsets(): Map<number, number> {
    const next = new Map<number, number>();
    for (let i = 0; i < this.count; i++) {
      const p = this.partitions[i];
      const after = this.offsets[i] + 1;
      if (after > (next.get(p) ?? -1)) next.set(p, after);
    }
    return next;
  }

  private put(partition: number, offset: number, timestamp: number, key: Buffer | null, value: Buffer | null, headers: Record<string, HeaderValue>): void {
    const i = this.count++;
    this.partitions[i] = partition;
    this.offsets[i] = offset;
    this.timestamps[i] = timestamp;
    this.keys.push(key);
    this.values.push(value);
    this.headers.push(headers);
  }

  private room(more: number): void {
    const needed = this.count + more;
    if (needed <= this.partitions.length) return;
    let size = this.partitions.length;
    while (size < needed) size *= 2;
    this.partitions = grow(this.partitions, new Int32Array(size));
    this.offsets = grow(this.offsets, new Float64Array(size));
    this.timestamps = grow(this.timestamps, new Float64Array(size));
  }
}

function grow<T extends Int32Array | Float64Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

export function shownToBytes(shown: ShownBytes): Buffer | null {
  if (shown === null) return null;
  return typeof shown === 'string' ? Buffer.from(shown, 'utf8') : Buffer.from(shown.base64, 'base64');
}

/** The number of header values a record carries (a repeated header counts each time). */
export function headerCount(headers: Record<string, HeaderValue>): number {
  let n = 0;
  for (const name in headers) {
    const v = headers[name];
    n += Array.isArray(v) ? v.length : 1;
  }
  return n;
}

/** Bytes of key, value and headers (names and values): what the table's "size" column shows. */
export function recordSize(record: Pick<StoredRecord, 'key' | 'value' | 'headers'>): number {
  let n = (record.key?.length ?? 0) + (record.value?.length ?? 0);
  for (const name in record.headers) {
    const v = record.headers[name];
    const values = Array.isArray(v) ? v : [v];
    for (const one of values) n += Buffer.byteLength(name) + (one?.length ?? 0);
  }
  return n;
}
