// Parses an Avro schema into avsc types whose values are already JSON (see avroJsonTypes.ts): a
// typeHook puts the JSON types in place of long, bytes, fixed, float, double and the logical types
// we map, at every depth, named references included.
import * as avro from 'avsc';
import './avroBlockBounds';
import { compileWriters, compilingLazily } from './avroLazyCompile';
import { Base64Type, DateType, DecimalType, JSON_LONG, JsonFloatType, TimestampMicrosType, TimestampMillisType, UnwrappedUnionJsonType } from './avroJsonTypes';

type LogicalClass = new (schema: avro.Schema, opts?: unknown) => avro.types.LogicalType;

/** The logical types we map, with the underlying types the spec allows them on (others read as the underlying type). */
const LOGICAL: Record<string, { type: LogicalClass; on: readonly string[] }> = {
  decimal: { type: DecimalType, on: ['bytes', 'fixed'] },
  'timestamp-millis': { type: TimestampMillisType, on: ['long'] },
  'timestamp-micros': { type: TimestampMicrosType, on: ['long'] },
  date: { type: DateType, on: ['int'] },
};

/** Schemas whose logical wrapper is being built: avsc asks the hook again for the underlying type. */
const building = new Set<object>();

function construct(Kind: LogicalClass, schema: Record<string, unknown>, opts: unknown): avro.Type {
  building.add(schema);
  try {
    return new Kind(schema as avro.Schema, opts);
  } finally {
    building.delete(schema);
  }
}

function wrapperFor(typeName: unknown): LogicalClass | undefined {
  if (typeName === 'bytes' || typeName === 'fixed') return Base64Type;
  if (typeName === 'float' || typeName === 'double') return JsonFloatType;
  return undefined;
}

function jsonTypeHook(schema: avro.Schema, opts: unknown): avro.Type | undefined {
  if (typeof schema === 'string') {
    if (schema === 'long') return JSON_LONG;
    const wrapper = wrapperFor(schema);
    return wrapper ? construct(wrapper, { type: schema }, opts) : undefined;
  }
  if (Array.isArray(schema)) return unionType(schema, opts);
  if (schema === null || typeof schema !== 'object') return undefined;
  const s = schema as Record<string, unknown>;
  if (building.has(s)) return s.type === 'long' ? JSON_LONG : undefined;
  const logical = typeof s.logicalType === 'string' ? LOGICAL[s.logicalType] : undefined;
  if (logical && logical.on.includes(s.type as string)) {
    try {
      return construct(logical.type, s, opts);
    } catch {
      // The spec: an invalid logical type (a decimal with a bad scale) reads as its underlying type.
    }
  }
  if (s.type === 'long') return JSON_LONG;
  const wrapper = wrapperFor(s.type);
  return wrapper ? construct(wrapper, s, opts) : undefined;
}

/** What avsc's RecordType builds its record class from (not in avsc's typings). */
interface RecordInternals {
  fields: { name: string; defaultValue: () => unknown }[];
}
type CreateConstructor = (this: RecordInternals, errorStack: unknown, omitRecordMethods: unknown) => unknown;

/** Passed as avsc's `omitRecordMethods` option: it asks for plain records, and only our parses pass it. */
const PLAIN_RECORDS = Object.freeze({ plainRecords: true });

/**
 * avsc reads a record as an instance of a class it generates (clone/toBuffer on its prototype); a
 * decoded value here is plain JSON, so for our parses the "class" returns an object literal (`new`
 * on a function that returns an object yields that object). Types are frozen once built, so this
 * is the one place to change it; readers and resolvers all construct records through it.
 */
function installPlainRecords(): void {
  const proto = avro.types.RecordType.prototype as unknown as { _createConstructor: CreateConstructor };
  const original = proto._createConstructor;
  proto._createConstructor = function (this: RecordInternals, errorStack: unknown, omitRecordMethods: unknown): unknown {
    if (omitRecordMethods !== PLAIN_RECORDS) return original.call(this, errorStack, omitRecordMethods);
    const args = this.fields.map((_f, i) => `v${i}`);
    // Computed keys: a field named __proto__ stays an own property.
    const props = this.fields.map((f, i) => `[${JSON.stringify(f.name)}]: v${i} === undefined ? d[${i}]() : v${i}`);
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- as avsc itself does: one generated function per record type keeps reading fast.
    const make = new Function('d', `return function (${args.join(', ')}) { return { ${props.join(', ')} }; };`) as (d: (() => unknown)[]) => unknown;
    return make(this.fields.map((f) => f.defaultValue));
  };
}
installPlainRecords();

/** The writers not compiled yet of the types parsed into a registry (see avroLazyCompile.ts). */
const pendingWriters = new WeakMap<Record<string, avro.Type>, (() => unknown)[]>();

/** To call before the first write with any type of `registry`. */
export function prepareWriting(registry: Record<string, avro.Type>): void {
  const pending = pendingWriters.get(registry);
  if (pending) compileWriters(pending);
}

/**
 * A union of one branch and null is avsc's unwrapped union (the common optional field; it reads
 * the value itself, fast). Any other union is read wrapped and unwrapped by UnwrappedUnionJsonType:
 * avsc cannot read two records unwrapped, and with our JSON types as branches ("NaN" is a double
 * and a string) its unwrapped union throws "ambiguous conversion" on write.
 */
function unionType(schema: unknown[], opts: unknown): avro.Type | undefined {
  if (building.has(schema)) return undefined;
  const o = opts as { wrapUnions?: unknown };
  const wrapUnions = o.wrapUnions;
  const nonNull = schema.filter((branch) => branch !== 'null').length;
  building.add(schema);
  try {
    if (nonNull <= 1) {
      o.wrapUnions = 'auto';
      return avro.Type.forSchema(schema as avro.Schema, opts as Partial<avro.ForSchemaOptions>);
    }
    // Its constructor builds the union itself (this hook passing), wrapped.
    o.wrapUnions = 'always';
    return new UnwrappedUnionJsonType(schema as avro.Schema, opts);
  } finally {
    building.delete(schema);
    o.wrapUnions = wrapUnions;
  }
}

/** A schema (JSON text or object) as an avsc type with the JSON mapping; named types land in `registry`. */
export function parseAvroSchema(schema: string | object, registry: Record<string, avro.Type>): avro.Type {
  const parsed: unknown = typeof schema === 'string' ? JSON.parse(schema) : schema;
  // A bare name ("string", or a reference's "shop.Customer") is a schema too.
  const options = { registry, typeHook: jsonTypeHook, wrapUnions: 'auto', omitRecordMethods: PLAIN_RECORDS } as unknown as Partial<avro.ForSchemaOptions>;
  let pending = pendingWriters.get(registry);
  if (!pending) pendingWriters.set(registry, (pending = []));
  return compilingLazily(() => avro.Type.forSchema(parsed as avro.Schema, options), pending);
}
