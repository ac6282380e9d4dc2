// The JSON shape of a record whose key or value was read with a format (issue 23): a decoded field
// is the JSON value itself with `keySchema` / `valueSchema` saying how it was read; a field that
// failed to read stays `{"base64": …}` and gains `keyError` / `valueError`, one sentence. The CLI's
// `--json` lines (with the terminal's escapes) and the documents' JSON Lines share it.
import type { FieldReading } from '../../formats/fieldReading';
import type { ShownBytes, ShownRecord } from '../../model';
import type { RawRecord } from '../../clusterAccess';
import type { RecordDecoder } from '../../formats/recordDecoder';
import { jsonForTerminal } from './terminalText';

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

/** The CLI's JSON Lines of one partition batch read with formats: the general path beside jsonLinesBytes.ts's fast one. */
export function decodedJsonLines(topic: string, partition: number, records: readonly RawRecord[], decoder: RecordDecoder): Buffer {
  let text = '';
  for (const record of records) text += `${jsonForTerminal(readFieldsJson(decoder.show(topic, partition, record), true))}\n`;
  return Buffer.from(text, 'utf8');
}
