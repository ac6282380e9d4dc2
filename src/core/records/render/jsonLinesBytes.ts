// The terminal's JSON Lines (the CLI's replay, tail and search `--json`), the fast byte path of the
// `auto` format: a batch of one partition's records written byte by byte into one Buffer straight
// from the fetched bytes. The output is exactly `jsonForTerminal(showRecord(topic, partition,
// record))` per record plus "\n", but without a record object, a string per key and value, or a
// regex pass per line: ASCII text is copied with JSON's escapes applied in the same loop, and only a
// field with other bytes takes the string path (UTF-8 text through JSON.stringify and the terminal
// escaping, anything else as base64). A topic read with another format takes the general path.
import { isUtf8 } from 'node:buffer';
import { NO_HEADERS, type RawRecord } from '../../clusterAccess';
import { escapeJsonForTerminal } from './terminalText';

// What each byte needs inside a JSON string: 0 copy as is, 1 an escape, 2 not ASCII.
const PLAIN = 0;
const ESCAPE = 1;
const NOT_ASCII = 2;
const BYTE_KIND = new Uint8Array(256);
for (let b = 0; b < 256; b++) BYTE_KIND[b] = b >= 0x80 ? NOT_ASCII : b < 0x20 || b === 0x22 || b === 0x5c || b === 0x7f ? ESCAPE : PLAIN;
// JSON.stringify's short escapes; other controls (and DEL, for the terminal) become \u00XX.
const SHORT_ESCAPE = new Uint8Array(128);
for (const [b, letter] of [[0x08, 'b'], [0x09, 't'], [0x0a, 'n'], [0x0c, 'f'], [0x0d, 'r'], [0x22, '"'], [0x5c, '\\']] as const) SHORT_ESCAPE[b] = letter.charCodeAt(0);
const HEX = Buffer.from('0123456789abcdef', 'latin1');

const TIMESTAMP_FIELD = Buffer.from(',"timestamp":', 'latin1');
const KEY_FIELD = Buffer.from(',"key":', 'latin1');
const VALUE_FIELD = Buffer.from(',"value":', 'latin1');
const HEADERS_FIELD = Buffer.from(',"headers":', 'latin1');
const NULL = Buffer.from('null', 'latin1');
const NO_HEADERS_END = Buffer.from('{}}\n', 'latin1');

/** Copies bytes[from, to) to out at pos; returns the new pos. Short runs by hand (a native copy costs more than it saves). */
function copyRun(bytes: Buffer, from: number, to: number, out: Buffer, pos: number): number {
  if (to - from > 24) return pos + bytes.copy(out, pos, from, to);
  for (let i = from; i < to; i++) out[pos++] = bytes[i];
  return pos;
}

/** A Buffer that grows as lines are written into it; `take()` hands over what was written. */
class LineBuffer {
  buf: Buffer;
  pos = 0;
  // Records of a batch mostly share a timestamp: its digits are copied from where they were last written.
  private lastTimestamp = Number.NaN;
  private lastTimestampAt = 0;
  private lastTimestampLength = 0;
  constructor(capacity: number) {
    this.buf = Buffer.allocUnsafe(capacity);
  }

