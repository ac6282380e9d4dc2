// A group as its coordinator describes it, with every offset it committed: what describe, lag,
// snapshot and reset all start from. Asked again while the coordinator is loading the group (just
// after it was created or moved): that answer heals by itself within a second or two.
import type { ClusterAccess, CommittedOffset, GroupDescription } from '../clusterAccess';
import { askAgainWhileCoordinatorLoads, isCoordinatorLoading } from '../askAgain';
import { BrokerError, brokerCode } from '../brokerError';
import { CLASSIC_GROUP } from './groupTypes';

export interface GroupCommits {
  description: GroupDescription;
  committed: CommittedOffset[];
}

export function readGroupCommits(access: ClusterAccess, groupId: string): Promise<GroupCommits> {
  return askAgainWhileCoordinatorLoads(async () => {
    // One FindCoordinator, then the description and the offsets side by side from that coordinator.
    const coordinator = await access.coordinatorOf(groupId);
    const [description, committed] = await Promise.all([describeEitherProtocol(access, coordinator, groupId), access.committedOffsets(groupId, coordinator)]);
    return { description, committed };
  });
}

/**
 * The classic DescribeGroups first: it is all VAST and brokers before KIP-848 have, and it answers
 * a group of the consumer protocol as Dead with no members — only then is ConsumerGroupDescribe
 * asked (so a classic group costs no extra request, a missing one costs one). Only a group it
 * describes replaces the classic answer: it answers GROUP_ID_NOT_FOUND for a group of another
 * type, and Kafka 3.9, which lists the API with the consumer protocol off, UNSUPPORTED_VERSION.
 */
async function describeEitherProtocol(access: ClusterAccess, coordinator: number, groupId: string): Promise<GroupDescription> {
  const [classic] = await access.describeGroups(coordinator, [groupId]);
  const absent = classic.state === 'Dead' && classic.members.length === 0;
  if (!absent) return { ...classic, type: classic.type ?? CLASSIC_GROUP };
  let consumer: GroupDescription | undefined;
  try {
    [consumer] = await access.describeConsumerGroups(coordinator, [groupId]);
  } catch (err) {
    if (brokerCode(err) === 'UNSUPPORTED_VERSION') return { ...classic, type: CLASSIC_GROUP };
    throw err;
  }
  if (consumer?.errorCode === 0) return consumer;
  // Per group, this API answers "loading" or "moved" as an error code: thrown, so it is asked again.
  const loading = new BrokerError('retriable', `The coordinator answered ${consumer?.errorType}.`, { code: consumer?.errorType });
  if (isCoordinatorLoading(loading)) throw loading;
  return { ...classic, type: CLASSIC_GROUP };
}
