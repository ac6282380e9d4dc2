import * as vscode from 'vscode';
import { deleteGroups, idleGroupsPlan } from '../../core/deleteGroups';
import { UsageError } from '../../core/errors';
import { listGroups } from '../../core/groups';
import type { DeleteGroupResult } from '../../core/model';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ConnectionStore } from '../connections/connectionStore';
import type { Prompter } from '../prompter';
import { readSettings } from '../settings';
import { Cancelled } from '../runCommand';
import { GroupNode } from '../tree/groupNode';
import { pickConnection } from './pickers';

/**
 * Delete Consumer Group: the group clicked, or every group of a multi-selection (one connection at
 * a time), confirmed in a modal that lists each group.
 */
export async function deleteGroupCommand(store: ConnectionStore, prompter: Prompter, afterDelete: (c: BrokerConnection) => void, node?: unknown, nodes?: unknown[]): Promise<DeleteGroupResult[]> {
  const selected = (nodes && nodes.length > 0 ? nodes : node ? [node] : []).filter((n): n is GroupNode => n instanceof GroupNode);
  let connection: BrokerConnection;
  let groupIds: string[];
  if (selected.length > 0) {
    connection = selected[0].connection;
    if (selected.some((n) => n.connection.id !== connection.id)) throw new UsageError('Select groups of one connection at a time.');
    groupIds = selected.map((n) => n.group.groupId);
  } else {
    connection = await pickConnection(store, prompter);
    const { groups } = await listGroups(await store.session(connection), readSettings().brokerProfile);
    const picked = await prompter.pickMany(
      groups.map((g) => ({ label: g.groupId, description: `${g.state} · ${g.members} members`, value: g.groupId })),
      { title: 'Delete Consumer Group', placeHolder: 'Groups to delete (only groups without members can be deleted)' },
    );
    if (!picked || picked.length === 0) throw new Cancelled();
    groupIds = picked;
  }
  return confirmAndDelete(store, prompter, connection, groupIds, afterDelete);
}

/** Delete Idle Consumer Groups…: the Empty groups (optionally by prefix), chosen in a picker, confirmed, deleted. */
export async function deleteIdleGroupsCommand(store: ConnectionStore, prompter: Prompter, afterDelete: (c: BrokerConnection) => void, node?: unknown): Promise<DeleteGroupResult[]> {
  const fromNode = (node as { connection?: BrokerConnection } | undefined)?.connection;
  const connection = fromNode ?? (await pickConnection(store, prompter));
  const prefix = await prompter.input({ title: 'Delete Idle Consumer Groups: only groups whose id starts with… (empty for all)', value: '', placeHolder: 'prefix (optional)' });
  if (prefix === undefined) throw new Cancelled();
  const { groups } = await listGroups(await store.session(connection), readSettings().brokerProfile);
  const plan = idleGroupsPlan(groups, prefix.trim() || undefined);
  if (plan.length === 0) {
    void vscode.window.showInformationMessage(prefix.trim() ? `No idle consumer groups start with "${prefix.trim()}".` : 'No idle consumer groups: every group has members.');
    return [];
  }
  const picked = await prompter.pickMany(
    plan.map((groupId) => ({ label: groupId, description: 'Empty', picked: true, value: groupId })),
    { title: `Delete Idle Consumer Groups: ${plan.length} idle`, placeHolder: 'Groups to delete (their committed offsets go with them)' },
  );
  if (!picked || picked.length === 0) throw new Cancelled();
  return confirmAndDelete(store, prompter, connection, picked, afterDelete);
}

async function confirmAndDelete(store: ConnectionStore, prompter: Prompter, connection: BrokerConnection, groupIds: string[], afterDelete: (c: BrokerConnection) => void): Promise<DeleteGroupResult[]> {
  const noun = groupIds.length === 1 ? 'consumer group' : `${groupIds.length} consumer groups`;
  const confirmed = await prompter.confirm(
    `Delete ${noun} on ${connection.name}?`,
    `${groupIds.join('\n')}\n\nTheir committed offsets are deleted too. Groups with active members are not deleted.`,
    'Delete',
  );
  if (!confirmed) throw new Cancelled();
  const results = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Deleting ${noun}…` }, async () =>
    deleteGroups(await store.session(connection), groupIds),
  );
  afterDelete(connection);
  reportResults(results);
  return results;
}

function reportResults(results: DeleteGroupResult[]): void {
  const deleted = results.filter((r) => r.result === 'deleted');
  const failed = results.filter((r) => r.result !== 'deleted');
  if (failed.length === 0) {
    void vscode.window.showInformationMessage(`Deleted ${deleted.length === 1 ? 'consumer group' : `${deleted.length} consumer groups`}: ${deleted.map((r) => r.groupId).join(', ')}.`);
    return;
  }
  const lines = failed.map((r) => `${r.groupId}: ${r.message}`);
  void vscode.window.showWarningMessage(
    `${deleted.length > 0 ? `Deleted ${deleted.map((r) => r.groupId).join(', ')}. ` : ''}Not deleted — ${lines.join(' ')}`,
  );
}
