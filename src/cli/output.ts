// Everything the CLI prints on stdout goes through here: tables for people, JSON for scripts, JSON
// Lines for record streams. Writes respect backpressure so `| head` and `> /dev/null` stay fast (a
// reader that goes away ends the program quietly: closedPipe.ts). Loaded with the commands' actions,
// not by `ebx --help`.
import { escapeForTerminal, jsonForTerminal } from '../core/rendering/terminalText';

export type Cell = string | number | boolean | null | undefined;

/** One write; waits for 'drain' when the stream buffer is full. */
export async function writeOut(text: string | Buffer, stream: NodeJS.WritableStream = process.stdout): Promise<void> {
  if (text.length === 0 || stream.write(text)) return;
  await new Promise<void>((resolve, reject) => {
    const onDrain = () => {
      stream.off('error', onError);
      resolve();
    };
    const onError = (err: Error) => {
      stream.off('drain', onDrain);
      reject(err);
    };
    stream.once('drain', onDrain);
    stream.once('error', onError);
  });
}

export function printJson(value: unknown): Promise<void> {
  return writeOut(`${jsonForTerminal(value, 2)}\n`);
}

/** JSON Lines: each batch becomes one write of one line per item. */
export class JsonLinesWriter {
  private written = 0;
  constructor(private readonly stream: NodeJS.WritableStream = process.stdout) {}

  get count(): number {
    return this.written;
  }

  /** Lines already made (each ending in "\n" and escaped for the terminal), `count` of them. */
  async writeLines(text: Buffer, count: number): Promise<void> {
    if (count === 0) return;
    this.written += count;
    await writeOut(text, this.stream);
  }

  async writeBatch(items: readonly unknown[]): Promise<void> {
    if (items.length === 0) return;
    let text = '';
    for (const item of items) text += `${jsonForTerminal(item)}\n`;
    this.written += items.length;
    await writeOut(text, this.stream);
  }
}

/**
 * A borderless table (columns separated by two spaces), every cell escaped for the terminal, each
 * column as wide as its widest cell in terminal columns (a CJK character takes two), no trailing
 * spaces. The same text cli-table3 drew with these options (test/unit/tableText.test.ts compares
 * them), in time that grows with the cells: cli-table3's layout checks every cell against every
 * other for spans, which took 7–9 CPU seconds for the 10,000 rows of `ebx partitions` (issue 25).
 */
export function formatTable(head: string[], rows: Cell[][]): string {
  // Required here, not imported at the top: a JSON or JSON Lines run never loads it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy load, see above
  const stringWidth = require('string-width') as (text: string) => number;
  const lines = [head, ...rows.map((row) => row.map(cellText))];
  const widthsOf = lines.map((line) => line.map((cell) => widthOf(cell, stringWidth)));
  const columnWidths: number[] = [];
  // At least one column wide, as cli-table3 made even an empty column.
  for (const widths of widthsOf) widths.forEach((w, c) => (columnWidths[c] = Math.max(columnWidths[c] ?? 1, w)));
  const columns = columnWidths.length;
  let text = '';
  lines.forEach((line, l) => {
    let out = '';
    for (let c = 0; c < columns; c++) {
      const cell = line[c] ?? '';
      out += (c === 0 ? '' : '  ') + cell + ' '.repeat(columnWidths[c] - (widthsOf[l][c] ?? 0));
    }
    text += `${out.trimEnd()}\n`;
  });
  return text;
}

/** Printable ASCII is one column a character: the common case, without string-width's scan. */
function widthOf(cell: string, stringWidth: (text: string) => number): number {
  return /^[\x20-\x7e]*$/.test(cell) ? cell.length : stringWidth(cell);
}

export function printTable(head: string[], rows: Cell[][]): Promise<void> {
  return writeOut(formatTable(head, rows));
}

export function printLine(text: string): Promise<void> {
  return writeOut(`${text}\n`);
}

function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '-';
  return escapeForTerminal(String(cell));
}
