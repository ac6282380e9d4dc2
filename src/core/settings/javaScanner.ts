// Java (and Kotlin): `props.put(KEY, value)` / `setProperty` / `putIfAbsent`, `Map.of(k, v, ...)`,
// `Map.entry(k, v)`, and Kotlin's `props[KEY] = value` and `KEY to value`. A key is a string literal
// (`"enable.idempotence"`) or a constant (`ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG`, also
// static-imported).

import { maskCStyleComments } from './maskComments';
import { CodeValueReader, codeOccurrence, skipWhitespace, statementStartBefore, type CodeValue } from './codeLiterals';
import { matchRule, type RuleMatch } from './ruleLookup';
import type { SourceText } from './sourceText';
import type { ScanResult, SettingEntry, SettingOccurrence } from './settingOccurrence';

const putCall = /(?<![\w$])(?:put|setProperty|putIfAbsent)\s*\(/g;
const mapOfCall = /(?<![\w$])(?:Map|ImmutableMap)\s*\.\s*of\s*\(/g;
const entryCall = /(?<![\w$])(?:Map\s*\.\s*)?entry\s*\(/g;
const kotlinPair = /(?<![\w$.])("[\w.-]{1,200}"|[A-Za-z_$][\w$.]{0,200}_CONFIG)\s+to\s+/g;
const kotlinSubscript = /\[\s*("[\w.-]{1,200}"|[A-Za-z_$][\w$.]{0,200}_CONFIG)\s*\]\s*=(?![=>])/g;

/** Map.of has at most 10 pairs, builders a few dozen; the cap bounds work on junk. */
const MAX_PAIRS = 1000;

/** The rule for a key that is a string literal (`"client.rack"`) or a constant (`ConsumerConfig.CLIENT_RACK_CONFIG`). */
function settingKey(key: CodeValue): RuleMatch | undefined {
  if (key.quoted) return matchRule(key.text, ['dotted']);
  if (/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/.test(key.text)) return matchRule(key.text, ['javaConstant']);
  return undefined;
}

function keyToken(token: string, start: number): CodeValue {
  const quoted = token.startsWith('"');
  const text = quoted ? token.slice(1, -1) : token;
  const valueStart = quoted ? start + 1 : start;
  return { text, quoted, valueStart, valueEnd: valueStart + text.length, literalStart: start, literalEnd: start + token.length };
}

interface Pair {
  key: CodeValue;
  value: CodeValue;
  /** First non-blank after the value. */
  next: number;
}

/** `key, value` starting at `from`; with `settingsOnly`, nothing unless the key is a known setting. */
function readPair(code: string, values: CodeValueReader, from: number, settingsOnly: boolean): Pair | undefined {
  const key = values.read(from);
  if (key === undefined || (settingsOnly && settingKey(key) === undefined)) return undefined;
  const comma = skipWhitespace(code, key.literalEnd);
  if (code[comma] !== ',') return undefined;
  const value = values.read(comma + 1);
  if (value === undefined) return undefined;
  return { key, value, next: skipWhitespace(code, value.literalEnd) };
}

export function scanJava(source: SourceText): ScanResult {
  const code = maskCStyleComments(source.text);
  const values = new CodeValueReader(code, false);
  const occurrences: SettingOccurrence[] = [];
  const push = (key: CodeValue, value: CodeValue, entry: SettingEntry | null) => {
    const ruleMatch = settingKey(key);
    if (ruleMatch !== undefined) occurrences.push(codeOccurrence(key.text, ruleMatch, key.literalStart, value, entry));
  };

  for (const match of code.matchAll(putCall)) {
    const pair = readPair(code, values, match.index + match[0].length, true);
    if (pair === undefined || code[pair.next] !== ')') continue;
    const methodEnd = match.index + match[0].replace(/\s*\($/, '').length;
    const statementStart = statementStartBefore(code, methodEnd);
    const entry: SettingEntry | null =
      statementStart === undefined ? null : { start: statementStart, end: pair.next + 1, separator: ';', trailingSeparatorAllowed: false };
    push(pair.key, pair.value, entry);
  }

  for (const match of code.matchAll(mapOfCall)) {
    let at = match.index + match[0].length;
    for (let pairs = 0; pairs < MAX_PAIRS; pairs++) {
      // Every pair is read, setting or not, to stay aligned on keys.
      const pair = readPair(code, values, at, false);
      if (pair === undefined) break;
      const entry: SettingEntry = { start: pair.key.literalStart, end: pair.value.literalEnd, separator: ',', trailingSeparatorAllowed: false };
      push(pair.key, pair.value, entry);
      if (code[pair.next] !== ',') break;
      at = pair.next + 1;
    }
  }

  for (const match of code.matchAll(entryCall)) {
    const pair = readPair(code, values, match.index + match[0].length, true);
    if (pair === undefined || code[pair.next] !== ')') continue;
    const entry: SettingEntry = { start: match.index, end: pair.next + 1, separator: ',', trailingSeparatorAllowed: false };
    push(pair.key, pair.value, entry);
  }

  for (const match of code.matchAll(kotlinPair)) {
    if (settingKey(keyToken(match[1], match.index)) === undefined) continue;
    const value = values.read(match.index + match[0].length);
    if (value === undefined) continue;
    const entry: SettingEntry = { start: match.index, end: value.literalEnd, separator: ',', trailingSeparatorAllowed: true };
    push(keyToken(match[1], match.index), value, entry);
  }

  for (const match of code.matchAll(kotlinSubscript)) {
    const keyStart = match.index + match[0].indexOf(match[1]);
    if (settingKey(keyToken(match[1], keyStart)) === undefined) continue;
    const value = values.read(match.index + match[0].length);
    if (value === undefined) continue;
    const statementStart = statementStartBefore(code, match.index);
    const entry: SettingEntry | null =
      statementStart === undefined ? null : { start: statementStart, end: value.literalEnd, separator: ';', trailingSeparatorAllowed: true };
    push(keyToken(match[1], keyStart), value, entry);
  }

  return { code, occurrences };
}
