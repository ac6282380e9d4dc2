import type { ShownRecord } from './model';
import type { KafkaSession } from './session';
import { readPartitions, type PartitionBatch } from './reader/partitionReader';
import { resolveStart, type ResolvedStart, type StartPosition } from './reader/startPosition';
import { showRecord } from './rendering/decode';
import { UsageError } from './errors';
import { validateTopicName } from './topics/topicName';
import { skipOlderThan, type OlderRecordsSkip } from './reader/newRecordsOnly';

export interface ReplayOptions {
  topic: string;
  partition: number;
  start: StartPosition;
  /** Stop after this many records. */
  max?: number;
  /** Stop at the first record whose timestamp is after this time (epoch ms). */
  untilTime?: number;
  signal?: AbortSignal;
  /** Told where the replay starts once the start position is resolved. */
  onStart?: (start: ResolvedStart) => void;
}

/**
 * Replays one partition without joining a group or committing anything. Ends after `max`
 * records, at `untilTime`, or when fetches come back empty — never because of the reported end
 * offset, which on VAST can trail the newest events. From the end, only records written from the
 * start on are read (newRecordsOnly.ts).
 */
export async function* replay(session: KafkaSession, options: ReplayOptions): AsyncGenerator<ShownRecord[]> {
  for await (const batch of replayBatches(session, options)) yield batch.records.map((r) => showRecord(batch.topic, batch.partition, r));
}

/**
 * The same replay as fetched: records as the decoder left them (views into the fetched bytes), one
 * partition batch at a time — for output that formats bytes directly (the CLI's JSON Lines).
 */
export async function* replayBatches(session: KafkaSession, options: ReplayOptions): AsyncGenerator<PartitionBatch> {
  validateTopicName(options.topic);
  if (options.max !== undefined && (!Number.isSafeInteger(options.max) || options.max < 1)) {
    throw new UsageError(`The record limit must be a whole number of at least 1 (got ${options.max}).`);
  }
  // The moment the read began: taken before the end offset is asked.
  const skipOlder = options.start.kind === 'end' ? skipOlderThan(Date.now()) : undefined;
  const start = await resolveStart(session, options.topic, options.partition, options.start);
  options.onStart?.(start);
  const starts = [{ partition: options.partition, offset: start.offset }];
  yield* replayFromBatches(session, { topic: options.topic, starts, max: options.max, untilTime: options.untilTime, signal: options.signal, skipOlder });
}

export interface ReplayFromOptions {
  topic: string;
  /** Where each partition starts, already resolved (see replayStarts). */
  starts: { partition: number; offset: number }[];
  /** Stop after this many records in all. */
  max?: number;
  /** Stop at the first record after this time — meant for one partition (the CLI's --until-time): it ends the whole replay. */
  untilTime?: number;
  signal?: AbortSignal;
  /** Started at the end ("only records that arrive"): skip the records written before the start (replayStarts gives it). */
  skipOlder?: OlderRecordsSkip;
}

/** Replays several partitions of a topic from given offsets, group-less, in one reader (fetches grouped per leader). */
export async function* replayFrom(session: KafkaSession, options: ReplayFromOptions): AsyncGenerator<ShownRecord[]> {
  for await (const batch of replayFromBatches(session, options)) yield batch.records.map((r) => showRecord(batch.topic, batch.partition, r));
}

/** replayFrom as fetched: one partition batch at a time, records as the decoder left them. */
export async function* replayFromBatches(session: KafkaSession, options: ReplayFromOptions): AsyncGenerator<PartitionBatch> {
  validateTopicName(options.topic);
  if (options.starts.length === 0) return;
  let remaining = options.max ?? Number.POSITIVE_INFINITY;
  const reader = readPartitions(session.cluster(), options.starts.map((s) => ({ topic: options.topic, partition: s.partition, offset: s.offset })), {
    signal: options.signal,
    logger: session.logger,
    finishAfterEmptyFetches: 2,
    // 1 MiB a fetch rather than the reader's 4 MiB: one response's decoded records
    // stay small in memory at the same throughput (measured with bench/replay.mjs). Wide reads get
    // a little more per partition: 10,000 partitions' first batches do not fit in 1 MiB, and each
    // answer short of them costs a whole fetch of every partition (~0.5 s at 10,000).
    //
    // No fetch wait: a replay reads what is there now, and its end is two empty answers in a row.
    // Apache Kafka would hold each of those for the whole wait (a search of 10,000 partitions spent
    // 2 × 200 ms so), VAST answers at once anyway; an empty answer is followed by the reader's idle
    // backoff (10 ms, then doubling), as it is on VAST.
    limits: { maxWaitMs: 0, partitionMaxBytes: 1024 * 1024, maxBytes: replayAnswerBytes(options.starts.length) },
    outOfRange: 'fail',
    retryForMs: session.timeoutMs,
    skipOlder: options.skipOlder,
  });
  for await (const batches of reader) {
    for (const batch of batches) {
      let records = batch.records;
      let done = false;
      if (options.untilTime !== undefined) {
        const stopAt = records.findIndex((r) => r.timestamp > options.untilTime!);
        if (stopAt >= 0) {
          records = records.slice(0, stopAt);
          done = true;
        }
      }
      if (records.length >= remaining) {
        records = records.slice(0, remaining);
        done = true;
      }
      remaining -= records.length;
      if (records.length > 0) yield { topic: batch.topic, partition: batch.partition, records };
      if (done) return;
    }
  }
}

/** A replay's fetch budget: 1 MiB, and 256 bytes more a partition beyond the first 1,000, up to 8 MiB. */
export function replayAnswerBytes(partitions: number): number {
  return Math.min(8 * 1024 * 1024, 1024 * 1024 + Math.max(0, partitions - 1000) * 256);
}
