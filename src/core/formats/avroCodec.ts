// An Avro schema as a codec (avsc): built once, then each payload is read synchronously. With a
// reader schema, avsc's resolver applies Avro's schema evolution (a v2 reader on v1 records).
import * as avro from 'avsc';
import { FormatError, type JsonTextWriter, type JsonValue, type SchemaCodec } from './formatTypes';
import { compileAvroJsonWriter } from './avroJsonWriter';
import { parseAvroSchema, prepareWriting } from './avroSchemaTypes';

export interface AvroCodecOptions {
  id: number | null;
  /** The schema to read as, when it differs from the one the records were written with. */
  readerSchema?: string | object;
  /** A registry's schema references, parsed first so the schema can name their types. */
  references?: { name: string; schema: string }[];
}

function reason(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.replace(/\s+/g, ' ').replace(/\.$/, '').slice(0, 300);
}

function parseOrFail(schema: string | object, registry: Record<string, avro.Type>, what: string): avro.Type {
  try {
    return parseAvroSchema(schema, registry);
  } catch (err) {
    throw new FormatError(`the Avro ${what} does not parse: ${reason(err)}.`);
  }
}

function withReferences(references: AvroCodecOptions['references']): Record<string, avro.Type> {
  const registry: Record<string, avro.Type> = {};
  for (const ref of references ?? []) parseOrFail(ref.schema, registry, `schema reference ${ref.name}`);
  return registry;
}

export function avroCodec(writerSchema: string | object, options: AvroCodecOptions): SchemaCodec {
  const writerRegistry = withReferences(options.references);
  const writer = parseOrFail(writerSchema, writerRegistry, 'schema');
  const reader = options.readerSchema === undefined ? writer : parseOrFail(options.readerSchema, withReferences(options.references), 'reader schema');
  let resolver: avro.Resolver | undefined;
  if (reader !== writer) {
    try {
      resolver = reader.createResolver(writer);
    } catch (err) {
      throw new FormatError(`the reader schema cannot read records of the writer schema: ${reason(err)}.`);
    }
  }
  const name = reader.name ?? null;
  const shown = name ?? reader.typeName;
  // Compiled on first ask: a codec that only writes, or only feeds a viewer, never needs one.
  let jsonText: JsonTextWriter | undefined;
  let compiled = false;
  return {
    label: { format: 'avro', id: options.id, name },
    jsonTextWriter(): JsonTextWriter | undefined {
      // With a reader schema, avsc's resolver reads the records: the compiled writer reads only as written.
      if (!compiled) jsonText = resolver === undefined ? compileAvroJsonWriter(reader) : undefined;
      compiled = true;
      return jsonText;
    },
    decode(payload: Buffer): JsonValue {
      try {
        // fromBuffer also refuses trailing bytes: a record read with the wrong schema rarely ends exactly.
        return reader.fromBuffer(payload, resolver) as JsonValue;
      } catch (err) {
        throw new FormatError(`the value does not read as Avro ${shown}: ${reason(err)}.`);
      }
    },
    encode(value: unknown): Buffer {
      prepareWriting(writerRegistry);
      const complaints: string[] = [];
      let valid: boolean;
      try {
        valid = writer.isValid(value, { errorHook: (path, val, type) => complaints.push(complaint(path, val, type)) });
      } catch (err) {
        throw new FormatError(`the value does not fit Avro ${shown}: ${reason(err)}.`);
      }
      if (!valid) throw new FormatError(complaints[0] ?? `the value does not fit Avro ${shown}.`);
      try {
        return writer.toBuffer(value);
      } catch (err) {
        throw new FormatError(`the value does not fit Avro ${shown}: ${reason(err)}.`);
      }
    },
  };
}

/** avsc's errorHook report as one sentence: where, what the schema wants, what it got. */
function complaint(path: string[], val: unknown, type: avro.Type): string {
  const where = path.reduce((text, step) => (/^\d+$/.test(step) ? `${text}[${step}]` : text ? `${text}.${step}` : step), '');
  const got = val === undefined ? 'nothing' : truncatedJson(val);
  return `${where ? `field ${where}` : 'the value'}: expected ${describe(type)}, got ${got}.`;
}

function truncatedJson(val: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(val, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? String(val);
  } catch {
    text = String(val);
  }
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

const ARTICLE = /^[aeiou]/;

function describe(type: avro.Type): string {
  const t = type as avro.Type & { symbols?: string[]; types?: avro.Type[]; branches?: avro.Type[]; underlyingType?: avro.Type; size?: number };
  const typeName = type.typeName;
  const named = (kind: string) => (type.name ? `${kind} ${type.name}` : kind);
  switch (typeName) {
    case 'abstract:long':
      return 'a long (an integer, or its digits as a string)';
    case 'logical:decimal':
      return 'a decimal (its digits as a string)';
    case 'logical:timestamp-millis':
    case 'logical:timestamp-micros':
      return 'a timestamp (an ISO 8601 string, or a number)';
    case 'logical:date':
      return 'a date ("YYYY-MM-DD")';
    case 'enum':
      return `one of ${(t.symbols ?? []).slice(0, 8).join(', ')}`;
    case 'union:unwrapped':
    case 'union:wrapped':
    case 'logical:union':
      return `one of ${(t.types ?? t.branches ?? []).map((b) => b.branchName ?? b.typeName).join(', ')}`;
    case 'record':
    case 'error':
      return `an object (${named('record')})`;
    case 'map':
      return 'an object (a map)';
    case 'array':
      return 'an array';
  }
  if (typeName.startsWith('logical:')) {
    const under = t.underlyingType?.typeName;
    if (under === 'float' || under === 'double') return `a ${under}`;
    if (under === 'fixed') return `{"base64": …} of ${t.underlyingType?.name ?? 'a fixed'} (${String((t.underlyingType as { size?: number } | undefined)?.size)} bytes)`;
    return '{"base64": …} (bytes)';
  }
  return `${ARTICLE.test(typeName) ? 'an' : 'a'} ${typeName}`;
}
