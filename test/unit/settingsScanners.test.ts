// What the library-backed JSON and YAML scanners read that the hand-written ones did not:
// JSON with comments between key and value, trailing commas, escaped keys, half-typed files and
// several top-level values (jsonc-parser); YAML flow collections, anchors and aliases, several
// documents, multi-line quoted scalars, complex keys, tags and syntax errors (the yaml package).
// Exact positions and fixes, then: every fix removes its finding and leaves the file parseable.

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { parseAllDocuments } from 'yaml';
import { findUnsupportedSettings } from '../../src/core/settings/findUnsupportedSettings';
import type { SettingEdit, SettingFinding } from '../../src/core/settings/settingFinding';

/** Setting, value, [line, column, endLine, endColumn] (1-based, end exclusive), and the fix edit or null. */
type Expected = [string, string, [number, number, number, number], [number, number, number, number, string] | null];

interface Case {
  name: string;
  text: string;
  /** One per finding, in file order. */
  expected: Expected[];
}

function shape(finding: SettingFinding): Expected {
  const edit = finding.fix?.edit;
  return [
    finding.setting,
    finding.value,
    [finding.line, finding.column, finding.endLine, finding.endColumn],
    edit === undefined ? null : [edit.line, edit.column, edit.endLine, edit.endColumn, edit.newText],
  ];
}

/** Offset of a 1-based line and column (\n line breaks only: these texts have no others). */
function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let current = 1; current < line; current++) offset = text.indexOf('\n', offset) + 1;
  return offset + column - 1;
}

function applyEdit(text: string, edit: SettingEdit): string {
  return text.slice(0, offsetOf(text, edit.line, edit.column)) + edit.newText + text.slice(offsetOf(text, edit.endLine, edit.endColumn));
}

const json: Case[] = [
  {
    name: 'a comment between key and value, and one after the entry',
    text: '{\n  "client.rack": /* where */ "r", // rack\n  "a": 1\n}\n',
    expected: [['client.rack', 'r', [2, 3, 2, 33], [2, 1, 3, 1, '']]],
  },
  {
    name: 'a trailing comma',
    text: '{\n  "a": 1,\n  "compression.type": "gzip",\n}\n',
    expected: [['compression.type', 'gzip', [3, 3, 3, 29], [3, 24, 3, 28, 'none']]],
  },
  {
    name: 'a key written with an escape',
    text: '{"client\\u002erack": "r"}',
    expected: [['client.rack', 'r', [1, 2, 1, 25], [1, 2, 1, 25, '']]],
  },
  {
    name: 'a file being typed (unclosed object, missing value)',
    text: '{\n  "enable.idempotence": true,\n  "acks": \n',
    expected: [['enable.idempotence', 'true', [2, 3, 2, 29], [2, 25, 2, 29, 'false']]],
  },
  {
    name: 'several top-level values (JSON Lines)',
    text: '{"client.rack": "a"}\n{"client.rack": "b"}\n',
    expected: [
      ['client.rack', 'a', [1, 2, 1, 20], [1, 2, 1, 20, '']],
      ['client.rack', 'b', [2, 2, 2, 20], [2, 2, 2, 20, '']],
    ],
  },
  {
    name: 'a value nested too deep to be a setting is skipped, the next one is read',
    text: `${'['.repeat(5000)}${']'.repeat(5000)}\n{"client.rack": "r"}`,
    expected: [['client.rack', 'r', [2, 2, 2, 20], [2, 2, 2, 20, '']]],
  },
];

