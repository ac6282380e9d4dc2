// The decode step of the `auto` format: a record's key, value or header value from its bytes to what
// every sink renders (UTF-8 text when the bytes are valid UTF-8, otherwise binary). A topic read with
// a format per topic (avro, protobuf, …) goes through ../../formats/recordDecoder.ts instead, and its
// readings reach the sinks through readFields.ts.
import { isUtf8 } from 'node:buffer';
import type { RawRecord } from '../clusterAccess';
import type { ShownBytes, ShownRecord } from '../model';

/** How a field's bytes are read. */
export type FieldFormat = 'auto';

/** A key, value or header value after decoding. */
export type DecodedField = { kind: 'null' } | { kind: 'text'; text: string } | { kind: 'binary'; bytes: Buffer };

const NULL_FIELD: DecodedField = { kind: 'null' };

export interface DecodeOptions {
  format?: FieldFormat;
  /** Decode text only up to this many bytes (cut between characters); what it is, is still decided on every byte. */
  maxBytes?: number;
}

export function decodeField(bytes: Buffer | null | undefined, options: DecodeOptions = {}): DecodedField {
  if (bytes === null || bytes === undefined) return NULL_FIELD;
  const format = options.format ?? 'auto';
  switch (format) {
    case 'auto': {
      if (!isUtf8(bytes)) return { kind: 'binary', bytes };
      const end = options.maxBytes === undefined ? bytes.length : utf8PrefixEnd(bytes, options.maxBytes);
      return { kind: 'text', text: bytes.toString('utf8', 0, end) };
    }
  }
}

/** The JSON shape of a decoded field: text as a string, binary as {"base64": …}, lossless either way. */
export function shownField(field: DecodedField): ShownBytes {
  switch (field.kind) {
    case 'null':
      return null;
    case 'text':
      return field.text;
    case 'binary':
      return { base64: field.bytes.toString('base64') };
  }
}

/**
 * Text when the bytes are valid UTF-8, otherwise base64 — lossless either way, and marked. Exactly
 * `shownField(decodeField(bytes))` for the `auto` format, without the intermediate object: this
 * runs for every field of every record that replay and search hand out.
 */
export function showBytes(bytes: Buffer | null | undefined): ShownBytes {
  if (bytes === null || bytes === undefined) return null;
  return isUtf8(bytes) ? bytes.toString('utf8') : { base64: bytes.toString('base64') };
}

/** A record with every field decoded: what the JSON sinks, the text line and `--where` read. */
export function showRecord(topic: string, partition: number, record: RawRecord): ShownRecord {
  return {
    topic,
    partition,
    offset: record.offset,
    timestamp: record.timestamp,
    key: showBytes(record.key),
    value: showBytes(record.value),
    headers: showHeaders(record.headers),
  };
}

export function showHeaders(headers: RawRecord['headers']): ShownRecord['headers'] {
  const shown: ShownRecord['headers'] = {};
  for (const [name, value] of Object.entries(headers)) shown[name] = Array.isArray(value) ? value.map(showBytes) : showBytes(value);
  return shown;
}

/**
 * Whether a value whose first bytes are `head` reads as text. Only the start of a long value is
 * shown in a one-line preview; checking that start keeps a 6 MiB value as cheap as a short one. A
 * multi-byte character cut by the end of `head` is allowed for (up to 3 bytes).
 */
export function headIsText(head: Buffer, whole: Buffer): boolean {
  return isUtf8(head) || (head.length < whole.length && isUtf8(withoutLastCharacter(head)));
}

function withoutLastCharacter(bytes: Buffer): Buffer {
  let end = bytes.length;
  // Drop continuation bytes and the lead byte of a character cut by the prefix.
  for (let back = 0; back < 3 && end > 0 && (bytes[end - 1] & 0xc0) === 0x80; back++) end--;
  if (end > 0 && bytes[end - 1] >= 0xc0) end--;
  return bytes.subarray(0, end);
}

/** The longest prefix of `bytes` within `limit` bytes that ends between characters (valid UTF-8 assumed). */
export function utf8PrefixEnd(bytes: Buffer, limit: number): number {
  if (limit >= bytes.length) return bytes.length;
  let end = limit;
  // Step back over continuation bytes (10xxxxxx) so a character is never cut in two.
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) end--;
  return end;
}

/** At most `max` UTF-16 units of `text`, never ending between the two halves of a surrogate pair. */
export function sliceText(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}
