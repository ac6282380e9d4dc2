// The leaves of the compiled Avro → JSON text writers (avroJsonWriter.ts): reading Avro's varints,
// numbers and strings from the payload and writing each as the text the general path writes for
// it (avsc's read through our JSON types of avroJsonTypes.ts, then JSON.stringify and the
// terminal's escaping). Whatever these cannot read exactly as avsc would — bytes that run out, a
// varint longer than the values it can hold, a timestamp outside Date's range — throws CANNOT, and
// the record goes to the general path, which says what is wrong with it in its own words.
import type { JsonLineBuffer } from '../rendering/jsonLineBuffer';
import { writeShortFraction } from '../rendering/jsonNumber';
import { isoDay, timestampText, varintLong } from './avroJsonTypes';

/** Thrown to give a value up to the general path. Made once: it is thrown, never shown. */
export const CANNOT = new Error('the compiled JSON writer leaves this value to avsc');

/** Where the writers are in the payload being read. */
export class AvroInput {
  buf: Buffer = Buffer.alloc(0);
  pos = 0;
  end = 0;
}

/**
 * A zigzag varint of at most 5 bytes (an int, a length, a count, an index), exact. avsc reads
 * longer ones too, in float arithmetic; such bytes are no ordinary record, so they go to avsc.
 */
export function readSmallLong(input: AvroInput): number {
  const buf = input.buf;
  let pos = input.pos;
  const end = input.end;
  let z = 0;
  let m = 1;
  for (let i = 0; i < 5 && pos < end; i++) {
    const b = buf[pos++];
    z += (b & 0x7f) * m;
    if (b < 0x80) {
      input.pos = pos;
      return z % 2 === 1 ? -(z + 1) / 2 : z / 2;
    }
    m *= 128;
  }
  throw CANNOT;
}

/** A length (of a string, bytes) that the bytes left can hold: avsc fails on any other. */
export function readLength(input: AvroInput): number {
  const len = readSmallLong(input);
  if (len < 0 || len > input.end - input.pos) throw CANNOT;
  return len;
}

/** Steps over a varint (a block's byte size, which the writers do not need), as avsc's skipLong. */
export function skipLong(input: AvroInput): void {
  const buf = input.buf;
  while (input.pos < input.end) if (buf[input.pos++] < 0x80) return;
  throw CANNOT;
}

/** A long as JSON_LONG reads it: a number when exact, else the exact integer as a string. */
export function readLong(input: AvroInput): number | string {
  const buf = input.buf;
  const start = input.pos;
  let pos = start;
  let z = 0;
  let m = 1;
  while (pos < input.end) {
    const b = buf[pos++];
    z += (b & 0x7f) * m;
    m *= 128;
    if (b >= 0x80) continue;
    input.pos = pos;
    // Up to 7 bytes (49 bits) the double arithmetic is exact; beyond, varintLong's bigint one.
    if (pos - start <= 7) return z % 2 === 1 ? -(z + 1) / 2 : z / 2;
    return varintLong(buf.subarray(start, pos));
  }
  throw CANNOT;
}

/** `count` bytes, or CANNOT when fewer are left; returns where they start. */
export function take(input: AvroInput, count: number): number {
  const at = input.pos;
  if (count > input.end - at) throw CANNOT;
  input.pos = at + count;
  return at;
}

const NAN = Buffer.from('"NaN"', 'latin1');
const INFINITY = Buffer.from('"Infinity"', 'latin1');
const MINUS_INFINITY = Buffer.from('"-Infinity"', 'latin1');

/** A float or double as JsonFloatType and JSON.stringify make it: the number, or "NaN" / "Infinity" / "-Infinity". */
export function writeDouble(out: JsonLineBuffer, v: number): void {
  if (Number.isInteger(v)) return out.integer(v);
  if (Number.isFinite(v)) {
    out.room(24);
    const written = writeShortFraction(out.buf, out.pos, v);
    if (written > 0) out.pos += written;
    else out.ascii(String(v));
  } else out.bytes(Number.isNaN(v) ? NAN : v > 0 ? INFINITY : MINUS_INFINITY);
}

/** A long as JSON: a number, or the digits of one beyond 2^53 as a string. */
export function writeLong(out: JsonLineBuffer, v: number | string): void {
  if (typeof v === 'number') out.integer(v);
  else quotedAscii(out, v);
}

/** Text that needs no escaping inside a JSON string (digits, ISO dates, base64), quoted. */
export function quotedAscii(out: JsonLineBuffer, text: string): void {
  out.byte(0x22);
  out.ascii(text);
  out.byte(0x22);
}

/** Two digits at `pos` (hours, minutes, seconds). */
function twoDigits(buf: Buffer, pos: number, n: number): void {
  buf[pos] = 0x30 + ((n / 10) | 0);
  buf[pos + 1] = 0x30 + (n % 10);
}

/** Three digits at `pos` (milliseconds, the micros after them). */
function threeDigits(buf: Buffer, pos: number, n: number): void {
  buf[pos] = 0x30 + ((n / 100) | 0);
  buf[pos + 1] = 0x30 + (((n / 10) | 0) % 10);
  buf[pos + 2] = 0x30 + (n % 10);
}

/**
 * Writes timestamp-millis / -micros longs as timestampText does, without making the text: the
 * day's part ("2026-12-04T") is made once per day (a batch's records mostly share it), and the
 * time of day written as digits. Anything timestampText does not make by its plain arithmetic
 * (a long beyond 2^53, an instant beyond Date's range) is its own text, as it makes it.
 */
export class TimestampWriter {
  private days = Number.NaN;
  private dayPrefix = Buffer.alloc(0);
  constructor(private readonly unit: 1n | 1000n) {}

  write(out: JsonLineBuffer, val: number | string): void {
    if (typeof val !== 'number') return quotedAscii(out, timestampText(val, this.unit));
    let ms = val;
    let micros = -1;
    if (this.unit === 1n) {
      ms = Math.floor(val / 1000);
      micros = val - ms * 1000;
      // timestampText pads any remainder to 3 digits; only a plain one is written here.
      if (!(micros >= 0 && micros <= 999)) return quotedAscii(out, timestampText(val, this.unit));
    }
    if (!Number.isSafeInteger(ms) || Math.abs(ms) > 8.64e15) return quotedAscii(out, timestampText(val, this.unit));
    const days = Math.floor(ms / 86_400_000);
    if (days !== this.days) {
      this.dayPrefix = Buffer.from(`"${isoDay(days)}T`, 'latin1');
      this.days = days;
    }
    let rest = ms - days * 86_400_000;
    const h = Math.floor(rest / 3_600_000);
    rest -= h * 3_600_000;
    const min = Math.floor(rest / 60_000);
    rest -= min * 60_000;
    const sec = Math.floor(rest / 1000);
    const milli = rest - sec * 1000;
    out.bytes(this.dayPrefix);
    out.room(18);
    const buf = out.buf;
    let pos = out.pos;
    twoDigits(buf, pos, h);
    buf[pos + 2] = 0x3a;
    twoDigits(buf, pos + 3, min);
    buf[pos + 5] = 0x3a;
    twoDigits(buf, pos + 6, sec);
    buf[pos + 8] = 0x2e;
    threeDigits(buf, pos + 9, milli);
    pos += 12;
    if (micros >= 0) {
      threeDigits(buf, pos, micros);
      pos += 3;
    }
    buf[pos++] = 0x5a;
    buf[pos++] = 0x22;
    out.pos = pos;
  }
}
