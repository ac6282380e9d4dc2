// Decodes the record set of one partition of a Fetch response straight from the response buffer:
// RecordBatch v2 (magic 2) and the legacy message sets (magic 0 and 1). Varints are read in place,
// offsets and timestamps become plain numbers, and keys, values and header values are views into
// the buffer (or into the one decompressed buffer of their batch), so a record costs one small
// object and its views. kafkajs's own decoder allocates a Long and several strings per record,
// which made replay CPU-bound in garbage collection (issue 14).
import { NO_HEADERS, type HeaderValue, type RawRecord } from '../../clusterAccess';
import { decompressRecords } from '../codecs';

/** A transaction the broker says was aborted (Fetch v4+): its producer's batches from firstOffset on are not events. */
export interface AbortedTransaction {
  producerId: number;
  firstOffset: number;
}

export interface DecodedRecordSet {
  /** Records at or after `fromOffset`, without control records and without aborted transactions. */
  records: RawRecord[];
  /** The offset to fetch next: past the last complete batch (batches can end in gaps or control records). */
  nextOffset: number;
  /**
   * The size in bytes of a batch cut off by the fetch size limit at the end of the set, 0 when
   * none was. The cut batch is not decoded; it is read whole by the next fetch from `nextOffset`.
   */
  truncatedBatchBytes: number;
}

const BATCH_HEADER_BYTES = 61; // baseOffset .. recordCount of a v2 batch
const LOG_OVERHEAD = 12; // offset (int64) and size (int32) before every batch or message
const TWO_32 = 4294967296;

const ATTR_CODEC_MASK = 0x07;
const ATTR_TIMESTAMP_LOG_APPEND = 0x08;
const ATTR_TRANSACTIONAL = 0x10;
const ATTR_CONTROL = 0x20;
const CONTROL_TYPE_ABORT = 0;

/** A big-endian int64 as a number: exact up to 2^53, which every offset and millisecond timestamp is. */
function readInt64(buf: Buffer, at: number): number {
  return buf.readInt32BE(at) * TWO_32 + buf.readUInt32BE(at + 4);
}

/**
 * A cursor over one buffer, reading zig-zag varints in place. One per batch: the records of a
 * batch are read with plain integer arithmetic on it.
 */
class VarintReader {
  constructor(
    readonly buf: Buffer,
    public pos: number,
  ) {}

  /** A zig-zag varint (int32 or int64 on the wire) as a number. */
  varint(): number {
    const buf = this.buf;
    let byte = buf[this.pos++];
    if (byte < 0x80) return (byte >>> 1) ^ -(byte & 1); // the common one-byte case
    let low = byte & 0x7f;
    let shift = 7;
    // Up to 28 bits in 32-bit integer arithmetic, then on in floating point (exact to 2^53).
    while (shift < 28) {
      byte = buf[this.pos++];
      low |= (byte & 0x7f) << shift;
      if (byte < 0x80) return (low >>> 1) ^ -(low & 1);
      shift += 7;
    }
    let value = low >>> 0;
    let factor = 2 ** shift;
    for (;;) {
      if (this.pos >= buf.length) throw new RangeError('a varint runs past the end of its record');
      byte = buf[this.pos++];
      value += (byte & 0x7f) * factor;
      if (byte < 0x80) break;
      factor *= 128;
    }
    return value % 2 === 0 ? value / 2 : -(value + 1) / 2;
  }

  /** A varint length, then that many bytes as a view; null for length -1. */
  bytes(): Buffer | null {
    const length = this.varint();
    if (length < 0) return null;
    const start = this.pos;
    this.pos += length;
    if (this.pos > this.buf.length) throw new RangeError('a record field runs past the end of its batch');
    return this.buf.subarray(start, this.pos);
  }
}

/** Which producers' transactions are aborted as the batches go by (the Java consumer's rule for read_committed). */
class AbortedTransactions {
  private readonly pending: AbortedTransaction[];
  private readonly active = new Set<number>();

  constructor(aborted: readonly AbortedTransaction[]) {
    this.pending = [...aborted].sort((a, b) => a.firstOffset - b.firstOffset);
  }

