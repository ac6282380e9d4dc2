// Typed builders for what a ClusterAccess returns, in the style of the GitHub Pull Requests
// extension's test builders: sensible defaults, change only what the test is about.
import type { FetchedPartition, RawRecord } from '../../../src/core/clusterAccess';

/** Timestamps count up from here, one millisecond per offset, unless a test sets one. */
export const FIRST_TIMESTAMP = Date.parse('2026-12-01T00:00:00Z');

export class RecordBuilder {
  private readonly record: RawRecord;

  constructor(offset: number) {
    this.record = { offset, timestamp: FIRST_TIMESTAMP + offset, key: null, value: Buffer.from(`value ${offset}`), headers: {} };
  }

  timestamp(ms: number): this {
    this.record.timestamp = ms;
    return this;
  }

  key(key: string | Buffer | null): this {
    this.record.key = typeof key === 'string' ? Buffer.from(key) : key;
    return this;
  }

  value(value: string | Buffer | null): this {
    this.record.value = typeof value === 'string' ? Buffer.from(value) : value;
    return this;
  }

  header(name: string, value: string | Buffer): this {
    this.record.headers[name] = typeof value === 'string' ? Buffer.from(value) : value;
    return this;
  }

  build(): RawRecord {
    return { ...this.record, headers: { ...this.record.headers } };
  }
}

export function aRecord(offset: number): RecordBuilder {
  return new RecordBuilder(offset);
}

/** `count` records with consecutive offsets from `from`, defaults otherwise. */
export function recordsFrom(from: number, count: number): RawRecord[] {
  return Array.from({ length: count }, (_, i) => aRecord(from + i).build());
}

/** One partition of a Fetch answer. `nextOffset` defaults to just past the last record (or to `from` when empty). */
export class FetchedPartitionBuilder {
  private readonly fetched: RawRecord[] = [];
  private next: number | undefined;
  private watermark: number | undefined;

  constructor(
    private readonly topic: string,
    private readonly partition: number,
    private readonly from = 0,
  ) {}

  records(...records: (RawRecord | RecordBuilder)[]): this {
    for (const r of records) this.fetched.push(r instanceof RecordBuilder ? r.build() : r);
    return this;
  }

  /** Where the answer says to fetch next (e.g. inside a batch the size limit cut off, or past a gap). */
  nextOffset(offset: number): this {
    this.next = offset;
    return this;
  }

  highWatermark(offset: number): this {
    this.watermark = offset;
    return this;
  }

  build(): FetchedPartition {
    const last = this.fetched.at(-1);
    const nextOffset = this.next ?? (last ? last.offset + 1 : this.from);
    return { topic: this.topic, partition: this.partition, records: [...this.fetched], nextOffset, highWatermark: this.watermark ?? nextOffset };
  }
}

/** A partition's answer to a fetch from `from` (empty until records are added). */
export function aFetchedPartition(topic: string, partition: number, from = 0): FetchedPartitionBuilder {
  return new FetchedPartitionBuilder(topic, partition, from);
}
