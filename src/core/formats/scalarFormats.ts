// The formats without a schema: fixed-width numbers as Kafka's own serializers write them (big
// endian), UUIDs, UTF-8 text and JSON.
import { FormatError, type JsonValue } from './formatTypes';

export type ScalarFormat = 'int32' | 'int64' | 'double' | 'uuid' | 'string' | 'json';

const WIDTH = { int32: 4, int64: 8, double: 8 } as const;
const NAME = { int32: 'an int32', int64: 'an int64', double: 'a double', uuid: 'a UUID' } as const;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function wrongLength(format: keyof typeof NAME, expected: string, got: number): FormatError {
  return new FormatError(`${NAME[format]} is ${expected}; this value has ${got}.`);
}

function fixedWidth(format: keyof typeof WIDTH, bytes: Buffer): void {
  if (bytes.length !== WIDTH[format]) throw wrongLength(format, `${WIDTH[format]} bytes`, bytes.length);
}

export function decodeScalar(format: ScalarFormat, bytes: Buffer): JsonValue {
  switch (format) {
    case 'int32':
      fixedWidth(format, bytes);
      return bytes.readInt32BE(0);
    case 'int64': {
      fixedWidth(format, bytes);
      const v = bytes.readBigInt64BE(0);
      // JSON numbers are doubles: beyond 2^53 only the digits are exact.
      return v <= MAX_SAFE && v >= -MAX_SAFE ? Number(v) : v.toString();
    }
    case 'double': {
      fixedWidth(format, bytes);
      const v = bytes.readDoubleBE(0);
      return Number.isFinite(v) ? v : String(v);
    }
    case 'uuid':
      return decodeUuid(bytes);
    case 'string':
      // Invalid UTF-8 shows as U+FFFD: the text is still what a reader wants to see.
      return bytes.toString('utf8');
    case 'json': {
      const text = bytes.toString('utf8');
      try {
        return JSON.parse(text) as JsonValue;
      } catch (err) {
        throw new FormatError(`the value is not JSON: ${err instanceof Error ? err.message.replace(/\.$/, '') : String(err)}.`);
      }
    }
  }
}

function decodeUuid(bytes: Buffer): string {
  if (bytes.length === 16) {
    const h = bytes.toString('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
  // Many producers write the UUID's text instead of its 16 bytes.
  if (bytes.length === 36) {
    const text = bytes.toString('latin1');
    if (UUID_TEXT.test(text)) return text.toLowerCase();
  }
  throw wrongLength('uuid', '16 bytes (or its 36-character text)', bytes.length);
}

function notA(format: keyof typeof NAME | 'string', value: unknown): FormatError {
  const shown = JSON.stringify(value) ?? String(value);
  const name = format === 'string' ? 'a string' : NAME[format];
  return new FormatError(`${shown.length > 60 ? `${shown.slice(0, 57)}…` : shown} is not ${name}.`);
}

function toBigInt(value: unknown): bigint | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^-?\d{1,20}$/.test(value.trim())) return BigInt(value.trim());
  if (typeof value === 'bigint') return value;
  return undefined;
}

export function encodeScalar(format: ScalarFormat, value: unknown): Buffer {
  switch (format) {
    case 'int32': {
      const v = toBigInt(value);
      if (v === undefined || v < -(2n ** 31n) || v >= 2n ** 31n) throw notA(format, value);
      const out = Buffer.alloc(4);
      out.writeInt32BE(Number(v), 0);
      return out;
    }
    case 'int64': {
      const v = toBigInt(value);
      if (v === undefined || v < -(2n ** 63n) || v >= 2n ** 63n) throw notA(format, value);
      const out = Buffer.alloc(8);
      out.writeBigInt64BE(v, 0);
      return out;
    }
    case 'double': {
      const v = typeof value === 'number' ? value : value === 'NaN' || value === 'Infinity' || value === '-Infinity' ? Number(value) : undefined;
      if (v === undefined) throw notA(format, value);
      const out = Buffer.alloc(8);
      out.writeDoubleBE(v, 0);
      return out;
    }
    case 'uuid':
      if (typeof value !== 'string' || !UUID_TEXT.test(value)) throw notA(format, value);
      return Buffer.from(value.replace(/-/g, ''), 'hex');
    case 'string':
      if (typeof value !== 'string') throw notA(format, value);
      return Buffer.from(value, 'utf8');
    case 'json':
      return Buffer.from(JSON.stringify(value) ?? 'null', 'utf8');
  }
}
