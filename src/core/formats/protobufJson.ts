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

/** Fills in, at every depth, the fields without presence that the JSON mapping leaves out at their defaults. */
function withDefaults(type: protobuf.Type, json: JsonObject): JsonObject {
  for (const field of type.fieldsArray) {
    const key = field.jsonName;
    const value = json[key];
    const nested = field.resolvedType instanceof protobuf.Type && !field.resolvedType.fullName.startsWith('.google.protobuf.') ? field.resolvedType : undefined;
    if (value === undefined) {
      // Message fields, oneof members and `optional` ones have presence: absent means unset.
      // (protobufjs's hasPresence does not say so for message fields: checked by hand.)
      const hasPresence = field.hasPresence || field.partOf !== null || (!field.repeated && !field.map && field.resolvedType instanceof protobuf.Type);
      if (!hasPresence) json[key] = defaultJson(field);
      continue;
    }
    if (!nested || value === null) continue;
    if (field.map) for (const v of Object.values(value as JsonObject)) withDefaults(nested, v as JsonObject);
    else if (field.repeated) for (const v of value as JsonValue[]) withDefaults(nested, v as JsonObject);
    else withDefaults(nested, value as JsonObject);
  }
  return json;
}

export function messageToJson(type: protobuf.Type, message: protobuf.Message): JsonValue {
  const json = protojson.toJson(type, message) as JsonValue;
  return json !== null && typeof json === 'object' && !Array.isArray(json) && !type.fullName.startsWith('.google.protobuf.') ? withDefaults(type, json) : json;
}

/** The inverse: accepts the mapping's JSON (defaults included or not) and, as proto3 JSON parsers do, the proto field names. */
export function jsonToMessage(type: protobuf.Type, value: unknown): protobuf.Message {
  return protojson.fromJson(type, value);
}
