import { isUtf8 } from 'node:buffer';
import type { HeaderValue } from '../clusterAccess';
import type { RecordStore } from './recordStore';
import type { DetailBytes, RecordDetail } from './viewerShapes';

/** Values above this are shown truncated until the person asks for all of it. */
export const DETAIL_LIMIT_BYTES = 1024 * 1024;
/** Hex is three characters a byte: never more than this many bytes of it, even with "show all". */
export const HEX_LIMIT_BYTES = 64 * 1024;

export function recordDetail(store: RecordStore, id: number, options: { whole?: boolean } = {}): RecordDetail {
  const record = store.record(id);
  const headers: RecordDetail['headers'] = [];
  for (const name of Object.keys(record.headers)) {
    const v: HeaderValue = record.headers[name];
    for (const one of Array.isArray(v) ? v : [v]) headers.push({ name, value: detailBytes(one ?? null, options) });
  }
  return {
    id,
    topic: store.topic,
    partition: record.partition,
    offset: record.offset,
    timestamp: record.timestamp,
    key: detailBytes(record.key, options),
    value: detailBytes(record.value, options),
    headers,
  };
}

export function detailBytes(bytes: Buffer | null, options: { whole?: boolean } = {}): DetailBytes {
  if (bytes === null) return { kind: 'null', size: 0, text: '', hex: '', truncated: false, hexTruncated: false };
  const limit = options.whole ? bytes.length : DETAIL_LIMIT_BYTES;
  const shown = bytes.subarray(0, limit);
  const hexBytes = bytes.subarray(0, HEX_LIMIT_BYTES);
  const hex = hexDump(hexBytes);
  const hexTruncated = hexBytes.length < bytes.length;
  const truncated = shown.length < bytes.length;
  if (!isUtf8(bytes)) {
    // Base64 of whole groups of three bytes, so a truncated one is still valid base64.
    const cut = truncated ? shown.subarray(0, shown.length - (shown.length % 3)) : shown;
    return { kind: 'binary', size: bytes.length, text: cut.toString('base64'), hex, truncated, hexTruncated };
  }
  const text = shown.toString('utf8');
  const pretty = truncated ? undefined : prettyJson(text);
  return { kind: pretty === undefined ? 'text' : 'json', size: bytes.length, text, pretty, hex, truncated, hexTruncated };
}

/** Indented JSON for an object or array value; undefined for anything else. */
function prettyJson(text: string): string | undefined {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return undefined;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return undefined; // not JSON, or nested deeper than the engine goes
  }
}

/** Sixteen bytes a line: offset, hex, and the printable ASCII beside it. */
export function hexDump(bytes: Buffer): string {
  const lines: string[] = [];
  for (let at = 0; at < bytes.length; at += 16) {
    const chunk = bytes.subarray(at, at + 16);
    const hex = chunk.toString('hex').replace(/(..)(?!$)/g, '$1 ').padEnd(47, ' ');
    const ascii = Array.from(chunk, (b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join('');
    lines.push(`${at.toString(16).padStart(8, '0')}  ${hex}  ${ascii}`);
  }
  return lines.join('\n');
}
