// One sample of a watched group, from one lag report: what the trend and the chart are drawn from,
// the same for `ebx lag --watch` and Watch Lag.
import { caughtUpByReading } from './describeTimeLag';
import type { GroupLagReport, LagSample } from './lagModel';

/** The sum of the partitions' offset lag (approximate on VAST); null when no partition has one. */
export function totalOffsetLag(report: GroupLagReport): number | null {
  let total: number | null = null;
  for (const p of report.partitions) if (p.lag !== null) total = (total ?? 0) + p.lag;
  return total;
}

export function lagSampleOf(report: GroupLagReport): LagSample {
  return {
    at: report.sampledAt,
    totalLag: totalOffsetLag(report),
    maxTimeLagMs: report.maxTimeLagMs,
    caughtUp: caughtUpByReading(report.partitions),
    perPartition: report.partitions.map((p) => ({ topic: p.topic, partition: p.partition, lag: p.lag, timeLagMs: p.timeLagMs })),
  };
}
