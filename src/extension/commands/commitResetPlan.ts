// The last steps every offset change in the extension shares: a modal listing exactly the plan
// per partition (current → new, what that re-reads or skips), then the commit under a progress
// notification, then each partition's result, and the groups in the tree reloaded.
import * as vscode from 'vscode';
import { commitPlan, failedPartitions, type ResetResult } from '../../core/offsetReset/commitPlan';
import { summarizeCommit } from '../../core/offsetReset/commitSummary';
import type { ResetPlan } from '../../core/offsetReset/resetPlan';
import { describeChange, type PlannedPartition } from '../../core/offsetReset/resetTarget';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { CommandContext } from './commandContext';
import { Cancelled } from '../runCommand';

export const COMMIT_ACTION = 'Commit Offsets';

/** One line per partition, as the modal shows it. */
export function planLine(p: PlannedPartition): string {
  const end = p.approximate ? '≈' : '';
  const line = `${p.topic} / ${p.partition}: ${p.current ?? 'none'} → ${p.target}${end} (${describeChange(p)})`;
  return p.note ? `${line} — ${p.note}` : line;
}

export function planDetail(plan: ResetPlan): string {
  const lines = plan.partitions.map(planLine);
  if (plan.partitions.some((p) => p.approximate)) lines.push('', '≈: the end offset a broker reports can trail the newest events (on VAST by up to a minute).');
  if (plan.warnings.length > 0) lines.push('', ...plan.warnings);
  return lines.join('\n');
}

/** The result, with the sentence the person was shown about it. */
export type CommittedReset = ResetResult & { summary: string };

/** The groups in the tree are read again after the commit (ctx.refresh). */
export async function confirmAndCommit(ctx: CommandContext, connection: BrokerConnection, plan: ResetPlan): Promise<CommittedReset> {
  const { store, prompter } = ctx;
  const noun = plan.partitions.length === 1 ? '1 partition' : `${plan.partitions.length} partitions`;
  const confirmed = await prompter.confirm(`Commit new offsets for consumer group ${plan.group} on ${connection.name} (${noun})?`, planDetail(plan), COMMIT_ACTION, { safeDefault: 'Keep Offsets' });
  if (!confirmed) throw new Cancelled();
  const result = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Committing offsets for ${plan.group}…` }, async () =>
    commitPlan(await store.session(connection), plan),
  );
  ctx.refresh.groupsOf(connection);
  const summary = summarizeCommit(result);
  if (failedPartitions(result).length === 0) void vscode.window.showInformationMessage(summary);
  else void vscode.window.showWarningMessage(summary);
  return { ...result, summary };
}
