// What every format reads and writes, in a file that imports nothing: the catalog of formats and
// its helpers use these, and the shapes built on the catalog (formatTypes.ts) re-export them.

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** Which field of a record: its key or its value. */
export type FieldRole = 'key' | 'value';

/** A record's bytes that do not read as asked: the message is one sentence, shown beside the raw bytes. */
export class FormatError extends Error {
  override name = 'FormatError';
}
