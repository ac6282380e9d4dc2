import type { ShownBytes, ShownRecord } from './model';
import { escapeForTerminal } from './escapeForTerminal';

/** One record as one human-readable line (tail panels, CLI text): control characters escaped, binary marked. */
export function recordLine(record: ShownRecord): string {
  const when = Number.isFinite(record.timestamp) && record.timestamp >= 0 ? new Date(record.timestamp).toISOString() : '?';
  const headers = Object.entries(record.headers);
  const headerText = headers.length > 0 ? ` headers={${headers.map(([k, v]) => `${escapeForTerminal(k)}=${Array.isArray(v) ? `[${v.map(bytesText).join(',')}]` : bytesText(v)}`).join(', ')}}` : '';
  return `[p${record.partition} @${record.offset} ${when}] key=${bytesText(record.key)} value=${bytesText(record.value)}${headerText}`;
}

function bytesText(bytes: ShownBytes): string {
  if (bytes === null) return 'null';
  if (typeof bytes === 'string') return escapeForTerminal(bytes);
  return `<binary base64:${bytes.base64}>`;
}

/**
 * A record as one JSON line for documents, with a JSON value embedded as JSON rather than as a
 * string — but only when that is lossless: the parsed value must write back to exactly the text's
 * tokens (so no duplicate keys dropped, no big numbers rounded, no keys reordered). Anything else,
 * including JSON nested too deep to write back, stays the original string.
 */
export function recordJsonLine(record: ShownRecord): string {
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
