// The record-format options (formatOptions.ts) made into what reads and writes records: the
// schema files loaded, the registry client made, every combination that cannot work refused before
// any connection is made, in one sentence naming the option.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { UsageError } from '../core/errors';
import type { FieldFormatName, SchemaCodec, SchemaFormat } from '../core/formats/formatTypes';
import { FormatError } from '../core/formats/formatTypes';
import type { FieldSpec } from '../core/formats/fieldReading';
import { RecordDecoder } from '../core/formats/recordDecoder';
import { codecForRegistered, registrySchemaSource } from '../core/formats/registryCodecs';
import { encodeScalar } from '../core/formats/scalarFormats';
import { writeWireFormat } from '../core/formats/wireFormat';
import { subjectName } from '../core/schemaRegistry/subjectStrategy';
import { loadSchemaFile } from '../core/formats/schemaFiles';
import { SchemaRegistryClient, type RegistryConfig } from '../core/schemaRegistry/registryClient';
import { escapeForTerminal } from '../core/records/render/terminalText';
import { registryUrlOf, type FormatFlags } from './formatOptions';

type Role = 'key' | 'value';

/** The decoder the flags ask for; problems (a registry down, an unknown id) are told once each on stderr. */
export function decoderFromFlags(flags: FormatFlags, env: NodeJS.ProcessEnv = process.env): RecordDecoder {
  const registry = registryFromFlags(flags, env);
  return new RecordDecoder({
    key: fieldSpecOf('key', flags, registry !== undefined),
    value: fieldSpecOf('value', flags, registry !== undefined),
    registry: registry === undefined ? undefined : registrySchemaSource(registry),
    onProblem: (sentence) => process.stderr.write(`ebx: ${escapeForTerminal(sentence)}\n`),
  });
}

