import type { GroupOffset } from '../model';
import type { KafkaSession } from '../session';
import { LATEST } from '../clusterAccess';
import { lagOf, leadersOf } from './describeGroup';
import { byTopicThenPartition } from '../topicPartitionOrder';

export interface GroupLag {
  groupId: string;
  /** Sum of the partitions' lag; null when no partition has both a commit and an end. Approximate. */
  totalLag: number | null;
  offsets: GroupOffset[];
  /** Set when this group's offsets could not be read (the others still are). */
  error?: string;
}

/**
 * Committed offsets and lag of many groups at once (every group when `groupIds` is absent), for a
 * lag column over a whole group list: ListGroups once per broker, OffsetFetch once per group straight
 * to the broker that listed it (kafkajs has no multi-group OffsetFetch), then one Metadata and one ListOffsets per leader broker for all
 * their partitions together — rather than describeGroup's five requests per group.
 */
export async function groupLags(session: KafkaSession, groupIds?: string[]): Promise<GroupLag[]> {
  return session.withinTimeout('reading the lag of consumer groups', async () => {
    const access = session.cluster();
    // Each broker lists the groups it coordinates: their OffsetFetch goes straight to it, without a
    // FindCoordinator per group (256 groups: 256 requests fewer). A group given but not listed finds its own.
    const perBroker = await access.listGroupsPerBroker();
    const coordinators = new Map(perBroker.flatMap((b) => b.groups.map((g) => [g.groupId, b.nodeId] as const)));
    const ids = groupIds ?? [...coordinators.keys()];
    const committed = await Promise.all(
      ids.map(async (groupId) => {
        try {
          return { groupId, offsets: await access.committedOffsets(groupId, coordinators.get(groupId)) };
        } catch (err) {
          return { groupId, offsets: [], error: (err as Error).message };
        }
      }),
    );
    const topics = [...new Set(committed.flatMap((c) => c.offsets.map((o) => o.topic)))];
    const leaders = leadersOf(await access.partitionsOf(topics));
    const key = (topic: string, partition: number) => `${topic}\u0000${partition}`;
    const wanted = new Map<string, { topic: string; partition: number; leader: number; timestamp: number }>();
    for (const c of committed) {
      for (const o of c.offsets) {
        const leader = leaders.get(key(o.topic, o.partition));
        if (leader !== undefined && leader >= 0) wanted.set(key(o.topic, o.partition), { topic: o.topic, partition: o.partition, leader, timestamp: LATEST });
      }
    }
    const ends = new Map((await access.listOffsets([...wanted.values()]).catch(() => [])).map((e) => [key(e.topic, e.partition), e.offset]));
    return committed
      .map((c) => {
        const offsets = c.offsets
          .map((o) => {
            const committedOffset = o.offset >= 0 ? o.offset : null;
            const end = ends.get(key(o.topic, o.partition)) ?? null;
            return { topic: o.topic, partition: o.partition, committed: committedOffset, end, lag: lagOf(committedOffset, end) };
          })
          .sort(byTopicThenPartition);
        const lags = offsets.map((o) => o.lag).filter((l): l is number => l !== null);
        return { groupId: c.groupId, totalLag: lags.length ? lags.reduce((a, b) => a + b, 0) : null, offsets, ...(c.error ? { error: c.error } : {}) };
      })
      .sort((a, b) => a.groupId.localeCompare(b.groupId));
  });
}
