// Reading a tool's input. VS Code validates input against the schema, an MCP client need not: every
// field is checked here too, and a wrong one gets one sentence that names it.
import { UsageError } from '../errors';
import type { JsonSchema, ToolInput } from './toolDefinition';

/** The `connection` input every broker tool takes. */
export const CONNECTION_PROPERTY: JsonSchema = {
  type: 'string',
  description: 'Name of the connection to use, as ebx_listConnections shows it. Optional when there is only one connection (or one is selected).',
};

export function optionalString(input: ToolInput, field: string): string | undefined {
  const value = input[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new UsageError(`"${field}" must be a string.`);
  return value;
}

export function requiredString(input: ToolInput, field: string): string {
  const value = optionalString(input, field);
  if (value === undefined || value.trim() === '') throw new UsageError(`"${field}" is required.`);
  return value;
}

export function optionalInteger(input: ToolInput, field: string, min: number, max: number): number | undefined {
  const value = input[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new UsageError(`"${field}" must be a whole number.`);
  if (value < min || value > max) throw new UsageError(`"${field}" must be between ${min} and ${max} (got ${value}).`);
  return value;
}

export function optionalBoolean(input: ToolInput, field: string): boolean | undefined {
  const value = input[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw new UsageError(`"${field}" must be true or false.`);
  return value;
}

export function stringList(input: ToolInput, field: string, maxItems: number): string[] {
  const value = input[field];
  if (!Array.isArray(value) || value.length === 0) throw new UsageError(`"${field}" must be a list of at least one name.`);
  if (value.length > maxItems) throw new UsageError(`"${field}" may name at most ${maxItems} entries (got ${value.length}).`);
  if (value.some((v) => typeof v !== 'string' || v.trim() === '')) throw new UsageError(`Every entry of "${field}" must be a non-empty string.`);
  return value as string[];
}

export function integerList(input: ToolInput, field: string): number[] | undefined {
  const value = input[field];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.length === 0 || value.some((v) => typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0)) {
    throw new UsageError(`"${field}" must be a list of partition numbers (0 or more).`);
  }
  return value as number[];
}

/** At most one of `fields` may be given; returns the one given, if any. */
export function atMostOneOf(input: ToolInput, fields: string[]): string | undefined {
  const given = fields.filter((f) => input[f] !== undefined && input[f] !== null);
  if (given.length > 1) throw new UsageError(`Give only one of ${fields.map((f) => `"${f}"`).join(', ')} (got ${given.join(' and ')}).`);
  return given[0];
}

/** Fields the schema does not declare are refused, so a misspelt option is not silently ignored. */
export function refuseUnknownFields(input: ToolInput, schema: JsonSchema): void {
  const known = new Set(Object.keys(schema.properties ?? {}));
  const unknown = Object.keys(input).filter((k) => !known.has(k));
  if (unknown.length > 0) {
    const accepted = known.size > 0 ? `it takes ${[...known].map((k) => `"${k}"`).join(', ')}` : 'it takes no input';
    throw new UsageError(`Unknown input ${unknown.map((k) => `"${k}"`).join(', ')}: ${accepted}.`);
  }
}
