import { planReset } from '../offsetReset/resetPlan';
import { commitPlan, explainCommitError, failedPartitions } from '../offsetReset/commitPlan';
import { EbxError } from '../errors';
import { defineTool } from './toolDefinition';
import { refuseIfReadOnly } from '../readOnly';
import { resetPlanText, resetRequestOf, RESET_INPUT } from './resetInput';

export const resetOffsetsTool = defineTool({
  name: 'ebx_resetOffsets',
  displayName: 'Reset Offsets',
  toolReferenceName: 'brokerResetOffsets',
  userDescription: 'Commits new offsets for an idle consumer group, after you confirm the per-partition plan.',
  modelDescription:
    'Resets a consumer group\'s committed offsets: the same input and plan as ebx_previewOffsetReset, shown to the user for confirmation, then committed exactly as planned. ' +
    'Refused when the group has active members (stop its consumers first), when it does not exist (this tool never creates a group), and on read-only connections. ' +
    'Returns each partition\'s result. Call ebx_previewOffsetReset first and tell the user what will be re-read or skipped.',
  input: RESET_INPUT,
  changes: true,
  async prepare(context, input) {
    const request = resetRequestOf(input, context.profile);
    const { session, connection } = await context.session(input.connection);
    refuseIfReadOnly(connection, 'resetting offsets');
    const plan = await planReset(session, request);
    // A commit for an unknown group creates it; on VAST every group counts against the cap of 256.
    if (!plan.groupExists) throw new EbxError(`Consumer group ${plan.group} does not exist: this tool never creates a group, so nothing was committed.`);
    const count = plan.partitions.length;
    return {
      title: `Commit ${count === 1 ? 'this offset' : `these ${count} offsets`} for ${plan.group}?`,
      plan: `Commit new offsets on ${connection.name}.\n${resetPlanText(plan)}`,
      async apply() {
        const result = await commitPlan(session, plan);
        const failed = failedPartitions(result);
        const lines = result.partitions.map((p) => `${p.topic} p${p.partition} → ${p.target}: ${p.result === 'committed' ? 'committed' : `${p.result}: ${explainCommitError(p.result)}`}`);
        return `${count - failed.length} of ${count} partitions committed for ${plan.group}.\n${lines.join('\n')}`;
      },
    };
  },
});
