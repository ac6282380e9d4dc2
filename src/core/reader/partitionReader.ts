// Reads partitions by assigning them to ourselves: Fetch requests straight to each leader, no
// JoinGroup, no OffsetCommit, on any path. VAST allows only 256 groups, and a consumer with a
// throwaway group id would use one up; a reader like this leaves nothing behind on the broker.
//
// One round of the loop below: look for new partitions (tail), start a fetch on every leader that
// has none in flight (leaderFetches.ts), take the first answer, and either hand out its records
// (applyFetched.ts) or recover from its error (fetchErrorRecovery.ts).
import type { ClusterAccess, FetchLimits } from '../clusterAccess';
import type { Logger } from '../logger';
import { isAbort } from '../errors';
import { PartitionPositions, type ReadPosition } from './partitionPositions';
import { LeaderFetches } from './leaderFetches';
import { applyFetched, type PartitionBatch } from './applyFetched';
import { FetchErrorRecovery } from './fetchErrorRecovery';
import { PartitionDiscovery } from './partitionDiscovery';
import { systemClock, type ReaderClock } from './readerClock';
import type { OlderRecordsSkip } from './newRecordsOnly';

export { keyOf } from './partitionPositions';
export type { ReadPosition, PartitionBatch };

export interface ReaderOptions {
  signal?: AbortSignal;
  logger: Logger;
  /** Finish a partition once a fetch for it comes back empty this many times in a row (replay). Never for tail. */
  finishAfterEmptyFetches?: number;
  limits?: Partial<FetchLimits>;
  /** What to do when the broker says the offset is out of range: fail (replay) or jump to the nearest end (tail). */
  outOfRange: 'fail' | 'nearest';
  /** How long to keep retrying a lost leader or connection before giving up. */
  retryForMs: number;
  idleBackoffCapMs?: number;
  /**
   * Send a leader's next fetch no sooner than this after its previous one was sent, even when that
   * one brought records. For output shown a few times a second (the VS Code tail panel): a busy
   * topic then costs a few fetches a second, each carrying more, rather than one fetch per few
   * records. Read-ahead is off with it (a read-ahead would be sent at once). Replay and the CLI's
   * tail leave it unset.
   */
  minFetchIntervalMs?: number;
  /**
   * For a read of "only records that arrive", started at the reported end: skip the records written
   * before it began in each of the positions given (not in partitions discovered later); see newRecordsOnly.ts.
   */
  skipOlder?: OlderRecordsSkip;
  /** Called now and then (tail): returns partitions that appeared since, to start reading too. */
  discoverNewPartitions?: () => Promise<ReadPosition[]>;
  discoverEveryMs?: number;
  /** Internal, for the unit tests: the time and timers to use (the system's by default). */
  clock?: ReaderClock;
}

/** A fetch answers within its wait time plus this (the transfer); see FetchLimits.answerWithinMs. */
const FETCH_ANSWER_GRACE_MS = 15_000;
const DEFAULT_LIMITS: FetchLimits = { maxWaitMs: 500, maxBytes: 16 * 1024 * 1024, partitionMaxBytes: 4 * 1024 * 1024 };

/**
 * Yields batches of records, in offset order per partition, from the given positions. Each
 * leader has at most one fetch in flight; positions advance only past records handed out, so a
 * leader change or a dropped connection neither loses nor repeats a record. Aborting the signal
 * ends the generator quietly, whatever it is waiting for.
 */
export async function* readPartitions(access: ClusterAccess, positions: ReadPosition[], options: ReaderOptions): AsyncGenerator<PartitionBatch[]> {
  const signal = options.signal;
  const clock = options.clock ?? systemClock;
  const limits: FetchLimits = { ...DEFAULT_LIMITS, ...options.limits };
  if (options.minFetchIntervalMs) limits.readAhead = false;
  // One that stays silent far longer than its wait is on a dead or stuck connection: the access
  // drops it and the reader retries, rather than waiting for the request timeout.
  limits.answerWithinMs ??= limits.maxWaitMs + FETCH_ANSWER_GRACE_MS;

  const partitions = new PartitionPositions(positions, options.skipOlder);
  const fetches = new LeaderFetches(access, limits, clock, options.idleBackoffCapMs ?? 100, signal, options.minFetchIntervalMs ?? 0);
  const recovery = new FetchErrorRecovery(access, partitions, fetches, options, clock, signal);
  const discovery = new PartitionDiscovery(options.discoverNewPartitions, options.discoverEveryMs, options.logger, clock);

  try {
    while (partitions.anyUnfinished()) {
      if (signal?.aborted) return;
      await discovery.discover(partitions, signal);
      await fetches.start(partitions.unfinished());
      if (!fetches.anyInFlight()) {
        await recovery.waitForLeaders();
        continue;
      }
      const outcome = await fetches.nextOutcome();
      if ('error' in outcome) {
        await recovery.recover(outcome);
        continue;
      }
      recovery.succeeded();
      const { batches, gotRecords } = applyFetched(partitions, outcome.fetched, options.finishAfterEmptyFetches, clock.now());
      fetches.answered(outcome.leader, gotRecords, outcome.tookMs);
      if (batches.length > 0) yield batches;
    }
  } catch (err) {
    // Every wait gives up with an AbortError when the signal aborts: that is the end, not a failure.
    if (isAbort(err) && signal?.aborted) return;
    throw err;
  } finally {
    fetches.abandon();
  }
}
