// Delete Records (truncate): moves partitions' first offset forward, before an offset or before a
// time. The plan says per partition where the log starts now, where it will start, and how many
// records go (the distance between the two; compacted gaps can make the true number smaller).
import type { BrokerProfile } from '../model';
import type { KafkaSession } from '../session';
import { BrokerError } from '../brokerError';
import { EbxError, UsageError } from '../errors';
import { describePartitions } from './listTopics';
import { offsetsForTime } from '../offsetsForTime';
import { counted } from '../counted';

/** What a broker without DeleteRecords answers (or how the connection ends when it does not know the request). */
const UNSUPPORTED_CODES = new Set(['UNSUPPORTED_VERSION', 'INVALID_REQUEST', 'UNKNOWN_SERVER_ERROR', 'POLICY_VIOLATION']);

export type RecordsCutoff = { beforeOffset: number } | { beforeTime: number };

export interface PartitionTruncation {
  partition: number;
  /** The first offset kept now. */
  low: number;
  /** The first offset kept after the deletion. */
  newLow: number;
  removed: number;
}

export interface RecordsDeletionPlan {
  topic: string;
  partitions: PartitionTruncation[];
}

export async function planRecordsDeletion(session: KafkaSession, topic: string, partitions: number[] | undefined, cutoff: RecordsCutoff): Promise<RecordsDeletionPlan> {
  if ('beforeOffset' in cutoff && (!Number.isSafeInteger(cutoff.beforeOffset) || cutoff.beforeOffset < 0)) {
    throw new UsageError(`An offset is a whole number, 0 or more (got ${cutoff.beforeOffset}).`);
  }
  const all = await describePartitions(session, topic);
  const chosen = partitions === undefined ? all : partitions.map((p) => all.find((x) => x.partition === p) ?? missingPartition(topic, p, all.length));
  const byTime = 'beforeTime' in cutoff ? new Map((await offsetsForTime(session, topic, cutoff.beforeTime)).map((o) => [o.partition, o.offset])) : undefined;
  return {
    topic,
    partitions: chosen.map((p) => {
      // By time: the first record at or after the time is kept; with none that new, every record goes.
      const target = 'beforeOffset' in cutoff ? cutoff.beforeOffset : (byTime?.get(p.partition) ?? p.high);
      if (target > p.high) {
        throw new UsageError(`Partition ${p.partition} of ${topic} ends at offset ${p.high}: give an offset up to ${p.high} (${p.high} removes every record in it).`);
      }
      const newLow = Math.max(p.low, target);
      return { partition: p.partition, low: p.low, newLow, removed: newLow - p.low };
    }),
  };
}

/** Deletes what the plan says (partitions with nothing to remove are not sent). */
export async function deletePlannedRecords(session: KafkaSession, profile: BrokerProfile, plan: RecordsDeletionPlan): Promise<void> {
  const deletions = plan.partitions.filter((p) => p.removed > 0).map((p) => ({ partition: p.partition, beforeOffset: p.newLow }));
  try {
    await session.withinTimeout(`deleting records of ${plan.topic}`, () => session.cluster().deleteRecords(plan.topic, deletions));
  } catch (err) {
    if (profile === 'vast' && err instanceof BrokerError && err.kind === 'fatal' && err.code !== undefined && UNSUPPORTED_CODES.has(err.code)) {
      throw new EbxError(`VAST does not support deleting records (the broker refused DeleteRecords: ${err.message.replace(/\.$/, '')}). Nothing was deleted.`);
    }
    throw err;
  }
}

export function describeRecordsDeletion(plan: RecordsDeletionPlan): string[] {
  const total = plan.partitions.reduce((sum, p) => sum + p.removed, 0);
  return [
    ...plan.partitions.map((p) => `partition ${p.partition}: first offset ${p.low} → ${p.newLow} (${counted(p.removed, 'record')} removed)`),
    `${counted(total, 'record')} in all`,
  ];
}

function missingPartition(topic: string, partition: number, count: number): never {
  throw new UsageError(`${topic} has no partition ${partition}: it has partitions 0 to ${count - 1}.`);
}
