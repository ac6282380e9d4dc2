// Java .properties and librdkafka .conf files: `key=value`, `key = value`, `key: value` or
// `key value`; `#` and `!` start comment lines (not trailing comments: `#` inside a value is data);
// a line ending in an odd number of backslashes continues on the next line.

import { matchRule } from './ruleLookup';
import type { SourceText } from './sourceText';
import type { ScanResult, SettingOccurrence } from './settingOccurrence';

function isBlank(ch: string | undefined): boolean {
  return ch === ' ' || ch === '\t' || ch === '\f';
}

function endsWithContinuation(line: string): boolean {
  let backslashes = 0;
  for (let i = line.length - 1; i >= 0 && line[i] === '\\'; i--) backslashes++;
  return backslashes % 2 === 1;
}

export function scanProperties(source: SourceText): ScanResult {
  const { text } = source;
  const occurrences: SettingOccurrence[] = [];

  for (let lineIndex = 0; lineIndex < source.lineCount; lineIndex++) {
    const lineStart = source.lineStart(lineIndex);
    const line = text.slice(lineStart, source.lineContentEnd(lineIndex));
    let i = 0;
    while (isBlank(line[i])) i++;
    if (i === line.length || line[i] === '#' || line[i] === '!') continue;

    const keyStart = i;
    while (i < line.length && line[i] !== '=' && line[i] !== ':' && !isBlank(line[i])) i += line[i] === '\\' ? 2 : 1;
    const rawKey = line.slice(keyStart, Math.min(i, line.length));
    const key = rawKey.includes('\\') ? rawKey.replace(/\\(.)/g, '$1') : rawKey;
    const match = matchRule(key, ['dotted']);
    while (isBlank(line[i])) i++;
    if (line[i] === '=' || line[i] === ':') i++;
    while (isBlank(line[i])) i++;
    const valueStart = lineStart + Math.min(i, line.length);

    // Join continuation lines; their leading blanks are not part of the value.
    let value = line.slice(i);
    let lastLine = lineIndex;
    while (endsWithContinuation(value) && lastLine + 1 < source.lineCount) {
      lastLine++;
      const next = text.slice(source.lineStart(lastLine), source.lineContentEnd(lastLine));
      value = value.slice(0, -1) + next.replace(/^[ \t\f]+/, '');
    }
    value = value.trimEnd();
    if (match === undefined) {
      lineIndex = lastLine;
      continue;
    }
    let valueEnd = source.lineContentEnd(lastLine);
    while (valueEnd > valueStart && /\s/.test(text[valueEnd - 1])) valueEnd--;

    occurrences.push({
      name: key,
      match,
      start: lineStart + keyStart,
      end: valueEnd,
      value,
      valueQuoted: false,
      valueStart,
      valueEnd,
      literalStart: valueStart,
      literalEnd: valueEnd,
      entry: { start: lineStart + keyStart, end: source.lineContentEnd(lastLine), separator: null, trailingSeparatorAllowed: true },
    });
    lineIndex = lastLine;
  }
  return { code: text, occurrences };
}
