// ListGroups v3–v5 (flexible), encoded and decoded by us: kafkajs 2.2.4 stops at v2, whose answer
// does not say a group's type. v4 adds each group's state, v5 its type ("classic", "consumer" for
// KIP-848 groups, "share", "streams"…). Schemas: Kafka's ListGroupsRequest.json / ListGroupsResponse.json.
import { FlexibleReader, FlexibleWriter } from './flexibleCodec';

export const LIST_GROUPS_API_KEY = 16;
/** Below this, kafkajs's own ListGroups (v0–v2) is sent. */
export const LIST_GROUPS_FIRST_FLEXIBLE = 3;
export const LIST_GROUPS_NEWEST = 5;

export interface ListedGroupAnswer {
  groupId: string;
  protocolType: string;
  /** v4 and later. */
  state?: string;
  /** v5 and later. */
  type?: string;
}

export interface ListGroupsAnswer {
  clientSideThrottleTime: number;
  errorCode: number;
  groups: ListedGroupAnswer[];
}

/** The request body after the header's client id: every group, no state or type filter. */
export function encodeListGroupsRequest(version: number): Buffer {
  const w = new FlexibleWriter().noTaggedFields(); // request header v2: its tagged fields
  if (version >= 4) w.compactArray([], () => undefined); // states_filter: all states
  if (version >= 5) w.compactArray([], () => undefined); // types_filter: all types
  return w.noTaggedFields().bytes();
}

/** The response after its correlation id (response header v1 goes on with tagged fields). */
export function decodeListGroupsResponse(payload: Buffer, version: number): ListGroupsAnswer {
  const r = new FlexibleReader(payload);
  r.skipTaggedFields();
  const clientSideThrottleTime = r.int32();
  const errorCode = r.int16();
  const groups = r.compactArray((g) => {
    const group: ListedGroupAnswer = { groupId: g.compactString(), protocolType: g.compactString() };
    if (version >= 4) group.state = g.compactString();
    if (version >= 5) group.type = g.compactString();
    g.skipTaggedFields();
    return group;
  });
  r.skipTaggedFields();
  return { clientSideThrottleTime, errorCode, groups };
}
