// A group as its coordinator describes it, with every offset it committed: what describe, lag,
// snapshot and reset all start from. Asked again while the coordinator is loading the group (just
// after it was created or moved): that answer heals by itself within a second or two.
import type { ClusterAccess, CommittedOffset, GroupDescription } from './clusterAccess';
import { askAgainWhileCoordinatorLoads } from './askAgain';

export interface GroupCommits {
  description: GroupDescription;
  committed: CommittedOffset[];
}

export function readGroupCommits(access: ClusterAccess, groupId: string): Promise<GroupCommits> {
  return askAgainWhileCoordinatorLoads(async () => {
    const coordinator = await access.coordinatorOf(groupId);
    const [description] = await access.describeGroups(coordinator, [groupId]);
    return { description, committed: await access.committedOffsets(groupId) };
  });
}
