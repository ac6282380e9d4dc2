/** What OutputBuffer writes to: the two methods of a vscode.OutputChannel it uses. */
export interface TextPanel {
  append(value: string): void;
  replace(value: string): void;
}

/**
 * Text handed to the panel in one call stays below this many characters. A longer string (a busy
 * tail's flush, or the rewrite after older lines are dropped) is a V8 "large object": it is
 * allocated in the old generation and freed only by a full GC, and VS Code copies each string it
 * is given once more (its byte count, then the log writer). Strings of 1.25 MB four times a second
 * grew the extension host by 60–160 MB before a full GC came (bench/vscodeTail.mjs); chunks this
 * size die young.
 */
export const PANEL_CHUNK_CHARS = 32 * 1024;

/**
 * Lines a rewrite of a full panel starts again from. Few on purpose: the buffer holds only these
 * (not the whole panel), so at thousands of lines a second each line dies young, in V8's new
 * space. Holding the newest half of a 10,000-line panel kept every line alive for a second or two:
 * each was promoted to the old generation and left there as garbage until a full GC, and the
 * extension host grew by 60–100 MB over a minute's tail (bench/vscodeTail.mjs, memoryAtPeak).
 */
export const LINES_KEPT_ON_REWRITE = 1_000;

/**
 * Appends lines to an output channel in batches (a few times a second, never once per record)
 * and keeps the panel bounded: once it would hold more than `maxLines`, it is rewritten with only
 * its newest lines (LINES_KEPT_ON_REWRITE, or half the bound when that is smaller).
 */
export class OutputBuffer {
  private pending: string[] = [];
  /** The newest lines written, at least `keepOnRewrite` of them once there are that many (at most twice that). */
  private recent: string[] = [];
  /** Lines the panel shows now. */
  private shown = 0;
  private timer: NodeJS.Timeout | undefined;
  private lastFlushAt = Number.NEGATIVE_INFINITY;
  private readonly keepOnRewrite: number;

  /**
   * A line waits `flushAfterMs` before it is written, and flushes come at most every `busyFlushEveryMs`:
   * a quiet tail shows each record within a quarter of a second, a busy one updates once a second.
   * Each write of a visible panel comes back to the extension host as a change of the panel's
   * document, which VS Code and extensions (the built-in Merge Conflict reads the whole text) handle
   * on every change: four a second of a busy tail were most of the host's garbage (bench/vscodeTail.mjs).
   */
  constructor(
    private readonly panel: TextPanel,
    private readonly maxLines: number,
    private readonly flushAfterMs = 250,
    private readonly busyFlushEveryMs = 1_000,
    private readonly now: () => number = Date.now,
  ) {
    this.keepOnRewrite = Math.min(LINES_KEPT_ON_REWRITE, Math.floor(maxLines / 2));
  }

  push(lines: string[]): void {
    if (lines.length === 0) return;
    // A loop, not push(...lines): a fetch of small records can hold more lines than a call has room for arguments.
    for (const line of lines) this.pending.push(line);
    // A huge burst never sits in memory beyond what the panel may show.
    if (this.pending.length > this.maxLines) this.pending.splice(0, this.pending.length - this.maxLines);
    this.timer ??= setTimeout(() => this.flush(), Math.max(this.flushAfterMs, this.lastFlushAt + this.busyFlushEveryMs - this.now()));
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0) return;
    this.lastFlushAt = this.now();
    const lines = this.pending;
    this.pending = [];
    for (const line of lines) this.recent.push(line);
    if (this.recent.length > 2 * this.keepOnRewrite) this.recent = this.recent.slice(-this.keepOnRewrite);
    if (this.shown + lines.length > this.maxLines) {
      // Rewriting the panel resends what it keeps, so it keeps little and this happens rarely: at
      // 5,000 lines a second about every two seconds, each time ~1,000 lines.
      const kept = this.recent.slice(-this.keepOnRewrite);
      const [first, ...rest] = chunks([`… older lines dropped (the panel keeps at most ${this.maxLines} lines, then starts again from the newest ${kept.length}: eventBroker.tail.maxOutputLines)`, ...kept]);
      this.panel.replace(first);
      for (const chunk of rest) this.panel.append(chunk);
      this.shown = kept.length + 1;
      return;
    }
    for (const chunk of chunks(lines)) this.panel.append(chunk);
    this.shown += lines.length;
  }

  dispose(): void {
    this.flush();
  }
}

/** The lines as texts of whole lines, each ending in a newline, each under PANEL_CHUNK_CHARS when its lines allow. */
export function chunks(lines: readonly string[]): string[] {
  const out: string[] = [];
  let from = 0;
  let chars = 0;
  for (let i = 0; i < lines.length; i++) {
    const length = lines[i].length + 1;
    if (chars > 0 && chars + length > PANEL_CHUNK_CHARS) {
      out.push(joined(lines, from, i));
      from = i;
      chars = 0;
    }
    chars += length;
  }
  if (from < lines.length) out.push(joined(lines, from, lines.length));
  return out;
}

function joined(lines: readonly string[], from: number, to: number): string {
  let text = '';
  for (let i = from; i < to; i++) text += `${lines[i]}\n`;
  return text;
}
