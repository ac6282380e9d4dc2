import { deletePlannedTopics, describeTopicDeletion, planTopicDeletion, TOPIC_DELETION_WARNING } from '../topics/deleteTopicsPlan';
import { defineTool } from './toolDefinition';
import { CONNECTION_FIELD, nameList } from './toolInput';
import { refuseIfReadOnly } from '../readOnly';

const MAX_TOPICS = 20;

export const deleteTopicTool = defineTool({
  name: 'ebx_deleteTopic',
  displayName: 'Delete Topics',
  toolReferenceName: 'brokerDeleteTopic',
  userDescription: 'Deletes topics with all their events and every group\'s committed offsets on them, after you confirm the exact list.',
  modelDescription:
    `Deletes up to ${MAX_TOPICS} topics, with all their events. Deleting a topic also deletes every consumer group's committed offsets for it, and none of it can be undone. ` +
    'The user confirms the plan first: each topic and the groups with committed offsets on it. A topic that does not exist (or an internal one) is refused before anything is deleted. ' +
    'Returns one line per topic with its result. Never delete a topic the user did not name or agree to; ebx_listTopics and ebx_describeTopic show what is there. Not available on read-only connections.',
  input: { connection: CONNECTION_FIELD, topics: nameList(MAX_TOPICS, 'The exact names of the topics to delete.') },
  changes: true,
  async prepare(context, input) {
    const topics = [...new Set(input.topics)];
    const { session, connection } = await context.session(input.connection);
    refuseIfReadOnly(connection, topics.length === 1 ? `deleting topic "${topics[0]}"` : `deleting topics ${topics.map((t) => `"${t}"`).join(', ')}`);
    const plan = await planTopicDeletion(session, topics);
    const noun = topics.length === 1 ? `topic ${topics[0]}` : `${topics.length} topics`;
    return {
      title: `Delete ${noun}?`,
      plan: [TOPIC_DELETION_WARNING, `Delete on ${connection.name}, with all their events:`, ...describeTopicDeletion(plan)].join('\n'),
      async apply() {
        const outcomes = await deletePlannedTopics(session, plan);
        return outcomes.map((o) => (o.error === null ? `${o.topic}: deleted.` : `${o.topic}: not deleted: ${o.error}`)).join('\n');
      },
    };
  },
});
