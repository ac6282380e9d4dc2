// YAML, read with the `yaml` package (a complete YAML 1.2 parser that keeps every node's source
// range and recovers from errors): every `key: value` pair of every document, with the enclosing
// keys kept so Spring's `spring.kafka.producer.properties.x` matches whether it is written flat or
// nested. Block and flow mappings, quoted and multi-line scalars, tags, anchors and aliases
// (`compression.type: *codec`), complex keys and multi-document files all read as YAML reads them.
// A key whose value is a list of scalars (block `- a` or flow `[a, b]`) gets the items joined with
// commas, which is how Kafka clients read list settings. Block scalars (`|`, `>`) are text: neither
// their contents nor a setting whose value is one are reported.

import { isAlias, isMap, isScalar, isSeq, parseAllDocuments, type Document, type Node, type Pair, type Scalar, type YAMLMap } from 'yaml';
import { matchRule, mayNameDottedSetting } from './ruleLookup';
import type { SourceText } from './sourceText';
import type { ScanResult, SettingEntry, SettingOccurrence } from './settingOccurrence';

/** Enough enclosing keys for any prefix worth matching; bounds the work on deeply nested input. */
const MAX_PARENTS = 16;

/** A value as the check sees it: its text, and where replacing it would go. */
interface ReadValue {
  text: string;
  quoted: boolean;
  valueStart: number;
  valueEnd: number;
  literalStart: number;
  literalEnd: number;
}

type ParsedDocument = Document.Parsed;

function isQuoted(scalar: Scalar): boolean {
  return scalar.type === 'QUOTE_DOUBLE' || scalar.type === 'QUOTE_SINGLE';
}

function isBlockScalar(scalar: Scalar): boolean {
  return scalar.type === 'BLOCK_LITERAL' || scalar.type === 'BLOCK_FOLDED';
}

/** A scalar's value as written on its one line, or as YAML folds it when it spans lines. */
function readScalar(text: string, scalar: Scalar): ReadValue | undefined {
  const range = scalar.range;
  if (range === null || range === undefined || range[0] === range[1] || isBlockScalar(scalar)) return undefined;
  const [start, end] = range;
  const quoted = isQuoted(scalar);
  const valueStart = quoted ? start + 1 : start;
  const valueEnd = quoted ? end - 1 : end;
  const written = text.slice(valueStart, valueEnd);
  const folded = /[\r\n]/.test(written) ? String(scalar.value) : written;
  return { text: folded, quoted, valueStart, valueEnd, literalStart: start, literalEnd: end };
}

/** An alias reads as the scalar it points to; the fix replaces the alias itself, not the anchored value. */
function readValue(text: string, node: unknown, document: ParsedDocument): ReadValue | undefined {
  if (isScalar(node)) return readScalar(text, node);
  if (isAlias(node) && node.range) {
    const target = node.resolve(document);
    const anchored = isScalar(target) ? readScalar(text, target) : undefined;
    if (anchored === undefined) return undefined;
    const [start, end] = node.range;
    return { text: anchored.text, quoted: false, valueStart: start, valueEnd: end, literalStart: start, literalEnd: end };
  }
  return undefined;
}

/** A list of scalars, joined with commas; the fix replaces the items (block) or the brackets (flow). */
function readScalarList(text: string, node: Node, document: ParsedDocument): ReadValue | undefined {
  if (!isSeq(node) || node.items.length === 0 || !node.range) return undefined;
  const items: ReadValue[] = [];
  for (const item of node.items) {
    const value = readValue(text, item, document);
    if (value === undefined) return undefined;
    items.push(value);
  }
  const joined = items.map((item) => item.text).join(',');
  if (node.flow) {
    const [start, end] = node.range;
    return { text: joined, quoted: false, valueStart: start, valueEnd: end, literalStart: start, literalEnd: end };
  }
  const start = items[0].literalStart;
  const end = items[items.length - 1].literalEnd;
  return { text: joined, quoted: false, valueStart: start, valueEnd: end, literalStart: start, literalEnd: end };
}

/** A key that is a string scalar: its text and where it starts (at its quote when quoted). */
function readKey(pair: Pair): { name: string; start: number } | undefined {
  const key = pair.key;
  return isScalar(key) && typeof key.value === 'string' && key.range ? { name: key.value, start: key.range[0] } : undefined;
}

export function scanYaml(source: SourceText): ScanResult {
  const { text } = source;
  const occurrences: SettingOccurrence[] = [];

  /** What "remove the setting" deletes: the key's lines in a block mapping, the entry in a flow one. */
  const entryFor = (keyStart: number, value: ReadValue, map: YAMLMap): SettingEntry | null => {
    if (map.flow) return { start: keyStart, end: value.literalEnd, separator: ',', trailingSeparatorAllowed: true };
    // A key after `- ` opens a list item: deleting its line would move the item's other keys.
    const lineStart = source.lineStart(source.lineIndexAt(keyStart));
    if (text.slice(lineStart, keyStart).trim() !== '') return null;
    const lastLine = source.lineIndexAt(Math.max(keyStart, value.literalEnd - 1));
    return { start: keyStart, end: source.lineContentEnd(lastLine), separator: null, trailingSeparatorAllowed: true };
  };

  const visitMap = (map: YAMLMap, parents: readonly string[], document: ParsedDocument) => {
    for (const pair of map.items) {
      const key = readKey(pair);
      const value = pair.value;
      if (key === undefined) {
        // A complex key (a mapping or list as key) names nothing; its value may still hold settings.
        if (isMap(value) || isSeq(value)) visitNode(value, parents, document);
        continue;
      }
      const { name, start: keyStart } = key;
      const inner = [...parents, name].slice(-MAX_PARENTS);
      if (isMap(value) || isSeq(value)) visitNode(value, inner, document);
      if (!mayNameDottedSetting(name)) continue;
      const read = isSeq(value) ? readScalarList(text, value, document) : readValue(text, value, document);
      if (read === undefined) continue;
      const match = matchRule(name, ['dotted'], parents);
      if (match === undefined) continue;
      occurrences.push({
        name,
        match,
        start: keyStart,
        end: read.literalEnd,
        value: read.text,
        valueQuoted: read.quoted,
        valueStart: read.valueStart,
        valueEnd: read.valueEnd,
        literalStart: read.literalStart,
        literalEnd: read.literalEnd,
        entry: entryFor(keyStart, read, map),
      });
    }
  };

  const visitNode = (node: unknown, parents: readonly string[], document: ParsedDocument) => {
    if (isMap(node)) visitMap(node, parents, document);
    // List items keep the keys around the list: in `clients:\n  - client.rack: a`, it is under `clients`.
    else if (isSeq(node)) for (const item of node.items) visitNode(item, parents, document);
  };

  // Errors are not fatal: the parser recovers, and what it could read is still scanned. The failsafe
  // schema keeps every scalar a string: values are read as written, never as YAML's numbers or booleans.
  const documents = parseAllDocuments(text, { uniqueKeys: false, prettyErrors: false, schema: 'failsafe' });
  for (const document of documents) visitNode(document.contents, [], document);
  return { code: text, occurrences };
}
