// Save Offsets Snapshot… and Restore Offsets…: a group's position to a file (ebx-offsets/1) and
// back — by offset on the same cluster, or by time on a replication peer — into the same group or
// another. A restore is an ordinary plan: the same modal, commit and results as Reset Offsets….
import * as vscode from 'vscode';
import { exportSnapshot, parseSnapshot } from '../../core/offsetReset/offsetsSnapshot';
import { planRestore, type RestoreBy } from '../../core/offsetReset/restorePlan';
import { readSettings } from '../settings';
import { Cancelled } from '../runCommand';
import { GroupNode } from '../tree/groupNode';
import { confirmAndCommit, type CommittedReset } from './commitResetPlan';
import type { CommandContext } from './commandContext';
import { connectionStep, groupStep } from './targetSteps';
import { chooseFileToRead, chooseFileToWrite, readChosenFile, writeChosenFile, type FileKind } from '../chooseFile';
import { commandEntries } from '../commandEntry';

export const SNAPSHOT_FILE: FileKind = { noun: 'offsets snapshot', ending: 'offsets.json', filters: { 'Offsets snapshot': ['json'] } };

/** Saves the snapshot to the file chosen in the save dialog; returns its path. */
export async function saveOffsetsSnapshotCommand(ctx: CommandContext, node?: unknown): Promise<string> {
  const { store, prompter } = ctx;
  const { connection, groupId } = await groupStep(ctx, node, 'Save Offsets Snapshot', { placeHolder: 'Consumer group whose committed offsets to save' });
  const uri = await chooseFileToWrite(prompter, SNAPSHOT_FILE, `Save Offsets Snapshot of ${groupId}`, `${groupId.replace(/[^A-Za-z0-9._-]/g, '_')}.offsets.json`);
  const snapshot = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Reading the offsets of ${groupId} (no group is joined)…`, cancellable: true },
    async (_progress, token) => {
      const abort = new AbortController();
      token.onCancellationRequested(() => abort.abort());
      return exportSnapshot(await store.session(connection), groupId, { signal: abort.signal });
    },
  );
  await writeChosenFile(uri, `${JSON.stringify(snapshot, null, 2)}\n`, SNAPSHOT_FILE);
  void vscode.window.showInformationMessage(`Saved the offsets of ${snapshot.partitions.length === 1 ? '1 partition' : `${snapshot.partitions.length} partitions`} of ${groupId} to ${uri.fsPath}.`);
  return uri.fsPath;
}

/** From a group (restore into it), from a connection's node, or from the palette. */
export async function restoreOffsetsCommand(ctx: CommandContext, node?: unknown): Promise<CommittedReset> {
  const { store, prompter } = ctx;
  const intoGroup = node instanceof GroupNode ? node.group.groupId : undefined;
  const connection = await connectionStep(ctx, node, { change: 'restoring offsets' });
  const uri = await chooseFileToRead(prompter, SNAPSHOT_FILE, 'Restore Offsets: snapshot file');
  const snapshot = parseSnapshot(await readChosenFile(uri, SNAPSHOT_FILE), uri.fsPath);
  const group = await prompter.input({
    title: `Restore Offsets: into which group? (saved from ${snapshot.group})`,
    value: intoGroup ?? snapshot.group,
    validateInput: (t) => (t.trim() === '' ? 'A consumer group id.' : undefined),
  });
  if (group === undefined) throw new Cancelled();
  const by = await prompter.pickOne<RestoreBy>(
    [
      { label: 'By offset', description: 'the same offsets: this is the cluster the snapshot came from', value: 'offset' },
      { label: 'By time', description: 'the same records, found by timestamp: a replication peer after failover', value: 'time' },
    ],
    { title: `Restore Offsets: how to map ${snapshot.partitions.length} partitions` },
  );
  if (!by) throw new Cancelled();
  const plan = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Planning the restore of ${group.trim()}…` }, async () =>
    planRestore(await store.session(connection), { snapshot, group: group.trim(), by, profile: readSettings().brokerProfile }),
  );
  return confirmAndCommit(ctx, connection, plan);
}

export const offsetsSnapshotCommands = commandEntries(
  { id: 'eventBroker.saveOffsetsSnapshot', run: saveOffsetsSnapshotCommand },
  { id: 'eventBroker.restoreOffsets', run: restoreOffsetsCommand },
);
