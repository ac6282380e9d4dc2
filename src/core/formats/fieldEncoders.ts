// What a person types as a key or value, made into its bytes with the topic's format (issue 23,
// "produce with a schema"): `ebx produce`, Produce Test Event… and the ebx_produceRecord tool share
// it. A schema format takes JSON and writes it with the schema; with a registry the payload goes in
// the Confluent wire format under the id of the field's subject (TopicNameStrategy unless the source
// names another) — the file's schema looked up, never registered behind the user's back, or the
// subject's latest version.
// The sentences name where the format was chosen (`--value-format` for ebx, the setting for the
// extension) through EncoderWords, so each adapter keeps its own wording over one implementation.
import { FILE_KINDS, readBoundedText } from '../files/readBoundedFile';
import { basename } from 'node:path';
import { UsageError } from '../errors';
import { subjectName, type SubjectStrategy } from '../schemaRegistry/subjectStrategy';
import type { SchemaRegistryClient } from '../schemaRegistry/registryClient';
import type { FieldSpec } from './fieldReading';
import type { FieldRole } from './fieldValues';
import { FormatError, type FieldFormatName, type SchemaCodec, type SchemaFormat } from './formatTypes';
import { isSchemaFormat, registryTypeOf, scalarFormat } from './formatCatalog';
import { jsonInput } from './scalarFormats';
import { writeWireFormat } from './wireFormat';

/** Turns one input text (a JSON document for the schema formats) into a key's or value's bytes. */
export interface FieldEncoder {
  /** Throws a FormatError whose message is the format's or the schema's own complaint. */
  encode(text: string): Buffer;
  /** ebx produce's summary: "avro ebx.Order, schema id 3", "avro ebx.Order, raw (no wire-format header)". */
  describe: string;
  /** How a plan names it: "avro ebx.Order, schema id 3 in the wire format", "avro ebx.Order, raw, no wire-format header", "int64". */
  encoding: string;
  /** What the input is, for a prompt: "JSON", "a number", "base64", "a UUID". */
  input: string;
}

/** The encoders of a topic's key and value; absent: the text is sent as UTF-8, as it always was. */
export interface FieldEncoders {
  key?: FieldEncoder;
  value?: FieldEncoder;
}

/** Where a field's format was chosen, as each adapter's sentences name it. */
export interface EncoderWords {
  /** The format as chosen: `--value-format int64` (ebx), `the value format int64` (settings). */
  format(role: FieldRole, format: FieldFormatName): string;
  /** What named the schema file, before a colon: `--value-schema` (ebx), `valueSchema` (settings). */
  schemaFile(role: FieldRole): string;
  /** How to give a schema format its schema: `--value-schema FILE or --schema-registry URL`. */
  schemaSources(role: FieldRole): string;
  /** After "the value is not JSON (…)": how the input is given, e.g. "give the record as one JSON document a line". */
  jsonHint?: string;
  /** Who never registers a schema: "ebx". */
  self: string;
}

/** The extension's and the agent tools' words: formats come from `eventBroker.recordFormats`. */
export const SETTING_WORDS: EncoderWords = {
  format: (role, format) => `the ${role} format ${format}`,
  schemaFile: (role) => `${role}Schema`,
  schemaSources: (role) => `${role}Schema (a workspace file) or a schema registry on the connection`,
  self: 'Event Broker Explorer',
};

/** What the encoders ask a schema registry: the id of a file's schema under a subject, or the subject's latest schema. */
export type EncoderRegistry = Pick<SchemaRegistryClient, 'lookup' | 'schemaVersion' | 'resolvedSchemaById'>;

export interface EncoderSource {
  topic: string;
  /** The workspace schema file of a schema format (its path; its codec is `spec.codec`), looked up in the registry when there is one. */
  schemaFile?: string;
  registry?: EncoderRegistry;
  /** How the registry subject is named: TopicNameStrategy (`TOPIC-value`) unless given. */
  subjectStrategy?: SubjectStrategy;
  /** The schema's full name when no file gives it (a Protobuf message type): the record-name strategies need one. */
  recordName?: string;
  words: EncoderWords;
}

