// The one way the tool reads a file a person named (a file to lint, an offsets snapshot, a positions
// CSV, a schema and its imports, TLS certificates and keys): regular files only, each kind with a
// size cap, one sentence for anything else. Symlinks are followed, but the file they lead to is what
// is checked. `/dev/zero`, `/dev/urandom`, a FIFO or `/dev/stdin` would otherwise be read forever (or
// block forever); a reported size can lie (/proc files report 0), so reading itself stops at the cap.
import * as fs from 'node:fs';
import { UsageError } from '../errors';

export interface FileKind {
  /** What such a file is called in a sentence: "a schema file". */
  noun: string;
  /** The most it may hold; a bigger file is a mistake (a data file picked by accident), not one of these. */
  maxBytes: number;
}

const MB = 1024 * 1024;

/** The caps, and why each is what it is. */
export const FILE_KINDS = {
  // Real schemas are kilobytes; generated ones reach a few megabytes (the unit tests load 6 MB).
  schema: { noun: 'a schema file', maxBytes: 8 * MB },
  // Client settings live in source and config files; a 20 MB generated file still lints (test/cli/badInput).
  settings: { noun: 'a file to lint', maxBytes: 64 * MB },
  // A snapshot line is ~150 bytes a partition: 64 MB is over 400,000 partitions, twice VAST's 200,000 a view.
  snapshot: { noun: 'an offsets snapshot', maxBytes: 64 * MB },
  // A positions CSV line is ~40 bytes a partition: the same bound as a snapshot, with room to spare.
  positions: { noun: 'a positions file', maxBytes: 64 * MB },
  // A PEM certificate is ~2 KB and a CA bundle (Mozilla's, every public root) ~220 KB.
  tls: { noun: 'a TLS certificate or key file', maxBytes: 1 * MB },
} as const satisfies Record<string, FileKind>;

/** A file that cannot be read as asked: the message is one sentence. */
export class FileReadError extends UsageError {
  override name = 'FileReadError';
}

export interface ReadOptions {
  /** The name to say (default: the path as given); schema files say only their base name. */
  shown?: string;
  /** "Cannot read …" rather than "cannot read …", for callers whose sentences start that way. */
  capital?: boolean;
}

/** The file's bytes, or a FileReadError saying in one sentence why not. Never blocks on a FIFO. */
export function readBoundedFile(file: string, kind: FileKind, options: ReadOptions = {}): Buffer {
  const shown = options.shown ?? file;
  const cannot = (why: string) => new FileReadError(`${options.capital ? 'Cannot' : 'cannot'} read ${shown}: ${why}.`);
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer (fstat below then refuses it).
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  } catch (err) {
    throw cannot(whyUnopenable(err));
  }
  try {
    // The opened file's own status: checking the path first and opening it after could see two different files.
    const stat = fs.fstatSync(fd);
    const notRegular = whatItIs(stat);
    if (notRegular) throw cannot(notRegular);
    if (stat.size > kind.maxBytes) throw tooLarge(shown, kind);
    return readAtMost(fd, kind, shown, stat.size);
  } catch (err) {
    if (err instanceof FileReadError) throw err;
    throw cannot(whyUnopenable(err));
  } finally {
    fs.closeSync(fd);
  }
}

/** The file's text (UTF-8; a byte-order mark is not dropped here). */
export function readBoundedText(file: string, kind: FileKind, options: ReadOptions = {}): string {
  return readBoundedFile(file, kind, options).toString('utf8');
}

/** Reads to the end, but never more than the cap plus one byte: the reported size is only where to start. */
function readAtMost(fd: number, kind: FileKind, shown: string, reportedSize: number): Buffer {
  const limit = kind.maxBytes + 1;
  // One byte more than reported, so the end is seen without growing; /proc files report 0.
  let buffer = Buffer.allocUnsafe(Math.min(Math.max(reportedSize + 1, 4096), limit));
  let total = 0;
  for (;;) {
    if (total === buffer.length) {
      if (total >= limit) throw tooLarge(shown, kind);
      const grown = Buffer.allocUnsafe(Math.min(buffer.length * 2, limit));
      buffer.copy(grown, 0, 0, total);
      buffer = grown;
    }
    const read = fs.readSync(fd, buffer, total, buffer.length - total, null);
    if (read === 0) return buffer.subarray(0, total);
    total += read;
  }
}

function tooLarge(shown: string, kind: FileKind): FileReadError {
  return new FileReadError(`${shown} is larger than ${sizeText(kind.maxBytes)}, the most ${kind.noun} may be.`);
}

function whatItIs(stat: fs.Stats): string | undefined {
  if (stat.isFile()) return undefined;
  if (stat.isDirectory()) return 'it is a folder';
  if (stat.isFIFO()) return 'it is a FIFO (a named pipe), not a regular file';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'it is a device, not a regular file';
  if (stat.isSocket()) return 'it is a socket, not a regular file';
  return 'it is not a regular file';
}

function whyUnopenable(err: unknown): string {
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
    case 'ELOOP':
      return 'its symbolic links loop';
    case 'ENXIO':
      return 'it is a socket or a device with nothing behind it, not a regular file';
    default:
      return code ?? 'it cannot be read';
  }
}

/** "8 MB", "9.0 MB", "512 KB", "16 bytes". */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < MB) return `${Math.ceil(bytes / 1024)} KB`;
  return bytes % MB === 0 ? `${bytes / MB} MB` : `${(bytes / MB).toFixed(1)} MB`;
}
