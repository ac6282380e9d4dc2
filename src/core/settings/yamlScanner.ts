// YAML, line by line: block mappings (`key: value`, nested by indentation, also inside `- ` list
// items), with the enclosing keys kept so Spring's `spring.kafka.producer.properties.x` matches
// whether it is written flat or nested. A key whose value is a block list of scalars gets the items
// joined with commas, which is how Kafka clients read list settings. Flow collections (`{a: b}`),
// multi-line quoted scalars and the contents of block scalars (`|`, `>`) are not read as settings.

import { matchRule, mayNameDottedSetting } from './ruleLookup';
import type { SourceText } from './sourceText';
import type { ScanResult, SettingOccurrence } from './settingOccurrence';

interface OpenKey {
  indent: number;
  key: string;
}

interface Scalar {
  text: string;
  quoted: boolean;
  /** Offsets within the line: without quotes, then with them. */
  valueStart: number;
  valueEnd: number;
  literalStart: number;
  literalEnd: number;
}

const MAX_PARENTS = 16;

function indentOf(line: string): number {
  let i = 0;
  while (line[i] === ' ' || line[i] === '\t') i++;
  return i;
}

function isBlankOrComment(line: string): boolean {
  const i = indentOf(line);
  return i === line.length || line[i] === '#';
}

/** Index of the closing quote for a quoted scalar opened at `start`, or -1 when it continues on the next line. */
function closingQuote(line: string, start: number): number {
  const quote = line[start];
  for (let i = start + 1; i < line.length; i++) {
    if (quote === '"' && line[i] === '\\') i++;
    else if (line[i] === quote) {
      if (quote === "'" && line[i + 1] === "'") i++;
      else return i;
    }
  }
  return -1;
}

/** Where a comment starts in a plain scalar: a `#` after a blank. */
function commentStart(line: string, from: number): number {
  for (let i = from; i < line.length; i++) {
    if (line[i] === '#' && (i === from || line[i - 1] === ' ' || line[i - 1] === '\t')) return i;
  }
  return line.length;
}

/** The scalar at `from` (after tags and anchors), or undefined for an empty value or a multi-line quoted one. */
function readScalar(line: string, from: number): Scalar | undefined {
  let start = from;
  // `!!str value`, `&anchor value`: the tag or anchor is not part of the value.
  const tagOrAnchor = /^[!&]\S*[ \t]+/;
  for (let match = tagOrAnchor.exec(line.slice(start, start + 200)); match !== null; match = tagOrAnchor.exec(line.slice(start, start + 200))) {
    start += match[0].length;
  }
  if (start >= line.length || line[start] === '#') return undefined;
  if (line[start] === '"' || line[start] === "'") {
    const close = closingQuote(line, start);
    if (close < 0) return undefined;
    return { text: line.slice(start + 1, close), quoted: true, valueStart: start + 1, valueEnd: close, literalStart: start, literalEnd: close + 1 };
  }
  let end = commentStart(line, start);
  while (end > start && (line[end - 1] === ' ' || line[end - 1] === '\t')) end--;
  if (end === start) return undefined;
  return { text: line.slice(start, end), quoted: false, valueStart: start, valueEnd: end, literalStart: start, literalEnd: end };
}

interface MappingKey {
  key: string;
  keyStart: number;
  /** Just past the `:`. */
  afterColon: number;
}

function readMappingKey(line: string, at: number): MappingKey | undefined {
  const ch = line[at];
  if (ch === '"' || ch === "'") {
    const close = closingQuote(line, at);
    if (close < 0) return undefined;
    let colon = close + 1;
    while (line[colon] === ' ' || line[colon] === '\t') colon++;
    if (line[colon] !== ':' || !(colon + 1 === line.length || line[colon + 1] === ' ' || line[colon + 1] === '\t')) return undefined;
    return { key: line.slice(at + 1, close), keyStart: at, afterColon: colon + 1 };
  }
  // Flow collections, complex keys, aliases, block scalars and the like are not plain keys.
  if ('[]{}?*&!|>%@`#,'.includes(ch)) return undefined;
  for (let i = at; i < line.length; i++) {
    if (line[i] === '#' && (line[i - 1] === ' ' || line[i - 1] === '\t')) return undefined;
    if (line[i] === ':' && (i + 1 === line.length || line[i + 1] === ' ' || line[i + 1] === '\t')) {
      return { key: line.slice(at, i).trimEnd(), keyStart: at, afterColon: i + 1 };
    }
  }
  return undefined;
}