/** A field's encoder; undefined for `auto` and `string` (the text goes as UTF-8). */
export async function encoderOf(role: FieldRole, spec: FieldSpec, source: EncoderSource): Promise<FieldEncoder | undefined> {
  const { format } = spec;
  if (format === 'auto') return undefined;
  if (isSchemaFormat(format)) return schemaEncoder(role, format, spec.codec, source);
  const { typed, encode } = scalarFormat(format);
  if (typed === undefined) return undefined;
  const field = { role, chosen: source.words.format(role, format), jsonHint: source.words.jsonHint };
  return { describe: typed.summary ?? format, encoding: typed.encoding, input: typed.input, encode: (text) => encode(typed.parse(text, field)) };
}

/** Both fields' encoders, made (and every schema found) before anything is sent. */
export async function encodersOf(specs: { key: FieldSpec; value: FieldSpec }, sources: { key: EncoderSource; value: EncoderSource }): Promise<FieldEncoders> {
  const key = await encoderOf('key', specs.key, sources.key);
  const value = await encoderOf('value', specs.value, sources.value);
  return { ...(key ? { key } : {}), ...(value ? { value } : {}) };
}

async function schemaEncoder(role: FieldRole, format: SchemaFormat, fileCodec: SchemaCodec | undefined, source: EncoderSource): Promise<FieldEncoder> {
  const { schemaFile: file, registry, words } = source;
  let codec = fileCodec;
  let id: number | undefined;
  if (registry !== undefined) {
    const subject = subjectOf(role, source, fileCodec);
    if (fileCodec !== undefined && file !== undefined) {
      id = await registry.lookup(subject, readBoundedText(file, FILE_KINDS.schema, { shown: basename(file) }), registryTypeOf(format));
      if (id === undefined) {
        throw new UsageError(`${words.schemaFile(role)}: the schema in ${basename(file)} is not registered under the subject "${subject}"; register it first (${words.self} never registers a schema on its own).`);
      }
    } else {
      const latest = await registry.schemaVersion(subject, 'latest');
      id = latest.id;
      // Loaded here: the schema libraries (avsc, protobufjs, ajv) stay out of the tools' and commands' start.
      const { codecForRegistered } = await import('./registryCodecs');
      codec = codecForRegistered(await registry.resolvedSchemaById(latest.id));
    }
  }
  if (codec === undefined) throw new UsageError(`${words.format(role, format)} needs ${words.schemaSources(role)}.`);
  const chosen = codec;
  const named = `${format}${chosen.label.name ? ` ${chosen.label.name}` : ''}`;
  return {
    describe: `${named}${id === undefined ? ', raw (no wire-format header)' : `, schema id ${id}`}`,
    encoding: `${named}${id === undefined ? ', raw, no wire-format header' : `, schema id ${id} in the wire format`}`,
    input: 'JSON',
    encode: (text) => {
      const payload = chosen.encode(jsonInput(text, { role, jsonHint: words.jsonHint }));
      return id === undefined ? payload : writeWireFormat(id, payload, format === 'protobuf' ? chosen.messageIndexes : undefined);
    },
  };
}

/** The field's registry subject; a record-name strategy without a record name is one sentence. */
function subjectOf(role: FieldRole, source: EncoderSource, fileCodec: SchemaCodec | undefined): string {
  const recordName = fileCodec?.label.name ?? source.recordName;
  try {
    return subjectName(source.subjectStrategy ?? 'TopicNameStrategy', source.topic, role === 'key', recordName);
  } catch (err) {
    if (!(err instanceof FormatError)) throw err;
    throw new UsageError(`The ${role}'s subject: ${err.message}`);
  }
}

/** Why `text` cannot be encoded (the schema's own complaint, one sentence), or undefined when it can. */
export function encodingProblem(encoder: FieldEncoder, text: string): string | undefined {
  try {
    encoder.encode(text);
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/** `text` as the encoder writes it; input that does not fit is a UsageError with the schema's own complaint. */
export function encodeOrRefuse(role: FieldRole, encoder: FieldEncoder, text: string): Buffer {
  try {
    return encoder.encode(text);
  } catch (err) {
    throw new UsageError(`The ${role} does not fit ${encoder.encoding}: ${err instanceof Error ? err.message : String(err)} Nothing was produced.`);
  }
}
