// Runs one read now and then again every interval, only while resumed: Watch Lag resumes it when
// the watch starts and pauses it when the panel is closed, so a group nobody watches costs no
// request. A failed read is retried later and later (doubling, up to a cap), and reported
// once per failure to the caller, which shows it as a sentence — never a popup per sample.
// No vscode import: plain timers and an AbortSignal.

export interface SamplerHooks<T> {
  read(signal: AbortSignal): Promise<T>;
  /** Read again before each wait, so a changed setting applies from the next sample on. */
  intervalMs(): number;
  sampled(value: T): void;
  failed(error: unknown, retryInMs: number): void;
}

/** The longest wait between retries after failures (unless the interval itself is longer). */
export const MAX_BACKOFF_MS = 120_000;

/** The wait after `failures` failures in a row: the interval, doubled per failure, capped. */
export function retryDelayMs(intervalMs: number, failures: number): number {
  return Math.min(intervalMs * 2 ** failures, Math.max(intervalMs, MAX_BACKOFF_MS));
}

export class RepeatingSampler<T> {
  private active = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The read under way (or the last one); aborted on pause. */
  private current: AbortController | undefined;
  private failures = 0;

  constructor(private readonly hooks: SamplerHooks<T>) {}

  get running(): boolean {
    return this.active;
  }

  /** Samples now and keeps sampling; a no-op while already running. */
  resume(): void {
    if (this.active) return;
    this.active = true;
    void this.sample();
  }

  /** Stops at once: no further read starts, and the one under way is aborted and ignored. */
  pause(): void {
    this.active = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.current?.abort();
    this.current = undefined;
  }

  private async sample(): Promise<void> {
    const controller = new AbortController();
    this.current = controller;
    let outcome: { value: T } | { error: unknown };
    try {
      outcome = { value: await this.hooks.read(controller.signal) };
    } catch (error) {
      outcome = { error };
    }
    if (controller.signal.aborted) return;
    let wait: number;
    if ('value' in outcome) {
      this.failures = 0;
      wait = this.hooks.intervalMs();
      this.hooks.sampled(outcome.value);
    } else {
      this.failures++;
      wait = retryDelayMs(this.hooks.intervalMs(), this.failures);
      this.hooks.failed(outcome.error, wait);
    }
    if (!this.active || this.current !== controller) return;
    this.timer = setTimeout(() => void this.sample(), wait);
  }
}
