// The body of a Fetch response (versions 0 to 11, the ones kafkajs negotiates), decoded from the
// buffer kafkajs's connection hands over: partition headers field by field, each partition's record
// set by recordBatchDecoder.ts. The shape keeps kafkajs's names (`responses`, `topicName`,
// `errorCode`) so kafkajs's own `parse` can turn a partition's error code into the error it throws.
import { decodeRecordSet, type AbortedTransaction, type DecodedRecordSet } from './recordBatchDecoder';

export interface DecodedFetchPartition extends DecodedRecordSet {
  partition: number;
  errorCode: number;
  highWatermark: number;
  /** From Fetch v4 on; -1 when the broker does not say (before v4, or unknown). */
  lastStableOffset: number;
}

export interface DecodedFetchResponse {
  /** Milliseconds the broker asks the client to wait before its next request (KIP-219, v8+). */
  clientSideThrottleTime: number;
  errorCode: number;
  responses: { topicName: string; partitions: DecodedFetchPartition[] }[];
}

/** The offset asked for, per topic and partition: records before it are left out. */
export type AskedOffset = (topic: string, partition: number) => number;

const TWO_32 = 4294967296;
/** Shared by every partition with no aborted transaction (never written to). */
const NO_ABORTED: AbortedTransaction[] = [];

class Cursor {
  pos = 0;
  constructor(readonly buf: Buffer) {}
  int16(): number {
    const v = this.buf.readInt16BE(this.pos);
    this.pos += 2;
    return v;
  }
  int32(): number {
    const v = this.buf.readInt32BE(this.pos);
    this.pos += 4;
    return v;
  }
  int64(): number {
    const v = this.buf.readInt32BE(this.pos) * TWO_32 + this.buf.readUInt32BE(this.pos + 4);
    this.pos += 8;
    return v;
  }
  string(): string {
    const length = this.int16();
    if (length < 0) return '';
    const text = this.buf.toString('utf8', this.pos, this.pos + length);
    this.pos += length;
    return text;
  }
  /** The RECORDS field: an int32 size, then the bytes (as a view); null size is no records. */
  records(): Buffer {
    const size = this.int32();
    if (size <= 0) return this.buf.subarray(this.pos, this.pos);
    // The broker never sends more than the response holds; be safe with a short buffer anyway.
    const end = Math.min(this.pos + size, this.buf.length);
    const view = this.buf.subarray(this.pos, end);
    this.pos = end;
    return view;
  }
}

/** `maxRecordsPerPartition`: decode no more of a partition's records than this (FetchLimits.firstRecordOnly). */
export function decodeFetchResponse(payload: Buffer, version: number, askedOffset: AskedOffset, maxRecordsPerPartition = Number.POSITIVE_INFINITY): DecodedFetchResponse {
  const c = new Cursor(payload);
  const throttle = version >= 1 ? c.int32() : 0;
  const errorCode = version >= 7 ? c.int16() : 0;
  if (version >= 7) c.int32(); // session id: we never open fetch sessions
  const responses: DecodedFetchResponse['responses'] = [];
  for (let t = c.int32(); t > 0; t--) {
    const topicName = c.string();
    const partitions: DecodedFetchPartition[] = [];
    for (let p = c.int32(); p > 0; p--) {
      const partition = c.int32();
      const partitionError = c.int16();
      const highWatermark = c.int64();
      const lastStableOffset = version >= 4 ? c.int64() : -1;
      if (version >= 5) c.int64(); // log start offset
      let aborted: AbortedTransaction[] = NO_ABORTED;
      if (version >= 4) {
        const count = c.int32();
        if (count > 0) aborted = [];
        for (let a = count; a > 0; a--) aborted.push({ producerId: c.int64(), firstOffset: c.int64() });
      }
      if (version >= 11) c.int32(); // preferred read replica
      const bytes = c.records();
      const from = askedOffset(topicName, partition);
      const decoded = partitionError === 0 ? decodeRecordSet(bytes, from, aborted, maxRecordsPerPartition) : { records: [], nextOffset: from, truncatedBatchBytes: 0 };
      // Fields written out rather than spread: 10,000 partitions an answer, in code that runs cold.
      partitions.push({ partition, errorCode: partitionError, highWatermark, lastStableOffset, records: decoded.records, nextOffset: decoded.nextOffset, truncatedBatchBytes: decoded.truncatedBatchBytes });
    }
    responses.push({ topicName, partitions });
  }
  return { clientSideThrottleTime: version >= 8 ? throttle : 0, errorCode, responses };
}
