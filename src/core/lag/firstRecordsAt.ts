// The first record at or after given offsets, read group-less (no JoinGroup, no commit): one Fetch
// per leader broker for all its partitions, bounded to a small byte limit and no wait. This is what
// decides "caught up" on VAST, where the reported end offset trails the newest events.
//
// Not the partition reader (reader/partitionReader.ts): that one reads on until partitions end and
// fails the whole read on a denied topic; a lag sample needs exactly one look per partition, the
// fewest requests, and an error that stays with its partition.
import { EARLIEST, LATEST, type ClusterAccess, type FetchedPartition, type FetchLimits } from '../clusterAccess';
import { BrokerError } from '../brokerError';
import { abortError, isAbort } from '../errors';
import { keyOf } from '../reader/partitionPositions';
import { sleep, untilAborted, within } from '../reader/abortableWaits';
import { METADATA_ANSWER_WITHIN_MS } from '../reader/leaderFetches';
import { systemClock, type ReaderClock } from '../reader/readerClock';

export interface OffsetToLookAt {
  topic: string;
  partition: number;
  offset: number;
  /** The partition's leader, from metadata the caller has; -1 or undefined when not known. */
  leader?: number;
}

export type FirstRecordOutcome =
  /** The first record at or after the offset. `gap`: it is after the offset; `fromEarliest`: the offset was before the earliest record kept. */
  | { kind: 'record'; offset: number; timestamp: number; gap: boolean; fromEarliest: boolean }
  /** Nothing at or after the offset: whoever stands there has read everything. */
  | { kind: 'empty' }
  /** The offset is beyond the partition's end. */
  | { kind: 'pastEnd'; end: number | null }
  | { kind: 'error'; message: string };

export interface FirstRecordsOptions {
  signal?: AbortSignal;
  /** Give up on a fetch with no answer after this long (the access then drops its connection). */
  answerWithinMs?: number;
  /** Internal, for the unit tests: virtual time for the pause before a retry. */
  clock?: ReaderClock;
}

/** Enough for the usual first batch; a broker returns a larger first batch whole anyway (KIP-74). */
export const PARTITION_MAX_BYTES = 64 * 1024;
/** A Fetch's whole answer at most (Kafka's own default cap on a fetch response). */
const FETCH_MAX_BYTES = 50 * 1024 * 1024;
/** A leader moved or a connection dropped: look again this many times, after fresh metadata. */
const MAX_RETRIES = 3;
const RETRY_PAUSE_MS = 250;
/** Control records or empty batches right at the offset: follow the answer's next offset this many times. */
const MAX_HOPS = 8;

interface Pending {
  /** keyOf(topic, partition), made once. */
  key: string;
  topic: string;
  partition: number;
  offset: number;
  leader: number | undefined;
  retries: number;
  hops: number;
  gap: boolean;
  fromEarliest: boolean;
  /** Came back empty though the broker's high watermark says there are records: asked once more. */
  recheckedEmpty: boolean;
  /** A fetch with several topics failed without naming one: fetched with its own topic only. */
  alone: boolean;
}

/**
 * Looks at each (topic, partition, offset) once; a partition must not be named twice (a Fetch
 * cannot name one partition twice: callers with several offsets per partition make rounds).
 * Results are keyed by keyOf(topic, partition). Aborting the signal rejects with an AbortError.
 */
