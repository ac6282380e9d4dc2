// Where a reset moves each partition, decided from plain facts (committed offset, low and high
// watermarks, the offset a time resolved to). Pure, so the unit tests can check every rule, and
// so the rules match Apache Kafka's `kafka-consumer-groups --reset-offsets` exactly:
// - an offset, a shift, or a position from a file is clamped to low…high (above high → high,
//   below low → low, in that order), as the tool's checkOffsetsRange does;
// - a time resolves through ListOffsets and is not clamped; when no record is at or after it, the
//   partition goes to its end ("Falling back to latest known offset");
// - a shift needs a committed offset to shift from.
import { UsageError } from '../errors';

export type ResetTarget =
  | { kind: 'earliest' }
  | { kind: 'latest' }
  | { kind: 'offset'; offset: number }
  /** Epoch milliseconds. */
  | { kind: 'time'; time: number }
  | { kind: 'shift'; by: number }
  /** Explicit positions (from a file); partitions not listed are left alone. */
  | { kind: 'positions'; positions: { topic: string; partition: number; offset: number }[] };

export interface PartitionFacts {
  topic: string;
  partition: number;
  /** The group's committed offset; null when it has none for this partition. */
  current: number | null;
  low: number;
  /** Approximate on VAST: the reported end can trail the newest events. */
  high: number;
  /** For a time target: the first offset at or after the time, or null when no record is. */
  offsetForTime?: number | null;
  /** For a positions target: the position asked for this partition. */
  requested?: number;
}

export interface PlannedPartition {
  topic: string;
  partition: number;
  current: number | null;
  target: number;
  /** The requested offset was outside low…high and was moved to the nearest end. */
  clamped: boolean;
  /** target - current: negative re-reads that many offsets, positive skips them; null without a commit. */
  change: number | null;
  /** The target or the change depends on the reported end offset, which can trail (VAST). */
  approximate: boolean;
  /** Why the target is what it is, when that is not obvious (clamped, no record after the time). */
  note: string | null;
}

/** The new offset of one partition for `target`. Throws a UsageError for a shift without a commit. */
export function planPartition(facts: PartitionFacts, target: ResetTarget): PlannedPartition {
  const { topic, partition, current, low, high } = facts;
  const done = (offset: number, how: { clamped?: boolean; fromEnd?: boolean; note?: string | null } = {}): PlannedPartition => ({
    topic,
    partition,
    current,
    target: offset,
    clamped: how.clamped ?? false,
    change: current === null ? null : offset - current,
    approximate: how.fromEnd ?? false,
    note: how.note ?? null,
  });
  const within = (requested: number) => {
    const bounded = clampToRange(requested, low, high);
    if (bounded === requested) return done(requested);
    const side = bounded === high ? `the end (${high}≈)` : `the first offset still kept (${low})`;
    return done(bounded, { clamped: true, fromEnd: bounded === high, note: `${requested} is outside ${low}…${high}≈: moved to ${side}` });
  };
  switch (target.kind) {
    case 'earliest':
      return done(low);
    case 'latest':
      return done(high, { fromEnd: true });
    case 'offset':
      return within(target.offset);
    case 'positions':
      if (facts.requested === undefined) throw new Error(`no position given for ${topic} partition ${partition}`);
      return within(facts.requested);
    case 'shift':
      if (current === null) {
        throw new UsageError(`Cannot shift ${topic} partition ${partition}: the group has no committed offset there to shift from.`);
      }
      return within(current + target.by);
    case 'time':
      if (facts.offsetForTime === undefined) throw new Error(`no offset for the time given for ${topic} partition ${partition}`);
      if (facts.offsetForTime === null) return done(high, { fromEnd: true, note: 'no record at or after the time: the end' });
      return done(facts.offsetForTime);
  }
}

/** Kafka's order: above the end goes to the end first, then below the start to the start. */
export function clampToRange(offset: number, low: number, high: number): number {
  if (offset > high) return high;
  if (offset < low) return low;
  return offset;
}

/** Re-reads / skips in words, "≈" when the end offset is involved. */
export function describeChange(p: PlannedPartition): string {
  if (p.change === null) return 'no commit before';
  const approx = p.approximate ? '≈' : '';
  if (p.change === 0) return 'unchanged';
  return p.change < 0 ? `re-reads ${approx}${-p.change}` : `skips ${approx}${p.change}`;
}
