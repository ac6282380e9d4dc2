import type { RecordStore } from './recordStore';
import type { TimestampHistogram } from './viewerShapes';

/** The time span of the records (null when there are none). */
export function timeSpan(store: RecordStore, indices: ArrayLike<number>): { from: number; to: number } | null {
  if (indices.length === 0) return null;
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < indices.length; k++) {
    const t = store.timestampAt(indices[k]);
    if (t < from) from = t;
    if (t > to) to = t;
  }
  return { from, to };
}

/**
 * Counts of records per equal slice of time over `span` (the whole load, so the axis stays put
 * while a filter narrows the counts). The newest record falls in the last bin; records outside the
 * span are not counted.
 */
export function timestampHistogram(store: RecordStore, indices: ArrayLike<number>, span: { from: number; to: number }, bins: number): TimestampHistogram {
  if (!Number.isInteger(bins) || bins < 1) throw new RangeError(`A histogram needs at least one bin (got ${bins}).`);
  const counts = new Array<number>(bins).fill(0);
  // One millisecond at least, so records that share one timestamp still have a bin to fall in.
  const width = Math.max(1, span.to - span.from + 1) / bins;
  for (let k = 0; k < indices.length; k++) {
    const t = store.timestampAt(indices[k]);
    if (t < span.from || t > span.to) continue;
    counts[Math.min(bins - 1, Math.floor((t - span.from) / width))]++;
  }
  return { from: span.from, to: span.from + width * bins, binWidth: width, counts };
}
