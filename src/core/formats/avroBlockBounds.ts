// avsc trusts an array's or map's block count: bytes written with another schema (or cut short)
// can claim 2^40 items, and avsc then allocates `new Array(n)` (V8 aborts the whole process) or
// loops for hours skipping them. A record viewer reads exactly such bytes, so each block's count
// is checked against the bytes left: every item but a zero-width one takes at least one byte.
import * as avro from 'avsc';

/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access,
   @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-explicit-any --
   avsc's Tap and the read/skip methods are internals without typings; this mirrors them line for line. */

/** Items that take no bytes (null, an empty record) may repeat without the bytes to show for it, up to this in one array (all its blocks: 600 bytes of blocks of a million nulls each would otherwise be 200 million). */
const MAX_ZERO_WIDTH_ITEMS = 1_000_000;

const zeroWidth = new WeakMap<object, boolean>();

function isZeroWidth(typeOrResolver: any): boolean {
  // A resolver (schema evolution) reads as its reader type says: judged by that.
  const type = typeof typeOrResolver.typeName === 'string' ? typeOrResolver : typeOrResolver._readerType;
  if (!type || typeof type.typeName !== 'string') return false;
  const known = zeroWidth.get(type);
  if (known !== undefined) return known;
  zeroWidth.set(type, false); // A recursive record is not zero-width: it must stop somewhere.
  let result = false;
  const name: string = type.typeName;
  if (name === 'null') result = true;
  else if (name === 'fixed') result = type.size === 0;
  else if (name === 'record' || name === 'error') result = (type.fields as { type: unknown }[]).every((f) => isZeroWidth(f.type));
  else if (name.startsWith('logical:') || name.startsWith('abstract:')) result = type.underlyingType ? isZeroWidth(type.underlyingType) : false;
  zeroWidth.set(type, result);
  return result;
}

/** A map entry always has its key's length byte: never zero-width. */
const MAP_ENTRY = {};

/** The block count at the tap, refused when the bytes left cannot hold that many items (`counted`: the array's items before this block). */
function blockCount(tap: any, items: any, skipSize: boolean, counted: number): { n: number; size?: number } {
  let n: number = tap.readLong();
  let size: number | undefined;
  if (n < 0) {
    n = -n;
    if (skipSize) tap.skipLong();
    else size = tap.readLong();
  }
  if (n === 0) return { n };
  const left = tap.buf.length - tap.pos;
  const limit = items !== MAP_ENTRY && isZeroWidth(items) ? MAX_ZERO_WIDTH_ITEMS - counted : left;
  if (!Number.isSafeInteger(n) || n > limit) throw new Error(`a block of ${n} items with ${Math.max(left, 0)} bytes left (truncated buffer)`);
  return { n, size };
}

function install(): void {
  const ArrayType = avro.types.ArrayType.prototype as any;
  const MapType = avro.types.MapType.prototype as any;
  ArrayType._read = function (this: any, tap: any): unknown[] {
    const items = this.itemsType;
    let val: unknown[] | undefined;
    let i = 0;
    while (true) {
      let { n } = blockCount(tap, items, true, i);
      if (n === 0) break;
      val = val ?? new Array<unknown>(n);
      while (n--) val[i++] = items._read(tap);
    }
    return val ?? [];
  };
  ArrayType._skip = function (this: any, tap: any): void {
    const items = this.itemsType;
    let counted = 0;
    while (true) {
      const block = blockCount(tap, items, false, counted);
      let n = block.n;
      counted += n;
      const size = block.size;
      if (n === 0) break;
      if (size !== undefined) tap.pos += size;
      else while (n--) items._skip(tap);
    }
  };
  MapType._read = function (this: any, tap: any): Record<string, unknown> {
    const values = this.valuesType;
    const val: Record<string, unknown> = {};
    while (true) {
      let { n } = blockCount(tap, MAP_ENTRY, true, 0);
      if (n === 0) break;
      while (n--) {
        const key: string = tap.readString();
        // "__proto__" as a plain assignment would set the prototype: a hostile key stays a key.
        if (key === '__proto__') Object.defineProperty(val, key, { value: values._read(tap), enumerable: true, writable: true, configurable: true });
        else val[key] = values._read(tap);
      }
    }
    return val;
  };
  MapType._skip = function (this: any, tap: any): void {
    const values = this.valuesType;
    while (true) {
      const block = blockCount(tap, MAP_ENTRY, false, 0);
      let n = block.n;
      const size = block.size;
      if (n === 0) break;
      if (size !== undefined) tap.pos += size;
      else
        while (n--) {
          tap.skipString();
          values._skip(tap);
        }
    }
  };
}
install();
