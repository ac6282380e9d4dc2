// The JSON Lines of documents and files (the replay document, JSON Lines export, Copy Record):
// lossless JSON of the decoded record. Files keep text exactly as it was written (an editor or a
// program reads them, not a terminal); the CLI's JSON Lines take the terminal's escapes on top
// (jsonForTerminal, and jsonLinesBytes.ts, its fast path).
import type { ShownRecord } from '../model';
import { isoTime } from './recordTime';
import { hasReadFields, readFieldsJson } from './readFields';

/**
 * A record as one JSON line for documents, with a JSON value embedded as JSON rather than as a
 * string — but only when that is lossless: the parsed value must write back to exactly the text's
 * tokens (so no duplicate keys dropped, no big numbers rounded, no keys reordered). Anything else,
 * including JSON nested too deep to write back, stays the original string.
 */
export function recordJsonLine(record: ShownRecord): string {
  // Read with a format: the decoded value is already a JSON value, and says how it was read.
  if (hasReadFields(record)) return JSON.stringify(readFieldsJson(record, false));
  const line = (value: unknown) =>
    JSON.stringify({ partition: record.partition, offset: record.offset, timestamp: record.timestamp, key: record.key, value, headers: record.headers });
  if (typeof record.value === 'string') {
    const embedded = losslessJson(record.value);
    if (embedded !== undefined) {
      try {
        return line(embedded.value);
      } catch {
        // RangeError: nested deeper than JSON.stringify can go. The string below is lossless.
      }
    }
  }
  return line(record.value);
}

/**
 * recordJsonLine's line with a readable `time` after the raw `timestamp`. Inserted as text rather
 * than re-serialised, so the value keeps recordJsonLine's lossless rendering (big numbers, key order).
 */
export function recordDocumentLine(record: ShownRecord): string {
  const line = recordJsonLine(record);
  const raw = `"timestamp":${JSON.stringify(record.timestamp)},`;
  const at = line.indexOf(raw);
  if (at < 0) return line;
  const time = isoTime(record.timestamp) ?? null;
  return `${line.slice(0, at + raw.length)}"time":${JSON.stringify(time)},${line.slice(at + raw.length)}`;
}

function losslessJson(text: string): { value: unknown } | undefined {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return JSON.stringify(value) === withoutInsignificantWhitespace(text) ? { value } : undefined;
  } catch {
    return undefined; // not JSON, or too deep for this engine
  }
}

/** JSON text minus the whitespace between tokens (strings kept as they are). */
function withoutInsignificantWhitespace(text: string): string {
  let out = '';
  let inString = false;
  let runStart = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) {
      out += text.slice(runStart, i);
      runStart = i + 1;
    }
  }
  return out + text.slice(runStart);
}
