// The samples of one watched group over the chart's window (the last 30 minutes), and the page's
// picture of them. The figures and their words come from core (readGroupLag, lagTrend,
// describeTimeLag); this only keeps the window and lays the numbers out for the page.
import type { GroupLagReport, LagSample, PartitionLagReading } from '../../core/lag/lagModel';
import { describeGroupTimeLag, describeTimeLag } from '../../core/lag/describeTimeLag';
import { lagTrend } from '../../core/lag/lagTrend';
import { plural } from '../../core/counted';
import { lagSampleOf, totalOffsetLag } from '../../core/lag/lagSample';
import { END_DISAGREES_SENTENCE } from '../tree/groupOffsetNode';
import type { ChartPartition, CurrentPartitionRow, LagChartState } from '../../webview/lagChart/messages';

export const CHART_WINDOW_MS = 30 * 60_000;


const partitionKey = (p: { topic: string; partition: number }) => `${p.topic}\u0000${p.partition}`;

function currentRow(p: PartitionLagReading): CurrentPartitionRow {
  const approx = p.endApproximate ? '≈ ' : '';
  const note = p.endDisagrees ? END_DISAGREES_SENTENCE : p.error;
  return {
    topic: p.topic,
    partition: p.partition,
    committed: p.committed === null ? '—' : String(p.committed),
    end: p.end === null ? '?' : String(p.end),
    offsetLag: p.lag === null ? '—' : `${approx}${p.lag.toLocaleString('en-US')}`,
    timeLag: describeTimeLag(p),
    ...(note ? { note } : {}),
  };
}

export class LagHistory {
  private readonly samples: LagSample[] = [];
  private latestReport: GroupLagReport | undefined;

  constructor(private readonly windowMs = CHART_WINDOW_MS) {}

  get latest(): GroupLagReport | undefined {
    return this.latestReport;
  }

  get size(): number {
    return this.samples.length;
  }

  add(report: GroupLagReport): void {
    this.latestReport = report;
    this.samples.push(lagSampleOf(report));
    const from = report.sampledAt - this.windowMs;
    while (this.samples.length > 0 && this.samples[0].at < from) this.samples.shift();
  }

  /** lagTrend's words over the window ("falling ~120 records/s, clears in ~4 min"). */
  trendWords(): string {
    return lagTrend(this.samples).words;
  }

  /** The page's whole picture: the window's points, the latest sample worded, the trend. */
  chartState(view: { group: string; connection: string; intervalSeconds: number; endApproximate: boolean; error?: string }): LagChartState {
    const seen = new Map<string, ChartPartition>();
    for (const s of this.samples) for (const p of s.perPartition ?? []) seen.set(partitionKey(p), { topic: p.topic, partition: p.partition });
    const partitions = [...seen.values()].sort((a, b) => a.topic.localeCompare(b.topic) || a.partition - b.partition);
    const points = this.samples.map((s) => {
      const lags = new Map((s.perPartition ?? []).map((p) => [partitionKey(p), p.lag]));
      return { at: s.at, lags: partitions.map((p) => lags.get(partitionKey(p)) ?? null), maxTimeLagMs: s.maxTimeLagMs };
    });
    const report = this.latestReport;
    const total = report ? totalOffsetLag(report) : null;
    return {
      group: view.group,
      connection: view.connection,
      intervalSeconds: view.intervalSeconds,
      windowMs: this.windowMs,
      partitions,
      points,
      endApproximate: view.endApproximate,
      trend: this.samples.length > 0 ? this.trendWords() : '',
      ...(view.error ? { error: view.error } : {}),
      ...(report
        ? {
            current: {
              sampledAt: report.sampledAt,
              state: report.state,
              timeLag: describeGroupTimeLag(report),
              offsetLag: total === null ? 'unknown (no commit or no end offset)' : `${view.endApproximate ? '≈ ' : ''}${total.toLocaleString('en-US')} ${plural(total, 'record')}`,
              rows: report.partitions.map(currentRow),
            },
          }
        : {}),
    };
  }
}