  /** True when this transactional batch belongs to an aborted transaction. */
  isAborted(producerId: number, lastOffset: number): boolean {
    this.startUpTo(lastOffset);
    return this.active.has(producerId);
  }

  /** The abort marker of a producer ends its aborted transaction. */
  ended(producerId: number, lastOffset: number): void {
    this.startUpTo(lastOffset);
    this.active.delete(producerId);
  }

  private startUpTo(offset: number): void {
    while (this.pending.length > 0 && this.pending[0].firstOffset <= offset) this.active.add(this.pending.shift()!.producerId);
  }
}

/** With no aborted transaction to start, `active` stays empty: one instance serves every partition. */
const NO_ABORTED_TRANSACTIONS = new AbortedTransactions([]);

/**
 * Decodes a partition's record set (`bytes`, the RECORDS field of a Fetch response). `fromOffset`
 * is the offset that was asked for: a batch can start before it (compressed or compacted batches
 * are returned whole), and its earlier records are left out.
 */
export function decodeRecordSet(bytes: Buffer, fromOffset: number, aborted: readonly AbortedTransaction[] = [], maxRecords = Number.POSITIVE_INFINITY): DecodedRecordSet {
  const records: RawRecord[] = [];
  // Almost every partition has no aborted transaction: they share one (it holds no state then).
  const transactions = aborted.length === 0 ? NO_ABORTED_TRANSACTIONS : new AbortedTransactions(aborted);
  let nextOffset = fromOffset;
  let pos = 0;
  while (pos + LOG_OVERHEAD <= bytes.length) {
    const size = bytes.readInt32BE(pos + 8);
    const end = pos + LOG_OVERHEAD + size;
    // A batch cut off by the size limit: stop here, the next fetch starts at it and reads it whole.
    if (end > bytes.length || size < 5) return { records, nextOffset, truncatedBatchBytes: LOG_OVERHEAD + Math.max(size, 0) };
    const magic = bytes[pos + 16];
    const batch = bytes.subarray(pos, end);
    const last = magic >= 2 ? decodeBatch(batch, fromOffset, transactions, records, maxRecords) : decodeMessage(batch, fromOffset, records);
    // Enough records: the next read starts after the last one handed out, not after its batch.
    if (records.length >= maxRecords) return { records: records.length > maxRecords ? records.slice(0, maxRecords) : records, nextOffset: records[maxRecords - 1].offset + 1, truncatedBatchBytes: 0 };
    if (last + 1 > nextOffset) nextOffset = last + 1;
    pos = end;
  }
  return { records, nextOffset, truncatedBatchBytes: pos < bytes.length ? bytes.length - pos : 0 };
}

/** One v2 RecordBatch (the whole batch, header included); returns its last offset. */
function decodeBatch(batch: Buffer, fromOffset: number, transactions: AbortedTransactions, out: RawRecord[], maxRecords: number): number {
  if (batch.length < BATCH_HEADER_BYTES) throw new RangeError(`a record batch of ${batch.length} bytes is shorter than its header`);
  const baseOffset = readInt64(batch, 0);
  const attributes = batch.readInt16BE(21);
  const lastOffset = baseOffset + batch.readInt32BE(23);
  const baseTimestamp = readInt64(batch, 27);
  const maxTimestamp = readInt64(batch, 35);
  const producerId = readInt64(batch, 43);
  const count = batch.readInt32BE(57);

  if (attributes & ATTR_CONTROL) {
    if (attributes & ATTR_TRANSACTIONAL && isAbortMarker(batch)) transactions.ended(producerId, lastOffset);
    return lastOffset;
  }
  if (attributes & ATTR_TRANSACTIONAL && transactions.isAborted(producerId, lastOffset)) return lastOffset;
  // Nothing asked for in it (a batch we have read already): skip without decompressing.
  if (lastOffset < fromOffset || count <= 0) return lastOffset;

  const codec = attributes & ATTR_CODEC_MASK;
  const reader = codec === 0 ? new VarintReader(batch, BATCH_HEADER_BYTES) : new VarintReader(decompressRecords(codec, batch.subarray(BATCH_HEADER_BYTES)), 0);
  const logAppendTime = (attributes & ATTR_TIMESTAMP_LOG_APPEND) !== 0;
  for (let i = 0; i < count; i++) {
    const length = reader.varint();
    const recordEnd = reader.pos + length;
    reader.pos++; // record attributes: unused
    const timestampDelta = reader.varint();
    const offset = baseOffset + reader.varint();
    const key = reader.bytes();
    const value = reader.bytes();
    const headerCount = reader.varint();
    const headers = headerCount > 0 ? readHeaders(reader, headerCount) : NO_HEADERS;
    if (reader.pos !== recordEnd) throw new RangeError(`record at offset ${offset} is ${length} bytes long but its fields take ${length + reader.pos - recordEnd}`);
    if (offset >= fromOffset) {
      out.push({ offset, timestamp: logAppendTime ? maxTimestamp : baseTimestamp + timestampDelta, key, value, headers });
      if (out.length >= maxRecords) break;
    }
  }
  return lastOffset;
}

