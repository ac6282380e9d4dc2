// The reader's three ways of waiting. Each one lets go of the abort listener (and its timer) as soon
// as it is over, so a long read does not pile up listeners or keep old results reachable.
import { abortError } from '../errors';
import type { ReaderClock } from './readerClock';

/** Resolves after `ms`; rejects with an AbortError as soon as the signal aborts. */
export function sleep(clock: ReaderClock, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const onAbort = () => {
      cancel();
      reject(abortError());
    };
    const cancel = clock.setTimer(ms, () => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    });
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * `work`, or an AbortError as soon as the signal aborts (the work goes on unobserved, and its own
 * failure is handled here, so it never becomes an unhandled rejection). The abort listener is removed
 * when the work settles: racing every fetch against one long-lived "aborted" promise instead would
 * keep each fetched batch reachable from that promise until the read ends (a leak of every record read).
 */
export async function untilAborted<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) {
    work.catch(() => undefined);
    throw abortError();
  }
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    // The race also handles a later failure of `work`, so it never surfaces as an unhandled rejection.
    return await Promise.race([work, aborted]);
  } finally {
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}

/** Waits for `work`, but no longer than `ms` or until the signal aborts (the work goes on unobserved). */
export async function within(clock: ReaderClock, work: Promise<unknown>, ms: number, signal?: AbortSignal): Promise<void> {
  let cancelTimer: (() => void) | undefined;
  let onAbort: (() => void) | undefined;
  const limit = new Promise<void>((resolve) => {
    cancelTimer = clock.setTimer(ms, resolve);
    onAbort = () => resolve();
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    await Promise.race([work, limit]);
  } finally {
    cancelTimer?.();
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}
