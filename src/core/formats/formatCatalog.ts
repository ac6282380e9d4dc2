// Every record format, described once (issue 38): its name, the one line the "Value Format…" picker
// and the setting's enumDescriptions show, and for a format without a schema how it reads and
// writes. The list of formats, ebx's --key-format / --value-format choices, the picker, RecordDecoder
// and the encoders all take them from here; package.json's copies are pinned to this table by
// test/unit/formats/formatCatalog.test.ts. A format without a schema is one entry here.
// The schema formats are data only: their codecs need a schema and the schema libraries (avsc,
// protobufjs, ajv), which load only when a topic uses them (schemaFiles.ts, registryCodecs.ts).
import type { JsonValue } from './fieldValues';
import { base64Input, decodeJson, decodeUuid, encodeUuid, fixedWidth, int64Input, int64Json, isBase64, notA, numberInput, signedInteger, jsonInput, type TypedField } from './scalarFormats';

interface Described {
  name: string;
  /** One sentence: the picker's description and the setting's enumDescription. */
  detail: string;
}

/** UTF-8 text or bytes, and the Confluent wire format when a registry is configured (RecordDecoder's readAuto). */
interface AutoEntry extends Described {
  kind: 'auto';
}

/** A format without a schema: reads and writes by itself. */
export interface ScalarEntry extends Described {
  kind: 'scalar';
  /** A key's or value's bytes as a JSON value; throws a FormatError whose message is one sentence. */
  decode: (bytes: Buffer) => JsonValue;
  /** The inverse: a JSON value as `decode` gives it, as bytes; a FormatError when it is not one. */
  encode: (value: unknown) => Buffer;
  /** How producing takes typed text; absent: the text goes as UTF-8, as it is typed. */
  typed?: TypedInput;
}

export interface TypedInput {
  /** What the input is, for a prompt: "a number". */
  input: string;
  /** How a plan names the bytes written: "int64 (8 bytes, big-endian)". */
  encoding: string;
  /** ebx produce's summary, when it is not the format's name. */
  summary?: string;
  /** The typed text as the value `encode` takes; a FormatError in the field's words when it is not one. */
  parse: (text: string, field: TypedField) => unknown;
}

/** A format read with a schema, from a workspace file or a schema registry. */
interface SchemaEntry extends Described {
  kind: 'schema';
  /** The registry's schemaType of such a schema. */
  registryType: 'AVRO' | 'PROTOBUF' | 'JSON';
}

export type FormatEntry = AutoEntry | ScalarEntry | SchemaEntry;

