// Search: replay's group-less read (replayFromBatches, the same reader and record path) over one
// partition or all of a topic, keeping the records the criteria match. It always ends by saying how
// far it got — records scanned, why it stopped, and where each partition's read stopped — so a
// viewer can "load more" from there.
import type { ShownRecord } from '../model';
import type { KafkaSession } from '../session';
import type { PartitionBatch } from '../reader/partitionReader';
import type { StartPosition } from '../reader/startPosition';
import { showRecord } from '../rendering/decode';
import { replayFromBatches } from '../replay';
import { replayStarts } from '../replayStarts';
import { resolveStart } from '../reader/startPosition';
import { validateTopicName } from '../topics/topicName';
import { EbxError, UsageError } from '../errors';
import type { RecordDecoder } from '../formats/recordDecoder';
import { recordMatcher } from './recordMatcher';
import type { SearchCriteria } from './searchCriteria';
import { tagField } from './searchForm';

export interface SearchOptions {
  topic: string;
  /** One partition; all partitions of the topic when absent (and `partitions` too). */
  partition?: number;
  /** These partitions of the topic (the records viewer's scope); ignored with `partition`. */
  partitions?: number[];
  start: StartPosition;
  /**
   * Go on from a previous search's `resumeFrom` instead of `start` ("load more"): each partition
   * from its own offset. With `partition`, only that partition's entry is used.
   */
  resumeFrom?: { partition: number; offset: number }[];
  /** Per partition: the first record after this time (epoch ms) ends that partition's read. */
  untilTime?: number;
  criteria: SearchCriteria;
  /** Stop after this many matching records. */
  maxMatches: number;
  /** Stop after this many records looked at, matching or not. */
  maxScan: number;
  signal?: AbortSignal;
  /** Reads keys and values with their formats (issue 23): `where` sees the decoded value. */
  decoder?: RecordDecoder;
  /** Told after each fetched batch is looked at. */
  onProgress?: (progress: SearchProgress) => void;
}

export interface SearchProgress {
  scanned: number;
  matches: number;
  partitions: number;
}

export type SearchStop = 'end' | 'maxMatches' | 'maxScan' | 'untilTime' | 'aborted';

export interface SearchSummary {
  scanned: number;
  /** How many partitions were searched. */
  partitions: number;
  matches: number;
  /** 'untilTime' when at least one partition ended at the until time and the rest at their end. */
  stoppedBecause: SearchStop;
  /** Per partition searched, the next offset to read: a search from these offsets goes on where this one stopped. */
  resumeFrom: { topic: string; partition: number; offset: number }[];
}

/** How long matching may keep the event loop before it lets others in. */
const TURN_EVERY_MS = 20;

/** The matching records, one at a time, in replay's shape; returns how far the search got. */
export async function* searchRecords(session: KafkaSession, options: SearchOptions): AsyncGenerator<ShownRecord, SearchSummary> {
  const batches = searchBatches(session, options);
  try {
    for (;;) {
      const next = await batches.next();
      if (next.done) return next.value;
      const decoder = options.decoder?.readsFormats ? options.decoder : undefined;
      if (decoder) await decoder.prepare(next.value.records);
      for (const record of next.value.records) yield decoder ? decoder.show(next.value.topic, next.value.partition, record) : showRecord(next.value.topic, next.value.partition, record);
    }
  } finally {
    // The caller stopped early: close the read (a no-op when the search already ended).
    await batches.return(undefined as never);
  }
}

/**
 * The same search as fetched: the matching records of one partition batch at a time, as the decoder
 * left them (for output that formats bytes directly, like the CLI's JSON Lines).
 */
