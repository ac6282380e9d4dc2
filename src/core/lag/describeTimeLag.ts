// Time lag in words, the same in the tree, the status bar, the CLI and the agent tools.
import type { PartitionTimeLag } from './lagModel';

/** "12 s", "4 min", "3 h", "2 days": rounded, for a glance. */
export function roughDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 90) return `${s} s`;
  const m = Math.round(s / 60);
  if (m < 90) return `${m} min`;
  const h = Math.round(m / 60);
  if (h < 36) return `${h} h`;
  return `${Math.round(h / 24)} days`;
}

/** "12 s behind", "3 min behind"; "< 1 s behind" for a record younger than a second; "no commit" for null. */
export function formatTimeLag(ms: number | null): string {
  if (ms === null) return 'no commit';
  if (ms < 1000) return '< 1 s behind';
  return `${roughDuration(ms)} behind`;
}

/** One partition: "3 min behind", "caught up", "no commit", "past the end", "unreadable". */
export function describeTimeLag(reading: Pick<PartitionTimeLag, 'committed' | 'unread' | 'timeLagMs' | 'basis'>): string {
  if (reading.committed === null) return 'no commit';
  if (reading.basis === 'pastEnd') return 'past the end';
  if (reading.unread === false) return 'caught up';
  if (reading.unread === true && reading.timeLagMs !== null) return formatTimeLag(reading.timeLagMs);
  return 'unreadable';
}

/** A whole group by its worst partition: "3 min behind", "caught up", "no commit", "unreadable". */
export function describeGroupTimeLag(group: { maxTimeLagMs: number | null; partitions: readonly Pick<PartitionTimeLag, 'committed' | 'unread' | 'timeLagMs' | 'basis'>[] }): string {
  const behind = group.partitions.filter((p) => p.unread === true && p.timeLagMs !== null);
  // A loop, not Math.max(...list): one argument per partition overflows the stack at a view's 200,000.
  if (behind.length > 0) return formatTimeLag(behind.map((p) => p.timeLagMs!).reduce((a, b) => Math.max(a, b)));
  if (caughtUpByReading(group.partitions) === true) {
    return group.partitions.some((p) => p.committed !== null && p.unread === null) ? 'caught up where readable' : 'caught up';
  }
  if (group.partitions.every((p) => p.committed === null)) return 'no commit';
  return 'unreadable';
}

/**
 * Whether a group has caught up, as reading at its committed offsets says (the tree's rows, the
 * trend and the CLI alike): true when no partition has a record waiting and at least one fetch
 * came back empty, false when a record waits, null when nothing was read. Never from the end
 * offsets, which on VAST trail the newest events.
 */
export function caughtUpByReading(partitions: readonly Pick<PartitionTimeLag, 'unread'>[]): boolean | null {
  if (partitions.some((p) => p.unread === true)) return false;
  return partitions.some((p) => p.unread === false) ? true : null;
}

/**
 * A group whose end offsets say nothing is unread (offset lag 0 summed over its partitions) while
 * reading at a committed offset found a record: on VAST the reported end trails the newest events.
 */
export function groupEndTrails(totalLag: number | null | undefined, partitions: readonly Pick<PartitionTimeLag, 'unread'>[] | undefined): boolean {
  return totalLag === 0 && (partitions ?? []).some((p) => p.unread === true);
}

/** How a partition's time lag was found, for a tooltip. */
export function explainTimeLag(reading: Pick<PartitionTimeLag, 'committed' | 'nextUnreadTimestamp' | 'basis' | 'error'>): string {
  const at = reading.nextUnreadTimestamp === null ? '' : ` (written ${new Date(reading.nextUnreadTimestamp).toISOString()})`;
  switch (reading.basis) {
    case 'record':
      return `Read the record at the committed offset ${reading.committed}${at}: the group is behind by its age.`;
    case 'recordAfterGap':
      return `No record at the committed offset ${reading.committed} (a gap, e.g. after compaction); read the first one after it${at}.`;
    case 'beforeEarliest':
      return `The committed offset ${reading.committed} is before the earliest record kept (retention removed the rest): the group will read from the earliest record${at}.`;
    case 'caughtUp':
      return `A fetch at the committed offset ${reading.committed} came back empty: nothing unread, whatever the end offset says.`;
    case 'noCommit':
      return 'The group has no committed offset for this partition: its consumers would start from their auto.offset.reset.';
    case 'pastEnd':
    case 'unreadable':
      return reading.error ?? 'The partition could not be read.';
  }
}
