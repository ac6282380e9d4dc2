// The avsc types that make an Avro value its JSON form while it is read (and take that form back
// when written), so a decoded record needs no second walk: longs beyond 2^53 as exact strings,
// bytes/fixed as {"base64"}, decimals as exact strings, timestamps and dates in ISO 8601, NaN and
// the infinities as strings. docs/formats.md lists the mapping.
import * as avro from 'avsc';

/* eslint-disable @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-member-access,
   @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-explicit-any --
   avsc's LogicalType hooks are typed `any` in its own typings: the values are whatever a schema
   holds, checked here by hand. */

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const INTEGER_TEXT = /^-?\d{1,19}$/;

/**
 * avsc reads past the end of a cut-short buffer as `undefined` and says "truncated buffer" only once
 * the whole record is read; a logical type would meet that `undefined` first and fail with
 * JavaScript's words ("Cannot read properties of undefined"). The same sentence avsc gives, at once.
 */
function refuseCutShort(val: unknown): void {
  if (val === undefined) throw new Error('truncated buffer');
}

/** A long as JSON: a number when exact, else the integer's decimal string. */
function longJson(v: bigint): number | string {
  return v <= MAX_SAFE && v >= -MAX_SAFE ? Number(v) : v.toString();
}

/** A JSON long (number, integer string or bigint) as a bigint in range, or undefined. */
export function toInt64(value: unknown): bigint | undefined {
  let v: bigint;
  if (typeof value === 'bigint') v = value;
  else if (typeof value === 'number' && Number.isSafeInteger(value)) v = BigInt(value);
  else if (typeof value === 'string' && INTEGER_TEXT.test(value)) v = BigInt(value);
  else return undefined;
  return v >= INT64_MIN && v <= INT64_MAX ? v : undefined;
}

/** The zigzag varint avsc hands over with `noUnpack` (the bytes as on the wire). */
export function varintLong(buf: Buffer): number | string {
  if (buf.length <= 7) {
    // 49 bits at most: exact in a double, and the fast path for every ordinary long.
    let z = 0;
    let m = 1;
    for (let i = 0; i < buf.length; i++) {
      z += (buf[i] & 0x7f) * m;
      m *= 128;
    }
    return z % 2 === 1 ? -(z + 1) / 2 : z / 2;
  }
  let z = 0n;
  let shift = 0n;
  // Bits from the 11th byte on fall outside the 64 kept below: a hostile varint of a megabyte would
  // otherwise make a bigint of 7 million bits, one shift at a time.
  for (let i = 0; i < Math.min(buf.length, 10); i++) {
    z |= BigInt(buf[i] & 0x7f) << shift;
    shift += 7n;
  }
  z = BigInt.asUintN(64, z);
  return longJson((z >> 1n) ^ -(z & 1n));
}

function longVarint(v: bigint): Buffer {
  let z = BigInt.asUintN(64, (v << 1n) ^ (v >> 63n));
  const out: number[] = [];
  while (z >= 0x80n) {
    out.push(Number(z & 0x7fn) | 0x80);
    z >>= 7n;
  }
  out.push(Number(z));
  return Buffer.from(out);
}

/** The one long type every schema gets: exact beyond 2^53, JSON-ready. */
export const JSON_LONG: avro.Type = avro.types.LongType.__with(
  {
    fromBuffer: varintLong,
    toBuffer: (v: unknown) => longVarint(toInt64(v)!),
    fromJSON: (v: unknown) => {
      const n = toInt64(v);
      if (n === undefined) throw new Error(`not a long: ${JSON.stringify(v)}`);
      return longJson(n);
    },
    toJSON: (v: unknown) => v,
    isValid: (v: unknown) => toInt64(v) !== undefined,
    compare: (a: unknown, b: unknown) => {
      const x = toInt64(a)!;
      const y = toInt64(b)!;
      return x < y ? -1 : x > y ? 1 : 0;
    },
  },
  true,
);

type Schema = Record<string, any>;

