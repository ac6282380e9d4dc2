// The human-readable line of a record (the tail panel, CLI text): the terminal policy over the
// decoded fields, binary marked. `recordPanelLines` is its fast path for the `auto` format.
import type { RawRecord } from '../clusterAccess';
import type { FieldReading } from '../formats/fieldReading';
import type { RecordDecoder } from '../formats/recordDecoder';
import type { ShownBytes, ShownRecord } from '../model';
import { showBytes, showRecord } from './decode';
import { isoTime } from './recordTime';
import { escapeForTerminal } from './terminalText';

/** One record as one line: control characters escaped, binary marked. */
export function recordLine(record: ShownRecord): string {
  const when = isoTime(record.timestamp) ?? '?';
  const headers = Object.entries(record.headers);
  const headerText = headers.length > 0 ? ` headers={${headers.map(([k, v]) => `${escapeForTerminal(k)}=${Array.isArray(v) ? `[${v.map(fieldText).join(',')}]` : fieldText(v)}`).join(', ')}}` : '';
  return `[p${record.partition} @${record.offset} ${when}] key=${readText(record.key, record.keyRead)} value=${readText(record.value, record.valueRead)}${headerText}`;
}

/** A field read with a format: its JSON and how it was read, or its bytes and why they did not read. */
function readText(field: ShownBytes, reading: FieldReading | undefined): string {
  if (reading === undefined) return fieldText(field);
  if (!reading.ok) return `${fieldText(field)} (${escapeForTerminal(reading.error)})`;
  const { format, id, name } = reading.schema;
  const how = [format, name, id === null ? undefined : `id ${id}`].filter((part) => part !== undefined && part !== null).join(' ');
  return `${escapeForTerminal(JSON.stringify(reading.value))} (${escapeForTerminal(how)})`;
}

function fieldText(field: ShownBytes): string {
  if (field === null) return 'null';
  if (typeof field === 'string') return escapeForTerminal(field);
  return `<binary base64:${field.base64}>`;
}

/**
 * The tail panel's lines for one partition batch, made straight from the fetched bytes: exactly
 * `recordLine(showRecord(topic, partition, record))` for every record, but without a record object
 * per record. At 5,000 records a second those objects, their strings and the regex pass over each
 * were most of the extension host's tail work and its garbage (bench/vscodeTail.mjs with
 * EBX_BENCH_PROFILE_HOST). Keys and values of printable ASCII — the usual case — are read as they
 * are (nothing in them needs escaping); anything else, and any record with headers, takes the
 * record-object path, so the two cannot differ.
 */
export function recordPanelLines(topic: string, partition: number, records: readonly RawRecord[]): string[] {
  const lines = new Array<string>(records.length);
  const prefix = `[p${partition} @`;
  // Records of a batch mostly share a timestamp, or a few: its text is made once.
  let lastTimestamp = Number.NaN;
  let lastTime = '';
  for (let i = 0; i < records.length; i++) {
    const record = records[i];
    if (hasHeaders(record)) {
      lines[i] = recordLine(showRecord(topic, partition, record));
      continue;
    }
    if (record.timestamp !== lastTimestamp) {
      lastTimestamp = record.timestamp;
      lastTime = isoTime(record.timestamp) ?? '?';
    }
    lines[i] = `${prefix}${record.offset} ${lastTime}] key=${bytesText(record.key)} value=${bytesText(record.value)}`;
  }
  return lines;
}

/**
 * The tail panel's lines for one partition batch of a topic read with a record format (issue 23):
 * recordLine of each record as the decoder shows it — the decoded JSON and its schema, or the bytes
 * and the sentence saying why they did not read. The caller has awaited `decoder.prepare(records)`.
 */
export function decodedPanelLines(topic: string, partition: number, records: readonly RawRecord[], decoder: RecordDecoder): string[] {
  const lines = new Array<string>(records.length);
  for (let i = 0; i < records.length; i++) lines[i] = recordLine(decoder.show(topic, partition, records[i]));
  return lines;
}

function hasHeaders(record: RawRecord): boolean {
  for (const name in record.headers) if (Object.prototype.hasOwnProperty.call(record.headers, name)) return true;
  return false;
}

/** As recordLine shows a key or value, printable ASCII read as it is. */
function bytesText(bytes: Buffer | null): string {
  if (bytes === null) return 'null';
  if (isPrintableAscii(bytes)) return bytes.toString('latin1');
  return fieldText(showBytes(bytes));
}

function isPrintableAscii(bytes: Buffer): boolean {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b < 0x20 || b > 0x7e) return false;
  }
  return true;
}
