import { offsetsForTime } from '../offsetsForTime';
import { parseTime } from '../time';
import { defineTool } from './toolDefinition';
import { CONNECTION_FIELD, requiredName } from './toolInput';
import { existingTopic } from './existingTopic';
import { timeText } from '../rendering/agentPreview';

export const offsetsForTimeTool = defineTool({
  name: 'ebx_offsetsForTime',
  displayName: 'Offsets for a Time',
  toolReferenceName: 'brokerOffsetsForTime',
  userDescription: 'Per partition, the first offset at or after a time.',
  modelDescription:
    'For a topic and a time, lists per partition the first offset whose record timestamp is at or after that time, and that record\'s timestamp ' +
    '("none" when no record in the partition is that new). Time: ISO 8601, epoch milliseconds, or relative to now (-15m, -2h, -1d). ' +
    'One ListOffsets request per leader; reads no records. Use it before ebx_readRecords or ebx_previewOffsetReset to see where a time falls.',
  input: {
    connection: CONNECTION_FIELD,
    topic: requiredName('The exact topic name.'),
    time: requiredName('ISO 8601 (2026-11-30T10:00:00Z), epoch milliseconds, or relative to now (-15m, -2h, -1d).'),
  },
  changes: false,
  async run(context, input) {
    const { topic } = input;
    const time = parseTime(input.time);
    const { session } = await context.session(input.connection);
    await existingTopic(session, topic);
    const offsets = await offsetsForTime(session, topic, time);
    const lines = offsets.map((o) =>
      o.offset === null ? `p${o.partition}: none (no record at or after the time)` : `p${o.partition}: offset ${o.offset} (record at ${timeText(o.timestamp ?? -1)})`,
    );
    return `First offsets at or after ${new Date(time).toISOString()} in ${topic}:\n${lines.join('\n')}`;
  },
});
