// The JSON shape of a record whose key or value was read with a format (issue 23): a decoded field
// is the JSON value itself with `keySchema` / `valueSchema` saying how it was read; a field that
// failed to read stays `{"base64": …}` and gains `keyError` / `valueError`, one sentence. The CLI's
// `--json` lines (with the terminal's escapes) and the documents' JSON Lines share it.
import type { FieldReading } from '../formats/fieldReading';
import type { ShownBytes, ShownRecord } from '../model';
import type { RawRecord } from '../clusterAccess';
import type { RecordDecoder } from '../formats/recordDecoder';
import { showBytes, showHeaders } from './decode';
import { escapeJsonForTerminal } from './terminalText';

export function hasReadFields(record: ShownRecord): boolean {
  return record.keyRead !== undefined || record.valueRead !== undefined;
}

/** The record's JSON object, key order as in replay's lines; `topic` only when asked (the CLI has it, documents do not). */
export function readFieldsJson(record: ShownRecord, withTopic: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (withTopic) out.topic = record.topic;
  out.partition = record.partition;
  out.offset = record.offset;
  out.timestamp = record.timestamp;
  putField(out, 'key', record.key, record.keyRead);
  putField(out, 'value', record.value, record.valueRead);
  out.headers = record.headers;
  return out;
}

function putField(out: Record<string, unknown>, name: 'key' | 'value', shown: ShownBytes, reading: FieldReading | undefined): void {
  if (reading === undefined) {
    out[name] = shown;
  } else if (reading.ok) {
    out[name] = reading.value;
    out[`${name}Schema`] = reading.schema;
  } else {
    out[name] = shown;
    out[`${name}Error`] = reading.error;
  }
}

/**
 * The CLI's JSON Lines of one partition batch read with formats: the general path beside
 * jsonLinesBytes.ts's fast one. The same lines as readFieldsJson of decoder.show, without making the
 * text form of a field that read (it would go unused), and escaped for the terminal once per batch.
 */
export function decodedJsonLines(topic: string, partition: number, records: readonly RawRecord[], decoder: RecordDecoder): Buffer {
  let text = '';
  for (const record of records) {
    const out: Record<string, unknown> = { topic, partition, offset: record.offset, timestamp: record.timestamp };
    putRead(out, 'key', record.key, decoder.readKey(record.key));
    putRead(out, 'value', record.value, decoder.readValue(record.value));
    out.headers = showHeaders(record.headers);
    text += `${JSON.stringify(out)}\n`;
  }
  return Buffer.from(escapeJsonForTerminal(text), 'utf8');
}

/** As putField, from the bytes: a field that failed to read keeps them as base64, even when they would read as text. */
function putRead(out: Record<string, unknown>, name: 'key' | 'value', bytes: Buffer | null, reading: FieldReading | undefined): void {
  if (reading === undefined) out[name] = showBytes(bytes);
  else if (reading.ok) {
    out[name] = reading.value;
    out[`${name}Schema`] = reading.schema;
  } else {
    out[name] = bytes === null ? null : { base64: bytes.toString('base64') };
    out[`${name}Error`] = reading.error;
  }
}
