import { VAST_GROUP_LIMIT, type BrokerProfile, type GroupList, type GroupSummary } from '../model';
import type { KafkaSession } from '../session';
import type { ClusterAccess, GroupDescription, ListedGroup } from '../clusterAccess';
import { BrokerError } from '../brokerError';
import { CLASSIC_GROUP, CONSUMER_GROUP } from './groupTypes';

/**
 * Every group, with its type, state and member count: one ListGroups per broker (a broker lists
 * exactly the groups it coordinates), then per broker one DescribeGroups for its classic groups and
 * one ConsumerGroupDescribe for its consumer-protocol (KIP-848) ones — never one request per group.
 */
export async function listGroups(session: KafkaSession, profile: BrokerProfile): Promise<GroupList> {
  const groups = await session.withinTimeout('listing consumer groups', async () => {
    const access = session.cluster();
    const perBroker = await access.listGroupsPerBroker();
    return (await Promise.all(perBroker.map(({ nodeId, groups }) => summariesOn(access, nodeId, groups)))).flat();
  });
  groups.sort((a, b) => a.groupId.localeCompare(b.groupId));
  return { groups, count: groups.length, limit: profile === 'vast' ? VAST_GROUP_LIMIT : null };
}

/** One coordinator's groups. Groups of a type we cannot describe (share, streams) keep what the listing said. */
async function summariesOn(access: ClusterAccess, nodeId: number, listed: ListedGroup[]): Promise<GroupSummary[]> {
  const classic = listed.filter((g) => g.type === CLASSIC_GROUP);
  const consumer = listed.filter((g) => g.type === CONSUMER_GROUP);
  const [classicDescribed, consumerDescribed] = await Promise.all([
    describeEach((ids) => access.describeGroups(nodeId, ids), classic.map((g) => g.groupId)),
    describeEach((ids) => access.describeConsumerGroups(nodeId, ids), consumer.map((g) => g.groupId)),
  ]);
  const byId = new Map(listed.map((g) => [g.groupId, g]));
  const described = [...classicDescribed, ...consumerDescribed].map((g): GroupSummary => {
    const asListed = byId.get(g.groupId);
    return {
      groupId: g.groupId,
      state: stateOf(g, asListed),
      protocolType: g.protocolType || asListed?.protocolType || '',
      protocol: g.protocol ?? '',
      members: g.members?.length ?? 0,
      type: asListed?.type ?? g.type ?? CLASSIC_GROUP,
    };
  });
  const others = listed
    .filter((g) => g.type !== CLASSIC_GROUP && g.type !== CONSUMER_GROUP)
    .map((g): GroupSummary => ({ groupId: g.groupId, state: g.state || 'Unknown', protocolType: g.protocolType, protocol: '', members: 0, type: g.type }));
  return [...described, ...others];
}

/** ConsumerGroupDescribe answers a failed group with its own error code (DescribeGroups throws instead: see describeEach). */
function stateOf(g: GroupDescription, listed: ListedGroup | undefined): string {
  if (g.errorCode === 0 || g.errorCode === -1) return g.state || 'Unknown';
  if (g.errorType === 'GROUP_AUTHORIZATION_FAILED') return 'NotAuthorized';
  if (g.errorType === 'GROUP_ID_NOT_FOUND') return 'Dead';
  return listed?.state || 'Unknown';
}

/** Describes a coordinator's groups in one request; kafkajs rejects a batch if one group fails, so retry those one by one. */
async function describeEach(describe: (groupIds: string[]) => Promise<GroupDescription[]>, groupIds: string[]): Promise<GroupDescription[]> {
  if (groupIds.length === 0) return [];
  try {
    return await describe(groupIds);
  } catch {
    return Promise.all(
      groupIds.map(async (groupId): Promise<GroupDescription> => {
        try {
          return (await describe([groupId]))[0];
        } catch (err) {
          const denied = err instanceof BrokerError && err.kind === 'denied';
          return { groupId, errorCode: -1, state: denied ? 'NotAuthorized' : 'Unknown', protocolType: '', protocol: '', members: [] };
        }
      }),
    );
  }
}