/** avsc calls `_resolve(writerType)` when schemas differ: same logical kind reads as written. */
function sameKind(self: avro.types.LogicalType, writer: avro.Type): boolean {
  return writer.typeName === self.typeName;
}

/** bytes and fixed → {"base64": "…"}. */
export class Base64Type extends avro.types.LogicalType {
  protected override _fromValue(val: Buffer): { base64: string } {
    refuseCutShort(val);
    return { base64: val.toString('base64') };
  }
  protected override _toValue(any: any): Buffer | undefined {
    if (Buffer.isBuffer(any)) return any;
    if (any !== null && typeof any === 'object' && typeof any.base64 === 'string') return Buffer.from(any.base64, 'base64');
    return undefined;
  }
  protected override _resolve(type: avro.Type): unknown {
    if (sameKind(this, type)) return (v: unknown) => v;
    return undefined;
  }
}

/** float and double: NaN and the infinities, which JSON lacks, as "NaN" / "Infinity" / "-Infinity". */
export class JsonFloatType extends avro.types.LogicalType {
  protected override _fromValue(val: number): number | string {
    refuseCutShort(val);
    return Number.isFinite(val) ? val : String(val);
  }
  protected override _toValue(any: any): number | undefined {
    if (typeof any === 'number') return any;
    if (any === 'NaN' || any === 'Infinity' || any === '-Infinity') return Number(any);
    return undefined;
  }
  protected override _resolve(type: avro.Type): unknown {
    // Avro's promotions: int, long and float read as double.
    if (sameKind(this, type)) return (v: unknown) => v;
    if (type.typeName === 'int') return (v: number) => v;
    if (type.typeName === 'abstract:long') return (v: number | string) => Number(v);
    return undefined;
  }
}

