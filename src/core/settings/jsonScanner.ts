// JSON (and JSON with comments): every `"key": value` pair, with the keys of the objects around it
// so that `{"kafka": {"producer": {"enable.idempotence": true}}}` can be matched like YAML. A small
// tolerant tokenizer: junk is skipped one character at a time, never rejected.

import { maskCStyleComments } from './maskComments';
import { matchRule, mayNameDottedSetting } from './ruleLookup';
import type { SourceText } from './sourceText';
import type { ScanResult, SettingEntry, SettingOccurrence } from './settingOccurrence';

interface Container {
  kind: 'object' | 'array';
  /** The key this container is the value of; null for the root and for array elements. */
  key: string | null;
}

interface PendingKey {
  name: string;
  start: number;
}

/** Shared by all containers that are not the value of a key (array elements, the root). */
const keyless: Readonly<Record<Container['kind'], Container>> = {
  object: { kind: 'object', key: null },
  array: { kind: 'array', key: null },
};

/** Enough enclosing keys for any prefix worth matching; bounds the work on deeply nested input. */
const MAX_PARENTS = 16;
const MAX_ARRAY_LENGTH = 4000;

function parentKeys(stack: readonly Container[]): string[] {
  const keys: string[] = [];
  for (let i = stack.length - 1; i >= 0 && keys.length < MAX_PARENTS; i--) {
    const key = stack[i].key;
    if (key !== null) keys.push(key);
  }
  return keys.reverse();
}

/** End of the string opened at `start` (past the closing quote, or at the line break if unclosed). */
function endOfJsonString(code: string, start: number): number {
  let i = start + 1;
  while (i < code.length) {
    const ch = code[i];
    if (ch === '\\') i += 2;
    else if (ch === '"') return i + 1;
    else if (ch === '\n' || ch === '\r') return i;
    else i++;
  }
  return code.length;
}

/** End of the array opened at `start`, past its `]`, or -1 when it is too long to be a setting value. */
function endOfArray(code: string, start: number): number {
  let depth = 0;
  for (let i = start; i < code.length && i - start < MAX_ARRAY_LENGTH; i++) {
    const ch = code[i];
    if (ch === '"') i = endOfJsonString(code, i) - 1;
    else if (ch === '[' || ch === '{') depth++;
    else if (ch === ']' || ch === '}') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

function isWhitespace(ch: string): boolean {
  return ch === ' ' || ch === '\n' || ch === '\r' || ch === '\t' || ch === '\f' || ch === '\v' || ch === '\u00a0' || ch === '\ufeff';
}

function skipWhitespace(code: string, from: number): number {
  let i = from;
  while (i < code.length && isWhitespace(code[i])) i++;
  return i;
}

export function scanJson(source: SourceText): ScanResult {
  const code = maskCStyleComments(source.text);
  const occurrences: SettingOccurrence[] = [];
  const stack: Container[] = [];
  let pendingKey: PendingKey | null = null;

  const emit = (key: PendingKey, valueStart: number, valueEnd: number, quoted: boolean) => {
    if (!mayNameDottedSetting(key.name)) return;
    const match = matchRule(key.name, ['dotted'], parentKeys(stack));
    if (match === undefined) return;
    const literalStart = quoted ? valueStart - 1 : valueStart;
    const literalEnd = quoted ? valueEnd + 1 : valueEnd;
    const entry: SettingEntry = { start: key.start, end: literalEnd, separator: ',', trailingSeparatorAllowed: false };
    occurrences.push({
      name: key.name,
      match,
      start: key.start,
      end: literalEnd,
      value: code.slice(valueStart, valueEnd),
      valueQuoted: quoted,
      valueStart,
      valueEnd,
      literalStart,
      literalEnd,
      entry,
    });
  };

  let i = 0;
  while (i < code.length) {
    const ch = code[i];
    if (isWhitespace(ch)) {
      i++;
    } else if (ch === '"') {
      const end = endOfJsonString(code, i);
      const closed = code[end - 1] === '"' && end - 1 > i;
      const top = stack[stack.length - 1];
      if (pendingKey === null && top?.kind === 'object') {
        const colon = skipWhitespace(code, end);
        if (closed && code[colon] === ':') {
          pendingKey = { name: code.slice(i + 1, end - 1), start: i };
          i = colon + 1;
          continue;
        }
      }
      if (pendingKey !== null && closed) emit(pendingKey, i + 1, end - 1, true);
      pendingKey = null;
      i = end;
    } else if (ch === '{' || ch === '[') {
      if (ch === '[' && pendingKey !== null && mayNameDottedSetting(pendingKey.name)) {
        const end = endOfArray(code, i);
        if (end > 0) emit(pendingKey, i, end, false);
      }
      const kind = ch === '{' ? 'object' : 'array';
      stack.push(pendingKey === null ? keyless[kind] : { kind, key: pendingKey.name });
      pendingKey = null;
      i++;
    } else if (ch === '}' || ch === ']') {
      stack.pop();
      pendingKey = null;
      i++;
    } else if (ch === ',' || ch === ':') {
      pendingKey = null;
      i++;
    } else {
      // A number, true, false, null, or junk: up to the next delimiter.
      let end = i + 1;
      while (end < code.length && !/[\s,:{}[\]"]/.test(code[end])) end++;
      if (pendingKey !== null) emit(pendingKey, i, end, false);
      pendingKey = null;
      i = end;
    }
  }
  return { code, occurrences };
}
