// Records as a tool shows them: bounded, whatever the record holds. A value of 6 MiB becomes its
// first few KB and a note of its size; bytes that are not UTF-8 become a one-line summary with a
// base64 prefix (an agent cannot read binary, and a whole base64 value would flood its context).
import { isUtf8 } from 'node:buffer';
import type { RawRecord } from '../clusterAccess';

/** At most this many records per call, whatever the input asks. */
export const RECORD_LIMIT = 50;
/** A value is shown up to this many bytes of text. */
export const VALUE_PREVIEW_BYTES = 4096;
/** Keys and header values are shown up to this many bytes. */
export const KEY_PREVIEW_BYTES = 512;
/** How much of a binary field's base64 the summary keeps. */
const BINARY_PREFIX_BYTES = 24;

export interface RecordPreview {
  partition: number;
  offset: number;
  /** ISO 8601, or the raw number when the timestamp is not a time. */
  time: string | number;
  key: string | null;
  value: string | null;
  headers?: Record<string, string | null | (string | null)[]>;
}

/** Text up to `limit` bytes (cut at a character boundary), or a summary of binary bytes. */
export function previewBytes(bytes: Buffer | null | undefined, limit: number): string | null {
  if (bytes === null || bytes === undefined) return null;
  if (!isUtf8(bytes)) {
    const prefix = bytes.subarray(0, BINARY_PREFIX_BYTES).toString('base64');
    return `<binary, ${bytes.length} bytes, base64 prefix ${prefix}${bytes.length > BINARY_PREFIX_BYTES ? '…' : ''}>`;
  }
  if (bytes.length <= limit) return bytes.toString('utf8');
  return `${utf8Prefix(bytes, limit)}… <truncated: ${bytes.length} bytes in all, the first ${limit} shown>`;
}

/** The longest whole-character prefix of valid UTF-8 within `limit` bytes. */
function utf8Prefix(bytes: Buffer, limit: number): string {
  let end = limit;
  // Step back over continuation bytes (10xxxxxx) so a character is never cut in two.
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8');
}

export function previewRecord(partition: number, record: RawRecord): RecordPreview {
  const preview: RecordPreview = {
    partition,
    offset: record.offset,
    time: timeText(record.timestamp),
    key: previewBytes(record.key, KEY_PREVIEW_BYTES),
    value: previewBytes(record.value, VALUE_PREVIEW_BYTES),
  };
  const names = Object.keys(record.headers);
  if (names.length > 0) {
    preview.headers = {};
    for (const name of names) {
      const value = record.headers[name];
      preview.headers[name] = Array.isArray(value) ? value.map((v) => previewBytes(v, KEY_PREVIEW_BYTES)) : previewBytes(value, KEY_PREVIEW_BYTES);
    }
  }
  return preview;
}

export function timeText(timestamp: number): string | number {
  return Number.isFinite(timestamp) && timestamp >= 0 && timestamp < 8.64e15 ? new Date(timestamp).toISOString() : timestamp;
}
