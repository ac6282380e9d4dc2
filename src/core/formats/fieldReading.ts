// How one key or value was read by a format other than plain `auto` text-or-bytes: the JSON value
// and the schema that read it, or the one sentence saying why it could not be read (the record is
// then shown with its raw bytes beside that sentence — never an exception, never a stopped tail).
import type { FieldFormatName, JsonValue, SchemaCodec, SchemaLabel } from './formatTypes';

export type FieldReading = { ok: true; value: JsonValue; schema: SchemaLabel } | { ok: false; error: string };

/** How a topic's key or value is read: the format, and the workspace schema file's codec when one was given. */
export interface FieldSpec {
  format: FieldFormatName;
  /** From a workspace file (`--value-schema orders.avsc`): raw payloads, and wire-format ones whose registry is out of reach. */
  codec?: SchemaCodec;
}

export const AUTO: FieldSpec = { format: 'auto' };

export function readOk(value: JsonValue, schema: SchemaLabel): FieldReading {
  return { ok: true, value, schema };
}

export function readFailed(error: string): FieldReading {
  return { ok: false, error };
}

/** The label of a format that has no schema (`string`, `json`, `int64`, …). */
export function plainLabel(format: FieldFormatName): SchemaLabel {
  return { format, id: null, name: null };
}

/** An error's message as the one sentence a reading carries (ends with a full stop). */
export function sentenceOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  const trimmed = text.trim().replace(/\s+/g, ' ');
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
