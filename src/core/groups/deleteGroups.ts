import type { DeleteGroupOutcome, DeleteGroupResult, GroupSummary } from '../model';
import type { KafkaSession } from '../session';
import { explainError, UsageError } from '../errors';
import { brokerCode } from '../brokerError';
import { refuseIfReadOnly } from '../readOnly';

const EXPLANATIONS: Record<string, { outcome: DeleteGroupOutcome; message: string }> = {
  NON_EMPTY_GROUP: { outcome: 'NON_EMPTY_GROUP', message: 'The group has active members: stop its consumers or wait until they leave, then delete it.' },
  GROUP_ID_NOT_FOUND: { outcome: 'GROUP_ID_NOT_FOUND', message: 'No such group (it may already be deleted).' },
  GROUP_AUTHORIZATION_FAILED: { outcome: 'GROUP_AUTHORIZATION_FAILED', message: 'Not authorized: deleting a group needs KafkaDelete (Delete) permission on it.' },
};

const SHORT_REASONS: Record<DeleteGroupOutcome, string> = {
  deleted: 'was deleted',
  NON_EMPTY_GROUP: 'has active members',
  GROUP_ID_NOT_FOUND: 'no longer exists',
  GROUP_AUTHORIZATION_FAILED: 'is not yours to delete (needs KafkaDelete)',
  ERROR: 'failed',
};

/** A few words for a toast ("has active members"); the full `message` belongs in details or the log. */
export function shortReason(result: DeleteGroupResult): string {
  return SHORT_REASONS[result.result];
}

const COORDINATOR_MOVED = new Set(['NOT_COORDINATOR', 'NOT_COORDINATOR_FOR_GROUP', 'COORDINATOR_NOT_AVAILABLE', 'GROUP_COORDINATOR_NOT_AVAILABLE', 'COORDINATOR_LOAD_IN_PROGRESS', 'GROUP_LOAD_IN_PROGRESS']);

/**
 * Deletes each group at its coordinator (one request per coordinator) and reports every group on
 * its own: one group's failure never hides another's result. Groups whose coordinator moved are
 * retried a few times. Deleting a group also removes its committed offsets.
 */
export async function deleteGroups(session: KafkaSession, groupIds: string[]): Promise<DeleteGroupResult[]> {
  const unique = [...new Set(groupIds)];
  if (unique.length === 0) throw new UsageError('Name at least one consumer group to delete.');
  if (unique.some((g) => g.trim() === '')) throw new UsageError('A consumer group id cannot be empty.');
  // The session's access would refuse too, but per group; a read-only connection is one sentence.
  refuseIfReadOnly(session.options, unique.length === 1 ? `deleting consumer group "${unique[0]}"` : 'deleting consumer groups');
  const results = new Map<string, DeleteGroupResult>();
  let pending = unique;
  for (let attempt = 0; attempt < 4 && pending.length > 0; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, 250 * attempt));
    pending = await deleteRound(session, pending, results);
  }
  for (const groupId of pending) results.set(groupId, { groupId, result: 'ERROR', message: 'The group coordinator kept moving: try again.' });
  return unique.map((g) => results.get(g)!);
}

async function deleteRound(session: KafkaSession, groupIds: string[], results: Map<string, DeleteGroupResult>): Promise<string[]> {
  const access = session.cluster();
  const byCoordinator = new Map<number, string[]>();
  await Promise.all(
    groupIds.map(async (groupId) => {
      try {
        const nodeId = await session.withinTimeout(`finding the coordinator of ${groupId}`, () => access.coordinatorOf(groupId));
        byCoordinator.set(nodeId, [...(byCoordinator.get(nodeId) ?? []), groupId]);
      } catch (err) {
        results.set(groupId, failure(groupId, err));
      }
    }),
  );
  const retry: string[] = [];
  await Promise.all(
    [...byCoordinator].map(async ([nodeId, ids]) => {
      try {
        const answers = await session.withinTimeout('deleting groups', () => access.deleteGroups(nodeId, ids));
        for (const a of answers) {
          if (a.error === null) results.set(a.groupId, { groupId: a.groupId, result: 'deleted', message: 'Deleted, with its committed offsets.' });
          else if (COORDINATOR_MOVED.has(a.error)) retry.push(a.groupId);
          else results.set(a.groupId, failure(a.groupId, a.error));
        }
      } catch (err) {
        for (const groupId of ids) results.set(groupId, failure(groupId, err));
      }
    }),
  );
  return retry;
}

/** `problem` is the broker's error code for this group, or whatever the request threw. */
function failure(groupId: string, problem: unknown): DeleteGroupResult {
  const code = typeof problem === 'string' ? problem : brokerCode(problem);
  const known = code ? EXPLANATIONS[code] : undefined;
  if (known) return { groupId, result: known.outcome, message: known.message };
  return { groupId, result: 'ERROR', message: typeof problem === 'string' ? `The broker answered ${problem}.` : explainError(problem) };
}

/**
 * The groups that can be deleted safely: state Empty (no members), optionally only those whose id
 * starts with `prefix`. Computed from a listing before anything is deleted, so the user confirms
 * exactly this list.
 */
export function idleGroupsPlan(groups: GroupSummary[], prefix?: string): string[] {
  return groups
    .filter((g) => g.state === 'Empty' && (!prefix || g.groupId.startsWith(prefix)))
    .map((g) => g.groupId)
    .sort((a, b) => a.localeCompare(b));
}