export function registryFromFlags(flags: FormatFlags, env: NodeJS.ProcessEnv = process.env): SchemaRegistryClient | undefined {
  const url = registryUrlOf(flags, env);
  if (url === undefined) {
    if (flags.schemaRegistryUsername !== undefined || flags.schemaRegistryPasswordEnv !== undefined) {
      throw new UsageError('--schema-registry-username and --schema-registry-password-env need --schema-registry URL (or $EBX_SCHEMA_REGISTRY).');
    }
    return undefined;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`--schema-registry: "${url}" is not a URL (give one like http://registry:8081).`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new UsageError(`--schema-registry: "${url}" is not an http:// or https:// URL.`);
  const config: RegistryConfig = { url };
  if (flags.schemaRegistryUsername !== undefined) config.username = flags.schemaRegistryUsername;
  if (flags.schemaRegistryPasswordEnv !== undefined) {
    const password = env[flags.schemaRegistryPasswordEnv];
    if (password === undefined) throw new UsageError(`--schema-registry-password-env: the environment variable ${flags.schemaRegistryPasswordEnv} is not set.`);
    config.password = password;
  }
  return new SchemaRegistryClient(config);
}

/** One field's format and schema file, from its three options. */
export function fieldSpecOf(role: Role, flags: FormatFlags, hasRegistry: boolean): FieldSpec {
  const formatFlag = role === 'key' ? flags.keyFormat : flags.valueFormat;
  const file = role === 'key' ? flags.keySchema : flags.valueSchema;
  const message = role === 'key' ? flags.keyMessage : flags.valueMessage;
  const format = (formatFlag ?? (file !== undefined ? formatOfFile(role, file) : message !== undefined ? 'protobuf' : 'auto')) as FieldFormatName;
  if (message !== undefined && format !== 'protobuf') throw new UsageError(`--${role}-message names a Protobuf message type, but the ${role} format is ${format}.`);
  if (file !== undefined && !isSchemaFormat(format)) throw new UsageError(`--${role}-schema gives a schema, but --${role}-format ${format} reads without one (use avro, protobuf or json-schema).`);
  const fileFormat = file === undefined ? undefined : formatOfName(file);
  // A .json file may hold an Avro schema or a JSON Schema; .avsc and .proto say what they are.
  if (file !== undefined && fileFormat !== undefined && fileFormat !== 'json-schema' && fileFormat !== format) {
    throw new UsageError(`--${role}-schema ${basename(file)} is ${fileFormat === 'avro' ? 'an Avro' : 'a Protobuf'} schema, but --${role}-format is ${format}.`);
  }
  if (isSchemaFormat(format) && file === undefined && !hasRegistry) {
    throw new UsageError(`--${role}-format ${format} needs --${role}-schema FILE or --schema-registry URL.`);
  }
  if (file === undefined) return { format };
  return { format, codec: loadCodec(role, file, format as SchemaFormat, message) };
}

function loadCodec(role: Role, file: string, format: SchemaFormat, message: string | undefined): SchemaCodec {
  try {
    return loadSchemaFile(file, { format, messageName: message });
  } catch (err) {
    if (err instanceof FormatError) throw new UsageError(`--${role}-schema: ${err.message}`);
    throw err;
  }
}

function formatOfFile(role: Role, file: string): SchemaFormat {
  const format = formatOfName(file);
  if (format !== undefined) return format;
  throw new UsageError(`--${role}-schema: cannot tell the format of "${file}" from its name (.avsc, .proto or .json); give --${role}-format too.`);
}

/** The format a schema file's name says: .avsc, .proto, or .json (a JSON Schema unless told otherwise). */
function formatOfName(file: string): SchemaFormat | undefined {
  const lower = file.toLowerCase();
  if (lower.endsWith('.avsc')) return 'avro';
  if (lower.endsWith('.proto')) return 'protobuf';
  if (lower.endsWith('.json')) return 'json-schema';
  return undefined;
}

function isSchemaFormat(format: string): format is SchemaFormat {
  return format === 'avro' || format === 'protobuf' || format === 'json-schema';
}

/** Turns one input text (a JSON document for the schema formats) into a key's or value's bytes. */
export interface FieldEncoder {
  encode(text: string): Buffer;
  /** How it encodes, for the summary line: "avro ebx.Order, schema id 3". */
  describe: string;
}

/**
 * The encoders `ebx produce` needs for the format options: a workspace schema alone writes raw
 * payloads; with a registry the payload goes in the Confluent wire format under the id of the
 * topic's subject (TopicNameStrategy) — the file's schema looked up, never registered behind the
 * user's back, or without a file the subject's latest version.
 */
export async function encodersFromFlags(flags: FormatFlags, topic: string, env: NodeJS.ProcessEnv = process.env): Promise<{ key?: FieldEncoder; value?: FieldEncoder }> {
  const registry = registryFromFlags(flags, env);
  const key = await encoderOf('key', fieldSpecOf('key', flags, registry !== undefined), flags.keySchema, topic, registry);
  const value = await encoderOf('value', fieldSpecOf('value', flags, registry !== undefined), flags.valueSchema, topic, registry);
  return { key, value };
}

async function encoderOf(role: Role, spec: FieldSpec, file: string | undefined, topic: string, registry: SchemaRegistryClient | undefined): Promise<FieldEncoder | undefined> {
  switch (spec.format) {
    case 'auto':
    case 'string':
      return undefined;
    case 'bytes':
      return { describe: 'bytes from base64', encode: (text) => bytesFromBase64(role, text) };
    case 'json':
    case 'int32':
    case 'int64':
    case 'double':
    case 'uuid': {
      const format = spec.format;
      return { describe: format, encode: (text) => encodeScalar(format, format === 'json' || format === 'uuid' ? text : scalarInput(role, format, text)) };
    }
    case 'avro':
    case 'protobuf':
    case 'json-schema':
      return schemaEncoder(role, spec.format, spec.codec, file, topic, registry);
  }
}

async function schemaEncoder(role: Role, format: SchemaFormat, fileCodec: SchemaCodec | undefined, file: string | undefined, topic: string, registry: SchemaRegistryClient | undefined): Promise<FieldEncoder> {
  const subject = subjectName('TopicNameStrategy', topic, role === 'key');
  let codec = fileCodec;
  let id: number | undefined;
  if (registry !== undefined) {
    if (fileCodec !== undefined && file !== undefined) {
      id = await registry.lookup(subject, readFileSync(file, 'utf8'), REGISTRY_TYPE[format]);
      if (id === undefined) {
        throw new UsageError(`--${role}-schema: the schema in ${basename(file)} is not registered under the subject "${subject}"; register it first (ebx never registers a schema on its own).`);
      }
    } else {
      const latest = await registry.schemaVersion(subject, 'latest');
      id = latest.id;
      codec = codecForRegistered(await registry.resolvedSchemaById(latest.id));
    }
  }
  if (codec === undefined) throw new UsageError(`--${role}-format ${format} needs --${role}-schema FILE or --schema-registry URL.`);
  const chosen = codec;
  const describe = `${format}${chosen.label.name ? ` ${chosen.label.name}` : ''}${id === undefined ? ', raw (no wire-format header)' : `, schema id ${id}`}`;
  return {
    describe,
    encode: (text) => {
      const payload = chosen.encode(parseJsonInput(role, text));
      return id === undefined ? payload : writeWireFormat(id, payload, format === 'protobuf' ? chosen.messageIndexes : undefined);
    },
  };
}

const REGISTRY_TYPE = { avro: 'AVRO', protobuf: 'PROTOBUF', 'json-schema': 'JSON' } as const;

function parseJsonInput(role: Role, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new FormatError(`the ${role} is not JSON (${err instanceof Error ? err.message : String(err)}); give the record as one JSON document a line.`);
  }
}

/** int32/int64/double input: a number as text; int64 kept exact as a string beyond 2^53. */
function scalarInput(role: Role, format: 'int32' | 'int64' | 'double', text: string): string | number {
  const trimmed = text.trim();
  if (format === 'int64' && /^-?\d+$/.test(trimmed)) return trimmed;
  const n = Number(trimmed);
  if (trimmed === '' || !Number.isFinite(n)) throw new FormatError(`the ${role} "${trimmed.slice(0, 40)}" is not a number, as --${role}-format ${format} needs.`);
  return n;
}

function bytesFromBase64(role: Role, text: string): Buffer {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(trimmed) || trimmed.length % 4 !== 0) throw new FormatError(`the ${role} is not base64, as --${role}-format bytes needs.`);
  return Buffer.from(trimmed, 'base64');
}
