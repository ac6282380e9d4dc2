// The record-format options (formatOptions.ts) made into what reads and writes records: the
// schema files loaded, the registry client made, every combination that cannot work refused before
// any connection is made, in one sentence naming the option.
import { basename } from 'node:path';
import { UsageError } from '../core/errors';
import type { FieldFormatName, SchemaCodec, SchemaFormat } from '../core/formats/formatTypes';
import { encodersOf, type EncoderWords, type FieldEncoders } from '../core/formats/fieldEncoders';
import { FormatError } from '../core/formats/formatTypes';
import { isSchemaFormat, SCHEMA_FORMATS_TEXT } from '../core/formats/formatCatalog';
import { formatOfFileName } from '../core/formats/formatRules';
import type { FieldSpec } from '../core/formats/fieldReading';
import { RecordDecoder } from '../core/formats/recordDecoder';
import { registrySchemaSource } from '../core/formats/registryCodecs';
import { loadSchemaFile } from '../core/formats/schemaFiles';
import { SchemaRegistryClient, type RegistryConfig } from '../core/schemaRegistry/registryClient';
import { parseSubjectStrategy, type SubjectStrategy } from '../core/schemaRegistry/subjectStrategy';
import { escapeForTerminal } from '../core/rendering/terminalText';
import { registryUrlOf, type FormatFlags } from './formatFlags';

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
  if (file !== undefined && !isSchemaFormat(format)) throw new UsageError(`--${role}-schema gives a schema, but --${role}-format ${format} reads without one (use ${SCHEMA_FORMATS_TEXT}).`);
  const fileFormat = file === undefined ? undefined : formatOfFileName(file);
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
  const format = formatOfFileName(file);
  if (format !== undefined) return format;
  throw new UsageError(`--${role}-schema: cannot tell the format of "${file}" from its name (.avsc, .proto or .json); give --${role}-format too.`);
}

/** ebx's words for the encoders' sentences: the options that chose the format. */
const CLI_WORDS: EncoderWords = {
  format: (role, format) => `--${role}-format ${format}`,
  schemaFile: (role) => `--${role}-schema`,
  schemaSources: (role) => `--${role}-schema FILE or --schema-registry URL`,
  jsonHint: 'give the record as one JSON document a line',
  self: 'ebx',
};

/**
 * The encoders `ebx produce` needs for the format options (core/formats/fieldEncoders.ts, shared with
 * the extension): a workspace schema alone writes raw payloads; with a registry the payload goes in
 * the Confluent wire format under the id of the topic's subject.
 */
export async function encodersFromFlags(flags: FormatFlags, topic: string, env: NodeJS.ProcessEnv = process.env): Promise<FieldEncoders> {
  const registry = registryFromFlags(flags, env);
  const specs = { key: fieldSpecOf('key', flags, registry !== undefined), value: fieldSpecOf('value', flags, registry !== undefined) };
  const subjectStrategy = subjectStrategyOf(flags, registry !== undefined);
  if (subjectStrategy !== undefined && !isSchemaFormat(specs.key.format) && !isSchemaFormat(specs.value.format)) {
    throw new UsageError(`--subject-strategy names the registry subject of a schema, but neither the key nor the value is written with one (give --value-format ${SCHEMA_FORMATS_TEXT}).`);
  }
  const source = (schemaFile: string | undefined, recordName: string | undefined) => ({ topic, schemaFile, registry, subjectStrategy, recordName, words: CLI_WORDS });
  return encodersOf(specs, { key: source(flags.keySchema, flags.keyMessage), value: source(flags.valueSchema, flags.valueMessage) });
}

function subjectStrategyOf(flags: FormatFlags, hasRegistry: boolean): SubjectStrategy | undefined {
  if (flags.subjectStrategy === undefined) return undefined;
  if (!hasRegistry) throw new UsageError('--subject-strategy names a schema registry subject, and needs --schema-registry URL (or $EBX_SCHEMA_REGISTRY).');
  try {
    return parseSubjectStrategy(flags.subjectStrategy);
  } catch (err) {
    if (err instanceof FormatError) throw new UsageError(`--subject-strategy: ${err.message}`);
    throw err;
  }
}