/** The formats, in the order the picker, the CLI's choices and the setting list them. */
export const FORMAT_CATALOG = [
  { name: 'auto', kind: 'auto', detail: 'UTF-8 text, else bytes; a value in the Confluent wire format is decoded when the connection has a schema registry.' },
  {
    name: 'string',
    kind: 'scalar',
    detail: 'UTF-8 text.',
    // Invalid UTF-8 shows as U+FFFD: the text is still what a reader wants to see.
    decode: (bytes) => bytes.toString('utf8'),
    encode: (value) => {
      if (typeof value !== 'string') throw notA('a string', value);
      return Buffer.from(value, 'utf8');
    },
  },
  {
    name: 'json',
    kind: 'scalar',
    detail: 'JSON text.',
    decode: decodeJson,
    encode: (value) => Buffer.from(JSON.stringify(value) ?? 'null', 'utf8'),
    // Parsed first: the text is the JSON document itself, written compact (not the text as a JSON string).
    typed: { input: 'JSON', encoding: 'json', parse: jsonInput },
  },
  { name: 'avro', kind: 'schema', registryType: 'AVRO', detail: "Avro: the Confluent wire format with the registry's schema, or raw with the schema file." },
  { name: 'protobuf', kind: 'schema', registryType: 'PROTOBUF', detail: "Protobuf: the Confluent wire format with the registry's schema, or raw with the .proto file." },
  { name: 'json-schema', kind: 'schema', registryType: 'JSON', detail: 'JSON validated by a JSON Schema (registry or file).' },
  {
    name: 'bytes',
    kind: 'scalar',
    detail: 'Bytes, shown as base64 and hex.',
    decode: (bytes) => ({ base64: bytes.toString('base64') }),
    encode: (value) => {
      const base64 = (value as { base64?: unknown } | null)?.base64;
      if (typeof base64 !== 'string' || !isBase64(base64)) throw notA('bytes as {"base64": …}', value);
      return Buffer.from(base64, 'base64');
    },
    typed: { input: 'base64', encoding: 'bytes from base64', summary: 'bytes from base64', parse: base64Input },
  },
  {
    name: 'int32',
    kind: 'scalar',
    detail: 'A 4-byte big-endian integer.',
    decode: (bytes) => fixedWidth(bytes, 4, 'an int32').readInt32BE(0),
    encode: (value) => {
      const out = Buffer.alloc(4);
      out.writeInt32BE(Number(signedInteger(value, 32, 'an int32')), 0);
      return out;
    },
    typed: { input: 'a number', encoding: 'int32 (4 bytes, big-endian)', parse: numberInput },
  },
  {
    name: 'int64',
    kind: 'scalar',
    detail: 'An 8-byte big-endian integer (beyond 2^53 as text).',
    decode: (bytes) => int64Json(fixedWidth(bytes, 8, 'an int64').readBigInt64BE(0)),
    encode: (value) => {
      const out = Buffer.alloc(8);
      out.writeBigInt64BE(signedInteger(value, 64, 'an int64'), 0);
      return out;
    },
    typed: { input: 'a number', encoding: 'int64 (8 bytes, big-endian)', parse: int64Input },
  },
  {
    name: 'double',
    kind: 'scalar',
    detail: 'An 8-byte big-endian double.',
    decode: (bytes) => {
      const v = fixedWidth(bytes, 8, 'a double').readDoubleBE(0);
      return Number.isFinite(v) ? v : String(v);
    },
    encode: (value) => {
      const v = typeof value === 'number' ? value : value === 'NaN' || value === 'Infinity' || value === '-Infinity' ? Number(value) : undefined;
      if (v === undefined) throw notA('a double', value);
      const out = Buffer.alloc(8);
      out.writeDoubleBE(v, 0);
      return out;
    },
    typed: { input: 'a number', encoding: 'double (8 bytes, big-endian)', parse: numberInput },
  },
  {
    name: 'uuid',
    kind: 'scalar',
    detail: 'A 16-byte UUID.',
    decode: decodeUuid,
    encode: encodeUuid,
    typed: { input: 'a UUID', encoding: 'uuid (16 bytes)', parse: (text) => text },
  },
] as const satisfies readonly FormatEntry[];

type Catalogued = (typeof FORMAT_CATALOG)[number];
/** How a key or value is read. */
export type FieldFormatName = Catalogued['name'];
/** The formats that need a schema (from a registry or a workspace file). */
export type SchemaFormat = Extract<Catalogued, { kind: 'schema' }>['name'];
/** The formats without a schema. */
export type ScalarFormat = Extract<Catalogued, { kind: 'scalar' }>['name'];

export const FIELD_FORMATS: readonly FieldFormatName[] = FORMAT_CATALOG.map((entry) => entry.name);

const BY_NAME = new Map<string, FormatEntry>(FORMAT_CATALOG.map((entry) => [entry.name, entry]));

export function formatEntry(name: FieldFormatName): FormatEntry {
  return BY_NAME.get(name)!;
}

export function isFieldFormat(name: unknown): name is FieldFormatName {
  return typeof name === 'string' && BY_NAME.has(name);
}

export function isSchemaFormat(name: string): name is SchemaFormat {
  return BY_NAME.get(name)?.kind === 'schema';
}

export function scalarFormat(name: ScalarFormat): ScalarEntry {
  return BY_NAME.get(name) as ScalarEntry;
}

/** The schema formats' names as a sentence lists them: "avro, protobuf or json-schema". */
export const SCHEMA_FORMATS_TEXT = orList(FORMAT_CATALOG.filter((entry) => entry.kind === 'schema').map((entry) => entry.name));

function orList(names: readonly string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

export function registryTypeOf(format: SchemaFormat): SchemaEntry['registryType'] {
  return (BY_NAME.get(format) as SchemaEntry).registryType;
}
