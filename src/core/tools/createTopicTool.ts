import { createPlannedTopic, describeTopicCreation, planTopicCreation } from '../topics/createTopicPlan';
import { defineTool } from './toolDefinition';
import { CONNECTION_FIELD, MAX_PARTITION, requiredName, textMap, wholeNumber } from './toolInput';
import { refuseIfReadOnly } from '../readOnly';
import { MAX_TOPIC_NAME_LENGTH } from '../topics/topicLimits';
import { counted } from '../counted';

/** Kafka's replication factor is an int16. */
const MAX_REPLICATION_FACTOR = 32_767;

export const createTopicTool = defineTool({
  name: 'ebx_createTopic',
  displayName: 'Create Topic',
  toolReferenceName: 'brokerCreateTopic',
  userDescription: 'Creates a topic with the partitions, replication factor and configuration you confirm.',
  modelDescription:
    'Creates one topic, after the user confirms the exact plan: name, partition count, replication factor (default: the broker\'s) and configuration entries (default: the broker\'s). ' +
    'Everything is checked first: a name that exists or collides with one (Kafka treats "." and "_" alike), a replication factor above the number of brokers, an entry name that is not one. ' +
    'On VAST Event Broker the partition count can never change later (at most 20,000 a topic) and only the partition count and retention.ms are honoured. ' +
    'Returns what was created. Create only topics the user asked for; ebx_listTopics shows the existing ones. Not available on read-only connections.',
  input: {
    connection: CONNECTION_FIELD,
    name: requiredName(`The new topic's name (letters, digits, ".", "_", "-"; at most ${MAX_TOPIC_NAME_LENGTH} characters).`),
    partitions: wholeNumber(1, MAX_PARTITION, 'Number of partitions. On VAST it cannot be changed later: choose it for the most consumers that will read at once.'),
    replicationFactor: wholeNumber(1, MAX_REPLICATION_FACTOR, 'Copies of each partition, at most the number of brokers. Default: the broker\'s default.replication.factor.').optional(),
    configs: textMap('configuration entry', 'Configuration entries and their values, e.g. {"retention.ms": "86400000"}. Default: the broker\'s defaults.').optional(),
  },
  changes: true,
  async prepare(context, input) {
    const { session, connection } = await context.session(input.connection);
    refuseIfReadOnly(connection, `creating topic "${input.name}"`);
    const plan = await planTopicCreation(session, context.profile, { name: input.name, partitions: input.partitions, replicationFactor: input.replicationFactor, configs: input.configs });
    return {
      title: `Create topic ${plan.name}?`,
      plan: [`Create a topic on ${connection.name}:`, ...describeTopicCreation(plan), ...plan.warnings.map((w) => `Note: ${w}`)].join('\n'),
      async apply() {
        await createPlannedTopic(session, plan);
        return `Created topic ${plan.name} with ${counted(plan.partitions, 'partition')} on ${connection.name}.`;
      },
    };
  },
});
