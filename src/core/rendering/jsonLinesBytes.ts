// The terminal's JSON Lines (the CLI's replay, tail and search `--json`), the fast byte path of the
// `auto` format: a batch of one partition's records written byte by byte into one Buffer straight
// from the fetched bytes. The output is exactly `jsonForTerminal(showRecord(topic, partition,
// record))` per record plus "\n", but without a record object, a string per key and value, or a
// regex pass per line: ASCII text is copied with JSON's escapes applied in the same loop, and only a
// field with other bytes takes the string path (UTF-8 text through JSON.stringify and the terminal
// escaping, anything else as base64). A topic read with another format takes the general path.
import { NO_HEADERS, type RawRecord } from '../clusterAccess';
import { JsonLineBuffer } from './jsonLineBuffer';
import { escapeJsonForTerminal } from './terminalText';

const TIMESTAMP_FIELD = Buffer.from(',"timestamp":', 'latin1');
const KEY_FIELD = Buffer.from(',"key":', 'latin1');
const VALUE_FIELD = Buffer.from(',"value":', 'latin1');
const HEADERS_FIELD = Buffer.from(',"headers":', 'latin1');
const NO_HEADERS_END = Buffer.from('{}}\n', 'latin1');
const LINE_END = Buffer.from('}\n', 'latin1');

export function hasAnyHeaders(headers: RawRecord['headers']): boolean {
  if (headers === NO_HEADERS) return false;
  for (const _ in headers) return true;
  return false;
}

/** The JSON Lines of these records of one partition, one line each, in one Buffer. */
export function recordJsonLines(topic: string, partition: number, records: readonly RawRecord[]): Buffer {
  const prefix = Buffer.from(`{"topic":${escapeJsonForTerminal(JSON.stringify(topic))},"partition":${partition},"offset":`);
  let estimate = 0;
  for (const r of records) estimate += prefix.length + 100 + (r.key?.length ?? 0) + (r.value?.length ?? 0);
  const out = new JsonLineBuffer(Math.ceil(estimate * 1.1));
  for (const r of records) {
    out.bytes(prefix);
    out.integer(r.offset);
    out.bytes(TIMESTAMP_FIELD);
    out.timestamp(r.timestamp);
    out.bytes(KEY_FIELD);
    out.field(r.key);
    out.bytes(VALUE_FIELD);
    out.field(r.value);
    out.bytes(HEADERS_FIELD);
    if (hasAnyHeaders(r.headers)) {
      out.headers(r.headers);
      out.bytes(LINE_END);
    } else out.bytes(NO_HEADERS_END);
  }
  return out.take();
}
