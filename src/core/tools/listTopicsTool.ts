import { listTopics } from '../topics/listTopics';
import { defineTool } from './toolDefinition';
import { CONNECTION_FIELD, flag, text } from './toolInput';
import { counted } from '../counted';

/** A listing stops here; a filter narrows it. */
export const TOPIC_LIST_LIMIT = 200;

export const listTopicsTool = defineTool({
  name: 'ebx_listTopics',
  displayName: 'List Topics',
  toolReferenceName: 'brokerTopics',
  userDescription: 'Lists the topics of a broker connection, optionally those whose name contains some text.',
  modelDescription:
    'Lists topics with their partition counts, one per line ("name (N partitions)"), sorted by name, from one Metadata request. ' +
    `"filter" keeps names containing that text (case-insensitive). At most ${TOPIC_LIST_LIMIT} names are listed; the first line says how many matched. ` +
    'Internal topics (__consumer_offsets) are left out unless "includeInternal" is true. Use it to find the exact topic name before describing or reading a topic.',
  input: {
    connection: CONNECTION_FIELD,
    filter: text('Only topics whose name contains this text (case-insensitive).').optional(),
    includeInternal: flag('Also list the broker\'s internal topics. Default false.').optional(),
  },
  changes: false,
  async run(context, input) {
    const filter = input.filter?.trim().toLowerCase() ?? '';
    const internal = input.includeInternal ?? false;
    const { session, connection } = await context.session(input.connection);
    const topics = (await listTopics(session)).filter((t) => (internal || !t.internal) && t.name.toLowerCase().includes(filter));
    const what = filter ? ` whose name contains "${filter}"` : '';
    if (topics.length === 0) return `No topics${what} on ${connection.name}.`;
    const shown = topics.slice(0, TOPIC_LIST_LIMIT);
    const lines = shown.map((t) => `${t.name} (${counted(t.partitions, 'partition')}${t.internal ? ', internal' : ''})`);
    const more = topics.length > shown.length ? `\n… and ${topics.length - shown.length} more: narrow the filter.` : '';
    return `${counted(topics.length, 'topic')}${what} on ${connection.name}:\n${lines.join('\n')}${more}`;
  },
});
