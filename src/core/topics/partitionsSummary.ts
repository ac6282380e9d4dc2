// What a topic's row says before its partitions: how many, about how many records, how many empty.
// Computed from the low/high offsets one expansion already read, so the summary costs no request.
import type { PartitionInfo } from '../model';

export interface PartitionsSummary {
  partitions: number;
  /**
   * The sum of high − low over the partitions: an upper bound, approximate twice over — offsets can
   * have gaps (compaction, control records) and VAST's reported end trails the newest events.
   */
  approximateRecords: number;
  /** Partitions whose low offset equals their high one (nothing kept, as far as the end offset says). */
  emptyPartitions: number;
  /** Partitions without a leader (offline): their offsets could not be read. */
  leaderless: number;
}

export function summarizePartitions(partitions: readonly Pick<PartitionInfo, 'low' | 'high' | 'leader'>[]): PartitionsSummary {
  let approximateRecords = 0;
  let emptyPartitions = 0;
  let leaderless = 0;
  for (const p of partitions) {
    if (p.leader < 0) leaderless++;
    const span = Math.max(0, p.high - p.low);
    approximateRecords += span;
    if (span === 0) emptyPartitions++;
  }
  return { partitions: partitions.length, approximateRecords, emptyPartitions, leaderless };
}
