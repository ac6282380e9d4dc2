import type { ConfigEntry } from '../clusterAccess';
import type { KafkaSession } from '../session';
import { describePartitions } from '../topics/listTopics';
import { readTopicConfig, sourceInWords, TOPIC_OVERRIDE } from '../topics/topicConfig';
import { BrokerError } from '../brokerError';
import { defineTool } from './toolDefinition';
import { existingTopic } from './existingTopic';
import { CONNECTION_FIELD, requiredName } from './toolInput';
import { counted } from '../counted';

/** Partitions listed one by one up to here; beyond it only totals (a VAST topic may have thousands). */
export const PARTITION_LIST_LIMIT = 100;

/** A configuration value longer than this is cut (with its length), so one odd entry cannot flood the answer. */
export const CONFIG_VALUE_LIMIT = 200;

export const APPROXIMATE_END_NOTE =
  '≈: the end offset a broker reports can trail the newest events (on VAST Event Broker by 10 to 55 seconds); offsets can have gaps, so high - low is not a record count.';

export const describeTopicTool = defineTool({
  name: 'ebx_describeTopic',
  displayName: 'Describe Topic',
  toolReferenceName: 'brokerTopic',
  userDescription: 'Shows a topic\'s partitions with leader, replicas and low…high offsets, and its configuration.',
  modelDescription:
    'Describes one topic: per partition its leader broker, replicas, in-sync replicas and the low (first kept) and high (next to be written) offsets, ' +
    `one line per partition (at most ${PARTITION_LIST_LIMIT}, then totals). The high offset is approximate (≈): on VAST it can trail the newest events by up to a minute, ` +
    'and offsets can have gaps, so never treat high - low as an exact record count or high as "caught up". ' +
    'Then the topic\'s configuration: every entry set on the topic itself and every one set on the brokers, as name=value (where it is set), sensitive values hidden, ' +
    'and how many entries are Kafka\'s defaults (counted, not listed). Needs the exact topic name (ebx_listTopics finds it); ebx_alterTopicConfig changes entries.',
  input: { connection: CONNECTION_FIELD, topic: requiredName('The exact topic name.') },
  changes: false,
  async run(context, input) {
    const { topic } = input;
    const { session } = await context.session(input.connection);
    await existingTopic(session, topic);
    const [partitions, configuration] = await Promise.all([describePartitions(session, topic), configurationLines(session, topic)]);
    const lines = partitions
      .slice(0, PARTITION_LIST_LIMIT)
      .map((p) => `p${p.partition}: ${p.low}…${p.high}≈ leader ${p.leader} replicas [${p.replicas.join(',')}] isr [${p.isr.join(',')}]`);
    const low = partitions.reduce((n, p) => n + p.low, 0);
    const high = partitions.reduce((n, p) => n + p.high, 0);
    const more = partitions.length > PARTITION_LIST_LIMIT ? `\n… and ${partitions.length - PARTITION_LIST_LIMIT} more partitions.` : '';
    return `Topic ${topic}: ${counted(partitions.length, 'partition')}, offsets summed ${low}…${high}≈.\n${lines.join('\n')}${more}\n${APPROXIMATE_END_NOTE}\n${configuration.join('\n')}`;
  },
});

/** The entries set on the topic and on the brokers, one a line, then the defaults as a count; a refusal (no DescribeConfigs right) is one line, the partitions still shown. */
async function configurationLines(session: KafkaSession, topic: string): Promise<string[]> {
  let entries: ConfigEntry[];
  try {
    entries = await readTopicConfig(session, topic);
  } catch (err) {
    if (err instanceof BrokerError) return [`Configuration not read: ${err.message}`];
    throw err;
  }
  const onTopic = entries.filter((e) => e.source === TOPIC_OVERRIDE);
  const onBrokers = entries.filter((e) => e.source !== TOPIC_OVERRIDE && !e.isDefault);
  const defaults = entries.length - onTopic.length - onBrokers.length;
  const entriesOf = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;
  const heading = `Configuration: ${entriesOf(onTopic.length)} set on the topic, ${entriesOf(onBrokers.length)} set on the brokers, ${counted(defaults, 'Kafka default')} (not listed).`;
  return [heading, ...[...onTopic, ...onBrokers].map(configLine)];
}

function configLine(entry: ConfigEntry): string {
  const value = entry.sensitive ? '(hidden)' : entry.value === null ? '(no value)' : shortened(entry.value);
  return `${entry.name}=${value} (${sourceInWords(entry.source)}${entry.readOnly ? ', read-only' : ''})`;
}

function shortened(value: string): string {
  if (value === '') return '""';
  return value.length <= CONFIG_VALUE_LIMIT ? value : `${value.slice(0, CONFIG_VALUE_LIMIT)}… (${value.length} characters)`;
}
