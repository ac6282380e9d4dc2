// The byte writer under the terminal's fast JSON Lines paths (jsonLinesBytes.ts for plain records,
// decodedJsonLinesBytes.ts and the compiled Avro writers for decoded ones): a Buffer that grows as
// lines are written into it, with JSON strings written straight from UTF-8 bytes. What it writes is
// exactly what JSON.stringify and then escapeJsonForTerminal write for the same values: ASCII is
// copied with JSON's escapes applied in the same loop, and any other text takes the string path.
import { isUtf8 } from 'node:buffer';
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
const NULL = Buffer.from('null', 'latin1');
/** Up to this many bytes a string is copied as it is scanned; longer, scanned first and then copied natively. */
const SHORT_STRING = 48;

/** Copies bytes[from, to) to out at pos; returns the new pos. Short runs by hand (a native copy costs more than it saves). */
function copyRun(bytes: Buffer, from: number, to: number, out: Buffer, pos: number): number {
  if (to - from > 24) return pos + bytes.copy(out, pos, from, to);
  for (let i = from; i < to; i++) out[pos++] = bytes[i];
  return pos;
}

/** A Buffer that grows as lines are written into it; `take()` hands over what was written. */
export class JsonLineBuffer {
  buf: Buffer;
  pos = 0;
  // Records of a batch mostly share a timestamp: its digits are copied from where they were last written.
  private lastTimestamp = Number.NaN;
  private lastTimestampAt = 0;
  private lastTimestampLength = 0;
  constructor(capacity: number) {
    this.buf = Buffer.allocUnsafe(Math.max(capacity, 64));
  }

  room(bytes: number): void {
    if (this.pos + bytes <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + bytes));
    this.buf.copy(bigger, 0, 0, this.pos);
    this.buf = bigger;
  }

  /** Puts the write position back (a line given up half-way); what was after it is overwritten. */
  rewind(pos: number): void {
    this.pos = pos;
    // A copied timestamp must not come from the part given up.
    if (this.lastTimestampAt >= pos) this.lastTimestamp = Number.NaN;
  }

  byte(b: number): void {
    this.room(1);
    this.buf[this.pos++] = b;
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

  /** Text known to be ASCII that JSON writes as it is (digits, base64, ISO dates): by hand, it is short. */
  ascii(text: string): void {
    this.room(text.length);
    const buf = this.buf;
    let pos = this.pos;
    for (let i = 0; i < text.length; i++) buf[pos++] = text.charCodeAt(i);
    this.pos = pos;
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

  /** A number as JSON.stringify writes it: whole numbers below 2^53 by hand, anything else through the number's own text. */
  integer(n: number): void {
    if (!Number.isSafeInteger(n)) return this.ascii(JSON.stringify(n));
    this.room(17);
    const buf = this.buf;
    let at = this.pos;
    if (n < 0) {
      buf[at++] = 0x2d;
      n = -n;
    }
    let digits = 1;
    for (let p = 10; p <= n; p *= 10) digits++;
    at += digits;
    this.pos = at;
    // Written from the last digit back; below 2^31 in int32 arithmetic, which V8 keeps out of floating point.
    while (n > 0x7fffffff) {
      const q = Math.floor(n / 10);
      buf[--at] = 0x30 + (n - q * 10);
      n = q;
    }
    let m = n | 0;
    while (m >= 10) {
      const q = (m / 10) | 0;
      buf[--at] = 0x30 + (m - q * 10);
      m = q;
    }
    buf[at - 1] = 0x30 + m;
  }

  /** Bytes as a JSON value: a string when they are text, {"base64": …} otherwise, null for none. */
  field(bytes: Buffer | null | undefined): void {
    if (bytes === null || bytes === undefined) return this.bytes(NULL);
    if (this.asciiString(bytes, 0, bytes.length)) return;
    // UTF-8 text goes through JSON.stringify and the terminal escaping (C1, bidi, U+2028); other bytes as base64.
    this.text(isUtf8(bytes) ? escapeJsonForTerminal(JSON.stringify(bytes.toString('utf8'))) : `{"base64":"${bytes.toString('base64')}"}`);
  }

  /** UTF-8 bytes[from, to) as a JSON string; invalid bytes read as U+FFFD, as Buffer's toString reads them. */
  utf8String(bytes: Buffer, from: number, to: number): void {
    if (to - from <= SHORT_STRING && this.plainShortString(bytes, from, to)) return;
    if (this.asciiString(bytes, from, to)) return;
    this.text(escapeJsonForTerminal(JSON.stringify(bytes.toString('utf8', from, to))));
  }

  /**
   * Short printable ASCII (the names, ids and codes most fields hold) in one pass, each byte stored
   * as it is looked at; false, with nothing written, at the first byte that needs more.
   */
  private plainShortString(bytes: Buffer, from: number, to: number): boolean {
    this.room(to - from + 2);
    const buf = this.buf;
    let pos = this.pos;
    buf[pos++] = 0x22;
    for (let i = from; i < to; i++) {
      const b = bytes[i];
      if (BYTE_KIND[b] !== PLAIN) return false;
      buf[pos++] = b;
    }
    buf[pos++] = 0x22;
    this.pos = pos;
    return true;
  }

  /** bytes[from, to) as a JSON string when they are all ASCII; false, with nothing written, at the first byte that is not. */
  private asciiString(bytes: Buffer, from: number, to: number): boolean {
    this.room(to - from + 2);
    let buf = this.buf;
    let pos = this.pos;
    buf[pos++] = 0x22;
    // Runs of bytes that need nothing are copied whole; the loop only looks for the ones that do.
    let run = from;
    for (let i = from; i < to; i++) {
      const b = bytes[i];
      const kind = BYTE_KIND[b];
      if (kind === PLAIN) continue;
      if (kind === NOT_ASCII) return false;
      pos = copyRun(bytes, run, i, buf, pos);
      run = i + 1;
      if (pos + 6 + to - i > buf.length) {
        // An escape takes up to 6 bytes: grow for it and whatever else is left of the string.
        const at = this.pos;
        this.pos = pos;
        this.room(6 * (to - i) + 1);
        this.pos = at;
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
    pos = copyRun(bytes, run, to, buf, pos);
    buf[pos++] = 0x22;
    this.pos = pos;
    return true;
  }

  /** A record's headers (RawRecord['headers']), written as one JSON object. */
  headers(headers: Record<string, Buffer | Buffer[] | null | undefined>): void {
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
    this.text('}');
  }

  take(): Buffer {
    return this.buf.subarray(0, this.pos);
  }
}
