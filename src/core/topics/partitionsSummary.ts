// What a topic's row says before its partitions: how many, about how many records, how many empty.
// Computed from the low/high offsets one expansion already read (and, once it is read, where each
// partition's newest record is), so the summary costs no request of its own.
import type { PartitionInfo } from '../model';

export interface PartitionsSummary {
  partitions: number;
  /**
   * The sum of high − low over the partitions, each raised to its newest record's offset where
   * that lies past the reported end: approximate either way — offsets can have gaps (compaction,
   * control records), which makes it too high, and VAST's reported end trails the newest events,
   * which right after a burst makes it too low.
   */
  approximateRecords: number;
  /**
   * Partitions whose low offset equals their high one and that hold no newest record: empty as far
   * as the brokers say, which on VAST can lag the newest events too, so approximate.
   */
  emptyPartitions: number;
  /** Partitions without a leader (offline): their offsets could not be read. */
  leaderless: number;
}

/**
 * `holding`: the partitions known to hold a record and their newest record's offset (from
 * readNewestRecord), when read: a partition holding one is never counted as empty.
 */
export function summarizePartitions(
  partitions: readonly Pick<PartitionInfo, 'partition' | 'low' | 'high' | 'leader'>[],
  holding: readonly { partition: number; offset: number }[] = [],
): PartitionsSummary {
  // Partition numbers run from 0 without gaps: an array indexes them.
  const newestOffset: number[] = [];
  for (const h of holding) newestOffset[h.partition] = h.offset;
  let approximateRecords = 0;
  let emptyPartitions = 0;
  let leaderless = 0;
  for (const p of partitions) {
    if (p.leader < 0) leaderless++;
    const newest = newestOffset[p.partition];
    const span = Math.max(0, p.high - p.low, newest === undefined ? 0 : newest + 1 - p.low);
    approximateRecords += span;
    if (span === 0) emptyPartitions++;
  }
  return { partitions: partitions.length, approximateRecords, emptyPartitions, leaderless };
}
