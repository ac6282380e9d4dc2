// JSON (and JSON with comments): every `"key": value` pair, with the keys of the objects around it
// so that `{"kafka": {"producer": {"enable.idempotence": true}}}` can be matched like YAML. Read with
// jsonc-parser's visitor, the parser VS Code uses for its own JSON: it knows comments, trailing
// commas and escapes, reports offsets, and carries on past errors instead of giving up, so a file
// that is half typed still gets its warnings. jsonc-parser reads one value per text, so a file of
// several (JSON Lines, a paste of two objects) is first cut into its top-level values.

import { createScanner, SyntaxKind, visit, type JSONPath, type JSONVisitor } from 'jsonc-parser';
import { matchRule, mayNameDottedSetting } from './ruleLookup';
import type { SourceText } from './sourceText';
import type { ScanResult, SettingEntry, SettingOccurrence } from './settingOccurrence';

/** Enough enclosing keys for any prefix worth matching; bounds the work on deeply nested input. */
const MAX_PARENTS = 16;
/** An array longer than this is data, not a setting value (and would cost a large slice). */
const MAX_ARRAY_LENGTH = 4000;
/** jsonc-parser recurses per level: deeper values are junk, and skipping them keeps the stack safe. */
const MAX_DEPTH = 1000;

interface PendingKey {
  name: string;
  start: number;
  /** Set once the `:` after the key was seen: the next value belongs to this key. */
  colonSeen: boolean;
}

interface OpenArray {
  /** The key this array is the value of, when that key may name a setting; else null. */
  key: PendingKey | null;
  start: number;
  parents: string[];
}

function parentKeys(path: JSONPath): string[] {
  // The path ends with the key itself; array indices are not keys.
  return path
    .slice(0, -1)
    .filter((segment): segment is string => typeof segment === 'string')
    .slice(-MAX_PARENTS);
}

interface TopLevel {
  /** Each top-level object or array, as [start, end) offsets. */
  values: Array<[number, number]>;
  comments: Array<[number, number]>;
}

/** One pass of jsonc-parser's tokenizer: where each top-level object or array begins and ends, and every comment. */
function topLevelValues(text: string): TopLevel {
  const values: Array<[number, number]> = [];
  const comments: Array<[number, number]> = [];
  const scanner = createScanner(text, false);
  let depth = 0;
  let deepest = 0;
  let start = 0;
  for (let token = scanner.scan(); token !== SyntaxKind.EOF; token = scanner.scan()) {
    const offset = scanner.getTokenOffset();
    if (token === SyntaxKind.LineCommentTrivia || token === SyntaxKind.BlockCommentTrivia) {
      comments.push([offset, offset + scanner.getTokenLength()]);
    } else if (token === SyntaxKind.OpenBraceToken || token === SyntaxKind.OpenBracketToken) {
      if (depth === 0) {
        start = offset;
        deepest = 0;
      }
      depth++;
      deepest = Math.max(deepest, depth);
    } else if ((token === SyntaxKind.CloseBraceToken || token === SyntaxKind.CloseBracketToken) && depth > 0) {
      depth--;
      if (depth === 0 && deepest <= MAX_DEPTH) values.push([start, offset + 1]);
    }
  }
  // An unclosed value runs to the end of the text (a file being typed).
  if (depth > 0 && deepest <= MAX_DEPTH) values.push([start, text.length]);
  return { values, comments };
}

/** The text with every comment blanked (line breaks kept), so offsets stay the same. */
function blankComments(text: string, comments: ReadonlyArray<readonly [number, number]>): string {
  if (comments.length === 0) return text;
  let out = '';
  let at = 0;
  for (const [start, end] of comments) {
    out += text.slice(at, start) + text.slice(start, end).replace(/[^\r\n]/g, ' ');
    at = end;
  }
  return out + text.slice(at);
}

export function scanJson(source: SourceText): ScanResult {
  const { text } = source;
  const occurrences: SettingOccurrence[] = [];
  const { values, comments } = topLevelValues(text);
  const arrays: OpenArray[] = [];
  let pendingKey: PendingKey | null = null;
  /** Offset of the value being visited in `text`: jsonc-parser's offsets are within that value. */
  let base = 0;

  /** The key the value starting now belongs to, when it may name a setting; consumes it. */
  const takeCandidateKey = (): PendingKey | null => {
    const key = pendingKey;
    pendingKey = null;
    return key !== null && key.colonSeen && mayNameDottedSetting(key.name) ? key : null;
  };

  const emit = (key: PendingKey, parents: string[], valueStart: number, valueEnd: number, quoted: boolean) => {
    const match = matchRule(key.name, ['dotted'], parents);
    if (match === undefined) return;
    const literalStart = quoted ? valueStart - 1 : valueStart;
    const literalEnd = quoted ? valueEnd + 1 : valueEnd;
    const entry: SettingEntry = { start: key.start, end: literalEnd, separator: ',', trailingSeparatorAllowed: false };
    occurrences.push({
      name: key.name,
      match,
      start: key.start,
      end: literalEnd,
      // As written (escapes included), so that replacing valueStart..valueEnd is exact.
      value: text.slice(valueStart, valueEnd),
      valueQuoted: quoted,
      valueStart,
      valueEnd,
      literalStart,
      literalEnd,
      entry,
    });
  };

  const visitor = {
    onObjectProperty: (name: string, offset: number) => {
      pendingKey = { name, start: base + offset, colonSeen: false };
    },
    onSeparator: (character: string) => {
      if (character === ':' && pendingKey !== null && !pendingKey.colonSeen) pendingKey.colonSeen = true;
      else pendingKey = null;
    },
    onLiteralValue: (_value: unknown, at: number, length: number, _line: number, _column: number, pathSupplier: () => JSONPath) => {
      const key = takeCandidateKey();
      if (key === null) return;
      const offset = base + at;
      const quoted = text[offset] === '"';
      // An unterminated string stops at the line break, without its closing quote.
      if (quoted && (length < 2 || text[offset + length - 1] !== '"')) return;
      emit(key, parentKeys(pathSupplier()), quoted ? offset + 1 : offset, quoted ? offset + length - 1 : offset + length, quoted);
    },
    onObjectBegin: () => {
      pendingKey = null;
    },
    onObjectEnd: () => {
      pendingKey = null;
    },
    onArrayBegin: (at: number, _length: number, _line: number, _column: number, pathSupplier: () => JSONPath) => {
      const key = takeCandidateKey();
      arrays.push({ key, start: base + at, parents: key === null ? [] : parentKeys(pathSupplier()) });
    },
    onArrayEnd: (at: number, length: number) => {
      pendingKey = null;
      const offset = base + at;
      const open = arrays.pop();
      // After an error jsonc-parser still ends the array, at whatever token came: only a closed array is a value.
      if (open === undefined || open.key === null || text[offset] !== ']') return;
      const end = offset + length;
      if (end - open.start <= MAX_ARRAY_LENGTH) emit(open.key, open.parents, open.start, end, false);
    },
  } satisfies JSONVisitor;
  for (const [start, end] of values) {
    base = start;
    pendingKey = null;
    arrays.length = 0;
    visit(text.slice(start, end), visitor, { allowTrailingComma: true, disallowComments: false });
  }
  return { code: blankComments(text, comments), occurrences };
}
