import type { RecordStore } from './recordStore';

/**
 * Where "Load more" reads from: per partition of the first read, one past the last offset loaded,
 * or the first read's start for a partition nothing was loaded from yet.
 */
export function continueStarts(store: RecordStore, starts: readonly { partition: number; offset: number }[]): { partition: number; offset: number }[] {
  const next = store.nextOffsets();
  return starts.map((s) => ({ partition: s.partition, offset: Math.max(s.offset, next.get(s.partition) ?? s.offset) }));
}
