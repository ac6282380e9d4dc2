// The input of ebx_previewOffsetReset and ebx_resetOffsets (the same, so a preview can be run as is),
// and the plan's text, which is both the preview's answer and the reset's confirmation.
import type { BrokerProfile } from '../model';
import type { ResetPlan, ResetRequest } from '../offsetReset/resetPlan';
import { describeChange, type ResetTarget } from '../offsetReset/resetTarget';
import { parseTime } from '../time';
import { UsageError } from '../errors';
import type { ToolInput } from './toolDefinition';
import { choice, CONNECTION_FIELD, partitionList, requiredName, text, wholeNumber } from './toolInput';
import { APPROXIMATE_END_NOTE } from './describeTopicTool';
import { counted } from '../counted';

export const RESET_INPUT = {
  connection: CONNECTION_FIELD,
  group: requiredName('The consumer group whose committed offsets move. It must exist and have no active members.'),
  topic: requiredName('The topic whose partitions are reset.'),
  partitions: partitionList('Only these partitions. Default: every partition of the topic.').optional(),
  to: choice(['earliest', 'latest', 'offset', 'time', 'shift'], 'earliest, latest, offset (needs "offset"), time (needs "time") or shift (needs "shift").'),
  offset: wholeNumber(0, Number.MAX_SAFE_INTEGER, 'With to=offset: the new offset (clamped to the partition\'s low…high, as kafka-consumer-groups does).').optional(),
  time: text('With to=time: ISO 8601, epoch milliseconds, or relative (-15m, -2h, -1d); each partition moves to the first record at or after it.').optional(),
  shift: wholeNumber(Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, 'With to=shift: move the committed offsets by this many (negative re-reads, positive skips).').optional(),
};

export type ResetInput = ToolInput<typeof RESET_INPUT>;

export function resetRequestOf(input: ResetInput, profile: BrokerProfile): ResetRequest {
  return { group: input.group, scope: [{ topic: input.topic, partitions: input.partitions }], target: targetOf(input), profile };
}

function targetOf(input: ResetInput): ResetTarget {
  const { to } = input;
  const needs = (field: string) => new UsageError(`to=${to} needs "${field}".`);
  switch (to) {
    case 'earliest':
      return { kind: 'earliest' };
    case 'latest':
      return { kind: 'latest' };
    case 'offset':
      if (input.offset === undefined) throw needs('offset');
      return { kind: 'offset', offset: input.offset };
    case 'time':
      if (input.time === undefined) throw needs('time');
      // Only with to=time does a blank time matter (another target ignores it).
      if (input.time.trim() === '') throw new UsageError('"time" is required.');
      return { kind: 'time', time: parseTime(input.time) };
    case 'shift':
      if (input.shift === undefined) throw needs('shift');
      return { kind: 'shift', by: input.shift };
  }
}

/** The plan, one partition a line: what a person confirms, and what a preview returns. */
export function resetPlanText(plan: ResetPlan): string {
  const lines = plan.partitions.map(
    (p) => `${p.topic} p${p.partition}: ${p.current ?? 'none'} → ${p.target}${p.approximate ? '≈' : ''} (${describeChange(p)})${p.note ? `; ${p.note}` : ''}`,
  );
  const state = plan.groupExists ? plan.state : 'does not exist';
  const warnings = plan.warnings.map((w) => `Warning: ${w}`);
  const approximate = plan.partitions.some((p) => p.approximate) ? [APPROXIMATE_END_NOTE] : [];
  return [`Consumer group ${plan.group} (${state}), ${counted(plan.partitions.length, 'partition')}:`, ...lines, ...warnings, ...approximate].join('\n');
}
