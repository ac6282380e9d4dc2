/** What OutputBuffer writes to: append, or start again with a text (TailPanel does that in a new output channel). */
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
 * Lines a rewrite of a full panel starts again from (about: whole chunks). Few on purpose: the
 * buffer holds only these (not the whole panel), so at thousands of lines a second little stays
 * alive for long. Holding the newest half of a 10,000-line panel kept every line alive for a second
 * or two: each was promoted to V8's old generation and left there as garbage until a full GC, and
 * the extension host grew by 60–100 MB over a minute's tail (bench/vscodeTail.mjs, memoryAtPeak).
 */
export const LINES_KEPT_ON_REWRITE = 1_000;

/** Lines joined into one text, and how many they are. */
interface Chunk {
  text: string;
  lines: number;
}

/**
 * Appends lines to an output channel in batches (at most every two seconds, never once per record)
 * and keeps the panel bounded: once it would hold more than `maxLines`, it is rewritten with only
 * its newest lines (about LINES_KEPT_ON_REWRITE, or half the bound when that is smaller).
 *
 * Lines are joined into chunks as they come: what waits for the next write is then a few flat
 * strings, not thousands of small ones for the garbage collector to copy while they wait.
 */
export class OutputBuffer {
  /** Lines of the chunk being filled. */
  private open: string[] = [];
  private openChars = 0;
  /** Chunks not written yet, oldest first. */
  private pending: Chunk[] = [];
  private pendingLines = 0;
  /** The newest chunks written, covering at least `keepOnRewrite` lines once there are that many. */
  private recent: Chunk[] = [];
  /** Lines the panel shows now. */
  private shown = 0;
  /** Lines of a burst were dropped before they were written. */
  private droppedUnshown = false;
  private timer: NodeJS.Timeout | undefined;
  private lastFlushAt = Number.NEGATIVE_INFINITY;
  private readonly keepOnRewrite: number;
  /** At most this many lines per chunk, so that a rewrite (whole chunks) stays within the bound. */
  private readonly chunkLines: number;

  /**
   * A line waits `flushAfterMs` before it is written, and flushes come at most every `busyFlushEveryMs`:
   * a quiet tail shows each record within a quarter of a second, a busy one updates every two seconds.
   * Each write of a visible panel comes back to the extension host as a change of the panel's
   * document, which VS Code and extensions (the built-in Merge Conflict reads the whole text) handle
   * on every change: four a second of a busy tail were most of the host's garbage, and at one a
   * second the host's CPU was 0.11-0.13 of a core; at one every two seconds, 0.08-0.10 in the
   * bench's 5 tails (5,000 records/s, bench/vscodeTail.mjs; 0.10-0.11 in 2 earlier runs with
   * code-server's port finder still on).
   */
  constructor(
    private readonly panel: TextPanel,
    private readonly maxLines: number,
    private readonly flushAfterMs = 250,
    private readonly busyFlushEveryMs = 2_000,
    private readonly now: () => number = Date.now,
  ) {
    this.keepOnRewrite = Math.min(LINES_KEPT_ON_REWRITE, Math.floor(maxLines / 2));
    this.chunkLines = Math.max(1, Math.floor(this.keepOnRewrite / 4));
  }

  push(lines: readonly string[]): void {
    if (lines.length === 0) return;
    for (const line of lines) {
      if (this.open.length >= this.chunkLines || (this.open.length > 0 && this.openChars + line.length + 1 > PANEL_CHUNK_CHARS)) this.seal();
      this.open.push(line);
      this.openChars += line.length + 1;
    }
    // A huge burst never sits in memory beyond what the panel may show (and the panel then starts
    // again, with the sentence that says older lines were dropped).
    while (this.pending.length > 0 && this.pendingLines + this.open.length > this.maxLines) {
      this.pendingLines -= this.pending.shift()!.lines;
      this.droppedUnshown = true;
    }
    this.timer ??= setTimeout(() => this.flush(), Math.max(this.flushAfterMs, this.lastFlushAt + this.busyFlushEveryMs - this.now()));
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.seal();
    if (this.pending.length === 0) return;
    this.lastFlushAt = this.now();
    const chunks = this.pending;
    const lines = this.pendingLines;
    this.pending = [];
    this.pendingLines = 0;
    for (const chunk of chunks) this.recent.push(chunk);
    this.recent = newestCovering(this.recent, this.keepOnRewrite);
    if (this.shown + lines > this.maxLines || this.droppedUnshown) {
      this.droppedUnshown = false;
      // Rewriting the panel resends what it keeps, so it keeps little and this happens rarely: at
      // 5,000 lines a second about every two seconds, each time ~1,000 lines.
      const keptLines = this.recent.reduce((n, c) => n + c.lines, 0);
      this.panel.replace(`… older lines dropped (the panel keeps at most ${this.maxLines} lines, then starts again from the newest ${keptLines}: eventBroker.tail.maxOutputLines)\n`);
      for (const chunk of this.recent) this.panel.append(chunk.text);
      this.shown = keptLines + 1;
      return;
    }
    for (const chunk of chunks) this.panel.append(chunk.text);
    this.shown += lines;
  }

  dispose(): void {
    this.flush();
  }

  /** The open chunk joins the pending ones. */
  private seal(): void {
    if (this.open.length === 0) return;
    const lines = this.open.length;
    // The empty last element gives the final newline within the join: one flat string.
    this.open.push('');
    this.pending.push({ text: this.open.join('\n'), lines });
    this.pendingLines += lines;
    this.open = [];
    this.openChars = 0;
  }
}

/** The fewest newest chunks that hold at least `lines` lines (all of them when they hold fewer). */
function newestCovering(chunks: Chunk[], lines: number): Chunk[] {
  let from = chunks.length;
  for (let held = 0; from > 0 && held < lines; ) held += chunks[--from].lines;
  return from === 0 ? chunks : chunks.slice(from);
}
