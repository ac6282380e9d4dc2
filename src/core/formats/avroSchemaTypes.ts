// Parses an Avro schema into avsc types whose values are already JSON (see avroJsonTypes.ts): a
// typeHook puts the JSON types in place of long, bytes, fixed, float, double and the logical types
// we map, at every depth, named references included.
import * as avro from 'avsc';
import { Base64Type, DateType, DecimalType, JSON_LONG, JsonFloatType, TimestampMicrosType, TimestampMillisType } from './avroJsonTypes';

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
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return undefined;
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

/** A schema (JSON text or object) as an avsc type with the JSON mapping; named types land in `registry`. */
export function parseAvroSchema(schema: string | object, registry: Record<string, avro.Type>): avro.Type {
  const parsed: unknown = typeof schema === 'string' ? JSON.parse(schema) : schema;
  // A bare name ("string", or a reference's "shop.Customer") is a schema too.
  return avro.Type.forSchema(parsed as avro.Schema, { registry, typeHook: jsonTypeHook, wrapUnions: 'auto' });
}
