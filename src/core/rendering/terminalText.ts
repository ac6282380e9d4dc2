// The terminal's and the output panel's policy (the CLI and the tail panel): a key, value, group id
// or topic name comes from whoever wrote to the broker. Printed raw, an ESC or a C1 control (U+009B
// is a one-character CSI) could move the cursor, retitle the window or hide text; bidirectional
// overrides can make text read differently from what it is. We show them as visible escapes instead.
// VS Code's output panel gets the same treatment: a person reads it as they read a terminal.

import { isPaired, isSurrogate, SURROGATES } from './loneSurrogates';

// C0 (incl. ESC, newline, tab), DEL, C1, line/paragraph separators, bidi embeddings/overrides/isolates,
// and surrogates (kept when paired; a lone one would print as U+FFFD).
const UNSAFE_IN_TEXT = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069${SURROGATES}]`, 'g');
// JSON.stringify already escapes C0 and lone surrogates; these are the rest a terminal might act on.
const UNSAFE_IN_JSON = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function visibleEscape(ch: string, at: number, text: string): string {
  const named = NAMED[ch];
  if (named) return named;
  const code = ch.charCodeAt(0);
  if (isSurrogate(code) && isPaired(text, at)) return ch;
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * Text safe to print on a terminal or in the output panel: control characters become `\n`, `\x1b`,
 * `\u2028`, …, and a lone surrogate `\ud800` (printed, it would be U+FFFD).
 */
export function escapeForTerminal(text: string): string {
  return text.replace(UNSAFE_IN_TEXT, visibleEscape);
}

const jsonEscape = (ch: string) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** JSON.stringify, plus `\uXXXX` escapes for the characters JSON leaves raw but a terminal may obey. Still valid JSON. */
export function jsonForTerminal(value: unknown, indent?: number): string {
  return escapeJsonForTerminal(JSON.stringify(value, null, indent));
}

/**
 * Text made of JSON.stringify output (any number of JSON Lines) with the characters JSON leaves raw
 * but a terminal may obey turned into `\uXXXX`. Those characters can only be inside JSON strings,
 * so one pass over a whole batch of lines equals one pass per line.
 */
export function escapeJsonForTerminal(jsonText: string): string {
  return jsonText.replace(UNSAFE_IN_JSON, jsonEscape);
}

// A tool's answer (MCP, VS Code's language-model tools) is lines of prose and JSON Lines that an
// agent may print on a terminal: its line breaks and tabs stay, everything else a terminal might
// obey is escaped. Always as `\uXXXX` (or `\r`): inside a JSON string that is the same character,
// so each JSON line still parses to what it said.
const UNSAFE_IN_LINES = new RegExp(`[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069${SURROGATES}]`, 'g');

function linesEscape(ch: string, at: number, text: string): string {
  if (ch === '\r') return '\\r';
  if (isSurrogate(ch.charCodeAt(0)) && isPaired(text, at)) return ch;
  return jsonEscape(ch);
}

/** Multi-line text safe to print on a terminal, line breaks kept; JSON in it stays valid and unchanged in meaning. */
export function escapeLinesForTerminal(text: string): string {
  return text.replace(UNSAFE_IN_LINES, linesEscape);
}
