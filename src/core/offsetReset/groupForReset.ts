// Before offsets are committed from outside a group, the group must have no members: the broker
// would refuse the commit anyway (UNKNOWN_MEMBER_ID), and a running consumer would overwrite the
// new offsets with its own at its next commit. This reads what a reset plan needs about the group.
import { VAST_GROUP_LIMIT, type BrokerProfile } from '../model';
import type { ClusterAccess } from '../clusterAccess';
import { EbxError, UsageError } from '../errors';
import { readGroupCommits } from '../groups/groupCommits';
import { counted } from '../counted';

export interface GroupForReset {
  groupId: string;
  state: string;
  /** False when the broker knows no such group: committing creates it. */
  exists: boolean;
  /** Committed offsets by `topic\u0000partition`. */
  committed: Map<string, number>;
}

/** Groups in these states have no members, so offsets may be committed for them. */
const INACTIVE_STATES = new Set(['Empty', 'Dead']);

/** Close to the cap: the tree shows the count in its warning colour from here. */
const NEAR_CAP_SHARE = 0.9;

export function partitionKey(topic: string, partition: number): string {
  return `${topic}\u0000${partition}`;
}

export function validateGroupId(groupId: string): void {
  if (groupId.trim() === '') throw new UsageError('A consumer group id is required.');
}

/** The group's state and committed offsets; throws one sentence naming the members when it has any. */
export async function readGroupForReset(access: ClusterAccess, groupId: string): Promise<GroupForReset> {
  validateGroupId(groupId);
  const { description: group, committed: commits } = await readGroupCommits(access, groupId);
  if (group.members.length > 0 || !INACTIVE_STATES.has(group.state)) {
    const members = group.members.map((m) => `${m.clientId} on ${m.clientHost.replace(/^\//, '')}`);
    const who = members.length > 0 ? `${counted(members.length, 'active member')} (${members.join(', ')})` : `no members yet but is ${group.state}`;
    throw new EbxError(
      `Consumer group ${groupId} has ${who}: offsets can be reset only while a group has no members — stop its consumers first. Nothing was committed.`,
    );
  }
  const committed = new Map<string, number>();
  for (const c of commits) if (c.offset >= 0) committed.set(partitionKey(c.topic, c.partition), c.offset);
  return { groupId, state: group.state, exists: group.state !== 'Dead' || committed.size > 0, committed };
}

/**
 * Under the vast profile a commit for a group that does not exist creates one, and a view holds at
 * most 256: say so when the view is at or near the cap (the commit may then be refused).
 */
export async function groupCapWarning(access: ClusterAccess, group: GroupForReset, profile: BrokerProfile): Promise<string | null> {
  if (profile !== 'vast' || group.exists) return null;
  const count = (await access.listGroupsPerBroker()).reduce((n, b) => n + b.groups.length, 0);
  if (count < Math.floor(VAST_GROUP_LIMIT * NEAR_CAP_SHARE)) return null;
  const where = count >= VAST_GROUP_LIMIT ? 'at the cap' : 'near the cap';
  return `Committing creates consumer group ${group.groupId}, and the view has ${count} of at most ${VAST_GROUP_LIMIT} groups (${where}): delete idle groups first if the commit is refused.`;
}
