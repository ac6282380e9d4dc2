// The agent tools' policy (agentPreview.ts) for a topic with record formats (issue 23): a key or
// value the decoder read is its JSON value itself, with the schema that read it — as `ebx --json`
// lines carry them (`valueSchema`, `valueError`) — and bounded the same way: JSON longer than the
// preview's bytes becomes its first bytes and a note of its size. A field that does not decode is
// its bytes' summary (never shown as text: it did not read as text either) and the one sentence.
// The tool's JSON carries decoded strings as they are, like text values: what a model quotes back
// should be what the record holds.
import type { RawRecord } from '../clusterAccess';
import type { FieldReading } from '../formats/fieldReading';
import type { JsonValue, SchemaLabel } from '../formats/formatTypes';
import type { RecordDecoder } from '../formats/recordDecoder';
import { KEY_PREVIEW_BYTES, previewBytes, previewRecord, VALUE_PREVIEW_BYTES, type RecordPreview } from './agentPreview';
import { decodeField } from './decode';

/** A record as a tool shows it when its topic has formats: decoded fields are JSON values. */
export interface DecodedRecordPreview extends Omit<RecordPreview, 'key' | 'value'> {
  key: JsonValue | null;
  keySchema?: SchemaLabel;
  keyError?: string;
  value: JsonValue | null;
  valueSchema?: SchemaLabel;
  valueError?: string;
}

/** As agentPreview's summary of binary bytes. */
const BINARY_PREFIX_BYTES = 24;

/** The record with its key and value read by the decoder (which has `prepare`d the record's batch). */
export function previewDecodedRecord(partition: number, record: RawRecord, decoder: RecordDecoder): DecodedRecordPreview {
  // The plain preview of everything but the key and value (time, headers), without reading those twice.
  const { headers, partition: p, offset, time } = previewRecord(partition, { ...record, key: null, value: null });
  const key = previewReading(record.key, decoder.readKey(record.key), KEY_PREVIEW_BYTES);
  const value = previewReading(record.value, decoder.readValue(record.value), VALUE_PREVIEW_BYTES);
  return {
    partition: p,
    offset,
    time,
    key: key.shown,
    ...(key.schema ? { keySchema: key.schema } : {}),
    ...(key.error !== undefined ? { keyError: key.error } : {}),
    value: value.shown,
    ...(value.schema ? { valueSchema: value.schema } : {}),
    ...(value.error !== undefined ? { valueError: value.error } : {}),
    ...(headers ? { headers } : {}),
  };
}

function previewReading(bytes: Buffer | null, reading: FieldReading | undefined, limit: number): { shown: JsonValue | null; schema?: SchemaLabel; error?: string } {
  // Nothing read beyond the plain rendering (a null field, or `auto` on bytes that are not the wire format).
  if (reading === undefined || bytes === null) return { shown: previewBytes(bytes, limit) };
  if (!reading.ok) return { shown: binarySummary(bytes), error: reading.error };
  return { shown: boundedJson(reading.value, limit), schema: reading.schema };
}

/** The decoded value itself when its JSON fits the limit; otherwise the JSON's first bytes (cut between characters) and its size. */
export function boundedJson(value: JsonValue, limit: number): JsonValue {
  const json = Buffer.from(JSON.stringify(value), 'utf8');
  if (json.length <= limit) return value;
  const field = decodeField(json, { maxBytes: limit });
  const head = field.kind === 'text' ? field.text : '';
  return `${head}… <truncated: the decoded JSON is ${json.length} bytes, the first ${limit} shown>`;
}

function binarySummary(bytes: Buffer): string {
  const prefix = bytes.subarray(0, BINARY_PREFIX_BYTES).toString('base64');
  return `<binary, ${bytes.length} bytes, base64 prefix ${prefix}${bytes.length > BINARY_PREFIX_BYTES ? '…' : ''}>`;
}
