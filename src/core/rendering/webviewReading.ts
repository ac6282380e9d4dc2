// The records viewer's rendering of a key or value read with its topic's format (issue 23): the
// decoded JSON under the webview-text policy (a cell's one line, the detail's indented JSON), the
// schema as a mark beside it, and — for a field that did not read — hex of the bytes as written with
// the one sentence saying why. JSON.stringify already writes C0 controls and lone surrogates as
// escapes; webviewText / webviewLine then make bidi controls visible, as for any text on the page.
import type { FieldReading } from '../formats/fieldReading';
import type { SchemaLabel } from '../formats/formatTypes';
import type { CellMark, DetailReading } from '../recordsViewer/viewerShapes';
import { sliceText } from './decode';
import { DETAIL_LIMIT_BYTES } from './webviewDetail';
import { hexPreview, textPreview, webviewLine, webviewText } from './webviewText';

/** The key line of the detail pane shows at most this much of a decoded key. */
const LINE_CHARS = 300;

/** A cell of a field that was read with a format: decoded JSON and the schema's mark, or hex and why not. */
export function readingCell(reading: FieldReading, bytes: Buffer | null): { text: string; binary: boolean; mark: CellMark } {
  if (!reading.ok) {
    return { text: bytes === null ? '' : hexPreview(bytes), binary: true, mark: { text: 'not decoded', title: webviewLine(reading.error), failed: true } };
  }
  return { text: textPreview(JSON.stringify(reading.value)), binary: false, mark: { text: webviewLine(shortName(reading.schema)), title: webviewLine(schemaWords(reading.schema)), failed: false } };
}

/** The detail pane's reading: indented JSON (cut at DETAIL_LIMIT_BYTES characters unless `whole`) and the schema; or the sentence. */
export function detailReading(reading: FieldReading, options: { whole?: boolean } = {}): DetailReading {
  if (!reading.ok) return { ok: false, error: webviewText(reading.error) };
  const pretty = JSON.stringify(reading.value, null, 2);
  const truncated = !options.whole && pretty.length > DETAIL_LIMIT_BYTES;
  const compact = JSON.stringify(reading.value);
  const { format, id, name } = reading.schema;
  return {
    ok: true,
    format,
    id,
    name: name === null ? null : webviewLine(name),
    json: webviewText(truncated ? sliceText(pretty, DETAIL_LIMIT_BYTES) : pretty),
    line: compact.length > LINE_CHARS ? `${webviewLine(sliceText(compact, LINE_CHARS))}…` : webviewLine(compact),
    truncated,
  };
}

/** "Order" for ebx.fixtures.Order, the format when the schema has no name ("int64"). */
export function shortName(schema: SchemaLabel): string {
  if (schema.name === null || schema.name === '') return schema.format;
  const dot = schema.name.lastIndexOf('.');
  return dot >= 0 && dot < schema.name.length - 1 ? schema.name.slice(dot + 1) : schema.name;
}

/** "avro · ebx.fixtures.Order · schema id 12": how a field was read, in words. */
export function schemaWords(schema: SchemaLabel): string {
  return [schema.format, schema.name, schema.id === null ? undefined : `schema id ${schema.id}`].filter((part) => part !== undefined && part !== null && part !== '').join(' · ');
}
