// A reset plan: for each chosen partition of a group, the committed offset, the new one, and how
// many offsets that re-reads or skips. Computed before anything is committed, so a person (or a
// dry run) sees exactly what --execute / the modal's button will do.
import type { BrokerProfile } from '../model';
import type { KafkaSession } from '../session';
import { EARLIEST, LATEST, type ClusterAccess, type PartitionMeta } from '../clusterAccess';
import { EbxError, UsageError } from '../errors';
import { validateTopicName } from '../topics/topicName';
import { groupCapWarning, partitionKey, readGroupForReset, type GroupForReset } from './groupForReset';
import { planPartition, type PartitionFacts, type PlannedPartition, type ResetTarget } from './resetTarget';
import { byTopicThenPartition } from '../topicPartitionOrder';

export interface ResetScope {
  topic: string;
  /** Only these partitions; every partition of the topic when absent. */
  partitions?: number[];
}

export interface ResetRequest {
  group: string;
  /** Ignored for a positions target: its positions name their partitions. */
  scope: ResetScope[];
  target: ResetTarget;
  profile: BrokerProfile;
}

export interface ResetPlan {
  group: string;
  /** False when the group does not exist yet: committing creates it. */
  groupExists: boolean;
  state: string;
  partitions: PlannedPartition[];
  /** Said before asking (e.g. the group cap under the vast profile). */
  warnings: string[];
}

export interface PartitionBounds {
  low: number;
  high: number;
  /** Only when a time was asked for the partition: the first offset at or after it, or null. */
  offsetForTime?: number | null;
}

export async function planReset(session: KafkaSession, request: ResetRequest): Promise<ResetPlan> {
  const target = request.target;
  validateTarget(target);
  const scope = target.kind === 'positions' ? scopeOfPositions(target.positions) : request.scope;
  if (scope.length === 0) throw new UsageError('Name a topic to reset (--topic).');
  return session.withinTimeout(`planning an offset reset for ${request.group}`, async () => {
    const access = session.cluster();
    const group = await readGroupForReset(access, request.group);
    const partitions = await resolveScope(access, scope);
    const time = target.kind === 'time' ? target.time : undefined;
    const bounds = await partitionBounds(access, partitions.map((p) => ({ ...p, time })));
    const requested = target.kind === 'positions' ? new Map(target.positions.map((p) => [partitionKey(p.topic, p.partition), p.offset])) : undefined;
    const rows = partitions.map((p) => {
      const key = partitionKey(p.topic, p.partition);
      const facts: PartitionFacts = { topic: p.topic, partition: p.partition, current: group.committed.get(key) ?? null, ...bounds.get(key)!, requested: requested?.get(key) };
      return planPartition(facts, target);
    });
    return assemblePlan(access, group, rows, request.profile);
  });
}

export async function assemblePlan(access: ClusterAccess, group: GroupForReset, partitions: PlannedPartition[], profile: BrokerProfile): Promise<ResetPlan> {
  const warning = await groupCapWarning(access, group, profile);
  const warnings = warning ? [warning] : [];
  if (!group.exists) warnings.unshift(`Consumer group ${group.groupId} does not exist yet: committing creates it.`);
  return { group: group.groupId, groupExists: group.exists, state: group.state, partitions, warnings };
}

function validateTarget(target: ResetTarget): void {
  const whole = (n: number) => Number.isSafeInteger(n);
  if (target.kind === 'offset' && (!whole(target.offset) || target.offset < 0)) throw new UsageError(`${target.offset} is not an offset (a whole number, 0 or more).`);
  if (target.kind === 'shift' && !whole(target.by)) throw new UsageError(`${target.by} is not a whole number to shift by.`);
  if (target.kind === 'time' && !Number.isFinite(target.time)) throw new UsageError('The time is not a time.');
  if (target.kind === 'positions') {
    if (target.positions.length === 0) throw new UsageError('The file names no partitions to reset.');
    for (const p of target.positions) {
      if (!whole(p.offset) || p.offset < 0) throw new UsageError(`${p.offset} for ${p.topic} partition ${p.partition} is not an offset (a whole number, 0 or more).`);
    }
    const seen = new Set<string>();
    for (const p of target.positions) {
      const key = partitionKey(p.topic, p.partition);
      if (seen.has(key)) throw new UsageError(`${p.topic} partition ${p.partition} is named twice.`);
      seen.add(key);
    }
  }
}

