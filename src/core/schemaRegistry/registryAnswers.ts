// What a Confluent-compatible registry answers, checked before anything trusts it: a registry (or
// whatever stands at its URL) may answer anything, and a wrong shape must be one sentence, not a
// TypeError deep inside a decoder.
import { RegistryError } from './registryError';

export type RegistrySchemaType = 'AVRO' | 'PROTOBUF' | 'JSON';

export interface SchemaReference {
  name: string;
  subject: string;
  version: number;
}

export interface RegisteredSchema {
  id: number;
  /** Registries leave it out for Avro, so an answer without it is AVRO. */
  schemaType: RegistrySchemaType;
  schema: string;
  references: SchemaReference[];
}

export interface SubjectVersion extends RegisteredSchema {
  subject: string;
  version: number;
}

const SCHEMA_TYPES: readonly string[] = ['AVRO', 'PROTOBUF', 'JSON'];

type Answer = Record<string, unknown>;

const isAnswer = (value: unknown): value is Answer => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

function badAnswer(where: string, what: string): RegistryError {
  return new RegistryError('bad-answer', `${where} answered ${what}.`);
}

function references(where: string, value: unknown): SchemaReference[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw badAnswer(where, 'schema references that are not a list');
  return value.map((ref: unknown) => {
    if (!isAnswer(ref) || typeof ref.name !== 'string' || typeof ref.subject !== 'string' || !isCount(ref.version)) {
      throw badAnswer(where, 'a schema reference without a name, subject and version');
    }
    return { name: ref.name, subject: ref.subject, version: ref.version };
  });
}

/** `id` when the answer does not carry it (GET /schemas/ids/{id} does not). */
export function registeredSchema(where: string, value: unknown, id?: number): RegisteredSchema {
  if (!isAnswer(value) || typeof value.schema !== 'string') throw badAnswer(where, 'something other than a schema');
  const schemaType = value.schemaType ?? 'AVRO';
  if (typeof schemaType !== 'string' || !SCHEMA_TYPES.includes(schemaType)) {
    throw badAnswer(where, `a schema of type ${JSON.stringify(schemaType).slice(0, 40)}, which is neither AVRO, PROTOBUF nor JSON`);
  }
  const answeredId = value.id ?? id;
  if (!isCount(answeredId)) throw badAnswer(where, 'a schema without an id');
  return { id: answeredId, schemaType: schemaType as RegistrySchemaType, schema: value.schema, references: references(where, value.references) };
}

export function subjectVersion(where: string, value: unknown): SubjectVersion {
  const schema = registeredSchema(where, value);
  const answer = value as Answer;
  if (typeof answer.subject !== 'string' || !isCount(answer.version)) throw badAnswer(where, 'a schema version without its subject and version');
  return { ...schema, subject: answer.subject, version: answer.version };
}

export function schemaId(where: string, value: unknown): number {
  if (!isAnswer(value) || !isCount(value.id)) throw badAnswer(where, 'without the schema id');
  return value.id;
}

export function stringList(where: string, value: unknown): string[] {
  if (!Array.isArray(value) || !value.every((s) => typeof s === 'string')) throw badAnswer(where, 'something other than a list of subjects');
  return value;
}

export function countList(where: string, value: unknown): number[] {
  if (!Array.isArray(value) || !value.every(isCount)) throw badAnswer(where, 'something other than a list of versions');
  return value;
}

/** The Confluent error answer's code (40401 subject, 40402 version, 40403 schema not found), if any. */
export function errorCode(value: unknown): number | undefined {
  return isAnswer(value) && typeof value.error_code === 'number' ? value.error_code : undefined;
}

/** The registry's own words for a failure: its JSON `message`, else the body's text without markup. */
export function complaintText(text: string, value: unknown): string {
  if (isAnswer(value) && typeof value.message === 'string') return value.message;
  return text.replace(/<[^>]*>/g, ' ');
}
