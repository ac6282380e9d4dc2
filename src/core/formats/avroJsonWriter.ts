// A compiled writer per Avro schema that turns a payload straight into the terminal's JSON text,
// appended to the output buffer: no value objects, no JSON.stringify, no regex pass. It writes
// exactly what the general path writes (avsc's read through our JSON types, JSON.stringify, then
// escapeJsonForTerminal), which test/unit/formats/avroJsonWriter.test.ts holds it to. Replay's
// profile of Avro records showed that building those objects and strings, collecting them and
// escaping the batch's text took four times the CPU of reading the Avro (issue 23's bench).
//
// It covers the schema as written (no reader schema: resolution stays avsc's) and every type our
// parse makes. A value it cannot write exactly — bytes cut short or left over, a bad union or
// enum index, a map whose keys a JS object would reorder — is given back (`false`) and read by
// the general path, which also words the error; a schema holding anything else gets no writer.
import * as avro from 'avsc';
import type { JsonLineBuffer } from '../rendering/jsonLineBuffer';
import { escapeJsonForTerminal } from '../rendering/terminalText';
import { Base64Type, DateType, DecimalType, decimalText, isoDay, JSON_LONG, JsonFloatType, TimestampType, UnwrappedUnionJsonType } from './avroJsonTypes';
import type { JsonTextWriter } from './formatTypes';
import { AvroInput, CANNOT, quotedAscii, readLength, readLong, readSmallLong, skipLong, take, TimestampWriter, writeDouble, writeLong } from './avroJsonScalars';


type Write = (input: AvroInput, out: JsonLineBuffer) => void;

/** Thrown while compiling: a type the writer does not cover (the codec then has no writer). */
class NotCovered extends Error {}

const NULL = Buffer.from('null', 'latin1');
const TRUE = Buffer.from('true', 'latin1');
const FALSE = Buffer.from('false', 'latin1');
const BASE64_OPEN = Buffer.from('{"base64":"', 'latin1');
const BASE64_CLOSE = Buffer.from('"}', 'latin1');
const COMMA = 0x2c;
const COLON = 0x3a;

/** A name or symbol as the JSON text of a string (Avro names need no escaping; escaped all the same). */
function jsonString(text: string): string {
  return escapeJsonForTerminal(JSON.stringify(text));
}

/** The writer of `type`'s values, or undefined when the schema holds a type it does not cover. */
export function compileAvroJsonWriter(type: avro.Type): JsonTextWriter | undefined {
  let write: Write;
  try {
    write = new WriterCompiler().writerOf(type);
  } catch (err) {
    if (err instanceof NotCovered) return undefined;
    throw err;
  }
  const input = new AvroInput();
  return (bytes, start, out) => {
    const at = out.pos;
    input.buf = bytes;
    input.pos = start;
    input.end = bytes.length;
    try {
      write(input, out);
      // avsc's fromBuffer refuses trailing bytes too.
      if (input.pos === input.end) return true;
    } catch {
      // CANNOT, or anything else thrown on hostile bytes (a date beyond Date's range, a stack
      // exhausted by a recursive record): the general path reads it and says why.
    }
    out.rewind(at);
    return false;
  };
}

class WriterCompiler {
  private readonly writers = new Map<avro.Type, Write>();

  writerOf(type: avro.Type): Write {
    let write = this.writers.get(type);
    if (write === undefined) {
      write = this.compile(type);
      this.writers.set(type, write);
    }
    return write;
  }

  private compile(type: avro.Type): Write {
    // Our JSON types first: they are logical types over avsc's own.
    if (type === JSON_LONG) return (input, out) => writeLong(out, readLong(input));
    if (type instanceof Base64Type) return this.base64(type.underlyingType);
    if (type instanceof JsonFloatType) return floatOrDouble(type.underlyingType.typeName);
    if (type instanceof DecimalType) return this.decimal(type);
    if (type instanceof TimestampType) return timestamp(type);
    if (type instanceof DateType) return date();
    if (type instanceof UnwrappedUnionJsonType) return this.union(type.branches);
    switch (type.typeName) {
      case 'null':
        return (_input, out) => out.bytes(NULL);
      case 'boolean':
        return (input, out) => out.bytes(input.buf[take(input, 1)] !== 0 ? TRUE : FALSE);
      case 'int':
        return (input, out) => out.integer(readSmallLong(input));
      case 'string':
        return (input, out) => {
          const len = readLength(input);
          out.utf8String(input.buf, input.pos, (input.pos += len));
        };
      case 'enum':
        return enumeration((type as avro.types.EnumType).symbols);
      case 'array':
        return this.array((type as avro.types.ArrayType).itemsType);
      case 'map':
        // avsc's typings say `any` for a map's values type; it is a Type like an array's items.
        return this.map((type as avro.types.MapType).valuesType as avro.Type);
      case 'record':
        return this.record(type as avro.types.RecordType);
      case 'union:unwrapped':
        return this.union((type as avro.types.UnwrappedUnionType).types);
    }
    // long, bytes, float, double and fixed are always our JSON types; error records and logical
    // types of others are left to avsc.
    throw new NotCovered(type.typeName);
  }

