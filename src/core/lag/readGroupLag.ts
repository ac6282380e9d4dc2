// One group's lag, per partition: offset lag from the reported end offsets (approximate on VAST)
// and time lag by reading the record at the committed offset, group-less. Requests: FindCoordinator,
// DescribeGroups, OffsetFetch, one Metadata, then one ListOffsets and one Fetch per leader broker,
// side by side. Never joins the group, never commits.
import { LATEST, type ClusterAccess, type CommittedOffset, type GroupDescription } from '../clusterAccess';
import { SENTENCE_FOR_CODE } from '../brokerError';
import { EbxError, UsageError } from '../errors';
import { lagOf } from '../groups/describeGroup';
import { keyOf } from '../reader/partitionPositions';
import type { KafkaSession } from '../session';
import { firstRecordsAt } from './firstRecordsAt';
import type { GroupLagReport, LagReadOptions, PartitionLagReading, PartitionTimeLag } from './lagModel';
import { maxTimeLagOf, timeLagOf } from './timeLagOf';
import { readGroupCommits } from '../groups/groupCommits';
import { byTopicThenPartition } from '../topicPartitionOrder';

export async function readGroupLag(session: KafkaSession, group: string, options: LagReadOptions = {}): Promise<GroupLagReport> {
  if (group.trim() === '') throw new UsageError('A consumer group id is required.');
  const now = options.now ?? Date.now;
  const endApproximate = (options.profile ?? 'vast') === 'vast';
  const access = session.cluster();
  const { description, committed } = await session.withinTimeout(
    `reading the committed offsets of group ${group}`,
    () => readGroupCommits(access, group),
    options.signal,
  );
  failIfUnreadable(group, description);
  const commits = new Map<string, number>();
  for (const c of committed) if (c.offset >= 0) commits.set(keyOf(c.topic, c.partition), c.offset);
  const topics = topicsOf(description, committed, commits);
  if (topics.length === 0) throw new EbxError(noLagSentence(group, description));

  const partitions = await session.withinTimeout(`reading the partitions of group ${group}`, () => access.partitionsOf(topics), options.signal);
  // Each row's key is made once: at 10,000 partitions every extra pass over them costs a one-shot
  // command milliseconds (cold code, and garbage to collect).
  const rows: LagRow[] = [];
  for (const topic of topics) {
    for (const p of partitions.get(topic) ?? []) rows.push(lagRow(topic, p.partition, p.leader, commits));
  }
  // Committed partitions of a topic that is gone (or denied) still get a row: they say why they have no figures.
  const shown = new Set(rows.map((r) => r.key));
  for (const c of committed) {
    const row = lagRow(c.topic, c.partition, -1, commits);
    if (row.committed !== null && !shown.has(row.key)) rows.push(row);
  }
  const known = rows.filter((r) => r.leader >= 0);
  const withCommit = known.filter((r) => r.committed !== null).map((r) => ({ topic: r.topic, partition: r.partition, leader: r.leader, offset: r.committed! }));
  const [ends, found] = await session.withinTimeout(
    `reading at the committed offsets of group ${group}`,
    () => Promise.all([endOffsets(access, known), firstRecordsAt(access, withCommit, { signal: options.signal, answerWithinMs: fetchAnswerWithinMs(session), clock: options.clock })]),
    options.signal,
  );
  const sampledAt = now();

  const readings = rows
    .map((r): PartitionLagReading => {
      const end = ends.get(r.topic)?.[r.partition] ?? null;
      const lag = lagOf(r.committed, end);
      const time = timeLagOf(r.topic, r.partition, r.committed, r.committed === null ? undefined : (found.get(r.key) ?? { kind: 'error', message: notReadSentence(r.topic, r.partition) }), sampledAt);
      return withEndOffset(time, end, endApproximate, lag);
    })
    .sort(byTopicThenPartition);
  return { group, state: description?.state || 'Unknown', sampledAt, partitions: readings, maxTimeLagMs: maxTimeLagOf(readings) };
}

interface LagRow {
  topic: string;
  partition: number;
  /** -1 when the topic is not in the metadata (gone, or denied). */
  leader: number;
  /** keyOf(topic, partition). */
  key: string;
  committed: number | null;
}

function lagRow(topic: string, partition: number, leader: number, commits: Map<string, number>): LagRow {
  const key = keyOf(topic, partition);
  return { topic, partition, leader, key, committed: commits.get(key) ?? null };
}

/** The time lag with the offset lag added (in place: one object per partition, not two). */
function withEndOffset(time: PartitionTimeLag, end: number | null, endApproximate: boolean, lag: number | null): PartitionLagReading {
  const reading = time as PartitionLagReading;
  reading.end = end;
  reading.endApproximate = endApproximate;
  reading.lag = lag;
  reading.endDisagrees = lag === 0 && time.unread === true;
  return reading;
}

/**
 * The reported end offsets (one ListOffsets per leader), by topic and then partition number;
 * none when they cannot be read: the time lag still stands.
 */
async function endOffsets(access: ClusterAccess, partitions: { topic: string; partition: number; leader: number }[]): Promise<Map<string, number[]>> {
  const ends = new Map<string, number[]>();
  try {
    const answers = await access.listOffsets(partitions.map((r) => ({ topic: r.topic, partition: r.partition, leader: r.leader, timestamp: LATEST })));
    for (const a of answers) {
      let byPartition = ends.get(a.topic);
      if (!byPartition) ends.set(a.topic, (byPartition = []));
      byPartition[a.partition] = a.offset;
    }
  } catch {
    ends.clear();
  }
  return ends;
}

/** A silent fetch is given up (and its partitions retried) well within the session's timeout for the whole sample. */
export function fetchAnswerWithinMs(session: KafkaSession): number {
  return Math.max(1_000, Math.round(session.timeoutMs / 3));
}

/** The topics the group has committed offsets on or is assigned, in name order. */
function topicsOf(description: GroupDescription | undefined, committed: CommittedOffset[], commits: Map<string, number>): string[] {
  const topics = new Set<string>();
  for (const c of committed) if (commits.has(keyOf(c.topic, c.partition))) topics.add(c.topic);
  for (const m of description?.members ?? []) for (const a of m.assignment) topics.add(a.topic);
  return [...topics].sort();
}

function failIfUnreadable(group: string, description: GroupDescription | undefined): void {
  if (!description || description.errorCode === 0) return;
  const code = description.errorType ?? String(description.errorCode);
  throw new EbxError(`Cannot read consumer group ${group}: ${SENTENCE_FOR_CODE[code] ?? `the broker answered ${code}.`}`);
}

function noLagSentence(group: string, description: GroupDescription | undefined): string {
  const state = description?.state ?? 'Dead';
  if ((state === 'Dead' || state === '') && (description?.members.length ?? 0) === 0) {
    return `Consumer group ${group} does not exist: it has no members and no committed offsets.`;
  }
  return `Consumer group ${group} has no committed offsets and no assigned partitions (state ${state}): there is no lag to read.`;
}

function notReadSentence(topic: string, partition: number): string {
  return `${topic} partition ${partition} could not be read: the topic or partition does not exist (or is not visible to this user).`;
}
