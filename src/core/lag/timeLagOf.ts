// From what a fetch at the committed offset found to what it says about the group: unread or caught
// up, and how far behind in time. Pure, so every case is a unit test.
import type { FirstRecordOutcome } from './firstRecordsAt';
import type { PartitionTimeLag } from './lagModel';

export function timeLagOf(topic: string, partition: number, committed: number | null, found: FirstRecordOutcome | undefined, sampledAt: number): PartitionTimeLag {
  // Object literals with their fields written out, not spread from a shared base: a lag of 10,000
  // partitions makes 10,000 of these in cold code, where a spread costs several times a literal.
  if (committed === null) return { topic, partition, committed, unread: null, nextUnreadTimestamp: null, timeLagMs: null, basis: 'noCommit' };
  if (!found) return { topic, partition, committed, unread: null, nextUnreadTimestamp: null, timeLagMs: null, basis: 'unreadable', error: `${topic} partition ${partition} was not read.` };
  switch (found.kind) {
    case 'record':
      return {
        topic,
        partition,
        committed,
        unread: true,
        nextUnreadTimestamp: found.timestamp,
        // A producer's clock ahead of ours must not make a negative lag.
        timeLagMs: Math.max(0, sampledAt - found.timestamp),
        basis: found.fromEarliest ? 'beforeEarliest' : found.gap ? 'recordAfterGap' : 'record',
      };
    case 'empty':
      return { topic, partition, committed, unread: false, nextUnreadTimestamp: null, timeLagMs: 0, basis: 'caughtUp' };
    case 'pastEnd':
      // Nothing to read from there; the group's consumers will reset by their auto.offset.reset.
      return {
        topic,
        partition,
        committed,
        unread: null,
        nextUnreadTimestamp: null,
        timeLagMs: null,
        basis: 'pastEnd',
        error: `The committed offset ${committed} is past the end of ${topic} partition ${partition}${found.end === null ? '' : ` (about ${found.end})`}: its consumers will start from their auto.offset.reset.`,
      };
    case 'error':
      return { topic, partition, committed, unread: null, nextUnreadTimestamp: null, timeLagMs: null, basis: 'unreadable', error: found.message };
  }
}

/** The worst time lag of these partitions; null when none has one. */
export function maxTimeLagOf(partitions: readonly { timeLagMs: number | null }[]): number | null {
  let max: number | null = null;
  for (const p of partitions) if (p.timeLagMs !== null && (max === null || p.timeLagMs > max)) max = p.timeLagMs;
  return max;
}
