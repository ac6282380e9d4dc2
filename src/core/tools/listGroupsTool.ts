import { listGroups } from '../groups/listGroups';
import { defineTool } from './toolDefinition';
import { CONNECTION_FIELD, text } from './toolInput';
import { counted } from '../counted';

export const GROUP_LIST_LIMIT = 256;

export const listGroupsTool = defineTool({
  name: 'ebx_listGroups',
  displayName: 'List Consumer Groups',
  toolReferenceName: 'brokerGroups',
  userDescription: 'Lists consumer groups with state and member count, against VAST\'s 256-group cap.',
  modelDescription:
    'Lists consumer groups, one per line ("groupId: State, N members"), sorted by id, and the count against the cap ' +
    '(VAST Event Broker allows at most 256 groups per view: "n/256"; plain Kafka has no cap). States: Stable (consuming), Empty (no members, ' +
    'committed offsets kept), PreparingRebalance/CompletingRebalance (classic) or Assigning/Reconciling (groups of the new consumer protocol, ' +
    'marked ", consumer protocol"), Dead. "filter" keeps ids containing that text. ' +
    'Use ebx_describeGroup for a group\'s members, offsets and lag. Reading this never creates a group.',
  input: { connection: CONNECTION_FIELD, filter: text('Only groups whose id contains this text (case-insensitive).').optional() },
  changes: false,
  async run(context, input) {
    const filter = input.filter?.trim().toLowerCase() ?? '';
    const { session, connection } = await context.session(input.connection);
    const list = await listGroups(session, context.profile);
    const cap = list.limit === null ? `${list.count}` : `${list.count}/${list.limit}`;
    const groups = list.groups.filter((g) => g.groupId.toLowerCase().includes(filter));
    const heading = `${cap} consumer groups on ${connection.name}${filter ? `; ${groups.length} whose id contains "${filter}"` : ''}`;
    if (groups.length === 0) return `${heading}.`;
    const lines = groups.slice(0, GROUP_LIST_LIMIT).map((g) => `${g.groupId}: ${g.state}, ${counted(g.members, 'member')}${g.type === 'classic' ? '' : `, ${g.type} protocol`}`);
    return `${heading}:\n${lines.join('\n')}`;
  },
});
