import type { RecordToProduce } from '../clusterAccess';
import type { RecordStore } from './recordStore';

/** What "Produce these records to…" will do, shown to the person before anything is sent. */
export interface ProducePlan {
  topic: string;
  count: number;
  bytes: number;
  /** Records with a header name repeated: only its first value can be sent (one value per name). */
  repeatedHeaders: number;
  /** Records above VAST's 1 MB message size: the broker will refuse them. */
  overMessageLimit: number;
}

/** VAST's cap on one message (target-broker.md). */
export const MESSAGE_LIMIT_BYTES = 1_000_000;

/** Records per produce request: small enough to stay far below a request's size limit on average. */
export const PRODUCE_CHUNK = 200;

export function producePlan(store: RecordStore, ids: ArrayLike<number>, topic: string): ProducePlan {
  let bytes = 0;
  let repeatedHeaders = 0;
  let overMessageLimit = 0;
  for (let k = 0; k < ids.length; k++) {
    const record = store.record(ids[k]);
    let size = (record.key?.length ?? 0) + (record.value?.length ?? 0);
    let repeated = false;
    for (const name in record.headers) {
      const v = record.headers[name];
      if (Array.isArray(v) && v.length > 1) repeated = true;
      size += name.length + (Array.isArray(v) ? v.reduce((n, b) => n + b.length, 0) : (v?.length ?? 0));
    }
    bytes += size;
    if (repeated) repeatedHeaders++;
    if (size > MESSAGE_LIMIT_BYTES) overMessageLimit++;
  }
  return { topic, count: ids.length, bytes, repeatedHeaders, overMessageLimit };
}

/**
 * The records to send, in chunks of PRODUCE_CHUNK: key, value and headers as loaded. The partition
 * and timestamp are left to the producer (the key picks the partition, as for any keyed record;
 * the broker stamps the time), since the target topic may have other partitions.
 */
export function* produceChunks(store: RecordStore, ids: ArrayLike<number>): Generator<RecordToProduce[]> {
  let chunk: RecordToProduce[] = [];
  for (let k = 0; k < ids.length; k++) {
    const record = store.record(ids[k]);
    const headers: Record<string, Buffer> = {};
    for (const name in record.headers) {
      const v = record.headers[name];
      const first = Array.isArray(v) ? v[0] : v;
      if (first) headers[name] = first;
    }
    chunk.push({ key: record.key, value: record.value, headers });
    if (chunk.length === PRODUCE_CHUNK) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}
