// Which way a watched group's lag moves, from its recent samples: the least-squares slope of the
// offset lag over the window (records per second), or of the time lag when no offset lag is known.
// A slope from a handful of noisy samples is still a guess, hence "~" in the words. "Caught up" is
// said only when the latest sample's reading says so: an offset lag of 0 proves nothing on VAST,
// whose end offsets trail the newest events.
import type { LagSample, LagTrend } from './lagModel';
import { roughDuration } from './describeTimeLag';

/** Slower than this (records/s) is "steady": a few records of jitter over the window are not a trend. */
const STEADY_RECORDS_PER_SECOND = 0.5;
/** For the time lag: less than this many ms of change per second is steady. */
const STEADY_TIME_LAG_MS_PER_SECOND = 100;

export function lagTrend(samples: readonly LagSample[]): LagTrend {
  const ordered = [...samples].sort((a, b) => a.at - b.at);
  const caughtUp = ordered.at(-1)?.caughtUp === true;
  const byOffsets = points(ordered, (s) => s.totalLag);
  if (byOffsets.length >= 2) {
    const perSecond = slope(byOffsets) * 1000;
    if (Number.isFinite(perSecond)) return offsetTrend(perSecond, byOffsets.at(-1)!.y, caughtUp);
  }
  const byTime = points(ordered, (s) => s.maxTimeLagMs);
  if (byTime.length >= 2) {
    const msPerSecond = slope(byTime) * 1000;
    if (Number.isFinite(msPerSecond)) return timeTrend(msPerSecond, byTime.at(-1)!.y, caughtUp);
  }
  return { direction: 'unknown', recordsPerSecond: null, clearsInMs: null, words: 'not enough samples yet' };
}

function offsetTrend(perSecond: number, latest: number, caughtUp: boolean): LagTrend {
  if (Math.abs(perSecond) < STEADY_RECORDS_PER_SECOND) return { direction: 'steady', recordsPerSecond: perSecond, clearsInMs: null, words: caughtUp ? 'steady, caught up' : 'steady' };
  if (perSecond > 0) return { direction: 'growing', recordsPerSecond: perSecond, clearsInMs: null, words: `growing ~${rate(perSecond)} records/s` };
  const clearsInMs = (latest / -perSecond) * 1000;
  const falling = `falling ~${rate(-perSecond)} records/s`;
  // An offset lag of 0 that reading does not confirm clears in no time we can tell.
  return { direction: 'falling', recordsPerSecond: perSecond, clearsInMs, words: caughtUp ? `${falling}, caught up` : latest === 0 ? falling : `${falling}, clears in ~${roughDuration(clearsInMs)}` };
}

function timeTrend(msPerSecond: number, latestMs: number, caughtUp: boolean): LagTrend {
  if (Math.abs(msPerSecond) < STEADY_TIME_LAG_MS_PER_SECOND) return { direction: 'steady', recordsPerSecond: null, clearsInMs: null, words: caughtUp ? 'steady, caught up' : 'steady' };
  if (msPerSecond > 0) return { direction: 'growing', recordsPerSecond: null, clearsInMs: null, words: 'growing (time lag)' };
  const clearsInMs = (latestMs / -msPerSecond) * 1000;
  return { direction: 'falling', recordsPerSecond: null, clearsInMs, words: caughtUp ? 'falling (time lag), caught up' : `falling (time lag), clears in ~${roughDuration(clearsInMs)}` };
}

function points(samples: readonly LagSample[], value: (s: LagSample) => number | null): { x: number; y: number }[] {
  return samples.flatMap((s) => {
    const y = value(s);
    return y === null ? [] : [{ x: s.at, y }];
  });
}

/** Least-squares slope of y over x (per ms); NaN when every x is the same. */
function slope(pts: readonly { x: number; y: number }[]): number {
  const n = pts.length;
  const meanX = pts.reduce((a, p) => a + p.x, 0) / n;
  const meanY = pts.reduce((a, p) => a + p.y, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of pts) {
    num += (p.x - meanX) * (p.y - meanY);
    den += (p.x - meanX) ** 2;
  }
  return den === 0 ? Number.NaN : num / den;
}

/** "120", "4.5", "0.8": whole numbers from 10 up, one decimal below. */
function rate(perSecond: number): string {
  return perSecond >= 10 ? String(Math.round(perSecond)) : perSecond.toFixed(1);
}
