import type { ShownRecord } from './model';
import { recordDocumentLine } from './rendering/jsonLines';
import { counted } from './counted';
import { newRecordsOnlyWords, type OlderRecordsSkip } from './reader/newRecordsOnly';

/** What a replay document says about itself, in its first line. */
export interface ReplaySummary {
  topic: string;
  /** The partitions read, in order. */
  partitions: number[];
  /** How the person asked for the start: "beginning", "end", "offset 8", "time -15m". */
  startAsked: string;
  /** The time a time start resolved to (epoch ms), when it was a time. */
  startTime?: number;
  starts: { partition: number; offset: number }[];
  /** Partitions with no event at or after the time asked (left out). */
  nothingAfter: number[];
  /** From the end: records written before the start are skipped (newRecordsOnly.ts). */
  skipOlder?: OlderRecordsSkip;
  limit: number;
  /** How the topic's records are read when it has a record format ("value: avro (order.avsc)"). */
  readAs?: string;
  /** Each distinct problem the record format met (a registry down), once. */
  formatProblems?: readonly string[];
}

/**
 * A replay as JSON Lines a person can read: a first line saying what was replayed and where it
 * started (the time a "-15m" resolved to included), one line per record with its timestamp both
 * raw and as ISO 8601, and — when the limit cut the replay short — a last line saying where the
 * next records start. Every line is JSON, so the document still parses as JSON Lines.
 */
export function replayDocumentLines(summary: ReplaySummary, records: ShownRecord[], more: boolean): string[] {
  const header = {
    replay: `${summary.topic} ${summary.partitions.length === 1 ? `partition ${summary.partitions[0]}` : `partitions ${summary.partitions.join(', ')}`}`,
    from: summary.startAsked,
    ...(summary.startTime !== undefined ? { fromTime: new Date(summary.startTime).toISOString() } : {}),
    startOffsets: Object.fromEntries(summary.starts.map((s) => [String(s.partition), s.offset])),
    ...(summary.nothingAfter.length > 0 ? { noEventAtOrAfterTheTimeIn: summary.nothingAfter } : {}),
    ...(summary.skipOlder ? { note: newRecordsOnlyWords(summary.skipOlder) } : {}),
    records: records.length,
    limit: summary.limit,
    ...(summary.readAs !== undefined ? { readAs: summary.readAs } : {}),
    ...(summary.formatProblems !== undefined && summary.formatProblems.length > 0 ? { formatProblems: summary.formatProblems } : {}),
  };
  const lines = [JSON.stringify(header), ...records.map(recordDocumentLine)];
  if (more) lines.push(JSON.stringify({ more: moreText(summary, records) }));
  return lines;
}

function moreText(summary: ReplaySummary, records: ShownRecord[]): string {
  const next = new Map(summary.starts.map((s) => [s.partition, s.offset]));
  for (const r of records) next.set(r.partition, Math.max(next.get(r.partition) ?? 0, r.offset + 1));
  const where = [...next].sort((a, b) => a[0] - b[0]).map(([p, o]) => (summary.partitions.length === 1 ? `offset ${o}` : `p${p}@${o}`));
  return `The limit of ${counted(summary.limit, 'record')} was reached: more records follow. Next: ${where.join(' ')}.`;
}

/** Records of several partitions in the order they were written (then partition, then offset). */
export function byTime(records: ShownRecord[]): ShownRecord[] {
  return [...records].sort((a, b) => a.timestamp - b.timestamp || a.partition - b.partition || a.offset - b.offset);
}
