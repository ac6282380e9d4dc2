import { applyConfigChange, describeConfigChange, planConfigChange } from '../topics/topicConfig';
import { UsageError } from '../errors';
import { defineTool } from './toolDefinition';
import { existingTopic } from './existingTopic';
import { CONNECTION_FIELD, nameList, requiredName, textMap } from './toolInput';
import { refuseIfReadOnly } from '../readOnly';

/** More entries than a topic has (Kafka's topics have about 40). */
const MAX_RESETS = 100;

export const alterTopicConfigTool = defineTool({
  name: 'ebx_alterTopicConfig',
  displayName: 'Change Topic Configuration',
  toolReferenceName: 'brokerAlterTopicConfig',
  userDescription: 'Sets or resets entries of a topic\'s configuration, after you confirm each old → new value.',
  modelDescription:
    'Changes a topic\'s configuration: "set" gives entries new values, "reset" deletes the topic\'s own value of entries so the broker\'s default applies again; entries not named are kept. ' +
    'The user confirms the plan first, one line per entry: name: old → new. Every entry named must be one the broker reports for the topic and not read-only; entries already as asked are not sent, ' +
    'and when nothing would change the answer says so and nothing is asked. On VAST Event Broker a topic offers only the entries its describeConfigs reports (retention.ms among them). ' +
    'ebx_describeTopic shows the current values. Not available on read-only connections.',
  input: {
    connection: CONNECTION_FIELD,
    topic: requiredName('The exact topic name.'),
    set: textMap('configuration entry', 'Entries to set and their new values, e.g. {"retention.ms": "86400000"}.').optional(),
    reset: nameList(MAX_RESETS, 'Entries whose topic value is removed, so the broker\'s default applies again, e.g. ["cleanup.policy"].').optional(),
  },
  changes: true,
  async prepare(context, input) {
    const { topic } = input;
    const set = input.set ?? {};
    const reset = [...new Set(input.reset ?? [])];
    if (Object.keys(set).length === 0 && reset.length === 0) throw new UsageError('Name at least one entry in "set" (with its new value) or in "reset".');
    const { session, connection } = await context.session(input.connection);
    refuseIfReadOnly(connection, `changing the configuration of topic "${topic}"`);
    await existingTopic(session, topic);
    const plan = await planConfigChange(session, context.profile, topic, { set, reset });
    const lines = describeConfigChange(plan);
    const count = plan.changes.length;
    if (count === 0) return { nothingToChange: `Nothing to change on ${topic}: every entry is already as asked, so nothing was sent.\n${lines.join('\n')}` };
    const entries = count === 1 ? 'this entry' : `these ${count} entries`;
    return {
      title: `Change ${entries} of ${topic}?`,
      plan: [`Change the configuration of ${topic} on ${connection.name}:`, ...lines].join('\n'),
      async apply() {
        await applyConfigChange(session, plan);
        return `Changed ${count === 1 ? '1 entry' : `${count} entries`} of ${topic}:\n${describeConfigChange({ ...plan, unchanged: [] }).join('\n')}`;
      },
    };
  },
});
