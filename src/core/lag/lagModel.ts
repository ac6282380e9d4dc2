// The shapes lag is reported in: per partition, per group, and as samples over time. Plain data
// (numbers, epoch milliseconds), so the CLI prints them and the extension renders them unchanged.
import type { BrokerProfile } from '../model';
import type { ReaderClock } from '../reader/readerClock';

/**
 * How a partition's time lag was found, for tooltips and the CLI's notes:
 * - `record`: the record at the committed offset was read; the group is behind by its age.
 * - `recordAfterGap`: no record at the committed offset (compaction, a control record), the first
 *   one after it was read instead.
 * - `beforeEarliest`: the committed offset is before the earliest record kept (retention removed
 *   it); the group will read from the earliest record, whose age is the time lag.
 * - `caughtUp`: the fetch at the committed offset came back empty: nothing unread.
 * - `noCommit`: the group has no committed offset for the partition.
 * - `pastEnd`: the committed offset is beyond the partition's end (a recreated topic, say).
 * - `unreadable`: the partition could not be read (see `error`).
 */
export type TimeLagBasis = 'record' | 'recordAfterGap' | 'beforeEarliest' | 'caughtUp' | 'noCommit' | 'pastEnd' | 'unreadable';

/** What reading at a group's committed offset says about one partition. */
export interface PartitionTimeLag {
  topic: string;
  partition: number;
  /** null when the group has no commit for this partition. */
  committed: number | null;
  /** True when a record is there to read at (or after) the committed offset, false when the fetch came back empty; null when unknown. */
  unread: boolean | null;
  /** Timestamp (epoch ms) of the first record the group has not read; null when there is none or it is unknown. */
  nextUnreadTimestamp: number | null;
  /** max(0, sampledAt − nextUnreadTimestamp); 0 when caught up; null without a commit or when unreadable. */
  timeLagMs: number | null;
  basis: TimeLagBasis;
  /** One sentence when this partition could not be read (the others still are). */
  error?: string;
}

/** One partition's offset lag and time lag. */
export interface PartitionLagReading extends PartitionTimeLag {
  /** The reported end offset; null when it could not be read. */
  end: number | null;
  /** True under the `vast` profile: its reported end offset can trail the newest events by up to a minute. */
  endApproximate: boolean;
  /** end − committed, at least 0; null without a commit or an end. */
  lag: number | null;
  /** The end offset says nothing is unread (lag 0), but a record was read at the committed offset. */
  endDisagrees: boolean;
}

export interface GroupLagReport {
  group: string;
  state: string;
  /** When the records were read (epoch ms): every time lag is measured to this moment. */
  sampledAt: number;
  partitions: PartitionLagReading[];
  /** The worst partition's time lag; null when no partition has one (no commit anywhere, or unreadable). */
  maxTimeLagMs: number | null;
}

/** The worst time lag of one group, for a whole tree listing (readGroupsTimeLag). */
export interface GroupTimeLag {
  groupId: string;
  sampledAt: number;
  /** null when no partition has a time lag (no commit, or unreadable). */
  maxTimeLagMs: number | null;
  /** Partitions with a commit, each as read at its committed offset. */
  partitions: PartitionTimeLag[];
  /** Set when the group's committed offsets could not be read (the other groups still are). */
  error?: string;
}

/** One sample of a watched group, for the trend and the chart. */
export interface LagSample {
  at: number;
  /** Sum of the partitions' offset lag; null when no partition has one. Approximate on VAST. */
  totalLag: number | null;
  maxTimeLagMs: number | null;
  /**
   * Decided by reading at the committed offsets, never from the end offsets (on VAST they trail):
   * true when no partition has a record waiting and at least one fetch came back empty, false
   * when a record waits somewhere, null when nothing could be read.
   */
  caughtUp: boolean | null;
  perPartition?: { topic: string; partition: number; lag: number | null; timeLagMs: number | null }[];
}

export interface LagTrend {
  direction: 'falling' | 'growing' | 'steady' | 'unknown';
  /** Offset lag change per second (negative when falling); null when it could not be told. */
  recordsPerSecond: number | null;
  /** At the current rate, when the lag reaches 0; null unless falling. */
  clearsInMs: number | null;
  /**
   * "falling ~120 records/s, clears in ~4 min", "growing ~30 records/s", "steady", "not enough
   * samples yet"; ", caught up" only when the latest sample's reading says so.
   */
  words: string;
}

export interface LagReadOptions {
  signal?: AbortSignal;
  /** The time lag is measured to this clock (epoch ms); Date.now by default. */
  now?: () => number;
  /** `vast` (the default) marks end offsets approximate. */
  profile?: BrokerProfile;
  /** Internal, for the unit tests: virtual time for the pause before a retry. */
  clock?: ReaderClock;
}
