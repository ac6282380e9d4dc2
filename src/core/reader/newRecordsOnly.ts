// "Only records that arrive": ebx tail, ebx replay --from-end, and the extension's Replay "End" and
// Tail Topic… start at each partition's reported end. On VAST that end trails the newest events by
// 10–55 s, so between it and the true end lie records written before the read began, which such a
// read must not show. They are skipped by their timestamps, in each partition only until it is
// left behind: its first record stamped at or after the start (less a tolerance for producer
// clocks), its first empty fetch (the reader is at the true end: what follows arrived later), or a
// minute after the start (longer than VAST's end trails), whichever comes first. So a record
// stamped older than that (a producer whose clock lags by more than the tolerance, a mirror that
// keeps the original times) is skipped only while a busy partition never comes back empty, and
// never after the first minute.

/** A producer's clock may run behind ours: a record stamped up to this long before the start still counts as new. */
export const PRODUCER_CLOCK_TOLERANCE_MS = 5_000;
/** VAST's reported end trails the newest events by at most ~55 s: nothing is skipped after this long. */
export const SKIP_FOR_AT_MOST_MS = 60_000;

export interface OlderRecordsSkip {
  /** When the read began (epoch ms). */
  startedAt: number;
  /** Records stamped before this (epoch ms) are skipped: the start less the tolerance. */
  writtenBefore: number;
  /** From this moment (epoch ms) nothing more is skipped. */
  until: number;
}

export function skipOlderThan(startedAt: number): OlderRecordsSkip {
  return { startedAt, writtenBefore: startedAt - PRODUCER_CLOCK_TOLERANCE_MS, until: startedAt + SKIP_FOR_AT_MOST_MS };
}

/**
 * One partition's fetched records less those written before the start; `over` when the partition
 * is left behind (a record new enough was met, or the minute has passed): skip no more there.
 */
export function withoutOlderRecords<T extends { timestamp: number }>(records: T[], skip: OlderRecordsSkip, now: number): { kept: T[]; over: boolean } {
  if (now >= skip.until) return { kept: records, over: true };
  const first = records.findIndex((r) => r.timestamp >= skip.writtenBefore);
  if (first < 0) return { kept: [], over: false };
  return { kept: first === 0 ? records : records.slice(first), over: true };
}

/** What such a read says about itself (the tail's first line, the replay document's header). */
export function newRecordsOnlyWords(skip: OlderRecordsSkip): string {
  return (
    `only records written from ${new Date(skip.startedAt).toISOString()} on (${PRODUCER_CLOCK_TOLERANCE_MS / 1000} s allowed for producer clocks): ` +
    'older ones after the reported end, which can trail the newest events, are skipped'
  );
}
