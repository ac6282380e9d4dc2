// Everything the CLI prints on stdout goes through here: tables for people, JSON for scripts, JSON
// Lines for record streams. Writes respect backpressure so `| head` and `> /dev/null` stay fast (a
// reader that goes away ends the program quietly: closedPipe.ts). Loaded with the commands' actions,
// not by `ebx --help`.
import type TableClass from 'cli-table3';
import { escapeForTerminal, jsonForTerminal } from '../core/records/render/terminalText';

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

/** A borderless table (columns separated by two spaces), every cell escaped for the terminal. */
export function formatTable(head: string[], rows: Cell[][]): string {
  // Required here, not imported at the top: a JSON or JSON Lines run never runs cli-table3's code
  // (and its string-width and colour packages); the bundler keeps it as a lazily run module.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy load, see above
  const Table = require('cli-table3') as typeof TableClass;
  const table = new Table({
    head,
    chars: {
      top: '', 'top-mid': '', 'top-left': '', 'top-right': '',
      bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '',
      left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '', middle: '  ',
    },
    style: { 'padding-left': 0, 'padding-right': 0, head: [], border: [], compact: true },
  });
  for (const row of rows) table.push(row.map(cellText));
  // cli-table3 pads the last column too; trailing spaces only get in the way of grep and diff.
  return `${table.toString().split('\n').map((line) => line.trimEnd()).join('\n')}\n`;
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
