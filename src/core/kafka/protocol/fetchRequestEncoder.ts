// Fetch requests v4–v11 encoded by us into one buffer: the same bytes as kafkajs's encoders
// (held to them in test/unit/requestEncoders.test.ts), which build an Encoder per partition and turn
// each offset into a Long; at 10,000 partitions that was ~100 ms of CPU per fetch. Older versions
// (brokers before 0.11) keep kafkajs's encoder. Schema: Kafka's FetchRequest.json.

import { writeInt64 } from './int64';

export const FETCH_OURS_OLDEST = 4;
export const FETCH_OURS_NEWEST = 11;

export interface FetchRequestBody {
  maxWaitTime: number;
  minBytes: number;
  maxBytes: number;
  isolationLevel: number;
  topics: { topic: string; partitions: { partition: number; fetchOffset: string; maxBytes: number }[] }[];
}

const NOT_A_REPLICA = -1;
/** No fetch session (KIP-227): every request names all its partitions. */
const NO_SESSION = 0;
const NO_SESSION_EPOCH = -1;
const UNKNOWN = -1;

/** The request body after the header's client id, at `version` (4–11). */
export function encodeFetchRequest(version: number, body: FetchRequestBody): Buffer {
  if (version < FETCH_OURS_OLDEST || version > FETCH_OURS_NEWEST) throw new Error(`Fetch v${version} is not encoded here.`);
  const session = version >= 7;
  const logStart = version >= 5;
  const leaderEpoch = version >= 9;
  const perPartition = 4 + (leaderEpoch ? 4 : 0) + 8 + (logStart ? 8 : 0) + 4;
  const names = body.topics.map((t) => Buffer.from(t.topic, 'utf8'));
  let size = 4 * 4 + 1 + (session ? 8 : 0) + 4 + (session ? 4 : 0) + (version >= 11 ? 2 : 0);
  body.topics.forEach((t, i) => (size += 2 + names[i].length + 4 + t.partitions.length * perPartition));
  const out = Buffer.allocUnsafe(size);
  let at = out.writeInt32BE(NOT_A_REPLICA, 0);
  at = out.writeInt32BE(body.maxWaitTime, at);
  at = out.writeInt32BE(body.minBytes, at);
  at = out.writeInt32BE(body.maxBytes, at);
  at = out.writeInt8(body.isolationLevel, at);
  if (session) {
    at = out.writeInt32BE(NO_SESSION, at);
    at = out.writeInt32BE(NO_SESSION_EPOCH, at);
  }
  at = out.writeInt32BE(body.topics.length, at);
  body.topics.forEach((t, i) => {
    at = out.writeInt16BE(names[i].length, at);
    at += names[i].copy(out, at);
    at = out.writeInt32BE(t.partitions.length, at);
    for (const p of t.partitions) {
      at = out.writeInt32BE(p.partition, at);
      if (leaderEpoch) at = out.writeInt32BE(UNKNOWN, at);
      // Kept as a string upstream; beyond 2^53 (never an offset in practice) only BigInt is exact.
      at = p.fetchOffset.length < 16 ? writeInt64(out, Number(p.fetchOffset), at) : out.writeBigInt64BE(BigInt(p.fetchOffset), at);
      if (logStart) at = writeInt64(out, -1, at);
      at = out.writeInt32BE(p.maxBytes, at);
    }
  });
  if (session) at = out.writeInt32BE(0, at); // forgotten_topics_data: none
  if (version >= 11) at = out.writeInt16BE(0, at); // rack_id: ""
  if (at !== size) throw new Error(`Fetch v${version}: encoded ${at} bytes of ${size}.`);
  return out;
}
