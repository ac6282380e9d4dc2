// What the reader does when a fetch fails. Only classified broker failures are handled: out of range
// is recovered per partition; retriable kinds (leader moved, connection dropped, no answer) wait,
// refresh metadata and fetch again from the same offsets, for up to `retryForMs` of failures in a
// row; every other kind fails the read at once (a denied topic, a password or a certificate that
// stopped working does not heal by retrying).
import type { ClusterAccess } from '../clusterAccess';
import { BrokerError } from '../brokerError';
import { isAbort } from '../errors';
import type { Logger } from '../logger';
import type { FetchOutcome, LeaderFetches } from './leaderFetches';
import { keyOf, type PartitionPositions, type PartitionState } from './partitionPositions';
import { recoverOutOfRange, type OutOfRangeMode } from './outOfRange';
import { failIfTopicGone } from './topicGone';
import type { ReaderClock } from './readerClock';
import { sleep } from './abortableWaits';

const FIRST_RETRY_DELAY_MS = 250;
const LONGEST_RETRY_DELAY_MS = 5_000;

export interface RecoveryOptions {
  logger: Logger;
  outOfRange: OutOfRangeMode;
  retryForMs: number;
}

export class FetchErrorRecovery {
  /** When the current run of failures began; undefined while fetches succeed. */
  private failingSince: number | undefined;
  private retryDelayMs = FIRST_RETRY_DELAY_MS;

  constructor(
    private readonly access: ClusterAccess,
    private readonly positions: PartitionPositions,
    private readonly fetches: LeaderFetches,
    private readonly options: RecoveryOptions,
    private readonly clock: ReaderClock,
    private readonly signal: AbortSignal | undefined,
  ) {}

  /** A fetch answered: the next failure starts a new run, with the shortest delay. */
  succeeded(): void {
    this.failingSince = undefined;
    this.retryDelayMs = FIRST_RETRY_DELAY_MS;
  }

  /**
   * No fetch could be started (no leader known): wait a little and look the leaders up again. A
   * topic the leader lookup did not find may be deleted (a fetch caught by the delete can answer
   * NOT_LEADER_OR_FOLLOWER rather than UNKNOWN_TOPIC_OR_PARTITION): that ends the read with its
   * sentence instead of a wait for a leader that never comes.
   */
  async waitForLeaders(): Promise<void> {
    // An abort ends the wait with an AbortError: the read is over, no metadata request after it.
    await sleep(this.clock, this.retryDelayMs, this.signal);
    const notFound = this.fetches.topicsNotFound();
    if (notFound.size > 0) await failIfTopicGone(this.access, notFound, this.signal);
    await this.fetches.forgetLeaders();
  }

  /** Recovers from a failed fetch so that the next round can fetch again, or throws what ends the read. */
  async recover(outcome: FetchOutcome & { error: unknown }): Promise<void> {
    const err = outcome.error;
    if (isAbort(err)) return;
    // Anything not classified is a bug to surface, not a condition to retry.
    if (!(err instanceof BrokerError)) throw err;
    if (err.kind === 'offsetOutOfRange') {
      await recoverOutOfRange(this.access, this.outOfRangeTargets(err, outcome.keys), this.options.outOfRange, this.options.logger, this.signal);
      return;
    }
    if (!err.retriable) throw err;
    const now = this.clock.now();
    this.failingSince ??= now;
    if (err.kind === 'unknownTopic') await failIfTopicGone(this.access, new Set(this.statesOf(outcome.keys).map((s) => s.topic)), this.signal);
    if (now - this.failingSince > this.options.retryForMs) throw err;
    this.options.logger.warn(`fetch from broker ${outcome.leader} failed (${err.code ?? err.message}); retrying in ${this.retryDelayMs} ms`);
    await sleep(this.clock, this.retryDelayMs, this.signal);
    this.retryDelayMs = Math.min(this.retryDelayMs * 2, LONGEST_RETRY_DELAY_MS);
    await this.fetches.forgetLeaders();
  }

  /** The partition the error names, else every partition of the failed fetch. */
  private outOfRangeTargets(err: BrokerError, keys: string[]): PartitionState[] {
    const { topic, partition } = err.details;
    return this.statesOf(topic !== undefined && partition !== undefined ? [keyOf(topic, partition)] : keys);
  }

  private statesOf(keys: string[]): PartitionState[] {
    return keys.map((k) => this.positions.get(k)).filter((s): s is PartitionState => s !== undefined);
  }
}
