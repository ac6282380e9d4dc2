// Reading values and entry boundaries in code (JavaScript, TypeScript, Java, Kotlin, Python), on
// text whose comments are already blanked. Values are read as written, never evaluated.

import type { RuleMatch } from './ruleLookup';
import type { SettingEntry, SettingOccurrence } from './settingOccurrence';

/** Values longer than this are expressions we would not judge anyway; the cap keeps scans linear. */
const MAX_VALUE_LENGTH = 4000;

export interface CodeValue {
  text: string;
  quoted: boolean;
  /** Without quotes. */
  valueStart: number;
  valueEnd: number;
  /** With quotes. */
  literalStart: number;
  literalEnd: number;
}

export function isLineBreak(ch: string | undefined): boolean {
  return ch === '\n' || ch === '\r';
}

export function skipWhitespace(code: string, from: number): number {
  let i = from;
  while (i < code.length && /\s/.test(code[i])) i++;
  return i;
}

function skipSpaces(code: string, from: number): number {
  let i = from;
  while (code[i] === ' ' || code[i] === '\t') i++;
  return i;
}

/** Index of the last non-whitespace character before `from`, or -1. */
export function previousSignificant(code: string, from: number): number {
  let i = from - 1;
  while (i >= 0 && /\s/.test(code[i])) i--;
  return i;
}

/** Index of the last character before `from` on the same line that is not a space or tab, or -1. */
export function previousOnLine(code: string, from: number): number {
  let i = from - 1;
  while (i >= 0 && (code[i] === ' ' || code[i] === '\t')) i--;
  return i >= 0 && isLineBreak(code[i]) ? -1 : i;
}

/** End of a single-line string literal opened at `start`, past its closing quote; -1 if unclosed. */
function closeQuote(code: string, start: number, quote: string): number {
  for (let i = start + 1; i < code.length && i - start < MAX_VALUE_LENGTH; i++) {
    const ch = code[i];
    if (ch === '\\') i++;
    else if (ch === quote) return i + 1;
    else if (isLineBreak(ch) && quote !== '`') return -1;
  }
  return -1;
}

