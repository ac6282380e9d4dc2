// A Protobuf message as JSON: the canonical proto3 JSON mapping (protobufjs's protojson: names in
// lowerCamelCase, 64-bit integers as strings, bytes in base64, enums by name, Timestamp in RFC 3339),
// plus the fields proto3 leaves unwritten at their defaults, as a reader expects to see them
// (what Google's MessageToDict does with including_default_value_fields).
import * as protobuf from 'protobufjs';
import * as protojson from 'protobufjs/ext/protojson';
import type { JsonValue } from './formatTypes';

type JsonObject = { [key: string]: JsonValue };

const LONG_TYPES = new Set(['int64', 'uint64', 'sint64', 'fixed64', 'sfixed64']);

function defaultJson(field: protobuf.Field): JsonValue {
  if (field.map) return {};
  if (field.repeated) return [];
  const resolved = field.resolvedType;
  if (resolved instanceof protobuf.Enum) return resolved.valuesById[0] ?? 0;
  if (LONG_TYPES.has(field.type)) return '0';
  switch (field.type) {
    case 'bool':
      return false;
    case 'string':
    case 'bytes':
      return '';
    default:
      return 0;
  }
}

interface FieldPlan {
  key: string;
  /** The value when the field is unset and has no presence (a fresh one each time for [] and {}); undefined: stays absent. */
  absent: (() => JsonValue) | undefined;
  /** The message type to fill in below this field (not for the well-known types, whose JSON is a string or so). */
  nested: protobuf.Type | undefined;
  kind: 'single' | 'repeated' | 'map';
}

/** Per message type, worked out once: a record's hot path is a walk over this list. */
const plans = new WeakMap<protobuf.Type, FieldPlan[]>();

function planOf(type: protobuf.Type): FieldPlan[] {
  let plan = plans.get(type);
  if (plan) return plan;
  plan = type.fieldsArray.map((field): FieldPlan => {
    const resolved = field.resolve().resolvedType;
    const isMessage = resolved instanceof protobuf.Type;
    // Message fields, oneof members and `optional` ones have presence: absent means unset.
    // (protobufjs's hasPresence does not say so for message fields: checked by hand.)
    const hasPresence = field.hasPresence || field.partOf !== null || (!field.repeated && !field.map && isMessage);
    let absent: (() => JsonValue) | undefined;
    if (!hasPresence) {
      const fixed = field.map || field.repeated ? undefined : defaultJson(field);
      absent = field.map ? () => ({}) : field.repeated ? () => [] : () => fixed as JsonValue;
    }
    return {
      key: field.jsonName,
      absent,
      nested: isMessage && !isWellKnown(resolved) ? resolved : undefined,
      kind: field.map ? 'map' : field.repeated ? 'repeated' : 'single',
    };
  });
  plans.set(type, plan);
  return plan;
}

function isWellKnown(type: protobuf.Type): boolean {
  return type.fullName.startsWith('.google.protobuf.');
}

/** The message's JSON in declaration order, with the fields without presence that the mapping leaves out at their defaults filled in, at every depth. */
function withDefaults(type: protobuf.Type, json: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const field of planOf(type)) {
    const value = json[field.key];
    if (value === undefined) {
      if (field.absent) out[field.key] = field.absent();
      continue;
    }
    const nested = field.nested;
    if (nested && value !== null) {
      if (field.kind === 'map') for (const [k, v] of Object.entries(value as JsonObject)) (value as JsonObject)[k] = withDefaults(nested, v as JsonObject);
      else if (field.kind === 'repeated') (value as JsonObject[]).forEach((v, i, all) => (all[i] = withDefaults(nested, v)));
      else out[field.key] = withDefaults(nested, value as JsonObject);
      if (field.kind !== 'single') out[field.key] = value;
    } else out[field.key] = value;
  }
  // Whatever else protojson wrote (an Any's "@type", extensions) stays, after the fields.
  for (const key in json) if (!(key in out) && Object.prototype.hasOwnProperty.call(json, key)) out[key] = json[key];
  return out;
}

export function messageToJson(type: protobuf.Type, message: protobuf.Message): JsonValue {
  const json = protojson.toJson(type, message) as JsonValue;
  return json !== null && typeof json === 'object' && !Array.isArray(json) && !isWellKnown(type) ? withDefaults(type, json) : json;
}

/** The inverse: accepts the mapping's JSON (defaults included or not) and, as proto3 JSON parsers do, the proto field names. */
export function jsonToMessage(type: protobuf.Type, value: unknown): protobuf.Message {
  return protojson.fromJson(type, value);
}
