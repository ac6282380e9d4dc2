// Reads partitions by assigning them to ourselves: Fetch requests straight to each leader, no
// JoinGroup, no OffsetCommit, on any path. VAST allows only 256 groups, and a consumer with a
// throwaway group id would use one up; a reader like this leaves nothing behind on the broker.
import type { ClusterAccess, FetchLimits, RawRecord } from '../clusterAccess';
import { EARLIEST, LATEST } from '../clusterAccess';
import type { Logger } from '../logger';
import { abortError, EbxError, isAbort } from '../errors';
import { IdleBackoff } from './idleBackoff';
import { BrokerError } from '../brokerError';

export interface ReadPosition {
  topic: string;
  partition: number;
  offset: number;
}

export interface PartitionBatch {
  topic: string;
  partition: number;
  records: RawRecord[];
}

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
  /** Called now and then (tail): returns partitions that appeared since, to start reading too. */
  discoverNewPartitions?: () => Promise<ReadPosition[]>;
  discoverEveryMs?: number;
}

const FETCH_ANSWER_GRACE_MS = 15_000;
const DEFAULT_LIMITS: FetchLimits = { maxWaitMs: 500, maxBytes: 16 * 1024 * 1024, partitionMaxBytes: 4 * 1024 * 1024 };

interface PartitionState extends ReadPosition {
  emptyFetches: number;
  finished: boolean;
}

interface FetchOutcome {
  leader: number;
  keys: string[];
  batches?: { key: string; records: RawRecord[]; nextOffset: number }[];
  error?: unknown;
  tookMs: number;
}

/**
 * Yields batches of records, in offset order per partition, from the given positions. Each
 * leader has at most one fetch in flight; positions advance only past records handed out, so a
 * leader change or a dropped connection neither loses nor repeats a record.
 */
