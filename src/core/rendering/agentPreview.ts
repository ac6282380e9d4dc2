// The agent tools' policy: records as a tool shows them to a language model, bounded whatever the
// record holds. A value of 6 MiB becomes its first few KB and a note of its size; bytes that are not
// UTF-8 become a one-line summary with a base64 prefix (an agent cannot read binary, and a whole
// base64 value would flood its context). The tool's JSON carries the text itself: a model reads
// escapes as well as characters, and what it quotes back should be what the record holds.
import type { RawRecord } from '../clusterAccess';
import { decodeField } from './decode';
import { isoTime } from './recordTime';

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
  const field = decodeField(bytes, { maxBytes: limit });
  switch (field.kind) {
    case 'null':
      return null;
    case 'binary': {
      const prefix = field.bytes.subarray(0, BINARY_PREFIX_BYTES).toString('base64');
      return `<binary, ${field.bytes.length} bytes, base64 prefix ${prefix}${field.bytes.length > BINARY_PREFIX_BYTES ? '…' : ''}>`;
    }
    case 'text':
      if (bytes.length <= limit) return field.text;
      return `${field.text}… <truncated: ${bytes.length} bytes in all, the first ${limit} shown>`;
  }
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
  return isoTime(timestamp) ?? timestamp;
}
