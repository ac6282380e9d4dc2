// The last steps every offset change in the extension shares: a modal listing exactly the plan
// per partition (current → new, what that re-reads or skips), then the commit under a progress
// notification, then each partition's result, and the groups in the tree reloaded.
import * as vscode from 'vscode';
import { commitPlan, explainCommitError, failedPartitions, type ResetResult } from '../../core/offsetReset/commitPlan';
import type { ResetPlan } from '../../core/offsetReset/resetPlan';
import { describeChange, type PlannedPartition } from '../../core/offsetReset/resetTarget';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ConnectionStore } from '../connections/connectionStore';
import type { Prompter } from '../prompter';
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

export async function confirmAndCommit(store: ConnectionStore, prompter: Prompter, connection: BrokerConnection, plan: ResetPlan, afterCommit: (c: BrokerConnection) => void): Promise<ResetResult> {
  const noun = plan.partitions.length === 1 ? '1 partition' : `${plan.partitions.length} partitions`;
  const confirmed = await prompter.confirm(`Commit new offsets for consumer group ${plan.group} on ${connection.name} (${noun})?`, planDetail(plan), COMMIT_ACTION, { safeDefault: 'Keep Offsets' });
  if (!confirmed) throw new Cancelled();
  const result = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Committing offsets for ${plan.group}…` }, async () =>
    commitPlan(await store.session(connection), plan),
  );
  afterCommit(connection);
  reportResult(result);
  return result;
}

function reportResult(result: ResetResult): void {
  const failed = failedPartitions(result);
  const committed = result.partitions.length - failed.length;
  if (failed.length === 0) {
    void vscode.window.showInformationMessage(`Committed ${committed === 1 ? '1 offset' : `${committed} offsets`} for ${result.group}.`);
    return;
  }
  const lines = failed.map((p) => `${p.topic} / ${p.partition}: ${p.result} — ${explainCommitError(p.result)}`);
  void vscode.window.showWarningMessage(`Committed ${committed} of ${result.partitions.length} offsets for ${result.group}. Not committed — ${lines.join(' ')}`);
}