function scopeOfPositions(positions: { topic: string; partition: number }[]): ResetScope[] {
  const byTopic = new Map<string, number[]>();
  for (const p of positions) byTopic.set(p.topic, [...(byTopic.get(p.topic) ?? []), p.partition]);
  return [...byTopic].map(([topic, partitions]) => ({ topic, partitions }));
}

/** The chosen partitions with their leaders, sorted; one sentence for a topic or partition that does not exist. */
export async function resolveScope(access: ClusterAccess, scope: ResetScope[]): Promise<{ topic: string; partition: number; leader: number }[]> {
  for (const s of scope) validateTopicName(s.topic);
  const known = await access.partitionsOf([...new Set(scope.map((s) => s.topic))]);
  const chosen = new Map<string, { topic: string; partition: number; leader: number }>();
  for (const s of scope) {
    const metas: PartitionMeta[] | undefined = known.get(s.topic);
    if (!metas || metas.length === 0) throw new EbxError(`Topic ${s.topic} does not exist (or this user may not see it). Nothing was committed.`);
    const wanted = s.partitions ?? metas.map((m) => m.partition);
    for (const partition of wanted) {
      const meta = metas.find((m) => m.partition === partition);
      if (!Number.isInteger(partition) || partition < 0 || !meta) {
        throw new UsageError(`${s.topic} has no partition ${partition}: it has partitions 0 to ${metas.length - 1}. Nothing was committed.`);
      }
      if (meta.leader < 0) throw new EbxError(`${s.topic} partition ${partition} has no leader right now: try again in a moment. Nothing was committed.`);
      chosen.set(partitionKey(s.topic, partition), { topic: s.topic, partition, leader: meta.leader });
    }
  }
  return [...chosen.values()].sort(byTopicThenPartition);
}

/**
 * Low and high of each partition and, where a time is given, the offset for that time: one
 * ListOffsets per leader for each (a broker rejects the same partition twice in one request).
 */
export async function partitionBounds(access: ClusterAccess, partitions: { topic: string; partition: number; leader: number; time?: number }[]): Promise<Map<string, PartitionBounds>> {
  const queries = (timestamp: (p: { time?: number }) => number | undefined) =>
    partitions.flatMap((p) => {
      const t = timestamp(p);
      return t === undefined ? [] : [{ topic: p.topic, partition: p.partition, leader: p.leader, timestamp: t }];
    });
  const [lows, highs, byTime] = await Promise.all([
    access.listOffsets(queries(() => EARLIEST)),
    access.listOffsets(queries(() => LATEST)),
    access.listOffsets(queries((p) => p.time)),
  ]);
  const offsetOf = (answers: { topic: string; partition: number; offset: number }[]) => new Map(answers.map((a) => [partitionKey(a.topic, a.partition), a.offset]));
  const low = offsetOf(lows);
  const high = offsetOf(highs);
  const time = offsetOf(byTime);
  const bounds = new Map<string, PartitionBounds>();
  for (const p of partitions) {
    const key = partitionKey(p.topic, p.partition);
    const l = low.get(key);
    const h = high.get(key);
    if (l === undefined || h === undefined || l < 0 || h < 0) throw new EbxError(`Could not read the offsets of ${p.topic} partition ${p.partition}. Nothing was committed.`);
    const entry: PartitionBounds = { low: l, high: h };
    if (p.time !== undefined) {
      const t = time.get(key);
      entry.offsetForTime = t === undefined || t < 0 ? null : t;
    }
    bounds.set(key, entry);
  }
  return bounds;
}
