// What "remove the setting" deletes. An entry alone on its line(s) goes with its lines, so no blank
// line is left behind; an entry sharing a line goes with one neighbouring separator. Where a
// trailing comma is not allowed (JSON, Java arguments), the comma before a last entry goes too.

import { previousSignificant } from './codeLiterals';
import type { SettingEntry } from './settingOccurrence';
import type { SourceText } from './sourceText';

export interface OffsetRange {
  start: number;
  end: number;
}

function skipSpaces(code: string, from: number): number {
  let i = from;
  while (code[i] === ' ' || code[i] === '\t') i++;
  return i;
}

/** `code` is the text with comments blanked, so a trailing comment counts as blank. */
export function removalRange(source: SourceText, code: string, entry: SettingEntry): OffsetRange {
  const separatorAt = skipSpaces(code, entry.end);
  const hasSeparator = entry.separator !== null && code[separatorAt] === entry.separator;
  const end = hasSeparator ? separatorAt + 1 : entry.end;
  const firstLine = source.lineIndexAt(entry.start);
  const lastLine = source.lineIndexAt(end);
  const aloneOnItsLines =
    code.slice(source.lineStart(firstLine), entry.start).trim() === '' && code.slice(end, source.lineContentEnd(lastLine)).trim() === '';

  if (aloneOnItsLines) {
    if (!hasSeparator && entry.separator === ',' && !entry.trailingSeparatorAllowed) {
      const previous = previousSignificant(code, source.lineStart(firstLine));
      if (previous >= 0 && code[previous] === ',') return { start: previous, end: source.lineContentEnd(lastLine) };
    }
    if (lastLine + 1 < source.lineCount) return { start: source.lineStart(firstLine), end: source.lineStart(lastLine + 1) };
    // The file's last line has no line break after it: take the one before it instead.
    const start = firstLine > 0 ? source.lineContentEnd(firstLine - 1) : 0;
    return { start, end: source.lineContentEnd(lastLine) };
  }
  if (hasSeparator) return { start: entry.start, end: skipSpaces(code, end) };
  if (entry.separator === ',') {
    const previous = previousSignificant(code, entry.start);
    if (previous >= 0 && code[previous] === ',') return { start: previous, end: entry.end };
  }
  return { start: entry.start, end: entry.end };
}
