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
import type { GroupLagReport, LagReadOptions, PartitionLagReading } from './lagModel';
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
  const commits = new Map(committed.filter((c) => c.offset >= 0).map((c) => [keyOf(c.topic, c.partition), c.offset]));
  const topics = topicsOf(description, committed, commits);
  if (topics.length === 0) throw new EbxError(noLagSentence(group, description));

  const partitions = await session.withinTimeout(`reading the partitions of group ${group}`, () => access.partitionsOf(topics), options.signal);
  const rows = topics.flatMap((topic) => (partitions.get(topic) ?? []).map((p) => ({ topic, partition: p.partition, leader: p.leader })));
  // Committed partitions of a topic that is gone (or denied) still get a row: they say why they have no figures.
  const shown = new Set(rows.map((r) => keyOf(r.topic, r.partition)));
  for (const c of committed) {
    if (commits.has(keyOf(c.topic, c.partition)) && !shown.has(keyOf(c.topic, c.partition))) rows.push({ topic: c.topic, partition: c.partition, leader: -1 });
  }
  const known = rows.filter((r) => r.leader >= 0);
  const withCommit = known.flatMap((r) => {
    const offset = commits.get(keyOf(r.topic, r.partition));
    return offset === undefined ? [] : [{ ...r, offset }];
  });
  const [ends, found] = await session.withinTimeout(
    `reading at the committed offsets of group ${group}`,
    () => Promise.all([endOffsets(access, known), firstRecordsAt(access, withCommit, { signal: options.signal, answerWithinMs: fetchAnswerWithinMs(session), clock: options.clock })]),
    options.signal,
  );
  const sampledAt = now();

  const readings = rows
    .map((r): PartitionLagReading => {
      const key = keyOf(r.topic, r.partition);
      const committedOffset = commits.get(key) ?? null;
      const end = ends.get(key) ?? null;
      const lag = lagOf(committedOffset, end);
      const time = timeLagOf(r.topic, r.partition, committedOffset, committedOffset === null ? undefined : (found.get(key) ?? { kind: 'error', message: notReadSentence(r.topic, r.partition) }), sampledAt);
      return { ...time, end, endApproximate, lag, endDisagrees: lag === 0 && time.unread === true };
    })
    .sort(byTopicThenPartition);
  return { group, state: description?.state || 'Unknown', sampledAt, partitions: readings, maxTimeLagMs: maxTimeLagOf(readings) };
}

/** The reported end offsets (one ListOffsets per leader); none when they cannot be read: the time lag still stands. */
async function endOffsets(access: ClusterAccess, partitions: { topic: string; partition: number; leader: number }[]): Promise<Map<string, number>> {
  try {
    const answers = await access.listOffsets(partitions.map((r) => ({ topic: r.topic, partition: r.partition, leader: r.leader, timestamp: LATEST })));
    return new Map(answers.map((a) => [keyOf(a.topic, a.partition), a.offset]));
  } catch {
    return new Map();
  }
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
