// The worst time lag of many groups at once, for a whole tree listing. OffsetFetch is one request
// per group (kafkajs has no multi-group OffsetFetch), but the reading is shared: one Metadata, then
// one Fetch per leader broker for every (partition, committed offset) of every group. Groups that
// stand at the same offset of a partition share one look; a partition read by groups at different
// offsets takes another round, since a Fetch cannot name one partition twice. So the fetches grow
// with brokers (and with how many different offsets one partition is read at), not with groups.
import type { PartitionMeta } from '../clusterAccess';
import type { KafkaSession } from '../session';
import { keyOf } from '../reader/partitionPositions';
import { explainError } from '../errors';
import { firstRecordsAt, type FirstRecordOutcome, type OffsetToLookAt } from './firstRecordsAt';
import type { GroupTimeLag, LagReadOptions } from './lagModel';
import { maxTimeLagOf, timeLagOf } from './timeLagOf';
import { fetchAnswerWithinMs } from './readGroupLag';
import { byTopicThenPartition } from '../topicPartitionOrder';

/** A group's committed offsets as groupLags (groupLags.ts) returns them: pass those to save the OffsetFetch. */
export interface GroupCommits {
  groupId: string;
  offsets: readonly { topic: string; partition: number; committed: number | null }[];
  error?: string;
}

export async function readGroupsTimeLag(session: KafkaSession, groupIds: string[], options: LagReadOptions = {}): Promise<GroupTimeLag[]> {
  const access = session.cluster();
  const commits = await Promise.all(
    groupIds.map(async (groupId): Promise<GroupCommits> => {
      try {
        const offsets = await session.withinTimeout(`reading the committed offsets of group ${groupId}`, () => access.committedOffsets(groupId), options.signal);
        return { groupId, offsets: offsets.map((o) => ({ topic: o.topic, partition: o.partition, committed: o.offset >= 0 ? o.offset : null })) };
      } catch (err) {
        return { groupId, offsets: [], error: explainError(err) };
      }
    }),
  );
  return readTimeLagOfCommits(session, commits, options);
}

/** The time lag of groups whose committed offsets the caller already has. */
export async function readTimeLagOfCommits(session: KafkaSession, groups: readonly GroupCommits[], options: LagReadOptions = {}): Promise<GroupTimeLag[]> {
  const access = session.cluster();
  const now = options.now ?? Date.now;
  const topics = [...new Set(groups.flatMap((g) => g.offsets.filter((o) => o.committed !== null).map((o) => o.topic)))];
  const partitions = topics.length ? await session.withinTimeout('reading the partitions of consumer groups', () => access.partitionsOf(topics), options.signal) : new Map<string, PartitionMeta[]>();
  // An index, not a search per committed partition: a group over 20,000 partitions made that quadratic.
  const leaders = new Map([...partitions].map(([topic, list]) => [topic, new Map(list.map((p) => [p.partition, p.leader]))]));
  const leaderOf = (topic: string, partition: number) => leaders.get(topic)?.get(partition) ?? -1;

  // Distinct offsets per partition; round i looks at the i-th of each.
  const offsetsPerPartition = new Map<string, OffsetToLookAt[]>();
  for (const g of groups) {
    for (const o of g.offsets) {
      if (o.committed === null || leaderOf(o.topic, o.partition) < 0) continue;
      const key = keyOf(o.topic, o.partition);
      const list = offsetsPerPartition.get(key) ?? [];
      if (!list.some((x) => x.offset === o.committed)) list.push({ topic: o.topic, partition: o.partition, offset: o.committed, leader: leaderOf(o.topic, o.partition) });
      offsetsPerPartition.set(key, list);
    }
  }
  const found = new Map<string, FirstRecordOutcome>();
  // Not Math.max(...list): one argument per partition overflows the stack at a view's 200,000.
  let rounds = 0;
  for (const list of offsetsPerPartition.values()) rounds = Math.max(rounds, list.length);
  for (let round = 0; round < rounds; round++) {
    const positions = [...offsetsPerPartition.values()].flatMap((l) => (l[round] ? [l[round]] : []));
    const outcomes = await firstRecordsAt(access, positions, { signal: options.signal, answerWithinMs: fetchAnswerWithinMs(session), clock: options.clock });
    for (const p of positions) {
      const outcome = outcomes.get(keyOf(p.topic, p.partition));
      if (outcome) found.set(`${keyOf(p.topic, p.partition)}\u0000${p.offset}`, outcome);
    }
  }
  const sampledAt = now();

  return groups.map((g) => {
    const read = g.offsets
      .filter((o) => o.committed !== null)
      .map((o) => {
        const outcome = found.get(`${keyOf(o.topic, o.partition)}\u0000${o.committed}`) ?? {
          kind: 'error' as const,
          message: `${o.topic} partition ${o.partition} could not be read: the topic or partition does not exist (or is not visible to this user).`,
        };
        return timeLagOf(o.topic, o.partition, o.committed, outcome, sampledAt);
      })
      .sort(byTopicThenPartition);
    return { groupId: g.groupId, sampledAt, maxTimeLagMs: maxTimeLagOf(read), partitions: read, ...(g.error ? { error: g.error } : {}) };
  });
}
