import { deleteGroups } from '../groups/deleteGroups';
import { listGroups } from '../groups/listGroups';
import { EbxError } from '../errors';
import { defineTool } from './toolDefinition';
import { CONNECTION_FIELD, nameList } from './toolInput';
import { refuseIfReadOnly } from '../readOnly';
import { counted } from '../counted';

const MAX_GROUPS = 50;
const DELETABLE_STATES = new Set(['Empty', 'Dead']);

export const deleteGroupsTool = defineTool({
  name: 'ebx_deleteGroups',
  displayName: 'Delete Consumer Groups',
  toolReferenceName: 'brokerDeleteGroups',
  userDescription: 'Deletes consumer groups that have no members (with their committed offsets), after you confirm the exact list.',
  modelDescription:
    `Deletes up to ${MAX_GROUPS} consumer groups, and with them their committed offsets. The user confirms the exact list first. ` +
    'Only groups in state Empty (no members) can be deleted: a group with active members is refused before anything is deleted, as is a group that does not exist. ' +
    'Returns one line per group with its result. On VAST Event Broker this frees room under the 256-group cap. ' +
    'Use ebx_listGroups first to find idle (Empty) groups; never delete a group the user did not name or agree to. Not available on read-only connections.',
  input: { connection: CONNECTION_FIELD, groups: nameList(MAX_GROUPS, 'The exact ids of the groups to delete.') },
  changes: true,
  async prepare(context, input) {
    const groups = [...new Set(input.groups)];
    const { session, connection } = await context.session(input.connection);
    refuseIfReadOnly(connection, 'deleting consumer groups');
    const listed = new Map((await listGroups(session, context.profile)).groups.map((g) => [g.groupId, g]));
    const missing = groups.filter((g) => !listed.has(g));
    if (missing.length > 0) throw new EbxError(`No consumer group ${missing.join(', ')} on ${connection.name}: nothing was deleted.`);
    const busy = groups.map((g) => listed.get(g)!).filter((g) => g.members > 0 || !DELETABLE_STATES.has(g.state));
    if (busy.length > 0) {
      const which = busy.map((g) => `${g.groupId} (${g.state}, ${counted(g.members, 'member')})`).join(', ');
      throw new EbxError(`Not deleting anything: ${which} ${busy.length === 1 ? 'has' : 'have'} active members or ${busy.length === 1 ? 'is' : 'are'} rebalancing; stop the consumers first.`);
    }
    const noun = groups.length === 1 ? 'consumer group' : `${groups.length} consumer groups`;
    const plan = [`Delete ${noun} on ${connection.name}, with their committed offsets:`, ...groups.map((g) => `- ${g} (${listed.get(g)!.state})`)].join('\n');
    return {
      title: `Delete ${noun}?`,
      plan,
      async apply() {
        const results = await deleteGroups(session, groups);
        const deleted = results.filter((r) => r.result === 'deleted').length;
        const lines = results.map((r) => `${r.groupId}: ${r.message}`);
        return `${deleted} of ${results.length} deleted.\n${lines.join('\n')}`;
      },
    };
  },
});
