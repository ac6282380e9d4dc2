import { VAST_GROUP_LIMIT, type BrokerProfile, type GroupDetail, type GroupList, type GroupMember, type GroupOffset, type GroupSummary} from './model';
import type { KafkaSession } from './session';
import { LATEST, type ClusterAccess, type GroupDescription as RawGroup } from './clusterAccess';
import { EbxError, UsageError } from './errors';
import { BrokerError } from './brokerError';
import { readGroupCommits } from './groupCommits';


/**
 * Every group, with state and member count: one ListGroups and one DescribeGroups per broker
 * (a broker lists exactly the groups it coordinates), never one request per group.
 */
export async function listGroups(session: KafkaSession, profile: BrokerProfile): Promise<GroupList> {
  const groups = await session.withinTimeout('listing consumer groups', async () => {
    const access = session.cluster();
    const perBroker = await access.listGroupsPerBroker();
    const described = await Promise.all(perBroker.map(({ nodeId, groups }) => describeOn(access, nodeId, groups.map((g) => g.groupId))));
    const protocolTypes = new Map(perBroker.flatMap((b) => b.groups.map((g) => [g.groupId, g.protocolType] as const)));
    return described.flat().map(
      (g): GroupSummary => ({
        groupId: g.groupId,
        state: g.state || 'Unknown',
        protocolType: g.protocolType || protocolTypes.get(g.groupId) || '',
        protocol: g.protocol ?? '',
        members: g.members?.length ?? 0,
      }),
    );
  });
  groups.sort((a, b) => a.groupId.localeCompare(b.groupId));
  return { groups, count: groups.length, limit: profile === 'vast' ? VAST_GROUP_LIMIT : null };
}

/** DescribeGroups for a coordinator's groups; kafkajs rejects a batch if one group fails, so retry those one by one. */
async function describeOn(access: ClusterAccess, nodeId: number, groupIds: string[]): Promise<RawGroup[]> {
  if (groupIds.length === 0) return [];
  try {
    return await access.describeGroups(nodeId, groupIds);
  } catch {
    const each = await Promise.all(
      groupIds.map(async (groupId) => {
        try {
          return (await access.describeGroups(nodeId, [groupId]))[0];
        } catch (err) {
          const denied = err instanceof BrokerError && err.kind === 'denied';
          return { groupId, errorCode: -1, state: denied ? 'NotAuthorized' : 'Unknown', protocolType: '', protocol: '', members: [] };
        }
      }),
    );
    return each;
  }
}

/** One group in detail: members with decoded assignments, and per-partition committed offset, end and lag. */
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
    return { groupId, state: group.state, protocol: group.protocol ?? '', members, offsets };
  });
}

function toMember(m: RawGroup['members'][number]): GroupMember {
  return { memberId: m.memberId, clientId: m.clientId, host: m.clientHost.replace(/^\//, ''), assignment: m.assignment };
}

async function offsetsWithLag(access: ClusterAccess, committed: { topic: string; partition: number; offset: number }[], members: GroupMember[]): Promise<GroupOffset[]> {
  const rows = new Map<string, { topic: string; partition: number; committed: number | null }>();
  for (const m of members) for (const a of m.assignment) for (const partition of a.partitions) rows.set(`${a.topic}\u0000${partition}`, { topic: a.topic, partition, committed: null });
  for (const c of committed) rows.set(`${c.topic}\u0000${c.partition}`, { topic: c.topic, partition: c.partition, committed: c.offset >= 0 ? c.offset : null });
  const topics = [...new Set([...rows.values()].map((r) => r.topic))];
  const partitions = await access.partitionsOf(topics);
  const queries = [...rows.values()].flatMap((r) => {
    const leader = partitions.get(r.topic)?.find((p) => p.partition === r.partition)?.leader;
    return leader === undefined || leader < 0 ? [] : [{ topic: r.topic, partition: r.partition, leader, timestamp: LATEST }];
  });
  const ends = new Map((await access.listOffsets(queries).catch(() => [])).map((e) => [`${e.topic}\u0000${e.partition}`, e.offset]));
  return [...rows.entries()]
    .map(([key, r]) => {
      const end = ends.get(key) ?? null;
      return { ...r, end, lag: lagOf(r.committed, end) };
    })
    .sort((a, b) => a.topic.localeCompare(b.topic) || a.partition - b.partition);
}

/** Lag is approximate on VAST (the end offset can trail), and never negative. */
export function lagOf(committed: number | null, end: number | null): number | null {
  if (committed === null || end === null) return null;
  return Math.max(0, end - committed);
}
