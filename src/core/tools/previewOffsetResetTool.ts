import { planReset } from '../offsetReset/resetPlan';
import { defineTool } from './toolDefinition';
import { resetPlanText, resetRequestOf, RESET_INPUT } from './resetInput';

export const previewOffsetResetTool = defineTool({
  name: 'ebx_previewOffsetReset',
  displayName: 'Preview Offset Reset',
  toolReferenceName: 'brokerResetPreview',
  userDescription: 'Shows what resetting a group\'s offsets would do, per partition, without committing anything.',
  modelDescription:
    'Plans an offset reset for a consumer group and commits nothing (a dry run): per partition the committed offset, the new one, and how many offsets that re-reads or skips, ' +
    'with the same rules as Apache Kafka\'s kafka-consumer-groups --reset-offsets --dry-run (offsets and shifts clamped to low…high; a time with no record after it goes to the end). ' +
    'Targets: earliest, latest, offset, time, shift. Refused (one sentence naming the members) when the group has active members: offsets can only be reset while a group is empty. ' +
    'Use it to answer "what would happen if we replay billing from an hour ago?"; ebx_resetOffsets with the same input commits it after the user confirms.',
  input: RESET_INPUT,
  changes: false,
  async run(context, input) {
    const request = resetRequestOf(input, context.profile);
    const { session } = await context.session(input.connection);
    const plan = await planReset(session, request);
    const missing = plan.groupExists ? '' : '\nThis group does not exist: ebx_resetOffsets refuses to create groups.';
    return `Preview only, nothing committed.\n${resetPlanText(plan)}${missing}`;
  },
});
