// A workspace schema file as a codec: the extension says the format (.avsc, .proto, .json), a
// .proto's imports are found beside it or in a folder above it (as protoc's -I of a project root).
// Files are read synchronously: a codec is built once, before any record is read.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { avroCodec } from './avroCodec';
import { FormatError, type SchemaCodec, type SchemaFormat } from './formatTypes';
import { jsonSchemaCodec } from './jsonSchemaCodec';
import { protobufCodec } from './protobufCodec';
import { messageNames, parseProto } from './protobufSchema';

export interface SchemaFileOptions {
  /** Protobuf: the message to read and write; the file's first message when absent. */
  messageName?: string;
  /** The format when the extension does not say it (a `.json` holding an Avro schema). */
  format?: SchemaFormat;
}

/** Real schemas are kilobytes; a bigger file is a mistake (a data file picked by accident), not a schema. */
export const MAX_SCHEMA_FILE_BYTES = 8 * 1024 * 1024;

function mb(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function whyUnreadable(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return 'no such file';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'it is a folder';
    default:
      return code ?? 'it cannot be read';
  }
}

/** The file's text, or a FormatError naming it by `shown` (never the full path: it may hold a user name). */
function readText(file: string, shown: string): string {
  let size: number;
  try {
    const stat = fs.statSync(file);
    if (stat.isDirectory()) throw Object.assign(new Error('folder'), { code: 'EISDIR' });
    size = stat.size;
  } catch (err) {
    throw new FormatError(`cannot read ${shown}: ${whyUnreadable(err)}.`);
  }
  if (size > MAX_SCHEMA_FILE_BYTES) throw new FormatError(`${shown} is ${mb(size)}; a schema file may be at most ${mb(MAX_SCHEMA_FILE_BYTES)}.`);
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new FormatError(`cannot read ${shown}: ${whyUnreadable(err)}.`);
  }
}

function formatOf(file: string, shown: string, asked: SchemaFormat | undefined): SchemaFormat {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.avsc') return 'avro';
  if (ext === '.proto') return 'protobuf';
  if (ext === '.json') return asked === 'avro' ? 'avro' : 'json-schema';
  if (asked) return asked;
  throw new FormatError(`${shown} is not a schema file this reads (.avsc, .proto or .json).`);
}

/** An import found relative to the importing file's folder, then each folder above it up to the root. */
function importResolver(file: string): (importPath: string) => string | undefined {
  const start = path.dirname(path.resolve(file));
  return (importPath: string) => {
    if (path.isAbsolute(importPath)) return undefined;
    for (let dir = start; ; dir = path.dirname(dir)) {
      const candidate = path.join(dir, importPath);
      if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return readText(candidate, importPath);
      if (path.dirname(dir) === dir) return undefined;
    }
  };
}

/** The codecs say "the Avro schema …"; for a file, its name says which one. */
function namingFile(err: unknown, shown: string): unknown {
  if (!(err instanceof FormatError)) return err;
  const message = err.message.replace(/^the (Avro schema|JSON Schema)\b/, `the $1 in ${shown}`);
  return message === err.message ? err : new FormatError(message);
}

export function loadSchemaFile(file: string, options: SchemaFileOptions = {}): SchemaCodec {
  const shown = path.basename(file);
  const format = formatOf(file, shown, options.format);
  const text = readText(file, shown);
  try {
    switch (format) {
      case 'avro':
        return avroCodec(text, { id: null });
      case 'protobuf':
        return protobufCodec({ fileName: shown, text, resolveImport: importResolver(file) }, { id: null, messageName: options.messageName });
      case 'json-schema':
        return jsonSchemaCodec(text, { id: null, name: shown });
    }
  } catch (err) {
    throw namingFile(err, shown);
  }
}

/** The messages a workspace .proto file declares (for choosing one), or a FormatError saying why it does not parse. */
export function protoFileMessages(file: string): string[] {
  const shown = path.basename(file);
  return messageNames(parseProto({ fileName: shown, text: readText(file, shown), resolveImport: importResolver(file) }));
}
