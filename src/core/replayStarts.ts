import type { KafkaSession } from './session';
import type { StartPosition } from './reader/startPosition';
import { offsetsForTime } from './offsetsForTime';
import { partitionWatermarks } from './partitionWatermarks';
import { EbxError, UsageError } from './errors';

export interface ReplayStarts {
  /** Where each partition starts; partitions with no event at or after the time asked are left out. */
  starts: { partition: number; offset: number }[];
  /** Partitions left out because no event in them is at or after the time asked. */
  nothingAfter: number[];
}

/**
 * Start offsets of several partitions (or all, `partitions` absent) for one start position: the
 * offsets for a time in one ListOffsets per leader, the watermarks in two. A time after the newest
 * event of every partition is refused here, before the replay asks anything more.
 */
export async function replayStarts(session: KafkaSession, topic: string, start: StartPosition, partitions?: number[]): Promise<ReplayStarts> {
  const asked = partitions === undefined ? undefined : new Set(partitions);
  const wanted = (p: number) => asked === undefined || asked.has(p);
  if (start.kind === 'time') {
    const offsets = (await offsetsForTime(session, topic, start.time)).filter((o) => wanted(o.partition));
    checkAsked(topic, partitions, offsets.map((o) => o.partition));
    const starts = offsets.flatMap((o) => (o.offset === null ? [] : [{ partition: o.partition, offset: o.offset }]));
    const nothingAfter = offsets.filter((o) => o.offset === null).map((o) => o.partition);
    if (starts.length === 0) {
      const where = offsets.length === 1 ? `partition ${offsets[0].partition}` : 'any partition';
      throw new EbxError(`Nothing that new in ${where} of ${topic}: no event is at or after ${new Date(start.time).toISOString()}. Pick an earlier time.`);
    }
    return { starts, nothingAfter };
  }
  const marks = (await partitionWatermarks(session, [topic])).filter((p) => wanted(p.partition));
  checkAsked(topic, partitions, marks.map((p) => p.partition));
  const starts = marks.map((p) => {
    if (start.kind === 'beginning') return { partition: p.partition, offset: p.low };
    if (start.kind === 'end') return { partition: p.partition, offset: p.high };
    if (start.offset < p.low) throw new EbxError(`Offset ${start.offset} is no longer in ${topic} partition ${p.partition}: the first available offset is ${p.low}.`);
    return { partition: p.partition, offset: start.offset };
  });
  return { starts: starts.sort((a, b) => a.partition - b.partition), nothingAfter: [] };
}

function checkAsked(topic: string, asked: number[] | undefined, found: number[]): void {
  // A partition asked for that the topic lacks is named first (found is empty when every one asked is missing).
  const present = new Set(found);
  const missing = asked?.filter((p) => !present.has(p)) ?? [];
  if (missing.length > 0) throw new UsageError(`${topic} has no partition ${missing.join(', ')}.`);
  if (found.length === 0) throw new UsageError(`${topic} has no partitions that can be read.`);
}