export function scanYaml(source: SourceText): ScanResult {
  const { text } = source;
  const occurrences: SettingOccurrence[] = [];
  const open: OpenKey[] = [];
  const lineText = (index: number) => text.slice(source.lineStart(index), source.lineContentEnd(index));
  /** While in a block scalar: lines indented more than this belong to it. */
  let blockScalarIndent = -1;

  for (let lineIndex = 0; lineIndex < source.lineCount; lineIndex++) {
    const line = lineText(lineIndex);
    if (isBlankOrComment(line)) continue;
    const indent = indentOf(line);
    if (blockScalarIndent >= 0) {
      if (indent > blockScalarIndent) continue;
      blockScalarIndent = -1;
    }
    if (indent === 0 && (line[0] === '-' || line[0] === '.') && /^(?:---|\.\.\.)(?:[ \t]|$)/.test(line)) {
      open.length = 0;
      continue;
    }
    let at = indent;
    let inListItem = false;
    while (line[at] === '-' && (at + 1 === line.length || line[at + 1] === ' ' || line[at + 1] === '\t')) {
      inListItem = true;
      at = indentOf(line.slice(at + 1)) + at + 1;
    }
    if (at >= line.length) continue;
    const mappingKey = readMappingKey(line, at);
    if (mappingKey === undefined) continue;
    while (open.length > 0 && open[open.length - 1].indent >= at) open.pop();
    const match = mayNameDottedSetting(mappingKey.key)
      ? matchRule(mappingKey.key, ['dotted'], open.slice(-MAX_PARENTS).map((entry) => entry.key))
      : undefined;

    let valueAt = mappingKey.afterColon;
    while (line[valueAt] === ' ' || line[valueAt] === '\t') valueAt++;
    if (line[valueAt] === '|' || line[valueAt] === '>') {
      blockScalarIndent = at;
      continue;
    }
    const lineStart = source.lineStart(lineIndex);
    const scalar = readScalar(line, valueAt);
    // Deleting a line that opens a list item would move the item's other keys: no entry for those.
    const entryStart = lineStart + mappingKey.keyStart;
    if (scalar !== undefined) {
      if (match === undefined) continue;
      occurrences.push({
        name: mappingKey.key,
        match,
        start: entryStart,
        end: lineStart + scalar.literalEnd,
        value: scalar.text,
        valueQuoted: scalar.quoted,
        valueStart: lineStart + scalar.valueStart,
        valueEnd: lineStart + scalar.valueEnd,
        literalStart: lineStart + scalar.literalStart,
        literalEnd: lineStart + scalar.literalEnd,
        entry: inListItem ? null : { start: entryStart, end: source.lineContentEnd(lineIndex), separator: null, trailingSeparatorAllowed: true },
      });
      continue;
    }

    open.push({ indent: at, key: mappingKey.key });
    const list = match === undefined ? undefined : readScalarList(source, lineIndex + 1, at);
    if (match !== undefined && list !== undefined) {
      occurrences.push({
        name: mappingKey.key,
        match,
        start: entryStart,
        end: list.end,
        value: list.items.join(','),
        valueQuoted: false,
        valueStart: list.start,
        valueEnd: list.end,
        literalStart: list.start,
        literalEnd: list.end,
        entry: inListItem ? null : { start: entryStart, end: source.lineContentEnd(list.lastLine), separator: null, trailingSeparatorAllowed: true },
      });
    }
  }
  return { code: text, occurrences };
}

/**
 * A block list of scalars under a key (`- a` lines, indented at least as far as the key), read ahead
 * without consuming: the main loop skips those lines anyway, as they hold no keys.
 */
function readScalarList(source: SourceText, firstLine: number, keyIndent: number) {
  const { text } = source;
  const items: string[] = [];
  let start = -1;
  let end = -1;
  let lastLine = -1;
  let dashIndent = -1;
  for (let lineIndex = firstLine; lineIndex < source.lineCount; lineIndex++) {
    const lineStart = source.lineStart(lineIndex);
    const line = text.slice(lineStart, source.lineContentEnd(lineIndex));
    if (isBlankOrComment(line)) continue;
    const indent = indentOf(line);
    if (line[indent] !== '-' || !(line[indent + 1] === ' ' || line[indent + 1] === '\t')) break;
    if (indent < keyIndent || (dashIndent >= 0 && indent !== dashIndent)) break;
    dashIndent = indent;
    const itemAt = indent + 1 + indentOf(line.slice(indent + 1));
    // An item that is itself a mapping or a list is not a scalar list.
    if (line[itemAt] === '-' || readMappingKey(line, itemAt) !== undefined) return undefined;
    const scalar = readScalar(line, itemAt);
    if (scalar === undefined) return undefined;
    items.push(scalar.text);
    if (start < 0) start = lineStart + scalar.literalStart;
    end = lineStart + scalar.literalEnd;
    lastLine = lineIndex;
  }
  return items.length === 0 ? undefined : { items, start, end, lastLine };
}
