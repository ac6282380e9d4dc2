// Answers that heal by themselves within a second or two, asked again instead of shown to the user:
// - a partition's metadata can run ahead of its broker: just after the partition is created (or its
//   leader moves), Metadata already names the leader while that broker still answers "not the
//   leader" for a moment;
// - a group's coordinator loads the group after it is created or moves (on Kafka 4 also for a
//   group it has never seen), answering "load in progress", or "not the coordinator" while it moves.
// Only for reads (watermarks, a tail's start, a group's commits): a change is never sent twice here.
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

// Under both names: the protocol's and kafkajs's older ones (codes 14–16).
const COORDINATOR_LOADING_CODES: ReadonlySet<string> = new Set([
  'COORDINATOR_LOAD_IN_PROGRESS',
  'GROUP_LOAD_IN_PROGRESS',
  'NOT_COORDINATOR',
  'NOT_COORDINATOR_FOR_GROUP',
  'COORDINATOR_NOT_AVAILABLE',
  'GROUP_COORDINATOR_NOT_AVAILABLE',
]);

/** About three seconds in all: longer than a leader or a coordinator takes to settle, shorter than any timeout. */
export const SETTLING_DELAYS_MS: readonly number[] = [100, 200, 400, 800, 1600];

export function isLeaderSettling(err: unknown): boolean {
  return err instanceof BrokerError && LEADER_SETTLING_CODES.has(err.code ?? '');
}

export function isCoordinatorLoading(err: unknown): boolean {
  return err instanceof BrokerError && COORDINATOR_LOADING_CODES.has(err.code ?? '');
}

/**
 * Runs `work` (which must read its metadata afresh each time) and runs it again while it fails
 * only because a leader is settling; any other error, or the last one, is thrown as it came.
 */
export function askAgainWhileLeadersSettle<T>(work: () => Promise<T>, clock: ReaderClock = systemClock): Promise<T> {
  return askAgainWhile(isLeaderSettling, work, clock);
}

/** The same for work on a group (which must find the group's coordinator afresh each time). */
export function askAgainWhileCoordinatorLoads<T>(work: () => Promise<T>, clock: ReaderClock = systemClock): Promise<T> {
  return askAgainWhile(isCoordinatorLoading, work, clock);
}

async function askAgainWhile<T>(heals: (err: unknown) => boolean, work: () => Promise<T>, clock: ReaderClock): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (!heals(err) || attempt >= SETTLING_DELAYS_MS.length) throw err;
      await sleep(clock, SETTLING_DELAYS_MS[attempt]);
    }
  }
}
