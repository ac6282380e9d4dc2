// Waits that cannot hang a test: each has a deadline, and missing it fails the test with a sentence
// that says what did not happen (not a bare test timeout, and never a silent pass).
import { setTimeout as sleep } from 'node:timers/promises';

/** What a wait is for; a function to say how far it got when the deadline passes. */
type What = string | (() => string);
const missedDeadline = (what: What, ms: number) => new Error(`no ${typeof what === 'string' ? what : what()} within ${ms / 1000} s`);

/** `promise`'s result, or an error "no <what> within N s" once `ms` have passed. */
export async function withDeadline<T>(promise: Promise<T>, ms: number, what: What): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const missed = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(missedDeadline(what, ms)), ms);
  });
  try {
    return await Promise.race([promise, missed]);
  } finally {
    clearTimeout(timer);
  }
}

/** Checks `condition` every `everyMs` until it holds; fails with "no <what> within N s" after `ms`. */
export async function waitUntil(condition: () => boolean, ms: number, what: What, everyMs = 100): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw missedDeadline(what, ms);
    await sleep(everyMs);
  }
}
