// The CLI's tables (src/cli/output.ts formatTable) against cli-table3, which drew them until its
// layout's cost grew with the square of the rows (7–9 CPU seconds for `ebx partitions` of 10,000
// partitions): the same text for the same cells, wide and combining characters included, and a
// table of 20,000 rows drawn in one pass.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Table from 'cli-table3';
import { formatTable, type Cell } from '../../src/cli/output';
import { escapeForTerminal } from '../../src/core/rendering/terminalText';

/** What formatTable drew before, with the options it gave cli-table3. */
function cliTable3Text(head: string[], rows: Cell[][]): string {
  const table = new Table({
    head,
    chars: {
      top: '', 'top-mid': '', 'top-left': '', 'top-right': '',
      bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '',
      left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '', middle: '  ',
    },
    style: { 'padding-left': 0, 'padding-right': 0, head: [], border: [], compact: true },
  });
  for (const row of rows) table.push(row.map((cell) => (cell === null || cell === undefined ? '-' : escapeForTerminal(String(cell)))));
  return `${table.toString().split('\n').map((line) => line.trimEnd()).join('\n')}\n`;
}

// ASCII, CJK (two columns), an emoji, a combining accent, a zero-width joiner, controls (escaped).
const PIECES = ['a', 'topic', '7', ' ', '漢', '字', '😀', 'e\u0301', '\u200d', '\x1b[31m', '\n', 'ü', '-'];

function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

describe('formatTable', () => {
  test('draws what cli-table3 drew, for 300 random tables', () => {
    const random = seeded(25);
    const text = () => Array.from({ length: Math.floor(random() * 5) }, () => PIECES[Math.floor(random() * PIECES.length)]).join('');
    for (let t = 0; t < 300; t++) {
      const columns = 1 + Math.floor(random() * 5);
      const head = Array.from({ length: columns }, (_, c) => (random() < 0.2 ? '' : `COL${c}${random() < 0.3 ? ' 漢' : ''}`));
      const rows: Cell[][] = Array.from({ length: Math.floor(random() * 6) }, () =>
        Array.from({ length: columns }, () => {
          const r = random();
          return r < 0.1 ? null : r < 0.2 ? Math.floor(random() * 1e6) : r < 0.25 ? true : text();
        }),
      );
      assert.equal(formatTable(head, rows), cliTable3Text(head, rows), `table ${t}: ${JSON.stringify({ head, rows })}`);
    }
  });

  test('a header alone, and the columns two spaces apart with no trailing spaces', () => {
    assert.equal(formatTable(['TOPIC', 'PARTITIONS'], []), 'TOPIC  PARTITIONS\n');
    assert.equal(formatTable(['A', 'B', 'C'], [['xyz', null, ''], ['q', 12, 'z']]), 'A    B   C\nxyz  -\nq    12  z\n');
  });

  test('20,000 rows: every row drawn, the columns as wide as the widest cell', () => {
    const rows: Cell[][] = Array.from({ length: 20_000 }, (_, i) => ['orders', i, i * 1000, i % 7 === 1 ? '漢字' : 'x']);
    const lines = formatTable(['TOPIC', 'PARTITION', 'END', 'NOTE'], rows).split('\n');
    assert.equal(lines.length, 20_002); // the header, the rows, and the empty string after the last newline
    assert.equal(lines[20_000], 'orders  19999      19999000  x');
    assert.equal(lines[2], 'orders  1          1000      漢字');
  });
});
