// The order of a group's offset rows (no vscode here, so it is unit-tested): the partitions that
// lag first, the most lag first, then the ones without a commit; the caught-up ones apart, for one
// folded row, so a group committed on 20,000 partitions opens on the few that matter.
import type { GroupOffset } from '../../core/model';
import type { PartitionLagReading } from '../../core/lag/lagModel';

export interface OffsetRow {
  offset: GroupOffset;
  reading?: Pick<PartitionLagReading, 'endDisagrees' | 'timeLagMs'>;
}

/**
 * Caught up: the end offset says nothing is unread and reading at the commit did not find a record
 * (VAST's trailing end offset can say 0 while a record waits: that partition lags).
 */
export function isCaughtUp(row: OffsetRow): boolean {
  return row.offset.lag === 0 && row.reading?.endDisagrees !== true;
}

export function orderGroupOffsets<T extends OffsetRow>(rows: readonly T[]): { lagging: T[]; caughtUp: T[] } {
  const lagging: T[] = [];
  const caughtUp: T[] = [];
  for (const row of rows) (isCaughtUp(row) ? caughtUp : lagging).push(row);
  const byPlace = (a: T, b: T) => a.offset.topic.localeCompare(b.offset.topic) || a.offset.partition - b.offset.partition;
  lagging.sort((a, b) => {
    const la = a.offset.lag ?? -1;
    const lb = b.offset.lag ?? -1;
    return lb - la || (b.reading?.timeLagMs ?? -1) - (a.reading?.timeLagMs ?? -1) || byPlace(a, b);
  });
  caughtUp.sort(byPlace);
  return { lagging, caughtUp };
}

/** Folding one caught-up row into one row saves nothing: fold from two on. */
export const FOLD_CAUGHT_UP_FROM = 2;
