import type { KafkaSession } from '../session';
import { groupLags } from './groupLags';
import { readPartitions, type ReadPosition } from '../reader/partitionReader';

/**
 * What tells a throwaway test group from a stopped service before deleting it. Kafka's OffsetFetch
 * gives no commit time, so the time we can honestly show is that of the newest record the group
 * had consumed: the record just before a committed offset, read group-less.
 */
export interface IdleGroupFacts {
  groupId: string;
  /** Sum of the partitions' lag; null when the group committed nothing or no end could be read. Approximate. */
  totalLag: number | null;
  /** Partitions with a committed offset. 0 means the group never committed: "never read". */
  committedPartitions: number;
  /**
   * Timestamp (epoch ms) of the newest record before any of the group's committed offsets — when
   * that record was written, not when the group committed. null when none could be read (never
   * committed, committed at offset 0, or the record is gone from the log).
   */
  lastConsumedRecordTime: number | null;
  /** Set when the group's offsets could not be read. */
  error?: string;
}

/** At most this many partitions are read for record times, so a huge cleanup stays one quick step. */
const MAX_PARTITIONS_READ = 500;

/** Lag (one ListOffsets per leader) and last-consumed-record time (one group-less read of all partitions) of each group. */
export async function idleGroupFacts(session: KafkaSession, groupIds: string[], signal?: AbortSignal): Promise<IdleGroupFacts[]> {
  if (groupIds.length === 0) return [];
  const lags = await groupLags(session, groupIds);
  const key = (topic: string, partition: number, offset: number) => `${topic}\u0000${partition}\u0000${offset}`;
  const wanted = new Map<string, ReadPosition>();
  for (const g of lags) {
    for (const o of g.offsets) if (o.committed !== null && o.committed > 0) wanted.set(key(o.topic, o.partition, o.committed - 1), { topic: o.topic, partition: o.partition, offset: o.committed - 1 });
  }
  const times = await recordTimes(session, [...wanted.values()].slice(0, MAX_PARTITIONS_READ), signal);
  return lags.map((g) => {
    const committed = g.offsets.filter((o) => o.committed !== null);
    const consumedTimes = committed.flatMap((o) => {
      const t = o.committed! > 0 ? times.get(key(o.topic, o.partition, o.committed! - 1)) : undefined;
      return t === undefined ? [] : [t];
    });
    return {
      groupId: g.groupId,
      totalLag: g.totalLag,
      committedPartitions: committed.length,
      lastConsumedRecordTime: consumedTimes.length > 0 ? consumedTimes.reduce((a, b) => Math.max(a, b)) : null, // not Math.max(...): 200,000 arguments overflow the stack
      ...(g.error ? { error: g.error } : {}),
    };
  });
}

/**
 * The timestamp of the record at exactly each position (absent when that offset is a gap or gone).
 * A reader takes each partition once, so groups at different offsets of one partition take rounds.
 */
async function recordTimes(session: KafkaSession, positions: ReadPosition[], signal?: AbortSignal): Promise<Map<string, number>> {
  const rounds: ReadPosition[][] = [];
  for (const p of positions) {
    const round = rounds.find((r) => !r.some((q) => q.topic === p.topic && q.partition === p.partition));
    if (round) round.push(p);
    else rounds.push([p]);
  }
  const found = new Map<string, number>();
  for (const round of rounds) for (const [k, t] of await recordTimesOnce(session, round, signal)) found.set(k, t);
  return found;
}

async function recordTimesOnce(session: KafkaSession, positions: ReadPosition[], signal?: AbortSignal): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  const key = (topic: string, partition: number, offset: number) => `${topic}\u0000${partition}\u0000${offset}`;
  const asked = new Map(positions.map((p) => [`${p.topic}\u0000${p.partition}`, p.offset]));
  const pending = new Set(asked.keys());
  const reader = readPartitions(session.cluster(), positions, {
    signal,
    logger: session.logger,
    finishAfterEmptyFetches: 1,
    limits: { maxWaitMs: 100, partitionMaxBytes: 64 * 1024, maxBytes: 4 * 1024 * 1024 },
    // A record that retention removed just has no time; it must not fail the others.
    outOfRange: 'nearest',
    retryForMs: session.timeoutMs,
  });
  for await (const batches of reader) {
    for (const batch of batches) {
      const partitionKey = `${batch.topic}\u0000${batch.partition}`;
      const offset = asked.get(partitionKey);
      if (offset === undefined || !pending.has(partitionKey)) continue;
      pending.delete(partitionKey);
      // Only the record at exactly that offset is the one the group consumed last.
      const record = batch.records.find((r) => r.offset === offset);
      if (record) found.set(key(batch.topic, batch.partition, offset), record.timestamp);
    }
    // Leaving the loop ends the reader (its generator's finally stops the fetches).
    if (pending.size === 0) break;
  }
  return found;
}

/** "lag ≈12 · last read a record from 3 h ago", "never committed" — for pickers and the CLI alike. */
export function describeIdleGroup(facts: IdleGroupFacts, now = Date.now()): string {
  if (facts.error) return `offsets unreadable: ${facts.error}`;
  if (facts.committedPartitions === 0) return 'never committed (never read)';
  const lag = facts.totalLag === null ? 'lag ?' : `lag ≈${facts.totalLag}`;
  const last = facts.lastConsumedRecordTime === null ? 'time of last consumed record unknown' : `last consumed a record written ${ago(now - facts.lastConsumedRecordTime)}`;
  return `${lag} · ${last}`;
}

export function ago(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 90) return `${s} s ago`;
  const m = Math.round(s / 60);
  if (m < 90) return `${m} min ago`;
  const h = Math.round(m / 60);
  if (h < 36) return `${h} h ago`;
  return `${Math.round(h / 24)} days ago`;
}
