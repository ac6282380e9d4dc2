// The input of ebx_previewOffsetReset and ebx_resetOffsets (the same, so a preview can be run as is),
// and the plan's text, which is both the preview's answer and the reset's confirmation.
import type { BrokerProfile } from '../model';
import type { ResetPlan, ResetRequest } from '../offsetReset/resetPlan';
import { describeChange, type ResetTarget } from '../offsetReset/resetTarget';
import { parseTime } from '../time';
import { UsageError } from '../errors';
import type { JsonSchema, ToolInput } from './toolDefinition';
import { CONNECTION_PROPERTY, integerList, optionalInteger, requiredString } from './toolInput';
import { APPROXIMATE_END_NOTE } from './describeTopicTool';

const TARGETS = ['earliest', 'latest', 'offset', 'time', 'shift'];

export const RESET_INPUT_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    connection: CONNECTION_PROPERTY,
    group: { type: 'string', description: 'The consumer group whose committed offsets move. It must exist and have no active members.' },
    topic: { type: 'string', description: 'The topic whose partitions are reset.' },
    partitions: { type: 'array', items: { type: 'integer', minimum: 0 }, description: 'Only these partitions. Default: every partition of the topic.' },
    to: { type: 'string', enum: TARGETS, description: 'earliest, latest, offset (needs "offset"), time (needs "time") or shift (needs "shift").' },
    offset: { type: 'integer', minimum: 0, description: 'With to=offset: the new offset (clamped to the partition\'s low…high, as kafka-consumer-groups does).' },
    time: { type: 'string', description: 'With to=time: ISO 8601, epoch milliseconds, or relative (-15m, -2h, -1d); each partition moves to the first record at or after it.' },
    shift: { type: 'integer', description: 'With to=shift: move the committed offsets by this many (negative re-reads, positive skips).' },
  },
  required: ['group', 'topic', 'to'],
};

export function resetRequestOf(input: ToolInput, profile: BrokerProfile): ResetRequest {
  const group = requiredString(input, 'group');
  const topic = requiredString(input, 'topic');
  const partitions = integerList(input, 'partitions');
  return { group, scope: [{ topic, partitions }], target: targetOf(input), profile };
}

function targetOf(input: ToolInput): ResetTarget {
  const to = requiredString(input, 'to');
  const needs = (field: string) => new UsageError(`to=${to} needs "${field}".`);
  switch (to) {
    case 'earliest':
      return { kind: 'earliest' };
    case 'latest':
      return { kind: 'latest' };
    case 'offset': {
      const offset = optionalInteger(input, 'offset', 0, Number.MAX_SAFE_INTEGER);
      if (offset === undefined) throw needs('offset');
      return { kind: 'offset', offset };
    }
    case 'time': {
      if (input.time === undefined) throw needs('time');
      return { kind: 'time', time: parseTime(requiredString(input, 'time')) };
    }
    case 'shift': {
      const by = optionalInteger(input, 'shift', Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
      if (by === undefined) throw needs('shift');
      return { kind: 'shift', by };
    }
    default:
      throw new UsageError(`"to" must be one of ${TARGETS.join(', ')} (got "${to}").`);
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
  return [`Consumer group ${plan.group} (${state}), ${plan.partitions.length} partition${plan.partitions.length === 1 ? '' : 's'}:`, ...lines, ...warnings, ...approximate].join('\n');
}
