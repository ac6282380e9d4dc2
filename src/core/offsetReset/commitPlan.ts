// Commits a confirmed plan, exactly as planned, and reports each partition on its own: one
// partition's failure never hides another's result, and nothing outside the plan is touched.
import type { KafkaSession } from '../session';
import { brokerCode, SENTENCE_FOR_CODE } from '../brokerError';
import { partitionKey } from './groupForReset';
import type { ResetPlan } from './resetPlan';
import type { PlannedPartition } from './resetTarget';
import { refuseIfReadOnly } from '../readOnly';

export interface PartitionResult extends PlannedPartition {
  /** 'committed', or the broker's error code name for this partition (e.g. UNKNOWN_MEMBER_ID). */
  result: string;
}

export interface ResetResult {
  group: string;
  partitions: PartitionResult[];
}

/** The code reported for a partition when the whole request failed without a broker code. */
const NO_ANSWER = 'REQUEST_FAILED';

export async function commitPlan(session: KafkaSession, plan: ResetPlan): Promise<ResetResult> {
  // The session's access would refuse too, but per partition; a read-only connection is one sentence.
  refuseIfReadOnly(session.options, `committing offsets for consumer group "${plan.group}"`);
  const offsets = plan.partitions.map((p) => ({ topic: p.topic, partition: p.partition, offset: p.target }));
  let errors: Map<string, string | null>;
  try {
    const outcomes = await session.withinTimeout(`committing offsets for ${plan.group}`, () => session.cluster().commitOffsets(plan.group, offsets));
    errors = new Map(outcomes.map((o) => [partitionKey(o.topic, o.partition), o.error]));
  } catch (err) {
    // The request as a whole failed (coordinator gone, timeout, denied): every partition says so.
    const code = brokerCode(err) ?? NO_ANSWER;
    errors = new Map(offsets.map((o) => [partitionKey(o.topic, o.partition), code]));
  }
  return {
    group: plan.group,
    partitions: plan.partitions.map((p) => {
      const error = errors.get(partitionKey(p.topic, p.partition));
      // A partition the broker did not answer for was not committed.
      return { ...p, result: error === null ? 'committed' : (error ?? NO_ANSWER) };
    }),
  };
}

export function failedPartitions(result: ResetResult): PartitionResult[] {
  return result.partitions.filter((p) => p.result !== 'committed');
}

/** One sentence for a partition's error code. */
export function explainCommitError(code: string): string {
  if (code === NO_ANSWER) return 'The commit request failed before the broker answered for this partition.';
  return SENTENCE_FOR_CODE[code] ?? `The broker answered ${code}.`;
}
