// A group's position saved to a file (format ebx-offsets/1): per partition the committed offset and
// the timestamps on either side of it. Offsets put the group back on the same cluster; timestamps
// find the same place on a replication peer, whose offsets differ (VAST does not replicate
// committed offsets, so after a failover this file is how a group resumes where it was).
import type { KafkaSession } from '../session';
import { EbxError, UsageError } from '../errors';
import { BEYOND_EXACT } from './exactOffsets';
import { validateTopicName } from '../topics/topicName';
import { boundaryTimestamps } from './boundaryTimestamps';
import { partitionKey, validateGroupId } from './groupForReset';
import { partitionBounds, resolveScope } from './resetPlan';
import { readGroupCommits } from '../groups/groupCommits';

export const SNAPSHOT_FORMAT = 'ebx-offsets/1';

export interface SnapshotPartition {
  topic: string;
  partition: number;
  committed: number;
  /** Timestamp of the record at committed-1 (the last one the group consumed); null when there is none. */
  lastConsumedTimestamp: number | null;
  /** Timestamp of the record at committed (the next one it would read); null when it has none yet. */
  nextUnreadTimestamp: number | null;
}

export interface OffsetsSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  group: string;
  /** ISO 8601. */
  exportedAt: string;
  partitions: SnapshotPartition[];
}

/** Reads a group's committed offsets (optionally of one topic) and the timestamps around them. Works on an active group too: it only reads. */
export async function exportSnapshot(session: KafkaSession, group: string, options: { topic?: string; signal?: AbortSignal; now?: () => Date } = {}): Promise<OffsetsSnapshot> {
  validateGroupId(group);
  if (options.topic !== undefined) validateTopicName(options.topic);
  const access = session.cluster();
  const committed = await session.withinTimeout(`reading the committed offsets of ${group}`, async () => {
    const { description: described, committed: all } = await readGroupCommits(access, group);
    const offsets = all.filter((c) => c.offset >= 0);
    if (described.state === 'Dead' && offsets.length === 0) throw new EbxError(`Consumer group ${group} does not exist.`);
    return offsets;
  });
  const chosen = committed.filter((c) => options.topic === undefined || c.topic === options.topic);
  if (chosen.length === 0) {
    throw new EbxError(options.topic === undefined ? `Consumer group ${group} has no committed offsets to save.` : `Consumer group ${group} has no committed offsets for ${options.topic}.`);
  }
  const positions = await session.withinTimeout(`reading the offsets of ${group}'s partitions`, async () => {
    const partitions = await resolveScope(access, scopeOf(chosen));
    const bounds = await partitionBounds(access, partitions);
    const at = new Map(chosen.map((c) => [partitionKey(c.topic, c.partition), c.offset]));
    return partitions.map((p) => ({ topic: p.topic, partition: p.partition, committed: at.get(partitionKey(p.topic, p.partition))!, ...bounds.get(partitionKey(p.topic, p.partition))! }));
  });
  const timestamps = await boundaryTimestamps(session, positions, options.signal);
  return {
    format: SNAPSHOT_FORMAT,
    group,
    exportedAt: (options.now?.() ?? new Date()).toISOString(),
    partitions: positions.map((p, i) => ({
      topic: p.topic,
      partition: p.partition,
      committed: p.committed,
      lastConsumedTimestamp: timestamps[i].lastConsumedTimestamp,
      nextUnreadTimestamp: timestamps[i].nextUnreadTimestamp,
    })),
  };
}

function scopeOf(offsets: { topic: string; partition: number }[]): { topic: string; partitions: number[] }[] {
  const byTopic = new Map<string, number[]>();
  for (const o of offsets) byTopic.set(o.topic, [...(byTopic.get(o.topic) ?? []), o.partition]);
  return [...byTopic].map(([topic, partitions]) => ({ topic, partitions }));
}

/** Parses and checks a snapshot file's text; one sentence for anything that is not an ebx-offsets/1 snapshot. */
export function parseSnapshot(text: string, fileName = 'The file'): OffsetsSnapshot {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new UsageError(`${fileName} is not JSON: an offsets snapshot is the JSON that "ebx offsets export" or Save Offsets Snapshot… writes.`);
  }
  if (!isObject(data) || data.format !== SNAPSHOT_FORMAT) {
    const found = isObject(data) && typeof data.format === 'string' ? `"${data.format.slice(0, 40)}"` : 'no format';
    throw new UsageError(`${fileName} is not an offsets snapshot: its format is ${found}, expected "${SNAPSHOT_FORMAT}".`);
  }
  if (typeof data.group !== 'string' || data.group.trim() === '') throw new UsageError(`${fileName} names no consumer group.`);
  if (!Array.isArray(data.partitions) || data.partitions.length === 0) throw new UsageError(`${fileName} lists no partitions.`);
  const partitions = data.partitions.map((p: unknown, i: number) => snapshotPartition(p, i, fileName));
  const seen = new Set<string>();
  for (const p of partitions) {
    const key = partitionKey(p.topic, p.partition);
    if (seen.has(key)) throw new UsageError(`${fileName} lists ${p.topic} partition ${p.partition} twice.`);
    seen.add(key);
  }
  return { format: SNAPSHOT_FORMAT, group: data.group, exportedAt: typeof data.exportedAt === 'string' ? data.exportedAt : '', partitions };
}

function snapshotPartition(p: unknown, index: number, fileName: string): SnapshotPartition {
  const where = `${fileName}, partition entry ${index + 1}`;
  if (!isObject(p) || typeof p.topic !== 'string' || p.topic === '') throw new UsageError(`${where} has no topic.`);
  const topic = p.topic;
  const whole = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
  const timestamp = (v: unknown, name: string): number | null => {
    if (v === null || v === undefined) return null;
    if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw new UsageError(`${where} (${topic}) has a ${name} that is not epoch milliseconds.`);
    return v;
  };
  const partition = p.partition;
  if (!whole(partition)) throw new UsageError(`${where} (${p.topic}) has no partition number.`);
  // JSON numbers above 2^53 − 1 arrive rounded: refused for what they are, not as "not a whole number".
  if (typeof p.committed === 'number' && Number.isInteger(p.committed) && p.committed > Number.MAX_SAFE_INTEGER) {
    throw new UsageError(`${where} (${p.topic} partition ${partition}) has a committed offset ${BEYOND_EXACT}`);
  }
  if (!whole(p.committed)) throw new UsageError(`${where} (${p.topic} partition ${partition}) has no committed offset (a whole number, 0 or more).`);
  return {
    topic: p.topic,
    partition,
    committed: p.committed,
    lastConsumedTimestamp: timestamp(p.lastConsumedTimestamp, 'lastConsumedTimestamp'),
    nextUnreadTimestamp: timestamp(p.nextUnreadTimestamp, 'nextUnreadTimestamp'),
  };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
