// The shapes the record formats share (issue 23): what a key or value is read as, the schema that
// read it, and the codec a schema becomes. Codecs are built once per schema (per registry id, per
// workspace file) and then read records synchronously: the reader's hot loop never awaits.
import type { JsonLineBuffer } from '../rendering/jsonLineBuffer';
import type { FieldFormatName } from './formatCatalog';
import type { JsonValue } from './fieldValues';

// The formats themselves (names, what each means, how each reads) are listed once, in formatCatalog.ts.
export type { FieldFormatName, SchemaFormat } from './formatCatalog';
// Kept in a file that imports nothing, so the catalog's own helpers can use them without a cycle.
export { FormatError, type JsonValue } from './fieldValues';


/** How a field was read, as the CLI's `--json` lines carry it in `keySchema` / `valueSchema`. */
export interface SchemaLabel {
  format: FieldFormatName;
  /** The registry's schema id; null for a workspace file or a format without a schema. */
  id: number | null;
  /** The record's / message's full name (`shop.Order`), or the schema file's name; null when none. */
  name: string | null;
}

/** One schema, ready to read and write payloads (the bytes after any wire-format header). */
export interface SchemaCodec {
  readonly label: SchemaLabel;
  /**
   * The payload as a JSON value (see docs/formats.md for each format's mapping). `messageIndexes`
   * are the Confluent Protobuf message indexes ([0] = the first message of the file). Throws a
   * `FormatError` whose message is one sentence.
   */
  decode(payload: Buffer, messageIndexes?: readonly number[]): JsonValue;
  /** A JSON value as the payload; throws a `FormatError` with the schema's own complaint when it does not fit. */
  encode(value: unknown): Buffer;
  /** For Protobuf: the message indexes of the message `encode` writes (Confluent wire format). */
  readonly messageIndexes?: readonly number[];
  /**
   * The writer compiled for this schema that writes a payload straight as the terminal's JSON text
   * (what `decode`, JSON.stringify and escapeJsonForTerminal make of it); undefined when there is
   * none (today only Avro read with the schema it was written with has one). Compiled on first ask.
   */
  jsonTextWriter?(): JsonTextWriter | undefined;
}

/**
 * Writes the payload in `bytes` from `start` to their end as JSON text into `out`; false, with
 * `out` as it was, when the value must be read with `decode` instead (which also says what is wrong).
 */
export type JsonTextWriter = (bytes: Buffer, start: number, out: JsonLineBuffer) => boolean;