/** A decimal's two's complement bytes as the exact decimal text, `scale` digits after the point. */
export function decimalText(val: Buffer, scale: number): string {
  if (val.length === 0) return scale ? `0.${'0'.repeat(scale)}` : '0';
  // Up to 6 bytes the unscaled integer is exact as a number: no BigInt on the common path.
  const unscaled = val.length <= 6 ? val.readIntBE(0, val.length) : val.length === 8 ? val.readBigInt64BE(0) : BigInt.asIntN(val.length * 8, BigInt(`0x${val.toString('hex')}`));
  const negative = unscaled < 0;
  let digits = (negative ? -unscaled : unscaled).toString();
  if (scale > 0) {
    digits = digits.padStart(scale + 1, '0');
    digits = `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  }
  return negative ? `-${digits}` : digits;
}

/** decimal (bytes or fixed) → the exact decimal as a string, scale digits after the point. */
export class DecimalType extends avro.types.LogicalType {
  /** Read by the compiled JSON writer (avroJsonWriter.ts). */
  readonly scale: number;
  private readonly size: number | undefined;
  constructor(schema: avro.Schema, opts?: unknown) {
    super(schema, opts);
    const s = schema as Schema;
    this.scale = typeof s.scale === 'number' ? s.scale : 0;
    this.size = s.type === 'fixed' ? (s.size as number) : undefined;
    if (!Number.isInteger(this.scale) || this.scale < 0) throw new Error(`invalid decimal scale: ${String(s.scale)}`);
  }
  protected override _fromValue(val: Buffer): string {
    refuseCutShort(val);
    return decimalText(val, this.scale);
  }
  protected override _toValue(any: any): Buffer | undefined {
    const text: unknown = typeof any === 'number' && Number.isFinite(any) ? String(any) : any;
    if (typeof text !== 'string') return undefined;
    const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
    if (!m || (m[2] === '' && !m[3])) return undefined;
    const fraction = m[3] ?? '';
    if (fraction.length > this.scale && /[^0]/.test(fraction.slice(this.scale))) return undefined;
    let unscaled = BigInt(`${m[2] || '0'}${fraction.slice(0, this.scale).padEnd(this.scale, '0')}`);
    if (m[1] === '-') unscaled = -unscaled;
    return twosComplement(unscaled, this.size);
  }
  protected override _resolve(type: avro.Type): unknown {
    if (type instanceof DecimalType && type.scale === this.scale) return (v: unknown) => v;
    return undefined;
  }
}

/** The shortest big-endian two's complement of `v` (or exactly `size` bytes for a fixed); undefined when it does not fit. */
function twosComplement(v: bigint, size: number | undefined): Buffer | undefined {
  let bytes = 1;
  while (v < -(1n << BigInt(bytes * 8 - 1)) || v >= 1n << BigInt(bytes * 8 - 1)) bytes++;
  if (size !== undefined) {
    if (bytes > size) return undefined;
    bytes = size;
  }
  const hex = BigInt.asUintN(bytes * 8, v).toString(16).padStart(bytes * 2, '0');
  return Buffer.from(hex, 'hex');
}

const ISO_INSTANT = /^(\d{4,})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/;

/** An ISO 8601 instant as microseconds since the epoch (exact; offsets honoured). */
function isoMicros(text: string): bigint | undefined {
  const m = ISO_INSTANT.exec(text);
  if (!m) return undefined;
  const ms = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
  if (Number.isNaN(ms)) return undefined;
  let offsetMinutes = 0;
  if (m[8] !== 'Z') offsetMinutes = (m[8].startsWith('-') ? -1 : 1) * (+m[8].slice(1, 3) * 60 + +m[8].slice(4, 6));
  const fraction = BigInt((m[7] ?? '').padEnd(6, '0').slice(0, 6));
  return (BigInt(ms) - BigInt(offsetMinutes * 60_000)) * 1000n + fraction;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Days since the epoch as [year, month, day] (Hinnant's civil_from_days: integer arithmetic, no Date). */
function civilFromDays(days: number): [number, number, number] {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

/** "YYYY-MM-DD" for years 0–9999, as toISOString writes them; outside, toISOString's own ±YYYYYY form. */
export function isoDay(days: number): string {
  const [y, m, d] = civilFromDays(days);
  if (y < 0 || y > 9999) return new Date(days * 86_400_000).toISOString().slice(0, -14);
  return `${String(y).padStart(4, '0')}-${pad2(m)}-${pad2(d)}`;
}

/** Milliseconds since the epoch as "YYYY-MM-DDTHH:MM:SS.mmm" + `extra` digits + "Z". */
function isoMillis(ms: number, extra: string, digits: 3 | 6): string {
  if (!Number.isSafeInteger(ms) || Math.abs(ms) > 8.64e15) return microsIso(BigInt(Math.trunc(ms)) * 1000n + BigInt(extra || '0'), digits);
  const days = Math.floor(ms / 86_400_000);
  let rest = ms - days * 86_400_000;
  const h = Math.floor(rest / 3_600_000);
  rest -= h * 3_600_000;
  const min = Math.floor(rest / 60_000);
  rest -= min * 60_000;
  const sec = Math.floor(rest / 1000);
  const milli = rest - sec * 1000;
  return `${isoDay(days)}T${pad2(h)}:${pad2(min)}:${pad2(sec)}.${String(milli).padStart(3, '0')}${extra}Z`;
}

/** Microseconds since the epoch as "YYYY-MM-DDTHH:MM:SS.ffffffZ" (or 3 digits for millis). */
function microsIso(micros: bigint, digits: 3 | 6): string {
  const ms = micros / 1000n - (micros % 1000n < 0n ? 1n : 0n);
  const iso = new Date(Number(ms)).toISOString();
  if (digits === 3) return iso;
  const sub = ((micros % 1000n) + 1000n) % 1000n;
  return `${iso.slice(0, -1)}${sub.toString().padStart(3, '0')}Z`;
}

/** A timestamp-millis (`unit` 1000n) or timestamp-micros (1n) long, as read, in ISO 8601 UTC. */
export function timestampText(val: number | string, unit: 1n | 1000n): string {
  // The hot path (every timestamp of every record): plain numbers while they are exact.
  if (typeof val === 'number') {
    if (unit === 1000n) return isoMillis(val, '', 3);
    const ms = Math.floor(val / 1000);
    return isoMillis(ms, String(val - ms * 1000).padStart(3, '0'), 6);
  }
  const micros = BigInt(val) * (unit === 1n ? 1n : 1000n);
  return microsIso(micros, unit === 1n ? 6 : 3);
}

export abstract class TimestampType extends avro.types.LogicalType {
  /** 1000n: millis; 1n: micros (read by the compiled JSON writer too). */
  abstract readonly unit: 1n | 1000n;
  protected override _fromValue(val: number | string): string {
    refuseCutShort(val);
    return timestampText(val, this.unit);
  }
  protected override _toValue(any: any): number | string | undefined {
    if (typeof any === 'string' && ISO_INSTANT.test(any)) {
      const micros = isoMicros(any);
      if (micros === undefined) return undefined;
      if (this.unit === 1n) return longJson(micros);
      // Millis: a finer instant does not fit; floor would silently change it.
      return micros % 1000n === 0n ? longJson(micros / 1000n) : undefined;
    }
    return toInt64(any) === undefined ? undefined : any;
  }
  protected override _resolve(type: avro.Type): unknown {
    if (sameKind(this, type)) return (v: unknown) => v;
    if (type.typeName === 'abstract:long') return (v: number | string) => this._fromValue(v);
    return undefined;
  }
}

export class TimestampMillisType extends TimestampType {
  readonly unit = 1000n;
}

export class TimestampMicrosType extends TimestampType {
  readonly unit = 1n;
}

/** date (int days since the epoch) → "YYYY-MM-DD". */
export class DateType extends avro.types.LogicalType {
  protected override _fromValue(val: number): string {
    refuseCutShort(val);
    return isoDay(val);
  }
  protected override _toValue(any: any): number | undefined {
    if (typeof any === 'number' && Number.isInteger(any)) return any;
    if (typeof any !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(any)) return undefined;
    const ms = Date.parse(`${any}T00:00:00Z`);
    return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== any ? undefined : ms / 86_400_000;
  }
  protected override _resolve(type: avro.Type): unknown {
    if (sameKind(this, type)) return (v: unknown) => v;
    return undefined;
  }
}

/**
 * A union avsc can only read wrapped (two records, int and long, string and enum: branches whose
 * values look alike) still reads as the value itself: the JSON mapping has no `{"ns.Type": value}`
 * wrappers. Writing picks the first branch the value fits, strictly (no undeclared fields) first.
 */
export class UnwrappedUnionJsonType extends avro.types.LogicalType {
  constructor(schema: avro.Schema, opts?: unknown) {
    super(schema, opts);
    (this as unknown as { _logicalTypeName: string })._logicalTypeName = 'union';
  }
  /** The union's branches (null included). */
  get branches(): avro.Type[] {
    return (this.underlyingType as unknown as { types: avro.Type[] }).types;
  }
  protected override _fromValue(val: { unwrap(): unknown } | null): unknown {
    refuseCutShort(val);
    return val === null ? null : val.unwrap();
  }
  protected override _toValue(any: unknown): unknown {
    if (any === null) return this.branches.some((b) => b.typeName === 'null') ? null : undefined;
    for (const strict of [true, false]) {
      for (const branch of this.branches) {
        if (branch.typeName !== 'null' && branch.isValid(any, { noUndeclaredFields: strict })) return { [branch.branchName!]: any };
      }
    }
    return undefined;
  }
  /** Schema evolution through avsc's own union resolution, then unwrapped. */
  protected _update(resolver: any, type: avro.Type, opts: unknown): void {
    const writer = type instanceof UnwrappedUnionJsonType ? type.underlyingType : type;
    const inner = this.underlyingType.createResolver(writer, opts as Parameters<avro.Type['createResolver']>[1]) as unknown as { _read(tap: unknown): { unwrap(): unknown } | null };
    resolver._read = (tap: unknown) => this._fromValue(inner._read(tap));
  }
  protected override _resolve(): unknown {
    return undefined;
  }
}
