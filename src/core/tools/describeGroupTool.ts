import { describeGroup } from '../groups';
import type { ReadingTool } from './toolDefinition';
import { CONNECTION_PROPERTY, optionalString, requiredString } from './toolInput';
import { APPROXIMATE_END_NOTE } from './describeTopicTool';

/** Offset rows listed one by one up to here. */
export const GROUP_OFFSET_ROW_LIMIT = 200;

export const describeGroupTool: ReadingTool = {
  name: 'ebx_describeGroup',
  displayName: 'Describe Consumer Group',
  toolReferenceName: 'brokerGroup',
  userDescription: 'Shows a consumer group\'s members, their partitions, committed offsets and lag.',
  modelDescription:
    'Describes one consumer group: state, assignor protocol, each member (client id, host, assigned topic partitions), and per partition the committed offset, ' +
    'the end offset (≈) and the offset lag (end - committed, ≈, never negative), with the total lag. "none" means the group never committed there. ' +
    'Lag is approximate: on VAST the end offset can trail the newest events by up to a minute, so a lag of 0 right after a burst does not prove the group is caught up. ' +
    'Use it to answer "why is this consumer behind?" (which partitions lag, which member owns them, whether the group has members at all). ' +
    'Reads without joining the group.',
  inputSchema: {
    type: 'object',
    properties: { connection: CONNECTION_PROPERTY, group: { type: 'string', description: 'The exact consumer group id.' } },
    required: ['group'],
  },
  changes: false,
  async run(context, input) {
    const groupId = requiredString(input, 'group');
    const { session } = await context.session(optionalString(input, 'connection'));
    const group = await describeGroup(session, groupId);
    const lags = group.offsets.map((o) => o.lag).filter((l): l is number => l !== null);
    const total = lags.length > 0 ? `total lag≈ ${lags.reduce((a, b) => a + b, 0)}` : 'no lag known (no commits with an end offset)';
    const lines = [`Consumer group ${group.groupId}: ${group.state}${group.protocol ? `, assignor ${group.protocol}` : ''}, ${group.members.length} member${group.members.length === 1 ? '' : 's'}, ${total}.`];
    if (group.members.length > 0) {
      lines.push('Members:');
      for (const m of group.members) {
        const assigned = m.assignment.map((a) => `${a.topic} [${a.partitions.join(',')}]`).join('; ') || 'no partitions';
        lines.push(`- ${m.clientId} on ${m.host}: ${assigned}`);
      }
    }
    if (group.offsets.length > 0) {
      lines.push('Offsets:');
      for (const o of group.offsets.slice(0, GROUP_OFFSET_ROW_LIMIT)) {
        lines.push(`${o.topic} p${o.partition}: committed ${o.committed ?? 'none'}, end≈ ${o.end ?? 'unknown'}, lag≈ ${o.lag ?? 'unknown'}`);
      }
      if (group.offsets.length > GROUP_OFFSET_ROW_LIMIT) lines.push(`… and ${group.offsets.length - GROUP_OFFSET_ROW_LIMIT} more partitions.`);
      lines.push(APPROXIMATE_END_NOTE);
    } else {
      lines.push('No committed offsets and no assigned partitions.');
    }
    return lines.join('\n');
  },
};