const yaml: Case[] = [
  {
    name: 'flow mappings, nested',
    text: 'kafka: {producer: {compression.type: gzip}, client.rack: r}\n',
    expected: [
      ['compression.type', 'gzip', [1, 20, 1, 42], [1, 38, 1, 42, 'none']],
      ['client.rack', 'r', [1, 45, 1, 59], [1, 43, 1, 59, '']],
    ],
  },
  {
    name: 'an alias reads as its anchor; the fix replaces the alias',
    text: 'codecs:\n  default: &codec gzip\nspring:\n  kafka:\n    producer:\n      compression-type: *codec\n',
    expected: [['compression.type', 'gzip', [6, 7, 6, 31], [6, 25, 6, 31, 'none']]],
  },
  {
    name: 'several documents',
    text: 'client.rack: a\n---\nenable.idempotence: true\n',
    expected: [
      ['client.rack', 'a', [1, 1, 1, 15], [1, 1, 2, 1, '']],
      ['enable.idempotence', 'true', [3, 1, 3, 25], [3, 21, 3, 25, 'false']],
    ],
  },
  {
    name: 'a quoted scalar over two lines, folded as YAML folds it',
    text: 'client.rack: "us-east-\n  1a"\n',
    expected: [['client.rack', 'us-east- 1a', [1, 1, 2, 6], [1, 1, 3, 1, '']]],
  },
  {
    name: 'a flow list of assignors',
    text: 'partition.assignment.strategy: [range, cooperative-sticky]\n',
    expected: [['partition.assignment.strategy', 'range,cooperative-sticky', [1, 1, 1, 59], [1, 32, 1, 59, 'range,roundrobin']]],
  },
  {
    name: 'a block list with a comment among its items',
    text: 'partition.assignment.strategy:\n  # the old one first\n  - range\n  - cooperative-sticky\nnext: 1\n',
    expected: [['partition.assignment.strategy', 'range,cooperative-sticky', [1, 1, 4, 23], [3, 5, 4, 23, 'range,roundrobin']]],
  },
  {
    name: 'a complex key (no removal: its line starts with `?`)',
    text: '? client.rack\n: r\n',
    expected: [['client.rack', 'r', [1, 3, 2, 4], null]],
  },
  {
    name: 'a tag and a comment around the value',
    text: 'client.rack: !!str r  # tagged\n',
    expected: [['client.rack', 'r', [1, 1, 1, 21], [1, 1, 2, 1, '']]],
  },
  {
    name: 'a quoted key under nested keys, with a single-quoted value',
    text: 'spring:\n  kafka:\n    properties:\n      "enable.idempotence": \'true\'\n',
    expected: [['enable.idempotence', 'true', [4, 7, 4, 35], [4, 30, 4, 34, 'false']]],
  },
  {
    name: 'a syntax error does not hide the settings around it',
    text: 'client.rack: a\nbad: [unclosed\nenable.idempotence: true\n',
    expected: [
      ['client.rack', 'a', [1, 1, 1, 15], [1, 1, 2, 1, '']],
      ['enable.idempotence', 'true', [3, 1, 3, 25], [3, 21, 3, 25, 'false']],
    ],
  },
  {
    name: 'a block scalar stays text, also as the value of a setting',
    text: 'client.rack: |\n  us-east-1a\ndescription: >\n  enable.idempotence: true\n',
    expected: [],
  },
];

/** jsonc-parser's errors for `text`; a text too deep for its recursion (Node 22's stack is smaller than 20's) counts as not parsing. */
function jsonErrors(text: string): unknown[] {
  const errors: ParseError[] = [];
  try {
    parseJsonc(text, errors, { allowTrailingComma: true });
  } catch (e) {
    if (e instanceof RangeError) return [e.message];
    throw e;
  }
  return errors;
}

function yamlErrors(text: string): unknown[] {
  return parseAllDocuments(text).flatMap((document) => document.errors);
}

for (const [dialect, cases, errorsOf] of [
  ['json', json, jsonErrors],
  ['yaml', yaml, yamlErrors],
] as const) {
  describe(`${dialect} scanner`, () => {
    for (const { name, text, expected } of cases) {
      test(name, () => {
        assert.deepEqual(findUnsupportedSettings(text, dialect, 'vast').map(shape), expected);
      });
    }

    describe('applying a fix removes its finding and keeps the file parseable', () => {
      for (const { name, text } of cases) {
        const parsedCleanly = errorsOf(text).length === 0;
        findUnsupportedSettings(text, dialect, 'vast').forEach((finding, index) => {
          const edit = finding.fix?.edit;
          if (edit === undefined) return;
          test(`${name} #${index + 1}`, () => {
            const fixed = applyEdit(text, edit);
            const countOf = (source: string) => findUnsupportedSettings(source, dialect, 'vast').filter((other) => other.ruleId === finding.ruleId).length;
            assert.equal(countOf(fixed), countOf(text) - 1, fixed);
            if (parsedCleanly) assert.deepEqual(errorsOf(fixed), [], fixed);
          });
        });
      }
    });
  });
}