export async function* readPartitions(access: ClusterAccess, positions: ReadPosition[], options: ReaderOptions): AsyncGenerator<PartitionBatch[]> {
  const limits: FetchLimits = { ...DEFAULT_LIMITS, ...options.limits };
  // A fetch answers within its wait time plus the transfer; one that stays silent far longer is
  // on a dead or stuck connection: drop it and retry rather than wait for the request timeout.
  limits.answerWithinMs ??= limits.maxWaitMs + FETCH_ANSWER_GRACE_MS;
  const states = new Map<string, PartitionState>();
  for (const p of positions) states.set(keyOf(p.topic, p.partition), { ...p, emptyFetches: 0, finished: false });
  const inFlight = new Map<number, Promise<FetchOutcome>>();
  const busy = new Set<string>();
  const backoff = new Map<number, IdleBackoff>();
  const delayUntil = new Map<number, number>();
  const leaders = new Map<string, number>();
  let nextDiscovery = Date.now() + (options.discoverEveryMs ?? 10_000);
  let failingSince: number | undefined;
  let retryDelay = 250;

  const signal = options.signal;

  try {
    while ([...states.values()].some((s) => !s.finished)) {
      if (signal?.aborted) return;
      await discover();
      await schedule();
      if (inFlight.size === 0) {
        // Nothing could be scheduled (leaders unknown): wait and look again.
        await sleep(retryDelay, signal).catch(() => undefined);
        await refreshLeaders();
        continue;
      }
      let outcome: FetchOutcome;
      try {
        outcome = await untilAborted(Promise.race([...inFlight.values()]), signal);
      } catch (err) {
        if (isAbort(err)) return;
        throw err;
      }
      inFlight.delete(outcome.leader);
      outcome.keys.forEach((k) => busy.delete(k));

      if (outcome.error !== undefined) {
        await handleError(outcome);
        continue;
      }
      failingSince = undefined;
      retryDelay = 250;
      const out: PartitionBatch[] = [];
      let gotRecords = false;
      for (const b of outcome.batches ?? []) {
        const state = states.get(b.key);
        if (!state || state.finished) continue;
        if (b.records.length > 0) {
          gotRecords = true;
          state.emptyFetches = 0;
          out.push({ topic: state.topic, partition: state.partition, records: b.records });
        } else if (b.nextOffset === state.offset) {
          state.emptyFetches++;
          if (options.finishAfterEmptyFetches !== undefined && state.emptyFetches >= options.finishAfterEmptyFetches) state.finished = true;
        }
        state.offset = Math.max(state.offset, b.nextOffset);
      }
      const idle = backoff.get(outcome.leader) ?? new IdleBackoff(10, options.idleBackoffCapMs ?? 100);
      backoff.set(outcome.leader, idle);
      const wait = idle.next(gotRecords, outcome.tookMs, limits.maxWaitMs);
      delayUntil.set(outcome.leader, Date.now() + wait);
      if (out.length > 0) yield out;
    }
  } finally {
    // Let in-flight fetches settle quietly; their results are simply dropped.
    for (const p of inFlight.values()) p.catch(() => undefined);
  }

  async function schedule(): Promise<void> {
    const byLeader = new Map<number, PartitionState[]>();
    for (const [key, state] of states) {
      if (state.finished || busy.has(key)) continue;
      let leader = leaders.get(key);
      if (leader === undefined) {
        try {
          leader = await access.leaderOf(state.topic, state.partition);
          leaders.set(key, leader);
        } catch {
          continue;
        }
      }
      if (leader < 0 || inFlight.has(leader)) continue;
      byLeader.set(leader, [...(byLeader.get(leader) ?? []), state]);
    }
    for (const [leader, list] of byLeader) {
      const keys = list.map((s) => keyOf(s.topic, s.partition));
      keys.forEach((k) => busy.add(k));
      inFlight.set(leader, startFetch(leader, list, keys));
    }
  }

  async function startFetch(leader: number, list: PartitionState[], keys: string[]): Promise<FetchOutcome> {
    const wait = (delayUntil.get(leader) ?? 0) - Date.now();
    if (wait > 0) await sleep(wait, signal).catch(() => undefined);
    const started = Date.now();
    try {
      const fetched = await access.fetch(leader, list.map((s) => ({ topic: s.topic, partition: s.partition, offset: s.offset })), limits, signal);
      return {
        leader,
        keys,
        tookMs: Date.now() - started,
        batches: fetched.map((f) => ({ key: keyOf(f.topic, f.partition), records: f.records, nextOffset: f.nextOffset })),
      };
    } catch (error) {
      return { leader, keys, error, tookMs: Date.now() - started };
    }
  }

  async function handleError(outcome: FetchOutcome): Promise<void> {
    const err = outcome.error;
    if (isAbort(err)) return;
    // Only classified broker failures are retried; anything else is a bug to surface.
    if (!(err instanceof BrokerError)) throw err;
    if (err.kind === 'offsetOutOfRange') {
      await recoverOutOfRange(err.details.topic, err.details.partition, outcome.keys);
      return;
    }
    // A denied topic, a password or a certificate that stopped working does not heal by retrying.
    if (!err.retriable) throw err;
    const now = Date.now();
    failingSince ??= now;
    // Briefly seen while a new leader takes over; for good once the topic is deleted.
    if (err.kind === 'unknownTopic') await failIfTopicGone(outcome.keys);
    if (now - failingSince > options.retryForMs) throw err;
    options.logger.warn(`fetch from broker ${outcome.leader} failed (${err.code ?? err.message}); retrying in ${retryDelay} ms`);
    await sleep(retryDelay, signal).catch(() => undefined);
    retryDelay = Math.min(retryDelay * 2, 5_000);
    await refreshLeaders();
  }

  async function refreshLeaders(): Promise<void> {
    leaders.clear();
    // Bounded like a fetch: a broker that accepts connections but never answers must not stall the reader.
    await within(access.refreshMetadata().catch(() => undefined), FETCH_ANSWER_GRACE_MS, signal);
  }

  async function discover(): Promise<void> {
    if (!options.discoverNewPartitions || Date.now() < nextDiscovery) return;
    nextDiscovery = Date.now() + (options.discoverEveryMs ?? 10_000);
    const found = await options.discoverNewPartitions().catch(() => []);
    for (const p of found) {
      const key = keyOf(p.topic, p.partition);
      if (states.has(key)) continue;
      options.logger.info(`${p.topic} partition ${p.partition} appeared; reading it from offset ${p.offset}`);
      states.set(key, { ...p, emptyFetches: 0, finished: false });
    }
  }

  async function failIfTopicGone(keys: string[]): Promise<void> {
    const topics = new Set(keys.map((k) => states.get(k)!.topic));
    const known = await access.partitionsOf([...topics]).catch(() => undefined);
    if (!known) return;
    for (const topic of topics) {
      if (!known.has(topic)) throw new EbxError(`Topic ${topic} no longer exists (it was deleted while being read).`);
    }
  }

  async function recoverOutOfRange(topic: string | undefined, partition: number | undefined, keys: string[]): Promise<void> {
    const targets = topic !== undefined && partition !== undefined ? [keyOf(topic, partition)] : keys;
    for (const key of targets) {
      const state = states.get(key);
      if (!state) continue;
      const leader = await access.leaderOf(state.topic, state.partition);
      const [low] = await access.listOffsets([{ topic: state.topic, partition: state.partition, leader, timestamp: EARLIEST }]);
      const [high] = await access.listOffsets([{ topic: state.topic, partition: state.partition, leader, timestamp: LATEST }]);
      if (options.outOfRange === 'fail') {
        throw new EbxError(
          state.offset < low.offset
            ? `Offset ${state.offset} of ${state.topic} partition ${state.partition} is no longer available: the first available offset is ${low.offset}.`
            : `Offset ${state.offset} is beyond the end of ${state.topic} partition ${state.partition} (about ${high.offset}).`,
        );
      }
      const jumpTo = state.offset < low.offset ? low.offset : high.offset;
      options.logger.warn(`${state.topic} partition ${state.partition}: offset ${state.offset} is out of range; continuing at ${jumpTo}`);
      state.offset = jumpTo;
    }
  }
}

export function keyOf(topic: string, partition: number): string {
  return `${topic}\u0000${partition}`;
}

/** Waits for `work`, but no longer than `ms` or until the signal aborts (the work goes on unobserved). */
async function within(work: Promise<unknown>, ms: number, signal?: AbortSignal): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
    onAbort = () => resolve();
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * `work`, or an AbortError as soon as the signal aborts. The abort listener is removed when the work
 * settles: racing every fetch against one long-lived "aborted" promise instead would keep each
 * fetched batch reachable from that promise until the read ends (a leak of every record read).
 */
function untilAborted<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(abortError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
