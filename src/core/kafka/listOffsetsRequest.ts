// ListOffsets v1–v3 (and v7 for the newest record's time), encoded and decoded by us in one buffer
// each way. kafkajs builds an Encoder (a Buffer of its own) per partition and joins them, and turns
// every int64 into a Long and then a string: at 10,000 partitions that was ~120 ms of CPU per
// request, a quarter of `ebx partitions`.
// The bytes are the same as kafkajs's (Kafka's ListOffsetsRequest.json / ListOffsetsResponse.json);
// v0 (brokers before 0.10.1) answers a list of offsets per partition and stays with kafkajs.
// v7 (flexible, Kafka 3.0+) is the first to answer MAX_TIMESTAMP (KIP-734): it is sent only for that.

import { createErrorFromCode } from 'kafkajs/src/protocol/error';
import { MAX_TIMESTAMP } from '../clusterAccess';
import { BrokerError } from '../brokerError';
import { commonVersion, sendEncoded } from './brokerRequests';
import { FlexibleReader } from './protocol/flexibleCodec';
import { readInt64, writeInt64 } from './protocol/int64';
import type { InternalBroker } from './kafkaJsInternals';

export const LIST_OFFSETS_API_KEY = 2;
/** Below this, kafkajs's own ListOffsets is sent. */
export const LIST_OFFSETS_OLDEST_OURS = 1;
/** v4 adds leader epochs; nothing we read needs them. */
export const LIST_OFFSETS_NEWEST = 3;
/** The first version that answers MAX_TIMESTAMP: the record with the largest timestamp. */
export const LIST_OFFSETS_MAX_TIMESTAMP = 7;

export interface ListOffsetsTopic {
  topic: string;
  partitions: { partition: number; timestamp: number }[];
}

export interface ListedOffset {
  topic: string;
  partition: number;
  errorCode: number;
  /** -1 when the broker has none (asked for the earliest or latest offset). */
  timestamp: number;
  offset: number;
}

export interface ListOffsetsAnswer {
  clientSideThrottleTime: number;
  offsets: ListedOffset[];
}

const NOT_A_REPLICA = -1;
const NO_LEADER_EPOCH = -1;

/** The request body after the header's client id. */
export function encodeListOffsetsRequest(version: number, isolationLevel: number, topics: readonly ListOffsetsTopic[]): Buffer {
  let size = 4 + (version >= 2 ? 1 : 0) + 4;
  const names = topics.map((t) => Buffer.from(t.topic, 'utf8'));
  topics.forEach((t, i) => (size += 2 + names[i].length + 4 + t.partitions.length * 12));
  const out = Buffer.allocUnsafe(size);
  let at = out.writeInt32BE(NOT_A_REPLICA, 0);
  if (version >= 2) at = out.writeInt8(isolationLevel, at);
  at = out.writeInt32BE(topics.length, at);
  topics.forEach((t, i) => {
    at = out.writeInt16BE(names[i].length, at);
    at += names[i].copy(out, at);
    at = out.writeInt32BE(t.partitions.length, at);
    for (const p of t.partitions) {
      at = out.writeInt32BE(p.partition, at);
      at = writeInt64(out, p.timestamp, at);
    }
  });
  return out;
}

/** The response after its correlation id. */
export function decodeListOffsetsResponse(payload: Buffer, version: number): ListOffsetsAnswer {
  let at = 0;
  const need = (bytes: number) => {
    if (at + bytes > payload.length) throw new Error(`The broker's ListOffsets answer ends early (byte ${at} of ${payload.length}).`);
  };
  const int32 = () => (need(4), (at += 4), payload.readInt32BE(at - 4));
  const int16 = () => (need(2), (at += 2), payload.readInt16BE(at - 2));
  const int64 = () => (need(8), (at += 8), readInt64(payload, at - 8));
  const clientSideThrottleTime = version >= 2 ? int32() : 0;
  const offsets: ListedOffset[] = [];
  for (let topics = int32(); topics > 0; topics--) {
    const length = int16();
    need(Math.max(0, length));
    const topic = payload.toString('utf8', at, at + length);
    at += length;
    for (let partitions = int32(); partitions > 0; partitions--) {
      const partition = int32();
      const errorCode = int16();
      const timestamp = int64();
      offsets.push({ topic, partition, errorCode, timestamp, offset: int64() });
    }
  }
  return { clientSideThrottleTime, offsets };
}

