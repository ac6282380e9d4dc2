// Restoring a snapshot: by offset (the same cluster, after a mistake) or by time (a replication
// peer, whose offsets differ but whose records carry the same timestamps). Either way the result
// is an ordinary reset plan, shown and confirmed before anything is committed.
import type { BrokerProfile } from '../model';
import type { KafkaSession } from '../session';
import { EbxError } from '../errors';
import { partitionKey, readGroupForReset, validateGroupId } from './groupForReset';
import { assemblePlan, partitionBounds, planReset, resolveScope, type PartitionBounds, type ResetPlan } from './resetPlan';
import type { PlannedPartition } from './resetTarget';
import type { OffsetsSnapshot, SnapshotPartition } from './offsetsSnapshot';

export type RestoreBy = 'offset' | 'time';

export interface RestoreRequest {
  snapshot: OffsetsSnapshot;
  /** The group to restore into; the snapshot's own group when absent. */
  group?: string;
  by: RestoreBy;
  profile: BrokerProfile;
}

export async function planRestore(session: KafkaSession, request: RestoreRequest): Promise<ResetPlan> {
  const group = request.group ?? request.snapshot.group;
  validateGroupId(group);
  const partitions = request.snapshot.partitions;
  await requireTopicsOnTarget(session, partitions);
  if (request.by === 'offset') {
    return planReset(session, {
      group,
      scope: [],
      target: { kind: 'positions', positions: partitions.map((p) => ({ topic: p.topic, partition: p.partition, offset: p.committed })) },
      profile: request.profile,
    });
  }
  return session.withinTimeout(`planning a restore by time for ${group}`, async () => {
    const access = session.cluster();
    const target = await readGroupForReset(access, group);
    const located = await resolveScope(access, partitions.map((p) => ({ topic: p.topic, partitions: [p.partition] })));
    const saved = new Map(partitions.map((p) => [partitionKey(p.topic, p.partition), p]));
    const bounds = await partitionBounds(access, located.map((p) => ({ ...p, time: lookupTime(saved.get(partitionKey(p.topic, p.partition))!) ?? undefined })));
    const rows = located.map((p) => {
      const key = partitionKey(p.topic, p.partition);
      return restoreByTime(saved.get(key)!, bounds.get(key)!, target.committed.get(key) ?? null);
    });
    return assemblePlan(access, target, rows, request.profile);
  });
}

/**
 * The time to look up on the target: the next unread record's, so nothing unread is skipped and
 * only records sharing that timestamp are read twice; for a group that had read everything, just
 * after the last consumed record's. Null when the snapshot has neither.
 */
export function lookupTime(saved: SnapshotPartition): number | null {
  if (saved.nextUnreadTimestamp !== null) return saved.nextUnreadTimestamp;
  if (saved.lastConsumedTimestamp !== null) return saved.lastConsumedTimestamp + 1;
  return null;
}

/** One partition's restore by time, from the target's bounds and its answer for `lookupTime`. */
export function restoreByTime(saved: SnapshotPartition, bounds: PartitionBounds, current: number | null): PlannedPartition {
  const row = (target: number, approximate: boolean, note: string): PlannedPartition => ({
    topic: saved.topic,
    partition: saved.partition,
    current,
    target,
    clamped: false,
    change: current === null ? null : target - current,
    approximate,
    note,
  });
  const time = lookupTime(saved);
  if (time === null) return row(bounds.low, false, 'no timestamps saved (nothing was consumed): the first offset still kept');
  const at = new Date(time).toISOString();
  if (bounds.offsetForTime === null || bounds.offsetForTime === undefined) return row(bounds.high, true, `no record at or after ${at} here yet: the end`);
  return row(bounds.offsetForTime, false, `the first record at or after ${at}`);
}

async function requireTopicsOnTarget(session: KafkaSession, partitions: SnapshotPartition[]): Promise<void> {
  const topics = [...new Set(partitions.map((p) => p.topic))];
  const known = await session.withinTimeout('reading the topics the snapshot names', () => session.cluster().partitionsOf(topics));
  const missing = topics.filter((t) => !known.get(t)?.length);
  if (missing.length > 0) {
    throw new EbxError(
      `The snapshot names ${missing.length === 1 ? 'topic' : 'topics'} ${missing.join(', ')}, which this cluster does not have (or this user may not see): nothing was committed.`,
    );
  }
  const absent = partitions.filter((p) => !known.get(p.topic)!.some((m) => m.partition === p.partition));
  if (absent.length > 0) {
    const p = absent[0];
    throw new EbxError(`The snapshot names ${p.topic} partition ${p.partition}, but here ${p.topic} has partitions 0 to ${known.get(p.topic)!.length - 1}: nothing was committed.`);
  }
}