export async function* searchBatches(session: KafkaSession, options: SearchOptions): AsyncGenerator<PartitionBatch, SearchSummary> {
  validateTopicName(options.topic);
  checkLimit('match', options.maxMatches);
  checkLimit('scan', options.maxScan);
  if (options.untilTime !== undefined && !Number.isFinite(options.untilTime)) throw new UsageError('The until time is not a time.');
  // Built before anything is read, so a bad expression is refused up front.
  const matches = recordMatcher(options.criteria, options.decoder);
  const decoder = options.decoder?.readsFormats ? options.decoder : undefined;
  const { topic, untilTime, signal } = options;
  const starts = await startsOf(session, options);

  const next = new Map(starts.map((s) => [s.partition, s.offset]));
  const reading = new Set(starts.map((s) => s.partition));
  let scanned = 0;
  let matched = 0;
  let stop: SearchStop | undefined;
  let someReachedUntil = false;
  let lastTurn = performance.now();
  const summary = (): SearchSummary => ({
    scanned,
    partitions: starts.length,
    matches: matched,
    stoppedBecause: stop ?? (signal?.aborted ? 'aborted' : someReachedUntil ? 'untilTime' : 'end'),
    resumeFrom: starts.map((s) => ({ topic, partition: s.partition, offset: next.get(s.partition)! })),
  });

  // One reader for all partitions still being read. A partition that reaches the until time is
  // done while others may go on: the reader is then restarted without it from where each stopped
  // (positions advance only past records looked at, so nothing is skipped or looked at twice).
  while (reading.size > 0 && stop === undefined) {
    let restart = false;
    const from = [...reading].map((partition) => ({ partition, offset: next.get(partition)! }));
    for await (const batch of replayFromBatches(session, { topic, starts: from, signal })) {
      // One fetch can bring batches of every partition: a cancel stops at the next one, not after all.
      if (signal?.aborted) {
        stop = 'aborted';
        break;
      }
      // The registry ids this batch carries are fetched before its records are matched (each id once).
      if (decoder && options.criteria.where !== undefined) await decoder.prepare(batch.records);
      let found = [];
      for (const record of batch.records) {
        if (untilTime !== undefined && record.timestamp > untilTime) {
          reading.delete(batch.partition);
          someReachedUntil = true;
          restart = true;
          break;
        }
        scanned++;
        next.set(batch.partition, record.offset + 1);
        if (matches(record, batch.partition)) {
          found.push(record);
          matched++;
          if (matched >= options.maxMatches) stop = 'maxMatches';
        }
        if (stop === undefined && scanned >= options.maxScan) stop = 'maxScan';
        if (stop !== undefined) break;
        // A batch is thousands of records and a `where` may take a while on each: between records
        // the event loop gets a turn now and then, so Ctrl-C, a cancel or another MCP request is
        // seen within moments, not after the batch (issue 39); what was found so far goes out then.
        if (performance.now() - lastTurn >= TURN_EVERY_MS) {
          if (found.length > 0) {
            yield { topic, partition: batch.partition, records: found };
            found = [];
          }
          await new Promise((resolve) => setImmediate(resolve));
          lastTurn = performance.now();
          if (signal?.aborted) {
            stop = 'aborted';
            break;
          }
        }
      }
      if (found.length > 0) yield { topic, partition: batch.partition, records: found };
      options.onProgress?.({ scanned, matches: matched, partitions: starts.length });
      if (stop !== undefined || restart) break;
    }
    // The reader ended by itself: every partition still read reached its end (or the signal aborted).
    if (!restart) break;
  }
  return summary();
}

/** One partition starts as replay's does (same checks, same sentences); all partitions as replay-all's do. */
async function startsOf(session: KafkaSession, options: SearchOptions): Promise<{ partition: number; offset: number }[]> {
  if (options.resumeFrom !== undefined) return resumePositions(options.resumeFrom, options.partition);
  if (options.partition === undefined) {
    // A topic that does not exist gets the broker's sentence (as replay's), not "no partitions".
    const meta = await session.withinTimeout(`reading the partitions of ${options.topic}`, () => session.cluster().topicMetadata(options.topic));
    try {
      return (await replayStarts(session, options.topic, options.start, options.partitions, meta.partitions)).starts;
    } catch (err) {
      // Said next to the field that caused it in the records viewer's bar.
      if (err instanceof UsageError) throw tagField(err, 'partitions');
      if (err instanceof EbxError && options.start.kind === 'time') throw tagField(err, 'from');
      throw err;
    }
  }
  const start = await resolveStart(session, options.topic, options.partition, options.start);
  return [{ partition: options.partition, offset: start.offset }];
}

function resumePositions(positions: { partition: number; offset: number }[], partition: number | undefined): { partition: number; offset: number }[] {
  const wanted = positions.filter((p) => partition === undefined || p.partition === partition).map((p) => ({ partition: p.partition, offset: p.offset }));
  for (const p of wanted) {
    if (!Number.isSafeInteger(p.partition) || p.partition < 0 || !Number.isSafeInteger(p.offset) || p.offset < 0) {
      throw new UsageError(`Cannot go on from partition ${p.partition} offset ${p.offset}: both must be whole numbers, 0 or more.`);
    }
  }
  if (wanted.length === 0) throw new UsageError(partition === undefined ? 'Nothing to go on from: no partition positions were given.' : `Nothing to go on from in partition ${partition}.`);
  if (new Set(wanted.map((p) => p.partition)).size !== wanted.length) throw new UsageError('Cannot go on from the same partition twice.');
  return wanted.sort((a, b) => a.partition - b.partition);
}

function checkLimit(what: string, limit: number): void {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new UsageError(`The ${what} limit must be a whole number of at least 1 (got ${limit}).`);
}
