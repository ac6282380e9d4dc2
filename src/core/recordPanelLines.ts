// The tail panel's lines for one partition batch, made straight from the fetched bytes: exactly
// `recordLine(showRecord(topic, partition, record))` for every record, but without a record object
// per record. At 5,000 records a second those objects, their strings and the regex pass over each
// were most of the extension host's tail work and its garbage (bench/vscodeTail.mjs with
// EBX_BENCH_PROFILE_HOST). Keys and values of printable ASCII — the usual case — are read as they
// are (nothing in them needs escaping); anything else, and any record with headers, takes the
// record-object path, so the two cannot differ.
import type { RawRecord } from './clusterAccess';
import { recordLine } from './recordLine';
import { showBytes, showRecord } from './reader/shownRecord';
import { escapeForTerminal } from './escapeForTerminal';

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
      lastTime = Number.isFinite(record.timestamp) && record.timestamp >= 0 ? new Date(record.timestamp).toISOString() : '?';
    }
    lines[i] = `${prefix}${record.offset} ${lastTime}] key=${bytesText(record.key)} value=${bytesText(record.value)}`;
  }
  return lines;
}

function hasHeaders(record: RawRecord): boolean {
  for (const name in record.headers) if (Object.prototype.hasOwnProperty.call(record.headers, name)) return true;
  return false;
}

/** As recordLine shows a key or value: null, its text with controls escaped, or base64 when it is not UTF-8. */
function bytesText(bytes: Buffer | null): string {
  if (bytes === null) return 'null';
  if (isPrintableAscii(bytes)) return bytes.toString('latin1');
  const shown = showBytes(bytes);
  if (shown === null) return 'null';
  return typeof shown === 'string' ? escapeForTerminal(shown) : `<binary base64:${shown.base64}>`;
}

function isPrintableAscii(bytes: Buffer): boolean {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b < 0x20 || b > 0x7e) return false;
  }
  return true;
}
