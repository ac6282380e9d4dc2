// The timestamps on either side of a group's committed offset: of the last record it consumed
// (the one before the committed offset) and of the next one it has not (at the committed offset).
// A replication peer holds the same records at other offsets but with the same timestamps, so
// these two let a restore find the same place there. Read group-less, with the same reader as
// replay: no JoinGroup, no commit, nothing left behind on the broker.
import type { KafkaSession } from '../session';
import { readPartitions } from '../reader/partitionReader';

export interface CommittedPosition {
  topic: string;
  partition: number;
  committed: number;
  low: number;
  /** The reported end: reading starts at most here (a commit past it would be out of range). */
  high: number;
}

export interface BoundaryTimestamps {
  topic: string;
  partition: number;
  /** Timestamp of the last record before the committed offset; null when there is none. */
  lastConsumedTimestamp: number | null;
  /** Timestamp of the record at (or first after) the committed offset; null when it has none yet. */
  nextUnreadTimestamp: number | null;
}

/**
 * How far back to look for the last consumed record: usually it sits right before the committed
 * offset, but compaction or control records can leave gaps there.
 */
const LOOK_BACK = [1, 64, 4096];
/** Partitions read at the same time (each its own small reader, stopped as soon as it has both). */
const PARALLEL = 8;

export async function boundaryTimestamps(session: KafkaSession, positions: CommittedPosition[], signal?: AbortSignal): Promise<BoundaryTimestamps[]> {
  const results: BoundaryTimestamps[] = [];
  for (let i = 0; i < positions.length; i += PARALLEL) {
    results.push(...(await Promise.all(positions.slice(i, i + PARALLEL).map((p) => boundaryOf(session, p, signal)))));
  }
  return results;
}

async function boundaryOf(session: KafkaSession, position: CommittedPosition, signal?: AbortSignal): Promise<BoundaryTimestamps> {
  let found: BoundaryTimestamps = { topic: position.topic, partition: position.partition, lastConsumedTimestamp: null, nextUnreadTimestamp: null };
  for (const back of LOOK_BACK) {
    const start = Math.max(position.low, Math.min(position.committed, position.high) - back);
    found = await readAround(session, position, start, signal);
    // Found, or nothing before the committed offset is left to look at.
    if (found.lastConsumedTimestamp !== null || start <= position.low) break;
  }
  return found;
}

async function readAround(session: KafkaSession, position: CommittedPosition, start: number, signal?: AbortSignal): Promise<BoundaryTimestamps> {
  const { topic, partition, committed } = position;
  let last: number | null = null;
  let next: number | null = null;
  const reader = readPartitions(session.cluster(), [{ topic, partition, offset: start }], {
    signal,
    logger: session.logger,
    // Ends at the partition's end (two empty fetches), never by the reported end offset.
    finishAfterEmptyFetches: 2,
    limits: { maxWaitMs: 200, partitionMaxBytes: 64 * 1024, maxBytes: 64 * 1024 },
    outOfRange: 'fail',
    retryForMs: session.timeoutMs,
  });
  reading: for await (const batches of reader) {
    for (const batch of batches) {
      for (const record of batch.records) {
        if (record.offset < committed) {
          last = record.timestamp;
        } else {
          next = record.timestamp;
          break reading;
        }
      }
    }
  }
  return { topic, partition, lastConsumedTimestamp: last, nextUnreadTimestamp: next };
}
