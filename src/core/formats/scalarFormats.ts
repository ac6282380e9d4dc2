// What the formats without a schema are made of (their entries are in formatCatalog.ts): fixed-width
// numbers as Kafka's own serializers write them (big endian), UUIDs, and the typed input produce
// takes for them. Each refusal is one sentence.
import { FormatError, type FieldRole, type JsonValue } from './fieldValues';

/** Where a typed key or value came from, as the sentences refusing it name it. */
export interface TypedField {
  role: FieldRole;
  /** The format as it was chosen: `--value-format int64` (ebx), `the value format int64` (settings). */
  chosen: string;
  /** After "the value is not JSON (…)": how the input is given, e.g. "give the record as one JSON document a line". */
  jsonHint?: string;
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `bytes` when they are `width` long; else "an int32 is 4 bytes; this value has 7." (`noun`: "an int32"). */
export function fixedWidth(bytes: Buffer, width: number, noun: string): Buffer {
  if (bytes.length !== width) throw wrongLength(noun, `${width} bytes`, bytes.length);
  return bytes;
}

function wrongLength(noun: string, expected: string, got: number): FormatError {
  return new FormatError(`${noun} is ${expected}; this value has ${got}.`);
}

/** "2147483648 is not an int32." (`noun`: "an int32"), the value shown short. */
export function notA(noun: string, value: unknown): FormatError {
  const shown = JSON.stringify(value) ?? String(value);
  return new FormatError(`${shown.length > 60 ? `${shown.slice(0, 57)}…` : shown} is not ${noun}.`);
}

/** An int64 as JSON: a number when exact, beyond 2^53 the digits (JSON numbers are doubles). */
export function int64Json(v: bigint): JsonValue {
  return v <= MAX_SAFE && v >= -MAX_SAFE ? Number(v) : v.toString();
}

/** A signed integer of `bits` bits from a safe integer, its digits or a bigint; else "… is not `noun`." */
export function signedInteger(value: unknown, bits: 32 | 64, noun: string): bigint {
  const v = toBigInt(value);
  const limit = 2n ** BigInt(bits - 1);
  if (v === undefined || v < -limit || v >= limit) throw notA(noun, value);
  return v;
}

function toBigInt(value: unknown): bigint | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^-?\d{1,20}$/.test(value.trim())) return BigInt(value.trim());
  if (typeof value === 'bigint') return value;
  return undefined;
}

export function decodeUuid(bytes: Buffer): string {
  if (bytes.length === 16) {
    const h = bytes.toString('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
  // Many producers write the UUID's text instead of its 16 bytes.
  if (bytes.length === 36) {
    const text = bytes.toString('latin1');
    if (UUID_TEXT.test(text)) return text.toLowerCase();
  }
  throw wrongLength('a UUID', '16 bytes (or its 36-character text)', bytes.length);
}

export function encodeUuid(value: unknown): Buffer {
  if (typeof value !== 'string' || !UUID_TEXT.test(value)) throw notA('a UUID', value);
  return Buffer.from(value.replace(/-/g, ''), 'hex');
}

export function decodeJson(bytes: Buffer): JsonValue {
  try {
    return JSON.parse(bytes.toString('utf8')) as JsonValue;
  } catch (err) {
    throw new FormatError(`the value is not JSON: ${err instanceof Error ? err.message.replace(/\.$/, '') : String(err)}.`);
  }
}

/** Typed text as a number (int32, int64, double): "the key "seven" is not a number, as … needs." */
export function numberInput(text: string, field: TypedField): number {
  const trimmed = text.trim();
  const n = Number(trimmed);
  if (trimmed === '' || !Number.isFinite(n)) throw new FormatError(`the ${field.role} "${trimmed.slice(0, 40)}" is not a number, as ${field.chosen} needs.`);
  return n;
}

/** Typed text as an int64: its digits kept exact beyond 2^53, else a number. */
export function int64Input(text: string, field: TypedField): string | number {
  const trimmed = text.trim();
  return /^-?\d+$/.test(trimmed) ? trimmed : numberInput(text, field);
}

/** Typed base64 as `bytes` reads it ({"base64": …}): "the value is not base64, as … needs." */
export function base64Input(text: string, field: TypedField): { base64: string } {
  const trimmed = text.trim();
  if (!isBase64(trimmed)) throw new FormatError(`the ${field.role} is not base64, as ${field.chosen} needs.`);
  return { base64: trimmed };
}

export function isBase64(text: string): boolean {
  return /^[A-Za-z0-9+/]*={0,2}$/.test(text) && text.length % 4 === 0;
}

/** Typed text as the JSON document it is (json and the schema formats). */
export function jsonInput(text: string, field: Pick<TypedField, 'role' | 'jsonHint'>): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new FormatError(`the ${field.role} is not JSON (${why})${field.jsonHint ? `; ${field.jsonHint}` : ''}.`);
  }
}