  private base64(under: avro.Type): Write {
    const fixedSize = under.typeName === 'fixed' ? (under as avro.types.FixedType).size : -1;
    return (input, out) => {
      const len = fixedSize >= 0 ? fixedSize : readLength(input);
      const at = take(input, len);
      out.bytes(BASE64_OPEN);
      out.ascii(input.buf.toString('base64', at, at + len));
      out.bytes(BASE64_CLOSE);
    };
  }

  private decimal(type: DecimalType): Write {
    const under = type.underlyingType;
    const fixedSize = under.typeName === 'fixed' ? (under as avro.types.FixedType).size : -1;
    const scale = type.scale;
    return (input, out) => {
      const len = fixedSize >= 0 ? fixedSize : readLength(input);
      const at = take(input, len);
      quotedAscii(out, decimalText(input.buf.subarray(at, at + len), scale));
    };
  }

  private array(items: avro.Type): Write {
    const item = this.writerOf(items);
    return (input, out) => {
      out.byte(0x5b);
      const start = input.pos;
      let total = 0;
      for (;;) {
        const n = blockCount(input);
        if (n === 0) break;
        // Items that take no bytes (null, an empty record) are bounded by the payload's size here;
        // more is the general path's to refuse.
        total += n;
        if (total > input.end - start) throw CANNOT;
        for (let i = 0; i < n; i++) {
          if (total - n + i > 0) out.byte(COMMA);
          item(input, out);
        }
      }
      out.byte(0x5d);
    };
  }

  private map(values: avro.Type): Write {
    const value = this.writerOf(values);
    return (input, out) => {
      out.byte(0x7b);
      let keys: Set<string> | undefined;
      let first = true;
      for (;;) {
        const n = blockCount(input);
        if (n === 0) break;
        for (let i = 0; i < n; i++) {
          const len = readLength(input);
          const at = input.pos;
          input.pos += len;
          // avsc reads a map into a JS object: an index-like key ("7") would move to the front, a
          // repeated key keep its first place with its last value. The general path has those.
          if (isArrayIndex(input.buf, at, len)) throw CANNOT;
          keys ??= new Set();
          const key = input.buf.toString('utf8', at, at + len);
          if (keys.has(key)) throw CANNOT;
          keys.add(key);
          if (!first) out.byte(COMMA);
          first = false;
          out.utf8String(input.buf, at, at + len);
          out.byte(COLON);
          value(input, out);
        }
      }
      out.byte(0x7d);
    };
  }

  private record(type: avro.types.RecordType): Write {
    // A record can hold itself (a linked list): its writer is known before its fields are compiled.
    let fields: Write[] = [];
    let names: Buffer[] = [];
    const write: Write = (input, out) => {
      out.byte(0x7b);
      for (let i = 0; i < fields.length; i++) {
        out.bytes(names[i]);
        fields[i](input, out);
      }
      out.byte(0x7d);
    };
    this.writers.set(type, write);
    names = type.fields.map((f, i) => Buffer.from(`${i === 0 ? '' : ','}${jsonString(f.name)}:`, 'utf8'));
    fields = type.fields.map((f) => this.writerOf(f.type));
    return write;
  }

  private union(branches: readonly avro.Type[]): Write {
    const writers = branches.map((b) => this.writerOf(b));
    return (input, out) => {
      const write = writers[readSmallLong(input)];
      if (write === undefined) throw CANNOT;
      write(input, out);
    };
  }
}

/** A block's item count, its byte size (when negative) stepped over; one the bytes left cannot hold is the general path's. */
function blockCount(input: AvroInput): number {
  let n = readSmallLong(input);
  if (n < 0) {
    n = -n;
    skipLong(input);
  }
  return n;
}

function floatOrDouble(typeName: string): Write {
  if (typeName === 'float') return (input, out) => writeDouble(out, input.buf.readFloatLE(take(input, 4)));
  return (input, out) => writeDouble(out, input.buf.readDoubleLE(take(input, 8)));
}

function timestamp(type: TimestampType): Write {
  const writer = new TimestampWriter(type.unit);
  return (input, out) => writer.write(out, readLong(input));
}

function date(): Write {
  // Records of a batch mostly share a date: its text is made once per day seen last.
  let lastDays = Number.NaN;
  let lastText = '';
  return (input, out) => {
    const days = readSmallLong(input);
    if (days !== lastDays) {
      lastText = isoDay(days);
      lastDays = days;
    }
    quotedAscii(out, lastText);
  };
}

function enumeration(symbols: readonly string[]): Write {
  const texts = symbols.map((s) => Buffer.from(jsonString(s), 'utf8'));
  return (input, out) => {
    const text = texts[readSmallLong(input)];
    if (text === undefined) throw CANNOT;
    out.bytes(text);
  };
}

/** Whether a key's bytes are an array index ("0" to "4294967294"), which a JS object lists first. */
function isArrayIndex(buf: Buffer, at: number, len: number): boolean {
  if (len === 0 || len > 10 || (len > 1 && buf[at] === 0x30)) return false;
  let n = 0;
  for (let i = at; i < at + len; i++) {
    const d = buf[i] - 0x30;
    if (d < 0 || d > 9) return false;
    n = n * 10 + d;
  }
  return n <= 4_294_967_294;
}
