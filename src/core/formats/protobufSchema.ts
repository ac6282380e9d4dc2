// A .proto file (with its imports) parsed at run time by protobufjs, no protoc, and the messages
// the Confluent message indexes count: the file's top-level messages, then their nested ones.
import * as protobuf from 'protobufjs';
import { FormatError } from './formatTypes';

export interface ProtoSource {
  fileName: string;
  text: string;
  /** The text of an imported file (`import "shop/common.proto"`), or undefined when there is none. */
  resolveImport?: (importPath: string) => string | undefined;
}

export interface ParsedProto {
  root: protobuf.Root;
  /** The file's own top-level messages, in declaration order (message index [i]). */
  topLevel: protobuf.Type[];
  fileName: string;
}

/** Imports deeper than this are a cycle or a hostile file, not a schema. */
const MAX_IMPORT_DEPTH = 32;

function parseReason(err: unknown): string {
  const text = (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ');
  // protobufjs: "illegal token 'x' (line 3)" → "line 3: illegal token 'x'".
  const m = /^(.*) \((?:[^,()]*, )?line (\d+)\)$/.exec(text);
  // protobufjs calls the end of the text the token 'null': a file cut short, in words.
  const reason = (m ? `line ${m[2]}: ${m[1]}` : text).replace(/^(line \d+: )?illegal token 'null'/, '$1the file ends early');
  return reason.replace(/\.$/, '').slice(0, 300);
}

function parseInto(root: protobuf.Root, fileName: string, text: string): protobuf.IParserResult {
  // parse.filename would put the file's name inside protobufjs's message; ours says it first.
  (protobuf.parse as unknown as { filename: string | null }).filename = null;
  try {
    return protobuf.parse(text, root, { keepCase: true, alternateCommentMode: true });
  } catch (err) {
    throw new FormatError(`${fileName} does not parse: ${parseReason(err)}.`);
  }
}

/** protobufjs's bundled google/protobuf files (timestamp, duration, wrappers, struct, any, empty, field_mask). */
function bundled(importPath: string): { nested?: protobuf.INamespace['nested'] } | undefined {
  const common = protobuf.common as unknown as Record<string, { nested?: protobuf.INamespace['nested'] } | undefined>;
  return Object.prototype.hasOwnProperty.call(common, importPath) ? common[importPath] : undefined;
}

export function parseProto(source: ProtoSource): ParsedProto {
  const root = new protobuf.Root();
  const main = parseInto(root, source.fileName, source.text);
  // Before any import is added, the package's namespace holds exactly this file's declarations.
  const ns = main.package ? root.lookup(main.package) : root;
  const topLevel = ns instanceof protobuf.Namespace ? ns.nestedArray.filter((o): o is protobuf.Type => o instanceof protobuf.Type) : [];

  const seen = new Set<string>([source.fileName]);
  const load = (from: string, imports: string[] | undefined, depth: number): void => {
    for (const path of imports ?? []) {
      if (seen.has(path)) continue;
      seen.add(path);
      if (depth > MAX_IMPORT_DEPTH) throw new FormatError(`${source.fileName} imports files more than ${MAX_IMPORT_DEPTH} deep.`);
      const common = bundled(path);
      if (common) {
        root.addJSON(common.nested ?? {});
        continue;
      }
      const text = source.resolveImport?.(path);
      if (text === undefined) throw new FormatError(`${from} imports ${path}, which cannot be found.`);
      const parsed = parseInto(root, path, text);
      load(path, [...(parsed.imports ?? []), ...(parsed.weakImports ?? [])], depth + 1);
    }
  };
  load(source.fileName, [...(main.imports ?? []), ...(main.weakImports ?? [])], 1);
  try {
    root.resolveAll();
  } catch (err) {
    throw new FormatError(`${source.fileName} does not resolve: ${parseReason(err)}.`);
  }
  fixFullNames(root);
  return { root, topLevel, fileName: source.fileName };
}

/**
 * protobufjs computes `fullName` by walking the parents on every read, and protojson reads it for
 * every message and enum value it writes (a quarter of decoding time). The tree does not change
 * once resolved, so each name is fixed as an own property.
 */
function fixFullNames(ns: protobuf.NamespaceBase): void {
  for (const child of ns.nestedArray) {
    Object.defineProperty(child, 'fullName', { value: child.fullName, enumerable: false });
    if (child instanceof protobuf.Namespace || child instanceof protobuf.Type) fixFullNames(child);
  }
}

function nestedTypes(type: protobuf.Type): protobuf.Type[] {
  return type.nestedArray.filter((o): o is protobuf.Type => o instanceof protobuf.Type);
}

/**
 * The message a Confluent index path names. protobufjs does not keep the map-entry messages protoc
 * adds among the nested ones, so a nested index is right when nested messages come before any map
 * field of their parent (as they usually are declared).
 */
export function messageAt(proto: ParsedProto, indexes: readonly number[]): protobuf.Type {
  let candidates = proto.topLevel;
  let type: protobuf.Type | undefined;
  for (const index of indexes) {
    type = candidates[index];
    if (!type) {
      const known = candidates.slice(0, 5).map((t) => t.fullName.replace(/^\./, '')).join(', ');
      throw new FormatError(`message indexes [${indexes.join(', ')}] name no message in ${proto.fileName} (${known ? `there: ${known}` : 'no messages there'}).`);
    }
    candidates = nestedTypes(type);
  }
  if (!type) throw new FormatError(`${proto.fileName} has no message to read with.`);
  return type;
}

/** The index path of a message of the file (the inverse of messageAt). */
export function indexesOf(proto: ParsedProto, message: protobuf.Type): number[] | undefined {
  const path: protobuf.Type[] = [];
  for (let t: protobuf.ReflectionObject | null = message; t instanceof protobuf.Type; t = t.parent) path.unshift(t);
  const indexes: number[] = [];
  let candidates = proto.topLevel;
  for (const t of path) {
    const i = candidates.indexOf(t);
    if (i < 0) return undefined;
    indexes.push(i);
    candidates = nestedTypes(t);
  }
  return indexes;
}

/** A message by full name (`shop.Order`, with or without the leading dot). */
export function messageNamed(proto: ParsedProto, name: string): protobuf.Type {
  let found: protobuf.ReflectionObject | null = null;
  try {
    found = proto.root.lookup(name.startsWith('.') ? name : `.${name}`);
  } catch {
    found = null;
  }
  if (found instanceof protobuf.Type) return found;
  const known: string[] = [];
  const walk = (types: protobuf.Type[]) => {
    for (const t of types) {
      if (known.length >= 6) return;
      known.push(t.fullName.replace(/^\./, ''));
      walk(nestedTypes(t));
    }
  };
  walk(proto.topLevel);
  throw new FormatError(`${proto.fileName} has no message ${name}${known.length ? `; it has ${known.join(', ')}` : ''}.`);
}

/** Every message of the file, top-level ones first in declaration order, nested ones after their parent (`shop.Order`, `shop.Order.Line`). */
export function messageNames(proto: ParsedProto): string[] {
  const names: string[] = [];
  const walk = (types: protobuf.Type[]) => {
    for (const t of types) {
      names.push(t.fullName.replace(/^\./, ''));
      walk(nestedTypes(t));
    }
  };
  walk(proto.topLevel);
  return names;
}