export async function firstRecordsAt(access: ClusterAccess, positions: OffsetToLookAt[], options: FirstRecordsOptions = {}): Promise<Map<string, FirstRecordOutcome>> {
  const { signal } = options;
  const clock = options.clock ?? systemClock;
  const results = new Map<string, FirstRecordOutcome>();
  const pending = new Map<string, Pending>();
  for (const p of positions) {
    const key = keyOf(p.topic, p.partition);
    if (pending.has(key)) throw new Error(`firstRecordsAt: ${p.topic} partition ${p.partition} is named twice`);
    // The fields named, not spread from the caller's object (which may carry more): one shape for all 10,000.
    pending.set(key, { key, topic: p.topic, partition: p.partition, offset: p.offset, leader: p.leader !== undefined && p.leader >= 0 ? p.leader : undefined, retries: 0, hops: 0, gap: false, fromEarliest: false, recheckedEmpty: false, alone: false });
  }
  const settle = (entry: Pending, outcome: FirstRecordOutcome) => {
    pending.delete(entry.key);
    results.set(entry.key, outcome);
  };
  const retryLater = (entry: Pending, err: unknown) => {
    entry.retries++;
    entry.leader = undefined;
    if (entry.retries > MAX_RETRIES) settle(entry, { kind: 'error', message: messageOf(err) });
  };

  while (pending.size > 0) {
    if (signal?.aborted) throw abortError();
    await findLeaders(access, [...pending.values()].filter((e) => e.leader === undefined), retryLater, signal);
    const fetches = fetchesOf([...pending.values()].filter((e) => e.leader !== undefined));
    const outcomes = await Promise.all(
      fetches.map(async (entries): Promise<{ entries: Pending[]; fetched: FetchedPartition[] } | { entries: Pending[]; error: unknown }> => {
        try {
          return { entries, fetched: await untilAborted(access.fetch(entries[0].leader!, entries.map(requestOf), limitsFor(entries.length, options), signal), signal) };
        } catch (error) {
          return { entries, error };
        }
      }),
    );
    let retrying = false;
    for (const outcome of outcomes) {
      if ('fetched' in outcome) {
        const answerOf = answerFinder(outcome.fetched);
        outcome.entries.forEach((entry, i) => applyAnswer(entry, answerOf(entry, i), settle, retryLater));
        continue;
      }
      const { entries, error } = outcome;
      if (isAbort(error) && signal?.aborted) throw error;
      if (!(error instanceof BrokerError)) throw error;
      const named = entries.find((e) => e.topic === error.details.topic && e.partition === error.details.partition);
      const hit = named ? [named] : entries;
      if (error.kind === 'offsetOutOfRange') {
        for (const entry of hit) await placeOutOfRange(access, entry, Boolean(named), settle, retryLater, signal);
      } else if (error.retriable) {
        hit.forEach((e) => retryLater(e, error));
        retrying = true;
      } else if (!named && new Set(entries.map((e) => e.topic)).size > 1 && entries.every((e) => !e.alone)) {
        // A denied topic, say, fails the whole fetch without naming itself: ask per topic to find it.
        entries.forEach((e) => (e.alone = true));
      } else {
        hit.forEach((e) => settle(e, { kind: 'error', message: error.message }));
      }
      // The partitions the error did not name are asked again in the next round, unchanged.
    }
    if (retrying && pending.size > 0) {
      await sleep(clock, RETRY_PAUSE_MS, signal);
      // Bounded like the reader's: a broker that accepts connections but never answers must not stall a sample.
      await within(clock, access.refreshMetadata().catch(() => undefined), METADATA_ANSWER_WITHIN_MS, signal);
      if (signal?.aborted) throw abortError();
    }
  }
  return results;
}

/**
 * The answer for an entry. A broker answers in the order asked, so the answer at the entry's own
 * place is tried first; the partitions are looked up by key only when that is not it.
 */
function answerFinder(fetched: FetchedPartition[]): (entry: Pending, index: number) => FetchedPartition | undefined {
  let byKey: Map<string, FetchedPartition> | undefined;
  return (entry, index) => {
    const inPlace = fetched[index];
    if (inPlace && inPlace.partition === entry.partition && inPlace.topic === entry.topic) return inPlace;
    byKey ??= new Map(fetched.map((f) => [keyOf(f.topic, f.partition), f]));
    return byKey.get(entry.key);
  };
}

