// What ebx offsets export and ebx offsets import do (commands/offsetsSnapshot.ts declares them).
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { exportSnapshot, parseSnapshot } from '../../core/offsetReset/offsetsSnapshot';
import { planRestore, type RestoreBy } from '../../core/offsetReset/restorePlan';
import { EbxError } from '../../core/errors';
import { FILE_KINDS, readBoundedText } from '../../core/files/readBoundedFile';
import { escapeForTerminal } from '../../core/rendering/terminalText';
import { counted } from '../../core/counted';
import { globalsOf } from '../globalOptions';
import { printJson, printLine, writeOut } from '../output';
import { requireTerminalOrYesToCommit, showPlanAndMaybeCommit } from '../resetPlanFlow';
import { oneShot } from '../session';
import { refuseChangeIfReadOnly } from '../readOnlyGuard';

export async function exportOffsetsCommand(group: string, options: { topic?: string; output?: string }, command: Command): Promise<void> {
  const globals = globalsOf(command);
  const snapshot = await oneShot(globals, (session) => exportSnapshot(session, group, { topic: options.topic }));
  if (options.output === undefined) return printJson(snapshot);
  try {
    writeFileSync(options.output, `${JSON.stringify(snapshot, null, 2)}\n`);
  } catch (err) {
    throw new EbxError(`Cannot write ${options.output}: ${(err as Error).message}.`);
  }
  if (globals.json) return printJson(snapshot);
  await printLine(`saved ${counted(snapshot.partitions.length, 'partition')} of ${escapeForTerminal(group)} to ${escapeForTerminal(options.output)}`);
}

export async function importOffsetsCommand(file: string, options: { group?: string; by: RestoreBy; execute?: boolean; yes?: boolean }, command: Command): Promise<void> {
  const globals = globalsOf(command);
  // A dry run only reads: it works on a read-only connection too.
  if (options.execute) refuseChangeIfReadOnly(globals, 'restoring offsets');
  requireTerminalOrYesToCommit(options);
  const snapshot = parseSnapshot(readBoundedText(file, FILE_KINDS.snapshot, { capital: true }), file);
  const plan = await oneShot(globals, (session) => planRestore(session, { snapshot, group: options.group, by: options.by, profile: globals.profile }));
  if (!globals.json && !options.execute) await writeOut(`Restoring ${escapeForTerminal(snapshot.group)}'s snapshot of ${escapeForTerminal(snapshot.exportedAt || 'unknown time')} by ${options.by}.\n`);
  await showPlanAndMaybeCommit(globals, plan, options);
}