/** Headers by name; a name that repeats gets an array of its values, in order (as kafkajs gives them). */
function readHeaders(reader: VarintReader, count: number): Record<string, HeaderValue> {
  const headers = Object.create(null) as Record<string, HeaderValue>;
  for (let h = 0; h < count; h++) {
    const name = reader.bytes();
    const value = reader.bytes();
    const key = name === null ? 'null' : name.toString('utf8');
    const before = headers[key];
    if (before === undefined) headers[key] = value;
    else if (Array.isArray(before)) before.push(value as Buffer);
    else headers[key] = [before as Buffer, value as Buffer];
  }
  return headers;
}

/** A control batch's one record has the key (version int16, type int16); type 0 is ABORT. */
function isAbortMarker(batch: Buffer): boolean {
  const reader = new VarintReader(batch, BATCH_HEADER_BYTES);
  reader.varint(); // length
  reader.pos++; // attributes
  reader.varint(); // timestamp delta
  reader.varint(); // offset delta
  const key = reader.bytes();
  return key !== null && key.length >= 4 && key.readInt16BE(2) === CONTROL_TYPE_ABORT;
}

/**
 * One legacy message (magic 0 or 1): offset, size, crc, magic, attributes, [timestamp], key, value.
 * A compressed message wraps a message set; returns the last offset.
 */
function decodeMessage(message: Buffer, fromOffset: number, out: RawRecord[]): number {
  const offset = readInt64(message, 0);
  const magic = message[16];
  const attributes = message[17];
  let pos = 18;
  let timestamp = -1;
  if (magic === 1) {
    timestamp = readInt64(message, pos);
    pos += 8;
  }
  const keyLength = message.readInt32BE(pos);
  pos += 4;
  const key = keyLength < 0 ? null : message.subarray(pos, (pos += keyLength));
  const valueLength = message.readInt32BE(pos);
  pos += 4;
  const value = valueLength < 0 ? null : message.subarray(pos, (pos += valueLength));
  const codec = attributes & ATTR_CODEC_MASK;
  if (codec === 0) {
    if (offset >= fromOffset) out.push({ offset, timestamp, key, value, headers: NO_HEADERS });
    return offset;
  }
  if (value === null) return offset;
  const inner: RawRecord[] = [];
  const innerSet = decodeRecordSet(decompressRecords(codec, value), Number.MIN_SAFE_INTEGER);
  inner.push(...innerSet.records);
  if (inner.length === 0) return offset;
  // Magic 1 numbers the inner messages 0..n-1 and gives the wrapper the offset of the last one.
  const shift = magic === 1 ? offset - inner[inner.length - 1].offset : 0;
  const logAppendTime = magic === 1 && (attributes & ATTR_TIMESTAMP_LOG_APPEND) !== 0;
  for (const record of inner) {
    record.offset += shift;
    if (logAppendTime) record.timestamp = timestamp;
    if (record.offset >= fromOffset) out.push(record);
  }
  return Math.max(offset, inner[inner.length - 1].offset);
}