function applyAnswer(entry: Pending, answer: FetchedPartition | undefined, settle: (e: Pending, o: FirstRecordOutcome) => void, retryLater: (e: Pending, err: unknown) => void): void {
  if (!answer) return retryLater(entry, new Error(`The broker left ${entry.topic} partition ${entry.partition} out of its answer.`));
  // A broker returns whole batches: the one holding the offset can start before it.
  const record = answer.records.find((r) => r.offset >= entry.offset);
  if (record) {
    return settle(entry, { kind: 'record', offset: record.offset, timestamp: record.timestamp, gap: entry.gap || record.offset > entry.offset, fromEarliest: entry.fromEarliest });
  }
  if (answer.nextOffset > entry.offset && entry.hops < MAX_HOPS) {
    // Only control records (or a compacted-away batch) there: the next record is further on.
    entry.offset = answer.nextOffset;
    entry.gap = true;
    entry.hops++;
    return;
  }
  if (answer.highWatermark > entry.offset && !entry.recheckedEmpty) {
    // The broker has records there but sent none: the answer's byte budget went to other partitions.
    entry.recheckedEmpty = true;
    return;
  }
  settle(entry, { kind: 'empty' });
}

/**
 * Out of range: before the earliest record kept (read from there), or past the end. `named`: the
 * error named this partition; otherwise it may be another partition of the same fetch.
 */
async function placeOutOfRange(
  access: ClusterAccess,
  entry: Pending,
  named: boolean,
  settle: (e: Pending, o: FirstRecordOutcome) => void,
  retryLater: (e: Pending, err: unknown) => void,
  signal?: AbortSignal,
): Promise<void> {
  const { topic, partition } = entry;
  try {
    const leader = entry.leader ?? (await untilAborted(access.leaderOf(topic, partition), signal));
    const [earliest] = await untilAborted(access.listOffsets([{ topic, partition, leader, timestamp: EARLIEST }]), signal);
    if (entry.offset < earliest.offset && !entry.fromEarliest) {
      entry.offset = earliest.offset;
      entry.fromEarliest = true;
      return;
    }
    const [latest] = await untilAborted(access.listOffsets([{ topic, partition, leader, timestamp: LATEST }]), signal);
    if (named || entry.offset > latest.offset) settle(entry, { kind: 'pastEnd', end: latest.offset });
    else retryLater(entry, new Error(`${topic} partition ${partition}: the broker answered OFFSET_OUT_OF_RANGE for offset ${entry.offset}.`));
  } catch (err) {
    if (isAbort(err) && signal?.aborted) throw err;
    settle(entry, { kind: 'error', message: messageOf(err) });
  }
}

async function findLeaders(access: ClusterAccess, entries: Pending[], retryLater: (e: Pending, err: unknown) => void, signal?: AbortSignal): Promise<void> {
  for (const entry of entries) {
    try {
      const leader = await untilAborted(access.leaderOf(entry.topic, entry.partition), signal);
      if (leader >= 0) entry.leader = leader;
      else retryLater(entry, new Error(`${entry.topic} partition ${entry.partition} has no leader.`));
    } catch (err) {
      if (isAbort(err) && signal?.aborted) throw err;
      retryLater(entry, err);
    }
  }
}

/** One fetch per leader; partitions of a fetch that failed without naming one go per topic. */
function fetchesOf(entries: Pending[]): Pending[][] {
  const groups = new Map<string, Pending[]>();
  for (const e of entries) {
    const key = e.alone ? `${e.leader}\u0000${e.topic}` : `${e.leader}`;
    const group = groups.get(key);
    if (group) group.push(e);
    else groups.set(key, [e]);
  }
  return [...groups.values()];
}

function requestOf(entry: Pending) {
  return { topic: entry.topic, partition: entry.partition, offset: entry.offset };
}

function limitsFor(partitions: number, options: FirstRecordsOptions): FetchLimits {
  return {
    // No wait: an empty partition must answer at once (VAST ignores the wait anyway).
    maxWaitMs: 0,
    partitionMaxBytes: PARTITION_MAX_BYTES,
    maxBytes: Math.min(FETCH_MAX_BYTES, partitions * PARTITION_MAX_BYTES),
    // One look per sample: the records after the first are not wanted, nor decoded.
    readAhead: false,
    firstRecordOnly: true,
    ...(options.answerWithinMs === undefined ? {} : { answerWithinMs: options.answerWithinMs }),
  };
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
