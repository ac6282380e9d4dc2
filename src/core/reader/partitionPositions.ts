// Where the reader stands in each partition it reads: the next offset to fetch, how many fetches in a
// row came back empty, and whether it is done with the partition.
import type { OlderRecordsSkip } from './newRecordsOnly';

/** A partition to read and the offset to read it from. */
export interface ReadPosition {
  topic: string;
  partition: number;
  offset: number;
}

export interface PartitionState extends ReadPosition {
  emptyFetches: number;
  finished: boolean;
  /** Set while records written before the read began are still skipped here (newRecordsOnly.ts). */
  skip?: OlderRecordsSkip;
}

/** The key of one partition in the reader's maps (a NUL cannot occur in a topic name). */
export function keyOf(topic: string, partition: number): string {
  return `${topic}\u0000${partition}`;
}

export class PartitionPositions {
  private readonly states = new Map<string, PartitionState>();

  /** `skip`: the partitions given here start by skipping records written before the read began (not those added later). */
  constructor(positions: ReadPosition[], skip?: OlderRecordsSkip) {
    for (const p of positions) this.add(p, skip);
  }

  /** Starts reading a partition; false when it is already being read. */
  add(position: ReadPosition, skip?: OlderRecordsSkip): boolean {
    const key = keyOf(position.topic, position.partition);
    if (this.states.has(key)) return false;
    const state: PartitionState = { topic: position.topic, partition: position.partition, offset: position.offset, emptyFetches: 0, finished: false };
    if (skip) state.skip = skip;
    this.states.set(key, state);
    return true;
  }

  get(key: string): PartitionState | undefined {
    return this.states.get(key);
  }

  /** The partitions still being read, in the order they were added. */
  unfinished(): PartitionState[] {
    return [...this.states.values()].filter((s) => !s.finished);
  }

  anyUnfinished(): boolean {
    for (const s of this.states.values()) if (!s.finished) return true;
    return false;
  }
}
