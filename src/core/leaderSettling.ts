// A partition's metadata can run ahead of its broker: just after the partition is created (or its
// leader moves), Metadata already names the leader while that broker still answers "not the
// leader" for a moment. One-shot reads (watermarks, the start of a tail) ask again briefly instead
// of showing the user an error that heals by itself within a second.
import { BrokerError } from './brokerError';
import { sleep } from './reader/abortableWaits';
import { systemClock, type ReaderClock } from './reader/readerClock';

const LEADER_SETTLING_CODES: ReadonlySet<string> = new Set([
  'NOT_LEADER_FOR_PARTITION',
  'NOT_LEADER_OR_FOLLOWER',
  'LEADER_NOT_AVAILABLE',
  'UNKNOWN_LEADER_EPOCH',
  'FENCED_LEADER_EPOCH',
]);

/** About three seconds in all: longer than a leader takes to settle, shorter than any timeout. */
export const LEADER_SETTLING_DELAYS_MS: readonly number[] = [100, 200, 400, 800, 1600];

export function isLeaderSettling(err: unknown): boolean {
  return err instanceof BrokerError && LEADER_SETTLING_CODES.has(err.code ?? '');
}

/**
 * Runs `work` (which must read its metadata afresh each time) and runs it again while it fails
 * only because a leader is settling; any other error, or the last one, is thrown as it came.
 */
export async function askAgainWhileLeadersSettle<T>(work: () => Promise<T>, clock: ReaderClock = systemClock): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (!isLeaderSettling(err) || attempt >= LEADER_SETTLING_DELAYS_MS.length) throw err;
      await sleep(clock, LEADER_SETTLING_DELAYS_MS[attempt]);
    }
  }
}
