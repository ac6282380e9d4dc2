// Scanners search code with comments blanked out, so that a commented-out setting is not reported
// and positions stay the same (every comment character becomes a space; line breaks are kept).
// String literals are kept: settings live in them. One linear pass, no regular expressions.

function blank(text: string, start: number, end: number): string {
  return text.slice(start, end).replace(/[^\r\n]/g, ' ');
}

/** Index just past the string literal opening at `start` with `quote`; single-line unless `multiline`. */
function endOfString(text: string, start: number, quote: string, multiline: boolean): number {
  let i = start + quote.length;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '\\') {
      i += 2;
      continue;
    }
    if (text.startsWith(quote, i)) return i + quote.length;
    if (!multiline && (ch === '\n' || ch === '\r')) return i;
    i++;
  }
  return text.length;
}

/**
 * JavaScript, TypeScript, Java, Kotlin: `//` and block comments. Template literals and Java/Kotlin
 * text blocks may span lines. Regular-expression literals are not recognised; a quote inside one can
 * only confuse the state until the end of that line, since ordinary strings stop at line breaks.
 */
export function maskCStyleComments(text: string): string {
  const parts: string[] = [];
  let copiedUpTo = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '/' && text[i + 1] === '/') {
      let end = i + 2;
      while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++;
      parts.push(text.slice(copiedUpTo, i), blank(text, i, end));
      copiedUpTo = i = end;
    } else if (ch === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      const end = close < 0 ? text.length : close + 2;
      parts.push(text.slice(copiedUpTo, i), blank(text, i, end));
      copiedUpTo = i = end;
    } else if (ch === '"' && text.startsWith('"""', i)) {
      i = endOfString(text, i, '"""', true);
    } else if (ch === '"' || ch === "'") {
      i = endOfString(text, i, ch, false);
    } else if (ch === '`') {
      i = endOfString(text, i, '`', true);
    } else {
      i++;
    }
  }
  parts.push(text.slice(copiedUpTo));
  return parts.join('');
}

/**
 * Python: `#` comments, plus the contents of triple-quoted strings, which are almost always
 * docstrings whose examples (`enable_idempotence=True`) must not count as code.
 */
export function maskPythonComments(text: string): string {
  const parts: string[] = [];
  let copiedUpTo = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '#') {
      let end = i + 1;
      while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++;
      parts.push(text.slice(copiedUpTo, i), blank(text, i, end));
      copiedUpTo = i = end;
    } else if ((ch === '"' || ch === "'") && text[i + 1] === ch && text[i + 2] === ch) {
      const end = endOfString(text, i, ch + ch + ch, true);
      const contentEnd = Math.max(i + 3, text.endsWith(ch + ch + ch, end) ? end - 3 : end);
      parts.push(text.slice(copiedUpTo, i + 3), blank(text, i + 3, contentEnd));
      copiedUpTo = contentEnd;
      i = end;
    } else if (ch === '"' || ch === "'") {
      i = endOfString(text, i, ch, false);
    } else {
      i++;
    }
  }
  parts.push(text.slice(copiedUpTo));
  return parts.join('');
}
