import type * as vscode from 'vscode';

/**
 * Appends lines to an output channel in batches (a few times a second, never once per record)
 * and keeps the panel bounded: past `maxLines` the oldest lines are dropped.
 */
export class OutputBuffer {
  private pending: string[] = [];
  private kept: string[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly channel: vscode.OutputChannel,
    private readonly maxLines: number,
    private readonly flushEveryMs = 250,
  ) {}

  push(lines: string[]): void {
    if (lines.length === 0) return;
    // A loop, not push(...lines): a fetch of small records can hold more lines than a call has room for arguments.
    for (const line of lines) this.pending.push(line);
    // A huge burst never sits in memory beyond what the panel may show.
    if (this.pending.length > this.maxLines) this.pending.splice(0, this.pending.length - this.maxLines);
    this.timer ??= setTimeout(() => this.flush(), this.flushEveryMs);
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0) return;
    const lines = this.pending;
    this.pending = [];
    for (const line of lines) this.kept.push(line);
    if (this.kept.length > this.maxLines) {
      // Replacing rewrites the whole panel, so do it rarely: keep the newest half of the bound, which
      // leaves room for maxLines / 2 plain appends before the next rewrite. Each line is then written
      // about twice in all, however fast records arrive (trimming to the full bound rewrote the whole
      // panel on every flush of a busy tail: bench/vscodeTail.mjs).
      this.kept.splice(0, this.kept.length - Math.floor(this.maxLines / 2));
      this.channel.replace(`… older lines dropped (the panel keeps at most ${this.maxLines} lines: eventBroker.tail.maxOutputLines)\n${this.kept.join('\n')}\n`);
      return;
    }
    this.channel.append(`${lines.join('\n')}\n`);
  }

  dispose(): void {
    this.flush();
  }
}
