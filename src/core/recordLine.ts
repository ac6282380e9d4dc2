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

/** A record as one JSON line for documents, with a JSON value embedded as JSON rather than as a string. */
export function recordJsonLine(record: ShownRecord): string {
  return JSON.stringify({
    partition: record.partition,
    offset: record.offset,
    timestamp: record.timestamp,
    key: record.key,
    value: typeof record.value === 'string' ? parsedJsonOr(record.value) : record.value,
    headers: record.headers,
  });
}

function parsedJsonOr(text: string): unknown {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
