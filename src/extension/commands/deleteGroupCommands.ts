import * as vscode from 'vscode';
import { deleteGroups, idleGroupsPlan, shortReason } from '../../core/groups/deleteGroups';
import { describeIdleGroup, idleGroupFacts } from '../../core/groups/idleGroupFacts';
import { UsageError } from '../../core/errors';
import { refuseIfReadOnly } from '../../core/readOnly';
import { listGroups } from '../../core/groups/listGroups';
import type { DeleteGroupResult } from '../../core/model';
import type { BrokerConnection } from '../connections/brokerConnection';
import { readSettings } from '../settings';
import { Cancelled } from '../runCommand';
import { GroupNode } from '../tree/groupNode';
import type { CommandContext } from './commandContext';
import { connectionStep } from './targetSteps';
import { counted } from '../../core/counted';
import { commandEntries } from '../commandEntry';

/**
 * Delete Consumer Group: the group clicked, or every group of a multi-selection (one connection at
 * a time), confirmed in a modal that lists each group.
 */
export async function deleteGroupCommand(ctx: CommandContext, node?: unknown, nodes?: unknown[]): Promise<DeleteGroupResult[]> {
  const { store, prompter } = ctx;
  const selected = (nodes && nodes.length > 0 ? nodes : node ? [node] : []).filter((n): n is GroupNode => n instanceof GroupNode);
  let connection: BrokerConnection;
  let groupIds: string[];
  if (selected.length > 0) {
    connection = selected[0].connection;
    if (selected.some((n) => n.connection.id !== connection.id)) throw new UsageError('Select groups of one connection at a time.');
    refuseIfReadOnly(connection, selected.length === 1 ? `deleting consumer group "${selected[0].group.groupId}"` : 'deleting consumer groups');
    // A group with members cannot be deleted: say why at once instead of asking first.
    const busy = selected.filter((n) => n.group.state !== 'Empty' && n.group.state !== 'Dead');
    if (busy.length > 0) {
      const g = busy[0].group;
      throw new UsageError(
        `${g.groupId} is ${g.state} with ${counted(g.members, 'member')}: only a group without members can be deleted. Stop its consumers first.`,
      );
    }
    groupIds = selected.map((n) => n.group.groupId);
  } else {
    connection = await connectionStep(ctx, node, { change: 'deleting consumer groups' });
    const { groups } = await listGroups(await store.session(connection), readSettings().brokerProfile);
    const picked = await prompter.pickMany(
      groups.map((g) => ({ label: g.groupId, description: `${g.state} · ${counted(g.members, 'member')}`, value: g.groupId })),
      { title: 'Delete Consumer Group', placeHolder: 'Groups to delete (only groups without members can be deleted)' },
    );
    if (!picked || picked.length === 0) throw new Cancelled();
    groupIds = picked;
  }
  return confirmAndDelete(ctx, connection, groupIds);
}

/**
 * Delete Idle Consumer Groups…: the Empty groups (optionally by prefix), each with its lag and the
 * time of the last record it consumed, so a test group can be told from a stopped service. Nothing
 * is pre-selected unless a prefix narrowed the list; the modal's focused button deletes nothing.
 */
export async function deleteIdleGroupsCommand(ctx: CommandContext, node?: unknown): Promise<DeleteGroupResult[]> {
  const { store, prompter } = ctx;
  const connection = await connectionStep(ctx, node, { change: 'deleting idle consumer groups' });
  const prefix = (await prompter.input({ title: 'Delete Idle Consumer Groups: only groups whose id starts with… (empty for all)', value: '', placeHolder: 'prefix (optional)' }))?.trim();
  if (prefix === undefined) throw new Cancelled();
  const session = await store.session(connection);
  const { groups } = await listGroups(session, readSettings().brokerProfile);
  const plan = idleGroupsPlan(groups, prefix || undefined);
  if (plan.length === 0) {
    void vscode.window.showInformationMessage(prefix ? `No idle consumer groups start with "${prefix}".` : 'No idle consumer groups: every group has members.');
    return [];
  }
  const facts = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Reading the lag of ${plan.length === 1 ? 'the idle group' : `${plan.length} idle groups`}…` }, () => idleGroupFacts(session, plan));
  const now = Date.now();
  const picked = await prompter.pickMany(
    facts.map((f) => ({ label: f.groupId, description: describeIdleGroup(f, now), picked: Boolean(prefix), value: f.groupId })),
    {
      title: `Delete Idle Consumer Groups: ${plan.length} without members`,
      placeHolder: prefix ? `Groups starting with "${prefix}" are selected; their committed offsets go with them` : 'Select the groups to delete (a stopped service looks idle too); their committed offsets go with them',
    },
  );
  if (!picked || picked.length === 0) throw new Cancelled();
  return confirmAndDelete(ctx, connection, picked);
}

async function confirmAndDelete(ctx: CommandContext, connection: BrokerConnection, groupIds: string[]): Promise<DeleteGroupResult[]> {
  const { store, prompter } = ctx;
  const noun = groupIds.length === 1 ? 'consumer group' : `${groupIds.length} consumer groups`;
  const confirmed = await prompter.confirm(
    `Delete ${noun} on ${connection.name}?`,
    `${groupIds.join('\n')}\n\nTheir committed offsets are deleted too. Groups with active members are not deleted.`,
    groupIds.length === 1 ? 'Delete' : `Delete ${groupIds.length} Groups`,
    { safeDefault: 'Keep Them' },
  );
  if (!confirmed) throw new Cancelled();
  const results = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Deleting ${noun}…` }, async () =>
    deleteGroups(await store.session(connection), groupIds),
  );
  ctx.refresh.groupsOf(connection);
  reportResults(results);
  return results;
}

/** Short toasts that lead with the outcome; every group's full reason is one click away. */
function reportResults(results: DeleteGroupResult[]): void {
  const deleted = results.filter((r) => r.result === 'deleted');
  const failed = results.filter((r) => r.result !== 'deleted');
  if (failed.length === 0) {
    void vscode.window.showInformationMessage(`Deleted ${deleted.length === 1 ? deleted[0].groupId : `${deleted.length} consumer groups`}.`);
    return;
  }
  const first = failed[0];
  const summary =
    failed.length === 1 ? `Not deleted: ${first.groupId} ${shortReason(first)}.` : `${failed.length} groups not deleted (${first.groupId} ${shortReason(first)}, …).`;
  void vscode.window.showWarningMessage(`${summary}${deleted.length > 0 ? ` ${deleted.length} deleted.` : ''}`, 'Details').then((choice) => {
    if (choice !== 'Details') return;
    const lines = results.map((r) => `${r.groupId}: ${r.message}`);
    void vscode.window.showInformationMessage(`Deleting ${results.length === 1 ? 'the group' : `${results.length} groups`}`, { modal: true, detail: lines.join('\n') });
  });
}

export const deleteGroupCommands = commandEntries(
  { id: 'eventBroker.deleteGroup', fromSelection: [GroupNode], multiSelection: true, run: deleteGroupCommand },
  { id: 'eventBroker.deleteIdleGroups', run: deleteIdleGroupsCommand },
);
