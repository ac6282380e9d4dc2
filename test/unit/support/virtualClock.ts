// Time for unit tests: a clock whose timers fire in virtual time, in order, as soon as everything
// else has settled. A reader that backs off for 100 ms or retries for 30 s runs through it at once and
// the same way every time, and tests can say "at 500 ms, append a record" exactly.
import type { ReaderClock } from '../../../src/core/reader/readerClock';

interface Timer {
  at: number;
  seq: number;
  callback: () => void;
}

/**
 * Fires no timer past this much virtual time, nor more than this many timers: a reader that loops
 * for ever fails its test within seconds instead of hanging it (no test here needs a minute).
 */
const VIRTUAL_TIME_LIMIT_MS = 10 * 60_000;
const TIMER_LIMIT = 10_000;

export class VirtualClock implements ReaderClock {
  readonly startedAt: number;
  private current: number;
  private timers: Timer[] = [];
  private seq = 0;
  private fired = 0;
  private pumping = false;
  private stopped = false;

  constructor(startAt = Date.parse('2026-12-01T00:00:00Z')) {
    this.startedAt = startAt;
    this.current = startAt;
  }

  now(): number {
    return this.current;
  }

  /** Virtual milliseconds since the clock was made. */
  elapsed(): number {
    return this.current - this.startedAt;
  }

  setTimer(ms: number, callback: () => void): () => void {
    const timer: Timer = { at: this.current + Math.max(0, ms), seq: this.seq++, callback };
    this.timers.push(timer);
    this.pump();
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  /** Runs `callback` at this virtual time since the start (a test's own event: an append, an abort). */
  at(elapsedMs: number, callback: () => void): void {
    this.setTimer(this.startedAt + elapsedMs - this.current, callback);
  }

  /** Drops every pending timer; call when a test is over. */
  stop(): void {
    this.stopped = true;
    this.timers = [];
  }

  /**
   * Fires the earliest timer once nothing else can run: a setImmediate callback runs only after every
   * pending promise reaction, so by then the code under test is waiting on a timer (or on nothing).
   */
  private pump(): void {
    if (this.pumping || this.stopped) return;
    this.pumping = true;
    setImmediate(() => this.fireNext());
  }

  private fireNext(): void {
    this.pumping = false;
    if (this.stopped || this.timers.length === 0) return;
    this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
    const timer = this.timers.shift()!;
    if (timer.at - this.startedAt > VIRTUAL_TIME_LIMIT_MS || ++this.fired > TIMER_LIMIT) {
      this.stop();
      throw new Error(`VirtualClock: still running after ${this.elapsed()} virtual ms and ${this.fired} timers; the code under test never ends`);
    }
    this.current = Math.max(this.current, timer.at);
    timer.callback();
    this.pump();
  }
}
