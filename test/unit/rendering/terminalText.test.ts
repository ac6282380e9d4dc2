// Text from the broker must not be able to drive the terminal: every control character is shown, not obeyed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { escapeForTerminal, jsonForTerminal } from '../../../src/core/rendering/terminalText';
import { formatTable } from '../../../src/cli/output';

const cases: [string, string, string][] = [
  ['plain text is unchanged', 'orders-2026 é ü 日本 🙂', 'orders-2026 é ü 日本 🙂'],
  ['ESC sequences become visible', '\u001b[31mred\u001b[0m', '\\x1b[31mred\\x1b[0m'],
  ['newline, carriage return and tab are named', 'a\nb\rc\td', 'a\\nb\\rc\\td'],
  ['NUL and BEL', '\u0000\u0007', '\\x00\\x07'],
  ['DEL', 'x\u007fy', 'x\\x7fy'],
  ['C1 controls, including the one-character CSI', '\u0085\u009b2J\u009d', '\\x85\\x9b2J\\x9d'],
  ['line and paragraph separators', 'a\u2028b\u2029c', 'a\\u2028b\\u2029c'],
  ['bidirectional overrides and isolates', '\u202eevil\u202c \u2066x\u2069', '\\u202eevil\\u202c \\u2066x\\u2069'],
  ['U+00A0 and later Latin-1 are printable', '\u00a0\u00ff', '\u00a0\u00ff'],
  ['empty string', '', ''],
];

for (const [name, input, expected] of cases) {
  test(`escapeForTerminal: ${name}`, () => {
    assert.equal(escapeForTerminal(input), expected);
  });
}

test('jsonForTerminal: escapes DEL, C1 and separators and stays valid JSON that round-trips', () => {
  const value = { v: 'a\u007f\u009b[2J\u2028\u202e\u001b', n: 5, k: null };
  const text = jsonForTerminal(value);
  // eslint-disable-next-line no-control-regex -- control characters are what this test looks for
  assert.doesNotMatch(text, /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e]/);
  assert.match(text, /\\u009b/);
  assert.deepEqual(JSON.parse(text), value);
});

test('jsonForTerminal: indentation is kept', () => {
  assert.equal(jsonForTerminal({ a: 1 }, 2), '{\n  "a": 1\n}');
});

test('formatTable: borderless columns, escaped cells, "-" for null, no trailing spaces', () => {
  const text = formatTable(['NAME', 'VALUE'], [['a\u001b[2J', null], ['long-name', 7]]);
  assert.equal(text, 'NAME       VALUE\na\\x1b[2J   -\nlong-name  7\n');
});

test('escaping is reversible information, not loss: the escaped text names every character', () => {
  const escapes = '\u001b]0;pwned\u0007\u001b[2J\u001b[31mred\u009b31m\r\b\u0000\u007f\u202eevil\u2028line\u2066end';
  assert.equal(escapeForTerminal(escapes), '\\x1b]0;pwned\\x07\\x1b[2J\\x1b[31mred\\x9b31m\\r\\x08\\x00\\x7f\\u202eevil\\u2028line\\u2066end');
  const json = jsonForTerminal({ value: escapes });
  // eslint-disable-next-line no-control-regex -- control characters are what this test looks for
  assert.doesNotMatch(json, /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
  assert.deepEqual(JSON.parse(json), { value: escapes }, 'the JSON a terminal sees parses back to the exact value');
});
