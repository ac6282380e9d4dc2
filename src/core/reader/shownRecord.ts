import { isUtf8 } from 'node:buffer';
import type { ShownBytes, ShownRecord } from '../model';
import type { RawRecord } from '../clusterAccess';

/** Text when the bytes are valid UTF-8, otherwise base64 — lossless either way, and marked. */
export function showBytes(bytes: Buffer | null | undefined): ShownBytes {
  if (bytes === null || bytes === undefined) return null;
  return isUtf8(bytes) ? bytes.toString('utf8') : { base64: bytes.toString('base64') };
}

export function showRecord(topic: string, partition: number, record: RawRecord): ShownRecord {
  const headers: ShownRecord['headers'] = {};
  for (const [name, value] of Object.entries(record.headers)) {
    headers[name] = Array.isArray(value) ? value.map(showBytes) : showBytes(value);
  }
  return {
    topic,
    partition,
    offset: record.offset,
    timestamp: record.timestamp,
    key: showBytes(record.key),
    value: showBytes(record.value),
    headers,
  };
}
