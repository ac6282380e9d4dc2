// Which broker to fetch each partition from, and the fetches under way: at most one per leader, each
// for every partition that leader has for us and that is not already in a fetch. A leader that just
// answered empty and at once waits its idle backoff before its next fetch; with a minimum interval,
// no leader is sent fetches more often than that.
import type { ClusterAccess, FetchedPartition, FetchLimits } from '../clusterAccess';
import { BrokerError } from '../brokerError';
import { isAbort } from '../errors';
import { IdleBackoff } from './idleBackoff';
import { keyOf, type PartitionState } from './partitionPositions';
import type { ReaderClock } from './readerClock';
import { sleep, untilAborted, within } from './abortableWaits';

/** How long a metadata refresh may take before the reader goes on without it. */
export const METADATA_ANSWER_WITHIN_MS = 15_000;

interface FetchSettled {
  leader: number;
  /** The partitions the fetch was for (see keyOf). */
  keys: string[];
  /** From sending the request to its answer (the idle wait before it not included). */
  tookMs: number;
}
export type FetchOutcome = (FetchSettled & { fetched: FetchedPartition[] }) | (FetchSettled & { error: unknown });

export class LeaderFetches {
  private readonly leaders = new Map<string, number>();
  private readonly notFound = new Set<string>();
  private readonly inFlight = new Map<number, Promise<FetchOutcome>>();
  /** Partitions in a fetch now (keys). */
  private readonly busy = new Set<string>();
  private readonly idle = new Map<number, { backoff: IdleBackoff; nextFetchAt: number }>();
  /** When each leader's last fetch was sent (for minFetchIntervalMs). */
  private readonly lastSentAt = new Map<number, number>();

  constructor(
    private readonly access: ClusterAccess,
    private readonly limits: FetchLimits,
    private readonly clock: ReaderClock,
    private readonly idleBackoffCapMs: number,
    private readonly signal: AbortSignal | undefined,
    private readonly minFetchIntervalMs = 0,
  ) {}

  anyInFlight(): boolean {
    return this.inFlight.size > 0;
  }

  /**
   * Starts a fetch on every leader that has none in flight, for the given partitions that are not in
   * a fetch already. A partition whose leader is not known (yet) is left for a later round.
   */
  async start(partitions: PartitionState[]): Promise<void> {
    const byLeader = new Map<number, PartitionState[]>();
    for (const state of partitions) {
      const key = keyOf(state.topic, state.partition);
      if (this.busy.has(key)) continue;
      // A known leader is looked up without an await: a round over 10,000 partitions stays one loop.
      const leader = this.knownLeader(state) ?? this.leaders.get(key) ?? (await this.leaderOf(state));
      if (leader === undefined || leader < 0 || this.inFlight.has(leader)) continue;
      const list = byLeader.get(leader);
      if (list) list.push(state);
      else byLeader.set(leader, [state]);
    }
    for (const [leader, list] of byLeader) {
      const keys = list.map((s) => keyOf(s.topic, s.partition));
      keys.forEach((k) => this.busy.add(k));
      this.inFlight.set(leader, this.fetch(leader, list, keys));
    }
  }

  /** The first fetch in flight to settle (never rejects but with an AbortError when the signal aborts). */
  async nextOutcome(): Promise<FetchOutcome> {
    const outcome = await untilAborted(Promise.race(this.inFlight.values()), this.signal);
    this.inFlight.delete(outcome.leader);
    outcome.keys.forEach((k) => this.busy.delete(k));
    return outcome;
  }

  /** Records how a leader's fetch answered; sets the wait before that leader's next fetch. */
  answered(leader: number, gotRecords: boolean, tookMs: number): void {
    let idle = this.idle.get(leader);
    if (!idle) {
      idle = { backoff: new IdleBackoff(10, this.idleBackoffCapMs), nextFetchAt: 0 };
      this.idle.set(leader, idle);
    }
    idle.nextFetchAt = this.clock.now() + idle.backoff.next(gotRecords, tookMs, this.limits.maxWaitMs);
  }

  /** Topics whose leader lookups failed as unknown since the last forgetLeaders(). */
  topicsNotFound(): Set<string> {
    return new Set(this.notFound);
  }

  /** Forgets every known leader and asks for fresh metadata (after a leader change or a dropped connection). */
  async forgetLeaders(): Promise<void> {
    this.leaders.clear();
    this.notFound.clear();
    // Bounded like a fetch: a broker that accepts connections but never answers must not stall the reader.
    await within(this.clock, this.access.refreshMetadata().catch(() => undefined), METADATA_ANSWER_WITHIN_MS, this.signal);
  }

  /** The read is over: fetches still in flight settle quietly and their answers are dropped. */
  abandon(): void {
    for (const p of this.inFlight.values()) p.catch(() => undefined);
  }

  /**
   * From the metadata the access already holds (an index there): not copied into `leaders`, which
   * would hold a second entry per partition (20,000 on a big topic) for what one lookup gives.
   */
  private knownLeader(state: PartitionState): number | undefined {
    return this.access.knownLeaderOf?.(state.topic, state.partition);
  }

  private async leaderOf(state: PartitionState): Promise<number | undefined> {
    const key = keyOf(state.topic, state.partition);
    const known = this.leaders.get(key);
    if (known !== undefined) return known;
    try {
      const leader = await untilAborted(this.access.leaderOf(state.topic, state.partition), this.signal);
      this.leaders.set(key, leader);
      return leader;
    } catch (err) {
      if (isAbort(err) && this.signal?.aborted) throw err;
      // Unknown for now (no leader during an election, metadata failing): retried next round. A
      // topic the metadata does not know may have been deleted: the caller checks (topicGone.ts).
      if (err instanceof BrokerError && err.kind === 'unknownTopic') this.notFound.add(state.topic);
      return undefined;
    }
  }

  /** Waits out the leader's idle backoff, then one Fetch; settles with the answer or the error, never rejects. */
  private async fetch(leader: number, list: PartitionState[], keys: string[]): Promise<FetchOutcome> {
    const paced = (this.lastSentAt.get(leader) ?? Number.NEGATIVE_INFINITY) + this.minFetchIntervalMs;
    const wait = Math.max(this.idle.get(leader)?.nextFetchAt ?? 0, paced) - this.clock.now();
    let sent = this.clock.now();
    try {
      // Aborted while waiting: settle with the AbortError rather than send a fetch nobody reads.
      if (wait > 0) await sleep(this.clock, wait, this.signal);
      sent = this.clock.now();
      this.lastSentAt.set(leader, sent);
      const requests = list.map((s) => ({ topic: s.topic, partition: s.partition, offset: s.offset }));
      const fetched = await this.access.fetch(leader, requests, this.limits, this.signal);
      return { leader, keys, tookMs: this.clock.now() - sent, fetched };
    } catch (error) {
      return { leader, keys, tookMs: this.clock.now() - sent, error };
    }
  }
}
