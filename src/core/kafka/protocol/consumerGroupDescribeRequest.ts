// ConsumerGroupDescribe (API key 69, flexible from v0): what DescribeGroups is for classic groups,
// for groups of the new consumer protocol (KIP-848, the Java client's default from Kafka 4.0). The
// classic DescribeGroups answers such a group as "Dead" with no members. v1 only adds each member's
// type (KIP-1099). Schemas: Kafka's ConsumerGroupDescribeRequest.json / ...Response.json.
import { FlexibleReader, FlexibleWriter } from './flexibleCodec';

export const CONSUMER_GROUP_DESCRIBE_API_KEY = 69;
export const CONSUMER_GROUP_DESCRIBE_NEWEST = 1;

export interface AssignedTopicAnswer {
  topicId: string;
  /** The broker resolves the name for us; '' when the topic no longer exists. */
  topicName: string;
  partitions: number[];
}

export interface ConsumerGroupMemberAnswer {
  memberId: string;
  instanceId: string | null;
  rackId: string | null;
  memberEpoch: number;
  clientId: string;
  clientHost: string;
  subscribedTopicNames: string[];
  subscribedTopicRegex: string | null;
  /** What the member owns now (the target assignment is where a rebalance is heading). */
  assignment: AssignedTopicAnswer[];
  targetAssignment: AssignedTopicAnswer[];
  /** v1 and later: 0 for a consumer-protocol member, 1 for a classic one in a mixed group; -1 unknown. */
  memberType?: number;
}

export interface DescribedConsumerGroupAnswer {
  errorCode: number;
  errorMessage: string | null;
  groupId: string;
  /** Empty, Assigning, Reconciling, Stable, Dead. */
  groupState: string;
  groupEpoch: number;
  assignmentEpoch: number;
  assignorName: string;
  members: ConsumerGroupMemberAnswer[];
  authorizedOperations: number;
}

export interface ConsumerGroupDescribeAnswer {
  clientSideThrottleTime: number;
  groups: DescribedConsumerGroupAnswer[];
}

/** The request body after the header's client id (the same in v0 and v1). */
export function encodeConsumerGroupDescribeRequest(groupIds: readonly string[]): Buffer {
  return new FlexibleWriter()
    .noTaggedFields() // request header v2: its tagged fields
    .compactArray(groupIds, (w, id) => w.compactString(id))
    .bool(false) // include_authorized_operations
    .noTaggedFields()
    .bytes();
}

/** The response after its correlation id (response header v1 goes on with tagged fields). */
export function decodeConsumerGroupDescribeResponse(payload: Buffer, version: number): ConsumerGroupDescribeAnswer {
  const r = new FlexibleReader(payload);
  r.skipTaggedFields();
  const clientSideThrottleTime = r.int32();
  const groups = r.compactArray((g): DescribedConsumerGroupAnswer => {
    const group = {
      errorCode: g.int16(),
      errorMessage: g.compactNullableString(),
      groupId: g.compactString(),
      groupState: g.compactString(),
      groupEpoch: g.int32(),
      assignmentEpoch: g.int32(),
      assignorName: g.compactString(),
      members: g.compactArray((m) => readMember(m, version)),
      authorizedOperations: g.int32(),
    };
    g.skipTaggedFields();
    return group;
  });
  r.skipTaggedFields();
  return { clientSideThrottleTime, groups };
}

function readMember(m: FlexibleReader, version: number): ConsumerGroupMemberAnswer {
  const member: ConsumerGroupMemberAnswer = {
    memberId: m.compactString(),
    instanceId: m.compactNullableString(),
    rackId: m.compactNullableString(),
    memberEpoch: m.int32(),
    clientId: m.compactString(),
    clientHost: m.compactString(),
    subscribedTopicNames: m.compactArray((t) => t.compactString()),
    subscribedTopicRegex: m.compactNullableString(),
    assignment: readAssignment(m),
    targetAssignment: readAssignment(m),
  };
  if (version >= 1) member.memberType = m.int8();
  m.skipTaggedFields();
  return member;
}

function readAssignment(a: FlexibleReader): AssignedTopicAnswer[] {
  const topics = a.compactArray((t) => {
    const topic = { topicId: t.uuid(), topicName: t.compactString(), partitions: t.compactArray((p) => p.int32()) };
    t.skipTaggedFields();
    return topic;
  });
  a.skipTaggedFields();
  return topics;
}
