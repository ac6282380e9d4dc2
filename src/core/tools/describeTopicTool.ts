import { describePartitions } from '../topics';
import { defineTool } from './toolDefinition';
import { existingTopic } from './existingTopic';
import { CONNECTION_FIELD, requiredName } from './toolInput';

/** Partitions listed one by one up to here; beyond it only totals (a VAST topic may have thousands). */
export const PARTITION_LIST_LIMIT = 100;

export const APPROXIMATE_END_NOTE =
  '≈: the end offset a broker reports can trail the newest events (on VAST Event Broker by 10 to 55 seconds); offsets can have gaps, so high - low is not a record count.';

export const describeTopicTool = defineTool({
  name: 'ebx_describeTopic',
  displayName: 'Describe Topic',
  toolReferenceName: 'brokerTopic',
  userDescription: 'Shows a topic\'s partitions with leader, replicas and low…high offsets.',
  modelDescription:
    'Describes one topic: per partition its leader broker, replicas, in-sync replicas and the low (first kept) and high (next to be written) offsets, ' +
    `one line per partition (at most ${PARTITION_LIST_LIMIT}, then totals). The high offset is approximate (≈): on VAST it can trail the newest events by up to a minute, ` +
    'and offsets can have gaps, so never treat high - low as an exact record count or high as "caught up". Needs the exact topic name (ebx_listTopics finds it).',
  input: { connection: CONNECTION_FIELD, topic: requiredName('The exact topic name.') },
  changes: false,
  async run(context, input) {
    const { topic } = input;
    const { session } = await context.session(input.connection);
    await existingTopic(session, topic);
    const partitions = await describePartitions(session, topic);
    const lines = partitions
      .slice(0, PARTITION_LIST_LIMIT)
      .map((p) => `p${p.partition}: ${p.low}…${p.high}≈ leader ${p.leader} replicas [${p.replicas.join(',')}] isr [${p.isr.join(',')}]`);
    const low = partitions.reduce((n, p) => n + p.low, 0);
    const high = partitions.reduce((n, p) => n + p.high, 0);
    const more = partitions.length > PARTITION_LIST_LIMIT ? `\n… and ${partitions.length - PARTITION_LIST_LIMIT} more partitions.` : '';
    return `Topic ${topic}: ${partitions.length} partition${partitions.length === 1 ? '' : 's'}, offsets summed ${low}…${high}≈.\n${lines.join('\n')}${more}\n${APPROXIMATE_END_NOTE}`;
  },
});
