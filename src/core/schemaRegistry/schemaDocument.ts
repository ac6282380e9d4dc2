// A registered schema as a person reads it in an editor (issue 23, item 5: the tree's subjects →
// versions → the schema): Avro and JSON Schema pretty-printed as JSON, Protobuf as it was registered
// (it is already text for people), under a file name that says subject, version and kind.
import type { RegistrySchemaType } from './registryAnswers';

export interface SchemaDocument {
  /** What the editor shows. */
  text: string;
  /** The editor language: JSON for Avro and JSON Schema, proto for Protobuf. */
  language: 'json' | 'proto';
  /** `orders-value v3.avsc`: the tab's title. */
  fileName: string;
}

const EXTENSIONS: Record<RegistrySchemaType, string> = { AVRO: 'avsc', PROTOBUF: 'proto', JSON: 'json' };

/** The words for a schema type in rows and titles. */
export const SCHEMA_TYPE_NAMES: Record<RegistrySchemaType, string> = { AVRO: 'Avro', PROTOBUF: 'Protobuf', JSON: 'JSON Schema' };

export function schemaDocument(subject: string, version: number, schemaType: RegistrySchemaType, schema: string): SchemaDocument {
  return {
    text: schemaType === 'PROTOBUF' ? schema : prettyJson(schema),
    language: schemaType === 'PROTOBUF' ? 'proto' : 'json',
    fileName: `${fileNamePart(subject)} v${version}.${EXTENSIONS[schemaType]}`,
  };
}

/**
 * Two-space JSON with a final newline. A registry keeps the text it was given (often one line); a
 * schema that is not JSON after all is shown as it is rather than not at all.
 */
export function prettyJson(text: string): string {
  try {
    return `${JSON.stringify(JSON.parse(text), null, 2)}\n`;
  } catch {
    return text;
  }
}

/** A subject may hold any character; a tab title must not hold a path separator or a control character. */
function fileNamePart(subject: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is replaced
  const safe = subject.replace(/[/\\\u0000-\u001f\u007f]/g, '_').trim();
  return safe === '' ? '_' : safe.length > 120 ? `${safe.slice(0, 119)}…` : safe;
}