  room(bytes: number): void {
    if (this.pos + bytes <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + bytes));
    this.buf.copy(bigger, 0, 0, this.pos);
    this.buf = bigger;
  }

  /** A few bytes (the fixed parts of a line): copied by hand, as a native copy costs more than it saves. */
  bytes(source: Buffer): void {
    this.room(source.length);
    const buf = this.buf;
    let pos = this.pos;
    for (let i = 0; i < source.length; i++) buf[pos++] = source[i];
    this.pos = pos;
  }

  text(text: string): void {
    this.room(Buffer.byteLength(text));
    this.pos += this.buf.write(text, this.pos);
  }

  timestamp(n: number): void {
    if (n === this.lastTimestamp) {
      this.room(this.lastTimestampLength);
      const buf = this.buf;
      for (let i = this.lastTimestampAt, end = i + this.lastTimestampLength; i < end; i++) buf[this.pos++] = buf[i];
      return;
    }
    const at = this.pos;
    this.integer(n);
    this.lastTimestamp = n;
    this.lastTimestampAt = at;
    this.lastTimestampLength = this.pos - at;
  }

  /** A whole number as decimal digits (offsets and timestamps: below 2^53). */
  integer(n: number): void {
    if (!Number.isSafeInteger(n)) return this.text(JSON.stringify(n));
    this.room(17);
    const buf = this.buf;
    if (n < 0) {
      buf[this.pos++] = 0x2d;
      n = -n;
    }
    const start = this.pos;
    do {
      const digit = n % 10;
      buf[this.pos++] = 0x30 + digit;
      n = (n - digit) / 10;
    } while (n > 0);
    for (let i = start, j = this.pos - 1; i < j; i++, j--) {
      const t = buf[i];
      buf[i] = buf[j];
      buf[j] = t;
    }
  }

  /** Bytes as a JSON value: a string when they are text, {"base64": …} otherwise, null for none. */
  field(bytes: Buffer | null | undefined): void {
    if (bytes === null || bytes === undefined) return this.bytes(NULL);
    this.room(bytes.length + 2);
    let buf = this.buf;
    const start = this.pos;
    let pos = start;
    buf[pos++] = 0x22;
    // Runs of bytes that need nothing are copied whole; the loop only looks for the ones that do.
    let run = 0;
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i];
      const kind = BYTE_KIND[b];
      if (kind === PLAIN) continue;
      if (kind === NOT_ASCII) {
        // UTF-8 text goes through JSON.stringify and the terminal escaping (C1, bidi, U+2028); other bytes as base64.
        this.pos = start;
        return this.text(isUtf8(bytes) ? escapeJsonForTerminal(JSON.stringify(bytes.toString('utf8'))) : `{"base64":"${bytes.toString('base64')}"}`);
      }
      pos = copyRun(bytes, run, i, buf, pos);
      run = i + 1;
      if (pos + 6 + bytes.length - i > buf.length) {
        // An escape takes up to 6 bytes: grow for it and whatever else is left of the field.
        this.pos = pos;
        this.room(6 * (bytes.length - i) + 1);
        buf = this.buf;
      }
      buf[pos++] = 0x5c;
      const short = SHORT_ESCAPE[b];
      if (short !== 0) {
        buf[pos++] = short;
      } else {
        buf[pos++] = 0x75;
        buf[pos++] = 0x30;
        buf[pos++] = 0x30;
        buf[pos++] = HEX[b >> 4];
        buf[pos++] = HEX[b & 15];
      }
    }
    pos = copyRun(bytes, run, bytes.length, buf, pos);
    buf[pos++] = 0x22;
    this.pos = pos;
  }

  headers(headers: RawRecord['headers']): void {
    let first = true;
    this.text('{');
    for (const name in headers) {
      this.text(first ? '' : ',');
      first = false;
      this.text(escapeJsonForTerminal(JSON.stringify(name)));
      this.text(':');
      const value = headers[name];
      if (!Array.isArray(value)) {
        this.field(value);
        continue;
      }
      this.text('[');
      value.forEach((v, i) => {
        if (i > 0) this.text(',');
        this.field(v);
      });
      this.text(']');
    }
    this.text('}}\n');
  }

  take(): Buffer {
    return this.buf.subarray(0, this.pos);
  }
}

function hasAny(headers: RawRecord['headers']): boolean {
  if (headers === NO_HEADERS) return false;
  for (const _ in headers) return true;
  return false;
}

/** The JSON Lines of these records of one partition, one line each, in one Buffer. */
export function recordJsonLines(topic: string, partition: number, records: readonly RawRecord[]): Buffer {
  const prefix = Buffer.from(`{"topic":${escapeJsonForTerminal(JSON.stringify(topic))},"partition":${partition},"offset":`);
  let estimate = 0;
  for (const r of records) estimate += prefix.length + 100 + (r.key?.length ?? 0) + (r.value?.length ?? 0);
  const out = new LineBuffer(Math.ceil(estimate * 1.1));
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
    if (hasAny(r.headers)) out.headers(r.headers);
    else out.bytes(NO_HEADERS_END);
  }
  return out.take();
}
