// The messages between the Watch Lag panel (src/extension/lag/) and its page (main.ts), declared
// once for both sides. The extension sends the whole picture each time (a sample, an error, the
// panel shown again): the page keeps no data of its own, so a page rebuilt after being hidden needs
// nothing but the next message. Every text in here is already worded by the extension (core's
// formatTimeLag and lagTrend): the page only draws it.

/** One series of the offset-lag chart: a partition of the watched group. */
export interface ChartPartition {
  topic: string;
  partition: number;
}

/** One sample on the charts' time axis. */
export interface ChartPoint {
  /** Epoch milliseconds. */
  at: number;
  /** Offset lag per partition, in the order of `LagChartState.partitions`; null where unknown. */
  lags: (number | null)[];
  /** The group's worst time lag (ms); null where no partition had one. */
  maxTimeLagMs: number | null;
}

/** One row of the current values table. */
export interface CurrentPartitionRow {
  topic: string;
  partition: number;
  /** "12", "—" (no commit); the caller adds ≈ when the end offset is approximate. */
  committed: string;
  end: string;
  offsetLag: string;
  /** "3 min behind", "caught up", "no commit", "unreadable". */
  timeLag: string;
  /** One sentence where reading and end offsets disagree, or the partition could not be read. */
  note?: string;
}

export interface LagChartState {
  group: string;
  connection: string;
  intervalSeconds: number;
  /** How much history the charts span (the last 30 minutes). */
  windowMs: number;
  partitions: ChartPartition[];
  points: ChartPoint[];
  /** The latest sample worded; absent until the first one arrives. */
  current?: {
    /** Epoch ms of the sample. */
    sampledAt: number;
    state: string;
    /** The group's worst time lag, worded ("3 min behind"). */
    timeLag: string;
    /** Sum of the partitions' offset lag, worded ("≈ 1,204 records"). */
    offsetLag: string;
    rows: CurrentPartitionRow[];
  };
  /** lagTrend's words ("falling ~120 records/s, clears in ~4 min", "growing"); empty with too few samples. */
  trend: string;
  /** The last sample's failure, one sentence; sampling goes on (and backs off) meanwhile. */
  error?: string;
  /** True under the vast profile: end offsets (and so offset lag) are approximate. */
  endApproximate: boolean;
}

export type ToLagChart = { type: 'state'; state: LagChartState };

export type FromLagChart = { type: 'ready' };
