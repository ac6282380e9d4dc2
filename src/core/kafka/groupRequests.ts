// ListGroups and ConsumerGroupDescribe on one broker, at the newest version both sides support, as
// ClusterAccess shapes. A broker without ListGroups v3 (older Kafka, VAST releases that stop at v2)
// gets kafkajs's own ListGroups as before, and all its groups are classic: the group type exists
// only from v5, and a broker that predates it has no other kind.
import { createErrorFromCode } from 'kafkajs/src/protocol/error';
import { BrokerError, SENTENCE_FOR_CODE } from '../brokerError';
import type { GroupDescription, ListedGroup } from '../clusterAccess';
import { commonVersion, errorName, sendEncoded } from './brokerRequests';
import {
  CONSUMER_GROUP_DESCRIBE_API_KEY,
  CONSUMER_GROUP_DESCRIBE_NEWEST,
  decodeConsumerGroupDescribeResponse,
  encodeConsumerGroupDescribeRequest,
  type AssignedTopicAnswer,
} from './protocol/consumerGroupDescribeRequest';
import type { InternalBroker } from './kafkaJsInternals';
import { decodeListGroupsResponse, encodeListGroupsRequest, LIST_GROUPS_API_KEY, LIST_GROUPS_FIRST_FLEXIBLE, LIST_GROUPS_NEWEST } from './protocol/listGroupsRequest';

export const CLASSIC = 'classic';

/** Every group this broker coordinates, with its type (and state, from ListGroups v4). */
export async function listGroupsOn(broker: InternalBroker): Promise<ListedGroup[]> {
  const version = commonVersion(broker, LIST_GROUPS_API_KEY, LIST_GROUPS_NEWEST);
  if (version === null || version < LIST_GROUPS_FIRST_FLEXIBLE) {
    const { groups } = await broker.listGroups();
    return groups.map((g) => ({ groupId: g.groupId, protocolType: g.protocolType, type: CLASSIC }));
  }
  const answer = await sendEncoded(broker, { apiKey: LIST_GROUPS_API_KEY, apiName: 'ListGroups', version, body: encodeListGroupsRequest(version) }, (payload) =>
    decodeListGroupsResponse(payload, version),
  );
  // As kafkajs's own parse does: a coordinator still loading answers an error for the whole list.
  if (answer.errorCode !== 0) throw createErrorFromCode(answer.errorCode);
  return answer.groups.map((g) => ({
    groupId: g.groupId,
    protocolType: g.protocolType,
    type: g.type || CLASSIC,
    ...(g.state ? { state: g.state } : {}),
  }));
}

/**
 * ConsumerGroupDescribe for groups of the consumer protocol (KIP-848), in the shape DescribeGroups
 * gives for classic ones. A group of another type answers GROUP_ID_NOT_FOUND. Rejects with code
 * UNSUPPORTED_VERSION when the broker lacks the API (Kafka before 3.7, VAST).
 */
export async function describeConsumerGroupsOn(broker: InternalBroker, groupIds: string[]): Promise<GroupDescription[]> {
  const version = commonVersion(broker, CONSUMER_GROUP_DESCRIBE_API_KEY, CONSUMER_GROUP_DESCRIBE_NEWEST);
  if (version === null) throw new BrokerError('fatal', SENTENCE_FOR_CODE.UNSUPPORTED_VERSION, { code: 'UNSUPPORTED_VERSION' });
  const { groups } = await sendEncoded(
    broker,
    { apiKey: CONSUMER_GROUP_DESCRIBE_API_KEY, apiName: 'ConsumerGroupDescribe', version, body: encodeConsumerGroupDescribeRequest(groupIds) },
    (payload) => decodeConsumerGroupDescribeResponse(payload, version),
  );
  return groups.map(
    (g): GroupDescription => ({
      groupId: g.groupId,
      errorCode: g.errorCode,
      errorType: errorName(g.errorCode) ?? undefined,
      state: g.groupState,
      protocolType: 'consumer',
      protocol: g.assignorName,
      type: 'consumer',
      epoch: g.groupEpoch,
      members: g.members.map((m) => ({ memberId: m.memberId, clientId: m.clientId, clientHost: m.clientHost, assignment: assignmentOf(m.assignment) })),
    }),
  );
}

/** By topic name, partitions in order; a topic deleted since (no name) is left out. */
function assignmentOf(topics: AssignedTopicAnswer[]): GroupDescription['members'][number]['assignment'] {
  return topics
    .filter((t) => t.topicName !== '')
    .map((t) => ({ topic: t.topicName, partitions: [...t.partitions].sort((a, b) => a - b) }))
    .sort((a, b) => a.topic.localeCompare(b.topic));
}
