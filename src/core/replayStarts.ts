import type { KafkaSession } from './session';
import type { StartPosition } from './reader/startPosition';
import { offsetsForTime } from './offsetsForTime';
import { askAgainWhileLeadersSettle } from './askAgain';
import { EARLIEST, LATEST, type PartitionMeta } from './clusterAccess';
import { EbxError, UsageError } from './errors';
import { skipOlderThan, type OlderRecordsSkip } from './reader/newRecordsOnly';

export interface ReplayStarts {
  /** Where each partition starts; partitions with no event at or after the time asked are left out. */
  starts: { partition: number; offset: number }[];
  /** Partitions left out because no event in them is at or after the time asked. */
  nothingAfter: number[];
  /**
   * From the end: the records written before the start that lie past the reported end (which can
   * trail) are to be skipped; give it to replayFrom. Absent for other starts.
   */
  skipOlder?: OlderRecordsSkip;
}

/**
 * Start offsets of several partitions (or all, `partitions` absent) for one start position: one
 * ListOffsets per leader, for the time or for the one watermark the start needs. `known`: the
 * topic's partitions, when the caller has just read them (no second Metadata request). A time
 * after the newest event of every partition is refused here, before the replay asks anything more.
 */
export async function replayStarts(session: KafkaSession, topic: string, start: StartPosition, partitions?: number[], known?: PartitionMeta[]): Promise<ReplayStarts> {
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
  // The moment the read began: taken before the end offsets are asked.
  const skipOlder = start.kind === 'end' ? skipOlderThan(Date.now()) : undefined;
  // The one watermark the start needs: the end for the end, else the first offset kept.
  const marks = (await watermarkOfEach(session, topic, start.kind === 'end' ? LATEST : EARLIEST, known)).filter((p) => wanted(p.partition));
  checkAsked(topic, partitions, marks.map((p) => p.partition));
  const starts = marks.map((p) => {
    if (start.kind !== 'offset') return p;
    if (start.offset < p.offset) throw new EbxError(`Offset ${start.offset} is no longer in ${topic} partition ${p.partition}: the first available offset is ${p.offset}.`);
    return { partition: p.partition, offset: start.offset };
  });
  return { starts: starts.sort((a, b) => a.partition - b.partition), nothingAfter: [], ...(skipOlder ? { skipOlder } : {}) };
}

/**
 * One watermark of every partition of a topic (`known`: its partitions, when the caller has just
 * read them): one ListOffsets per leader broker. A partition with no leader gets 0, as the
 * watermarks of the tree do.
 */
async function watermarkOfEach(session: KafkaSession, topic: string, timestamp: typeof EARLIEST | typeof LATEST, known?: PartitionMeta[]): Promise<{ partition: number; offset: number }[]> {
  const access = session.cluster();
  let given = known;
  return session.withinTimeout('reading the offsets of every partition', () => askAgainWhileLeadersSettle(async () => {
    // Asked again after a leader moved: then with fresh metadata.
    const partitions = given ?? (await access.partitionsOf([topic])).get(topic) ?? [];
    given = undefined;
    const led = partitions.filter((p) => p.leader >= 0);
    const answers = await access.listOffsets(led.map((p) => ({ topic, partition: p.partition, leader: p.leader, timestamp })));
    // Partition numbers run from 0 without gaps: an array indexes them.
    const offsets: number[] = [];
    for (const a of answers) offsets[a.partition] = a.offset;
    return partitions.map((p) => ({ partition: p.partition, offset: offsets[p.partition] ?? 0 }));
  }));
}

function checkAsked(topic: string, asked: number[] | undefined, found: number[]): void {
  // A partition asked for that the topic lacks is named first (found is empty when every one asked is missing).
  const present = new Set(found);
  const missing = asked?.filter((p) => !present.has(p)) ?? [];
  if (missing.length > 0) throw new UsageError(`${topic} has no partition ${missing.join(', ')}.`);
  if (found.length === 0) throw new UsageError(`${topic} has no partitions that can be read.`);
}
