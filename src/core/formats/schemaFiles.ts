// A workspace schema file as a codec: the extension says the format (.avsc, .proto, .json), a
// .proto's imports are found beside it or in a folder above it up to a root (as protoc's -I of a
// project root), never outside it. Every file goes through the bounded reader (files/).
// Files are read synchronously: a codec is built once, before any record is read.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FILE_KINDS, FileReadError, readBoundedText } from '../files/readBoundedFile';
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
  /** The folder a .proto's imports may be found in (the workspace folder); only the schema's own folder when absent. */
  importRoot?: string;
}

/** Real schemas are kilobytes; a bigger file is a mistake (a data file picked by accident), not a schema. */
export const MAX_SCHEMA_FILE_BYTES = FILE_KINDS.schema.maxBytes;

/** The file's text, or a FormatError naming it by `shown` (never the full path: it may hold a user name). */
function readText(file: string, shown: string): string {
  try {
    return readBoundedText(file, FILE_KINDS.schema, { shown });
  } catch (err) {
    throw err instanceof FileReadError ? new FormatError(err.message) : err;
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

/**
 * An import found relative to the importing file's folder, then each folder above it up to the
 * root: the workspace folder in VS Code, the schema's own folder otherwise. As protoc, an import
 * path is a path under a root, without ".." and not absolute: `import "../../../etc/shadow"` is
 * refused by name and never read, as is an import whose symbolic link leads out of the root (a
 * hostile .proto must not get a file of the user's parsed and its first token echoed in an error).
 */
function importResolver(file: string, root: string | undefined): (importPath: string) => string | undefined {
  const start = path.dirname(path.resolve(file));
  const bound = root !== undefined && isInside(start, path.resolve(root)) ? path.resolve(root) : start;
  const where = bound === start ? "the schema's folder" : 'the workspace folder';
  const refused = (importPath: string, why: string) =>
    new FormatError(`${path.basename(file)} imports "${importPath.slice(0, 200)}", which is refused: ${why}; imports are read only from ${where} and the folders under it (nothing was read).`);
  let realBound: string | undefined;
  return (importPath: string) => {
    // eslint-disable-next-line no-control-regex -- a control character (a NUL above all) is no part of a file name here
    if (path.isAbsolute(importPath) || path.win32.isAbsolute(importPath) || /[\\\u0000-\u001f]/.test(importPath)) throw refused(importPath, 'it is not a relative path with forward slashes');
    if (importPath.split('/').includes('..')) throw refused(importPath, 'it climbs out with ".."');
    for (let dir = start; ; dir = path.dirname(dir)) {
      const candidate = path.join(dir, importPath);
      if (fs.statSync(candidate, { throwIfNoEntry: false })?.isFile()) {
        realBound ??= fs.realpathSync(bound);
        if (!isInside(fs.realpathSync(candidate), realBound)) throw refused(importPath, `its symbolic link leads out of ${where}`);
        return readText(candidate, importPath);
      }
      if (dir === bound || path.dirname(dir) === dir) return undefined;
    }
  };
}

/** True when `inner` is `outer` or a path under it. */
function isInside(inner: string, outer: string): boolean {
  const relative = path.relative(outer, inner);
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
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
        return protobufCodec({ fileName: shown, text, resolveImport: importResolver(file, options.importRoot) }, { id: null, messageName: options.messageName });
      case 'json-schema':
        return jsonSchemaCodec(text, { id: null, name: shown });
    }
  } catch (err) {
    throw namingFile(err, shown);
  }
}

/** The messages a workspace .proto file declares (for choosing one), or a FormatError saying why it does not parse. */
export function protoFileMessages(file: string, importRoot?: string): string[] {
  const shown = path.basename(file);
  return messageNames(parseProto({ fileName: shown, text: readText(file, shown), resolveImport: importResolver(file, importRoot) }));
}
