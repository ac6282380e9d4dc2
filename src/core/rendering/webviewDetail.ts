// A key, value or header value as the records viewer's detail pane shows it: the decoded field
// under the webview-text policy, pretty JSON when it is JSON, and a hex dump of the raw bytes.
import { decodeField } from './decode';
import { webviewText } from './webviewText';
import type { DetailBytes } from '../recordsViewer/viewerShapes';

/** Values above this are shown truncated until the person asks for all of it. */
export const DETAIL_LIMIT_BYTES = 1024 * 1024;
/** Hex is three characters a byte: never more than this many bytes of it, even with "show all". */
export const HEX_LIMIT_BYTES = 64 * 1024;

export function detailBytes(bytes: Buffer | null, options: { whole?: boolean } = {}): DetailBytes {
  const limit = options.whole || bytes === null ? Infinity : DETAIL_LIMIT_BYTES;
  const field = decodeField(bytes, { maxBytes: limit });
  if (field.kind === 'null' || bytes === null) return { kind: 'null', size: 0, text: '', hex: '', truncated: false, hexTruncated: false };
  const hexBytes = bytes.subarray(0, HEX_LIMIT_BYTES);
  const hex = hexDump(hexBytes);
  const hexTruncated = hexBytes.length < bytes.length;
  const truncated = limit < bytes.length;
  switch (field.kind) {
    case 'binary':
      return binaryDetail(bytes, limit, hex, hexTruncated);
    case 'text': {
      const text = field.text; // cut between characters when truncated, never inside one
      const pretty = truncated ? undefined : prettyJson(text);
      return { kind: pretty === undefined ? 'text' : 'json', size: bytes.length, text: webviewText(text), pretty: pretty === undefined ? undefined : webviewText(pretty), hex, truncated, hexTruncated };
    }
  }
}

/**
 * The bytes as written, as binary (base64 and hex) whatever they hold: a field read with a format
 * shows its decoded value beside this, and bytes that happen to be UTF-8 (Avro often is) are not
 * text to a reader.
 */
export function detailRawBytes(bytes: Buffer | null, options: { whole?: boolean } = {}): DetailBytes {
  if (bytes === null) return { kind: 'null', size: 0, text: '', hex: '', truncated: false, hexTruncated: false };
  const hexBytes = bytes.subarray(0, HEX_LIMIT_BYTES);
  return binaryDetail(bytes, options.whole ? Infinity : DETAIL_LIMIT_BYTES, hexDump(hexBytes), hexBytes.length < bytes.length);
}

function binaryDetail(bytes: Buffer, limit: number, hex: string, hexTruncated: boolean): DetailBytes {
  const truncated = limit < bytes.length;
  // Base64 of whole groups of three bytes, so a truncated one is still valid base64.
  const cut = truncated ? bytes.subarray(0, limit - (limit % 3)) : bytes;
  return { kind: 'binary', size: bytes.length, text: cut.toString('base64'), hex, truncated, hexTruncated };
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