/** The v7 request body after the header's client id (request header v2: its empty tagged fields first). */
export function encodeListOffsetsV7Request(isolationLevel: number, topics: readonly ListOffsetsTopic[]): Buffer {
  const names = topics.map((t) => Buffer.from(t.topic, 'utf8'));
  // Per partition: index, current leader epoch, timestamp, no tagged fields.
  const perPartition = 4 + 4 + 8 + 1;
  let size = 1 + 4 + 1 + uvarintSize(topics.length + 1) + 1;
  topics.forEach((t, i) => (size += uvarintSize(names[i].length + 1) + names[i].length + uvarintSize(t.partitions.length + 1) + t.partitions.length * perPartition + 1));
  const out = Buffer.allocUnsafe(size);
  let at = out.writeUInt8(0, 0); // the header's tagged fields: none
  at = out.writeInt32BE(NOT_A_REPLICA, at);
  at = out.writeInt8(isolationLevel, at);
  at = writeUvarint(out, topics.length + 1, at);
  topics.forEach((t, i) => {
    at = writeUvarint(out, names[i].length + 1, at);
    at += names[i].copy(out, at);
    at = writeUvarint(out, t.partitions.length + 1, at);
    for (const p of t.partitions) {
      at = out.writeInt32BE(p.partition, at);
      at = out.writeInt32BE(NO_LEADER_EPOCH, at);
      at = writeInt64(out, p.timestamp, at);
      at = out.writeUInt8(0, at);
    }
    at = out.writeUInt8(0, at);
  });
  at = out.writeUInt8(0, at);
  if (at !== size) throw new Error(`ListOffsets v7: encoded ${at} bytes of ${size}.`);
  return out;
}

/** The v7 response after its correlation id (response header v1 goes on with tagged fields). */
export function decodeListOffsetsV7Response(payload: Buffer): ListOffsetsAnswer {
  const r = new FlexibleReader(payload);
  r.skipTaggedFields();
  const clientSideThrottleTime = r.int32();
  const offsets: ListedOffset[] = [];
  r.compactArray((t) => {
    const topic = t.compactString();
    t.compactArray((p) => {
      const partition = p.int32();
      const errorCode = p.int16();
      const timestamp = p.int64();
      const offset = p.int64();
      p.int32(); // the leader epoch
      p.skipTaggedFields();
      offsets.push({ topic, partition, errorCode, timestamp, offset });
    });
    t.skipTaggedFields();
  });
  r.skipTaggedFields();
  return { clientSideThrottleTime, offsets };
}

function uvarintSize(value: number): number {
  let size = 1;
  for (let rest = value; rest >= 0x80; rest = Math.floor(rest / 0x80)) size++;
  return size;
}

function writeUvarint(out: Buffer, value: number, at: number): number {
  let rest = value;
  while (rest >= 0x80) {
    at = out.writeUInt8((rest % 0x80) | 0x80, at);
    rest = Math.floor(rest / 0x80);
  }
  return out.writeUInt8(rest, at);
}

/**
 * The offsets asked of this broker (their leader), at the newest version both sides support. Like
 * kafkajs's own parse, the first partition with an error rejects the whole answer with that error.
 */
export async function listOffsetsOn(broker: InternalBroker, isolationLevel: number, topics: readonly ListOffsetsTopic[]): Promise<ListedOffset[]> {
  if (topics.some((t) => t.partitions.some((p) => p.timestamp === MAX_TIMESTAMP))) return maxTimestampsOn(broker, isolationLevel, topics);
  const version = commonVersion(broker, LIST_OFFSETS_API_KEY, LIST_OFFSETS_NEWEST);
  if (version === null || version < LIST_OFFSETS_OLDEST_OURS) {
    const { responses } = await broker.listOffsets({ isolationLevel, topics: topics.map((t) => ({ topic: t.topic, partitions: t.partitions.map((p) => ({ partition: p.partition, timestamp: String(p.timestamp) })) })) });
    return responses.flatMap((r) => r.partitions.map((p) => ({ topic: r.topic, partition: p.partition, errorCode: 0, timestamp: p.timestamp === undefined ? -1 : Number(p.timestamp), offset: Number(p.offset) })));
  }
  const { offsets } = await sendEncoded(broker, { apiKey: LIST_OFFSETS_API_KEY, apiName: 'ListOffsets', version, body: encodeListOffsetsRequest(version, isolationLevel, topics) }, (payload) =>
    decodeListOffsetsResponse(payload, version),
  );
  const failed = offsets.find((o) => o.errorCode !== 0);
  if (failed) throw createErrorFromCode(failed.errorCode);
  return offsets;
}

/** ListOffsets v7, the only version sent with MAX_TIMESTAMP; a broker without it is told in one sentence. */
async function maxTimestampsOn(broker: InternalBroker, isolationLevel: number, topics: readonly ListOffsetsTopic[]): Promise<ListedOffset[]> {
  if (commonVersion(broker, LIST_OFFSETS_API_KEY, LIST_OFFSETS_MAX_TIMESTAMP) !== LIST_OFFSETS_MAX_TIMESTAMP) {
    throw new BrokerError('fatal', "This broker does not tell a partition's newest record time (that needs ListOffsets v7, Kafka 3.0 or later).", { code: 'UNSUPPORTED_VERSION' });
  }
  const version = LIST_OFFSETS_MAX_TIMESTAMP;
  const { offsets } = await sendEncoded(broker, { apiKey: LIST_OFFSETS_API_KEY, apiName: 'ListOffsets', version, body: encodeListOffsetsV7Request(isolationLevel, topics) }, decodeListOffsetsV7Response);
  const failed = offsets.find((o) => o.errorCode !== 0);
  if (failed) throw createErrorFromCode(failed.errorCode);
  return offsets;
}
