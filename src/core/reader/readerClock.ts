// Where the reader gets the time and its timers. The product uses the system's; the unit tests pass
// a virtual clock, so backoff, retries and silent fetches are exercised in virtual time: exactly
// and at once, without real sleeps.

export interface ReaderClock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Calls `callback` once after `ms`; returns a function that cancels it. */
  setTimer(ms: number, callback: () => void): () => void;
}

export const systemClock: ReaderClock = {
  now: () => Date.now(),
  setTimer(ms, callback) {
    const timer = setTimeout(callback, ms);
    return () => clearTimeout(timer);
  },
};