/** Python string prefixes (r'', b'', f'', rb'', ...): the number of prefix letters before a quote at `at`. */
function pythonPrefixLength(code: string, at: number): number {
  const match = /^[rRbBuUfF]{1,2}(?=['"])/.exec(code.slice(at, at + 3));
  return match === null ? 0 : match[0].length;
}

function isValueTerminator(ch: string | undefined): boolean {
  return ch === undefined || ch === ',' || ch === ';' || ch === ')' || ch === ']' || ch === '}' || isLineBreak(ch);
}

/** A string literal starting at `at`, if the value is just that literal. */
export function readStringLiteral(code: string, at: number, python: boolean): CodeValue | undefined {
  const prefix = python ? pythonPrefixLength(code, at) : 0;
  const quote = code[at + prefix];
  if (quote !== '"' && quote !== "'" && quote !== '`') return undefined;
  // Triple-quoted strings and text blocks are prose, not setting values.
  if (code[at + prefix + 1] === quote && code[at + prefix + 2] === quote) return undefined;
  const end = closeQuote(code, at + prefix, quote);
  if (end < 0) return undefined;
  const text = code.slice(at + prefix + 1, end - 1);
  if (quote === '`' && text.includes('${')) return undefined;
  return { text, quoted: true, valueStart: at + prefix + 1, valueEnd: end - 1, literalStart: at, literalEnd: end };
}

/**
 * The value starting at or after `from`: a string literal if that is all there is, else the
 * expression up to the next `,` `;` or line break outside brackets, or an unmatched closing bracket.
 * `scanned` is how far the search looked, whether or not a value came of it.
 */
function scanCodeValue(code: string, from: number, python: boolean): { value: CodeValue | undefined; scanned: number } {
  const start = skipWhitespace(code, from);
  const failed = (at: number) => ({ value: undefined, scanned: at - from });
  if (start >= code.length) return failed(start);
  const literal = readStringLiteral(code, start, python);
  if (literal !== undefined && isValueTerminator(code[skipSpaces(code, literal.literalEnd)])) {
    return { value: literal, scanned: literal.literalEnd - from };
  }

  let depth = 0;
  let i = start;
  scan: while (i < code.length) {
    if (i - start > MAX_VALUE_LENGTH) return failed(i);
    const ch = code[i];
    switch (ch) {
      case '"':
      case "'":
      case '`': {
        const end = closeQuote(code, i, ch);
        if (end < 0) return failed(i + MAX_VALUE_LENGTH);
        i = end;
        continue;
      }
      case '(':
      case '[':
      case '{':
        depth++;
        break;
      case ')':
      case ']':
      case '}':
        if (depth === 0) break scan;
        depth--;
        break;
      case ',':
      case ';':
      case '\n':
      case '\r':
        if (depth === 0) break scan;
        break;
    }
    i++;
  }
  let end = i;
  while (end > start && /\s/.test(code[end - 1])) end--;
  if (end === start) return failed(i);
  const value = { text: code.slice(start, end), quoted: false, valueStart: start, valueEnd: end, literalStart: start, literalEnd: end };
  return { value, scanned: i - from };
}

/**
 * Reads values for one scan of one file. Each read is bounded, but a hostile file can start
 * thousands of reads that each run to the bound (`{'client.rack': {'client.rack': ...`); a budget
 * proportional to the file keeps the whole scan linear, at the price of missing settings in such files.
 */
export class CodeValueReader {
  private budget: number;

  constructor(
    private readonly code: string,
    private readonly python: boolean,
  ) {
    this.budget = 4 * code.length + 100_000;
  }

  read(from: number): CodeValue | undefined {
    if (this.budget <= 0) return undefined;
    const { value, scanned } = scanCodeValue(this.code, from, this.python);
    this.budget -= scanned + 16;
    return value;
  }
}

/**
 * Start of the statement whose receiver ends just before `at` (`props` in `props.put(`, `conf` in
 * `conf['x'] = 1`), provided the statement begins its line or follows `;`, `{` or `}`. Undefined for
 * anything else (a call in the middle of a builder chain), where deleting a line would break code.
 */
export function statementStartBefore(code: string, at: number): number | undefined {
  let start = at;
  while (start > 0 && /[\w$.]/.test(code[start - 1])) start--;
  const before = previousOnLine(code, start);
  if (before < 0 || code[before] === ';' || code[before] === '{' || code[before] === '}') return start;
  return undefined;
}

/** A setting whose key starts at `start` and whose value was read as `value`. */
export function codeOccurrence(
  name: string,
  match: RuleMatch,
  start: number,
  value: CodeValue,
  entry: SettingEntry | null,
): SettingOccurrence {
  return {
    name,
    match,
    start,
    end: value.literalEnd,
    value: value.text,
    valueQuoted: value.quoted,
    valueStart: value.valueStart,
    valueEnd: value.valueEnd,
    literalStart: value.literalStart,
    literalEnd: value.literalEnd,
    entry,
  };
}

/**
 * `config['key'] = value` statements (JavaScript and Python alike): each becomes an occurrence whose
 * removable entry is the whole statement. `pattern` captures the quote (1) and the key (2).
 */
export function subscriptAssignments(
  code: string,
  pattern: RegExp,
  values: CodeValueReader,
  ruleFor: (key: string) => RuleMatch | undefined,
): SettingOccurrence[] {
  const occurrences: SettingOccurrence[] = [];
  for (const match of code.matchAll(pattern)) {
    const keyStart = match.index + match[0].indexOf(match[1]);
    const ruleMatch = ruleFor(match[2]);
    if (ruleMatch === undefined) continue;
    const value = values.read(match.index + match[0].length);
    if (value === undefined) continue;
    const statementStart = statementStartBefore(code, match.index);
    const entry: SettingEntry | null =
      statementStart === undefined ? null : { start: statementStart, end: value.literalEnd, separator: ';', trailingSeparatorAllowed: true };
    occurrences.push(codeOccurrence(match[2], ruleMatch, keyStart, value, entry));
  }
  return occurrences;
}
