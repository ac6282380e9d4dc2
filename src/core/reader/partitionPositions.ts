// Where the reader stands in each partition it reads: the next offset to fetch, how many fetches in a
// row came back empty, and whether it is done with the partition.
/** A partition to read and the offset to read it from. */
export interface ReadPosition {
  topic: string;
  partition: number;
  offset: number;
}

export interface PartitionState extends ReadPosition {
  emptyFetches: number;
  finished: boolean;
}

/** The key of one partition in the reader's maps (a NUL cannot occur in a topic name). */
export function keyOf(topic: string, partition: number): string {
  return `${topic}\u0000${partition}`;
}

export class PartitionPositions {
  private readonly states = new Map<string, PartitionState>();

  constructor(positions: ReadPosition[]) {
    for (const p of positions) this.add(p);
  }

  /** Starts reading a partition; false when it is already being read. */
  add(position: ReadPosition): boolean {
    const key = keyOf(position.topic, position.partition);
    if (this.states.has(key)) return false;
    this.states.set(key, { topic: position.topic, partition: position.partition, offset: position.offset, emptyFetches: 0, finished: false });
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
