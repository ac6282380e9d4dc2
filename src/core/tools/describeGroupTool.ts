import { describeGroup } from '../groups/describeGroup';
import { defineTool } from './toolDefinition';
import { CONNECTION_FIELD, requiredName } from './toolInput';
import { APPROXIMATE_END_NOTE } from './describeTopicTool';
import { readGroupLag } from '../lag/readGroupLag';
import { describeGroupTimeLag, describeTimeLag } from '../lag/describeTimeLag';
import type { GroupLagReport } from '../lag/lagModel';
import { explainError } from '../errors';
import type { GroupOffset } from '../model';
import { counted } from '../counted';

/** Offset rows listed one by one up to here. */
export const GROUP_OFFSET_ROW_LIMIT = 200;

export const describeGroupTool = defineTool({
  name: 'ebx_describeGroup',
  displayName: 'Describe Consumer Group',
  toolReferenceName: 'brokerGroup',
  userDescription: 'Shows a consumer group\'s members, their partitions, committed offsets and lag.',
  modelDescription:
    'Describes one consumer group: state, assignor protocol, each member (client id, host, assigned topic partitions), and per partition the committed offset, ' +
    'the end offset (≈), the offset lag (end - committed, ≈, never negative) and the time lag (how old the first unread record is, found by reading the record at the committed ' +
    'offset: "3 min behind", "caught up", "no commit"), with the total offset lag and the worst time lag. "none" means the group never committed there. ' +
    'Offset lag is approximate: on VAST the end offset can trail the newest events by up to a minute, so trust the time lag ("caught up" is decided by reading). ' +
    'Use it to answer "why is this consumer behind?" (which partitions lag, which member owns them, whether the group has members at all). ' +
    'Reads without joining the group.',
  input: { connection: CONNECTION_FIELD, group: requiredName('The exact consumer group id.') },
  changes: false,
  async run(context, input, signal) {
    const groupId = input.group;
    const { session } = await context.session(input.connection);
    // Members from describeGroup; lag (offset and time, by reading at the commits) from the lag core.
    const [group, lag] = await Promise.all([
      describeGroup(session, groupId),
      readGroupLag(session, groupId, { signal, profile: context.profile }).catch((err: unknown) => explainError(err)),
    ]);
    const lags = group.offsets.map((o) => o.lag).filter((l): l is number => l !== null);
    const total = lags.length > 0 ? `total lag≈ ${lags.reduce((a, b) => a + b, 0)}` : 'no lag known (no commits with an end offset)';
    const worst = typeof lag === 'string' ? '' : `, time lag ${describeGroupTimeLag(lag)}`;
    const lines = [`Consumer group ${group.groupId}: ${group.state}${group.protocol ? `, assignor ${group.protocol}` : ''}, ${counted(group.members.length, 'member')}, ${total}${worst}.`];
    if (group.members.length > 0) {
      lines.push('Members:');
      for (const m of group.members) {
        const assigned = m.assignment.map((a) => `${a.topic} [${a.partitions.join(',')}]`).join('; ') || 'no partitions';
        lines.push(`- ${m.clientId} on ${m.host}: ${assigned}`);
      }
    }
    if (group.offsets.length > 0) {
      lines.push('Offsets:');
      lines.push(...offsetLines(group.offsets, lag));
      if (typeof lag === 'string') lines.push(`Time lag not read: ${lag}`);
      lines.push(APPROXIMATE_END_NOTE);
    } else {
      lines.push('No committed offsets and no assigned partitions.');
    }
    return lines.join('\n');
  },
});

/** One line per partition: the lag core's reading where there is one (time lag included), else describeGroup's row. */
function offsetLines(offsets: GroupOffset[], lag: GroupLagReport | string): string[] {
  const readings = typeof lag === 'string' ? new Map() : new Map(lag.partitions.map((p) => [`${p.topic}\u0000${p.partition}`, p]));
  const lines = offsets.slice(0, GROUP_OFFSET_ROW_LIMIT).map((o) => {
    const base = `${o.topic} p${o.partition}: committed ${o.committed ?? 'none'}, end≈ ${o.end ?? 'unknown'}, lag≈ ${o.lag ?? 'unknown'}`;
    const reading = readings.get(`${o.topic}\u0000${o.partition}`) as GroupLagReport['partitions'][number] | undefined;
    if (!reading) return base;
    const written = reading.nextUnreadTimestamp !== null && reading.unread === true ? ` (next unread written ${new Date(reading.nextUnreadTimestamp).toISOString()})` : '';
    const trails = reading.endDisagrees ? '; the end offset trails: a record is unread although lag≈ 0' : '';
    return `${base}, time lag ${describeTimeLag(reading)}${written}${trails}`;
  });
  if (offsets.length > GROUP_OFFSET_ROW_LIMIT) lines.push(`… and ${offsets.length - GROUP_OFFSET_ROW_LIMIT} more partitions.`);
  return lines;
}
