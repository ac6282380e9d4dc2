// Delete Topic: the plan names each topic and the groups that have committed offsets on it, since
// deleting a topic also deletes every group's committed offsets for it (and those never come back).
import type { KafkaSession } from '../session';
import { BrokerError } from '../brokerError';
import { EbxError, UsageError } from '../errors';
import { validateTopicName } from './topicName';
import { counted } from '../counted';

export interface TopicDeletion {
  topic: string;
  /** Groups with a committed offset on one of the topic's partitions, by id. */
  groups: string[];
}

export interface TopicDeletionPlan {
  topics: TopicDeletion[];
  /** Groups whose commits could not be read (denied, or their coordinator did not answer). */
  unreadGroups: string[];
}

/** How many groups' commits are read at once: enough to be quick at VAST's 256 groups, few enough not to flood a coordinator. */
const GROUPS_AT_ONCE = 16;

export async function planTopicDeletion(session: KafkaSession, topics: string[]): Promise<TopicDeletionPlan> {
  const wanted = [...new Set(topics)];
  if (wanted.length === 0) throw new UsageError('Name at least one topic to delete.');
  wanted.forEach(validateTopicName);
  return session.withinTimeout('reading the topics and the groups that use them', async () => {
    const access = session.cluster();
    const metadata = await access.metadata();
    const known = new Map(metadata.topics.map((t) => [t.name, t]));
    const missing = wanted.filter((t) => !known.has(t));
    if (missing.length > 0) throw new EbxError(`${missing.length === 1 ? 'There is no topic' : 'There are no topics'} ${missing.join(', ')} (or this user may not see ${missing.length === 1 ? 'it' : 'them'}). Nothing was deleted.`);
    const internal = wanted.filter((t) => known.get(t)?.internal);
    if (internal.length > 0) throw new UsageError(`${internal.join(', ')} ${internal.length === 1 ? 'is an internal topic' : 'are internal topics'} of the broker: ${internal.length === 1 ? 'it is' : 'they are'} not deleted from here.`);
    const groupIds = (await access.listGroupsPerBroker()).flatMap((b) => b.groups.map((g) => g.groupId));
    const committedTopics = new Map<string, Set<string>>();
    const unreadGroups: string[] = [];
    for (let i = 0; i < groupIds.length; i += GROUPS_AT_ONCE) {
      await Promise.all(
        groupIds.slice(i, i + GROUPS_AT_ONCE).map(async (groupId) => {
          try {
            const committed = await access.committedOffsets(groupId);
            committedTopics.set(groupId, new Set(committed.filter((c) => c.offset >= 0).map((c) => c.topic)));
          } catch (err) {
            if (!(err instanceof BrokerError)) throw err;
            unreadGroups.push(groupId);
          }
        }),
      );
    }
    return {
      topics: wanted.map((topic) => ({
        topic,
        groups: groupIds.filter((g) => committedTopics.get(g)?.has(topic)).sort((a, b) => a.localeCompare(b)),
      })),
      unreadGroups: unreadGroups.sort((a, b) => a.localeCompare(b)),
    };
  });
}

export interface TopicDeletionOutcome {
  topic: string;
  /** null when deleted, else the one sentence why not. */
  error: string | null;
}

/** Deletes each topic of the plan in turn; one refused does not stop the others, and each says how it went. */
export async function deletePlannedTopics(session: KafkaSession, plan: TopicDeletionPlan): Promise<TopicDeletionOutcome[]> {
  const outcomes: TopicDeletionOutcome[] = [];
  for (const { topic } of plan.topics) {
    try {
      await session.withinTimeout(`deleting ${topic}`, () => session.cluster().deleteTopic(topic));
      outcomes.push({ topic, error: null });
    } catch (err) {
      if (!(err instanceof BrokerError || err instanceof EbxError)) throw err;
      outcomes.push({ topic, error: err.message });
    }
  }
  return outcomes;
}

/** The plan as lines: each topic, then the groups whose commits on it go with it. */
export function describeTopicDeletion(plan: TopicDeletionPlan): string[] {
  const lines: string[] = [];
  for (const { topic, groups } of plan.topics) {
    lines.push(groups.length === 0 ? `${topic}: no group has committed offsets on it` : `${topic}: the committed offsets of ${counted(groups.length, 'group')} go with it: ${groups.join(', ')}`);
  }
  if (plan.unreadGroups.length > 0) lines.push(`(the commits of ${counted(plan.unreadGroups.length, 'group')} could not be read: ${plan.unreadGroups.join(', ')})`);
  return lines;
}

export const TOPIC_DELETION_WARNING = 'Deleting a topic also deletes every group\'s committed offsets for it.';

/** Deletes one topic without a plan (tests and scripts). */
export async function deleteTopic(session: KafkaSession, name: string): Promise<void> {
  validateTopicName(name);
  await session.withinTimeout(`deleting ${name}`, () => session.cluster().deleteTopic(name));
}
