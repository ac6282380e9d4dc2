// What one successful fetch changes: the records to hand out, and each partition's next offset and
// empty-fetch count. A position moves only to the `nextOffset` the fetch reported, which lies past the
// last complete batch it returned: a batch cut off at the size limit is fetched again from its start.
import type { FetchedPartition, RawRecord } from '../clusterAccess';
import { keyOf, type PartitionPositions } from './partitionPositions';
import { withoutOlderRecords } from './newRecordsOnly';

/** The records one fetch returned for one partition, handed out by the reader. */
export interface PartitionBatch {
  topic: string;
  partition: number;
  records: RawRecord[];
}

export interface AppliedFetch {
  batches: PartitionBatch[];
  /** Any partition returned records (this resets the leader's idle backoff). */
  gotRecords: boolean;
}

/**
 * Applies one fetch's answer to the positions. `finishAfterEmptyFetches` (replay) finishes a
 * partition after that many empty answers in a row at the same offset; without it (tail) never.
 * A partition still skipping records written before the read began (`skip`, newRecordsOnly.ts)
 * hands out only the newer ones, and stops skipping at its first empty answer; `now` is the clock's.
 */
export function applyFetched(positions: PartitionPositions, fetched: FetchedPartition[], finishAfterEmptyFetches: number | undefined, now: number): AppliedFetch {
  const batches: PartitionBatch[] = [];
  let gotRecords = false;
  for (const f of fetched) {
    const state = positions.get(keyOf(f.topic, f.partition));
    // Not ours, or finished while this fetch was in flight: its records are not handed out.
    if (!state || state.finished) continue;
    if (f.records.length > 0) {
      gotRecords = true;
      state.emptyFetches = 0;
      let records = f.records;
      if (state.skip) {
        const { kept, over } = withoutOlderRecords(records, state.skip, now);
        if (over) state.skip = undefined;
        records = kept;
      }
      if (records.length > 0) batches.push({ topic: state.topic, partition: state.partition, records });
    } else if (f.nextOffset === state.offset && !starved(f, state.offset)) {
      // Empty and no gap skipped: nothing more there right now (so whatever comes next is new).
      state.skip = undefined;
      state.emptyFetches++;
      if (finishAfterEmptyFetches !== undefined && state.emptyFetches >= finishAfterEmptyFetches) state.finished = true;
    }
    state.offset = Math.max(state.offset, f.nextOffset);
  }
  return { batches, gotRecords };
}

/**
 * Empty though the broker says records are there: the answer's byte budget went to the partitions
 * before it (a broker fills a Fetch in request order up to its maxBytes, KIP-74). A read of 20,000
 * partitions in 1 MB answers sees most of them starved several times in a row; counted as empty,
 * they would end a replay or search before their records. The high watermark can trail on VAST
 * (never lead), so above the offset it is a sure sign; the last stable offset bounds it while a
 * transaction is open (those records are not served to a read-committed reader yet).
 */
function starved(f: FetchedPartition, offset: number): boolean {
  const readableEnd = f.lastStableOffset === undefined ? f.highWatermark : Math.min(f.highWatermark, f.lastStableOffset);
  return readableEnd > offset;
}
