// A JSON Schema as a codec (ajv): the payload is UTF-8 JSON, checked against the schema compiled
// once. Draft-07 (and earlier drafts' common subset) by default, 2019-09 or 2020-12 when the schema says so.
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import Ajv2019 from 'ajv/dist/2019';
import Ajv2020 from 'ajv/dist/2020';
import { FormatError, type JsonValue, type SchemaCodec } from './formatTypes';
import { DRAFT_06_META, DRAFT_07_META, linearRegExp } from './jsonSchemaLimits';

export interface JsonSchemaCodecOptions {
  id: number | null;
  /** A name for the label (the schema file's name, a registry subject); the schema's title or $id otherwise. */
  name?: string;
}

function reason(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').replace(/\.$/, '').slice(0, 300);
}

function firstError(errors: ErrorObject[] | null | undefined): string {
  const e = errors?.[0];
  if (!e) return 'it does not match the schema';
  const where = e.instancePath || '/';
  const extra = e.keyword === 'additionalProperties' ? ` (${String((e.params as { additionalProperty?: string }).additionalProperty)})` : '';
  return `${where} ${e.message ?? 'does not match'}${extra}`;
}

function compile(schema: object): ValidateFunction {
  const draft = (schema as { $schema?: unknown }).$schema;
  const named = (year: string) => typeof draft === 'string' && draft.includes(year);
  // Formats are annotations here: ajv-formats is not a dependency, and a viewer should not refuse a record over one.
  // Patterns on a linear-time engine; the draft-06/07 meta-schemas without their quadratic enum rule (jsonSchemaLimits.ts).
  const options = { strict: false, allErrors: false, validateFormats: false, logger: false as const, code: { regExp: linearRegExp } };
  if (named('2020-12')) return new Ajv2020(options).compile(schema);
  if (named('2019-09')) return new Ajv2019(options).compile(schema);
  const ajv = new Ajv({ ...options, meta: false });
  ajv.addMetaSchema(DRAFT_07_META);
  if (named('draft-06')) ajv.addMetaSchema(DRAFT_06_META);
  // ajv 8 has no draft-04: such a schema is read as draft-07, the same for the keywords both share.
  if (named('draft-04') || named('draft-03')) return ajv.compile({ ...schema, $schema: undefined });
  return ajv.compile(schema);
}

export function jsonSchemaCodec(schema: string | object, options: JsonSchemaCodecOptions): SchemaCodec {
  let parsed: unknown;
  try {
    parsed = typeof schema === 'string' ? JSON.parse(schema) : schema;
  } catch (err) {
    throw new FormatError(`the JSON Schema is not JSON: ${reason(err)}.`);
  }
  if (typeof parsed !== 'boolean' && (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))) throw new FormatError('the JSON Schema is not an object.');
  let validate: ValidateFunction;
  try {
    validate = compile(typeof parsed === 'boolean' ? { not: parsed ? {} : { not: {} } } : parsed);
  } catch (err) {
    throw new FormatError(`the JSON Schema does not compile: ${reason(err)}.`);
  }
  const s = parsed as { title?: unknown; $id?: unknown };
  const name = options.name ?? (typeof s.title === 'string' ? s.title : typeof s.$id === 'string' ? s.$id : null);
  const check = (value: unknown): void => {
    if (!validate(value)) throw new FormatError(`the value does not fit the JSON Schema${name ? ` ${name}` : ''}: ${firstError(validate.errors)}.`);
  };
  return {
    label: { format: 'json-schema', id: options.id, name },
    decode(payload: Buffer): JsonValue {
      let value: JsonValue;
      try {
        value = JSON.parse(payload.toString('utf8')) as JsonValue;
      } catch (err) {
        throw new FormatError(`the value is not JSON: ${reason(err)}.`);
      }
      check(value);
      return value;
    },
    encode(value: unknown): Buffer {
      check(value);
      return Buffer.from(JSON.stringify(value), 'utf8');
    },
  };
}
