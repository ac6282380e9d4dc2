import type { ShownRecord } from './model';
import type { KafkaSession } from './session';
import { readPartitions, type PartitionBatch, type ReadPosition } from './reader/partitionReader';
import { showRecord } from './rendering/decode';
import { EARLIEST, LATEST } from './clusterAccess';
import { UsageError } from './errors';
import { askAgainWhileLeadersSettle } from './askAgain';
import { validateTopicName } from './topics/topicName';
import { skipOlderThan, type OlderRecordsSkip } from './reader/newRecordsOnly';

export interface TailOptions {
  topic: string;
  /** Only these partitions; all (including ones added later) when absent. */
  partitions?: number[];
  /**
   * Start this many records before the end of each partition (by offset, so gaps may give fewer).
   * Without it, only records written from the start on are shown (newRecordsOnly.ts).
   */
  lastPerPartition?: number;
  signal?: AbortSignal;
  /** Told where each partition starts and, without lastPerPartition, that older records are skipped (newRecordsOnlyWords). */
  onStart?: (positions: { partition: number; offset: number }[], skip: OlderRecordsSkip | undefined) => void;
  /** How often to look for partitions added to the topic. */
  discoverEveryMs?: number;
  /** At most one fetch per leader in this many ms (see ReaderOptions.minFetchIntervalMs): for output shown a few times a second. */
  minFetchIntervalMs?: number;
}

/**
 * Follows a topic without a group: records as they arrive, until the signal aborts. It starts at
 * each partition's reported end, which on VAST trails the newest events: the records written
 * before the start that lie past it are skipped.
 */
export async function* tail(session: KafkaSession, options: TailOptions): AsyncGenerator<ShownRecord[]> {
  for await (const batches of tailBatches(session, options)) yield batches.flatMap((b) => b.records.map((r) => showRecord(b.topic, b.partition, r)));
}

/** The same tail as fetched: each partition's records as the decoder left them (views into the fetched bytes). */
export async function* tailBatches(session: KafkaSession, options: TailOptions): AsyncGenerator<PartitionBatch[]> {
  validateTopicName(options.topic);
  const last = options.lastPerPartition ?? 0;
  if (!Number.isSafeInteger(last) || last < 0) throw new UsageError(`The number of records to show from before the end must be a whole number, 0 or more (got ${options.lastPerPartition}).`);
  const access = session.cluster();
  // The moment the read began: taken before the end offsets are asked.
  const skip = last === 0 ? skipOlderThan(Date.now()) : undefined;
  const positions = await session.withinTimeout(`finding the end of ${options.topic}`, () => askAgainWhileLeadersSettle(async () => {
    const meta = await access.topicMetadata(options.topic);
    // Looked up in the map, not searched in the list: at 20,000 partitions a search per partition was ~0.7 s.
    const leaders = new Map(meta.partitions.map((p) => [p.partition, p.leader]));
    const chosen = options.partitions ?? meta.partitions.map((p) => p.partition);
    const missing = chosen.filter((p) => !leaders.has(p));
    if (missing.length > 0) throw new UsageError(`${options.topic} has no partition ${missing.join(', ')}: it has partitions 0 to ${meta.partitions.length - 1}.`);
    const query = (timestamp: number) => chosen.map((partition) => ({ topic: options.topic, partition, leader: leaders.get(partition)!, timestamp }));
    const [lows, highs] = await Promise.all([access.listOffsets(query(EARLIEST)), access.listOffsets(query(LATEST))]);
    const low = new Map(lows.map((o) => [o.partition, o.offset]));
    return highs
      .map((h): ReadPosition => ({ topic: options.topic, partition: h.partition, offset: Math.max(low.get(h.partition) ?? 0, h.offset - last) }))
      .sort((a, b) => a.partition - b.partition);
  }));
  options.onStart?.(positions.map((p) => ({ partition: p.partition, offset: p.offset })), skip);
  const known = new Set(positions.map((p) => p.partition));
  const discoverNewPartitions = options.partitions
    ? undefined
    : async (): Promise<ReadPosition[]> => {
        const meta = await access.topicMetadata(options.topic);
        // A partition added after the tail started holds only new records: read it from its start.
        const added = meta.partitions.filter((p) => !known.has(p.partition));
        added.forEach((p) => known.add(p.partition));
        return added.map((p) => ({ topic: options.topic, partition: p.partition, offset: 0 }));
      };
  const reader = readPartitions(access, positions, {
    signal: options.signal,
    logger: session.logger,
    outOfRange: 'nearest',
    retryForMs: Number.POSITIVE_INFINITY,
    // Answers of at most 2 MiB, as for replay: a tail catching up on a backlog holds one answer's
    // records (and one read ahead) at a time, which stay young for the GC (bench/replay.mjs, 8 partitions).
    limits: { partitionMaxBytes: 1024 * 1024, maxBytes: 2 * 1024 * 1024 },
    discoverNewPartitions,
    discoverEveryMs: options.discoverEveryMs,
    minFetchIntervalMs: options.minFetchIntervalMs,
    skipOlder: skip,
  });
  yield* reader;
}
