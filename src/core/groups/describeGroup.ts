import type { GroupDetail, GroupMember, GroupOffset } from '../model';
import type { KafkaSession } from '../session';
import { LATEST, type ClusterAccess, type GroupDescription, type PartitionMeta } from '../clusterAccess';
import { EbxError, UsageError } from '../errors';
import { readGroupCommits } from './groupCommits';
import { CLASSIC_GROUP } from './groupTypes';
import { byTopicThenPartition } from '../topicPartitionOrder';

/** One group in detail, of either protocol: members with their assignments, and per-partition committed offset, end and lag. */
export async function describeGroup(session: KafkaSession, groupId: string): Promise<GroupDetail> {
  if (groupId.trim() === '') throw new UsageError('A consumer group id is required.');
  return session.withinTimeout(`describing group ${groupId}`, async () => {
    const access = session.cluster();
    const { description: group, committed } = await readGroupCommits(access, groupId);
    if (group.state === 'Dead' && group.members.length === 0 && committed.every((c) => c.offset < 0)) {
      throw new EbxError(`Consumer group ${groupId} does not exist.`);
    }
    const members = group.members.map(toMember).sort((a, b) => a.clientId.localeCompare(b.clientId) || a.memberId.localeCompare(b.memberId));
    const offsets = await offsetsWithLag(access, committed, members);
    return { groupId, type: group.type ?? CLASSIC_GROUP, state: group.state, protocol: group.protocol ?? '', members, offsets };
  });
}

function toMember(m: GroupDescription['members'][number]): GroupMember {
  return { memberId: m.memberId, clientId: m.clientId, host: m.clientHost.replace(/^\//, ''), assignment: m.assignment };
}

async function offsetsWithLag(access: ClusterAccess, committed: { topic: string; partition: number; offset: number }[], members: GroupMember[]): Promise<GroupOffset[]> {
  const rows = new Map<string, { topic: string; partition: number; committed: number | null }>();
  for (const m of members) for (const a of m.assignment) for (const partition of a.partitions) rows.set(`${a.topic}\u0000${partition}`, { topic: a.topic, partition, committed: null });
  for (const c of committed) rows.set(`${c.topic}\u0000${c.partition}`, { topic: c.topic, partition: c.partition, committed: c.offset >= 0 ? c.offset : null });
  const topics = [...new Set([...rows.values()].map((r) => r.topic))];
  const leaders = leadersOf(await access.partitionsOf(topics));
  const queries = [...rows.values()].flatMap((r) => {
    const leader = leaders.get(`${r.topic}\u0000${r.partition}`);
    return leader === undefined || leader < 0 ? [] : [{ topic: r.topic, partition: r.partition, leader, timestamp: LATEST }];
  });
  const ends = new Map((await access.listOffsets(queries).catch(() => [])).map((e) => [`${e.topic}\u0000${e.partition}`, e.offset]));
  return [...rows.entries()]
    .map(([key, r]) => {
      const end = ends.get(key) ?? null;
      return { ...r, end, lag: lagOf(r.committed, end) };
    })
    .sort(byTopicThenPartition);
}

/**
 * Each partition's leader by `topic\u0000partition`: a group committed on 10,000 partitions would
 * otherwise search its topic's partition list once per commit.
 */
export function leadersOf(partitions: Map<string, PartitionMeta[]>): Map<string, number> {
  const leaders = new Map<string, number>();
  for (const [topic, list] of partitions) for (const p of list) leaders.set(`${topic}\u0000${p.partition}`, p.leader);
  return leaders;
}

/** Lag is approximate on VAST (the end offset can trail), and never negative. */
export function lagOf(committed: number | null, end: number | null): number | null {
  if (committed === null || end === null) return null;
  return Math.max(0, end - committed);
}
