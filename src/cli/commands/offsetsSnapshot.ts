// ebx offsets export GROUP [--topic T] [--output FILE]
// ebx offsets import FILE [--group G] [--by offset|time] [--execute] [--yes]
import { readFileSync, writeFileSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { exportSnapshot, parseSnapshot } from '../../core/offsetReset/offsetsSnapshot';
import { planRestore, type RestoreBy } from '../../core/offsetReset/restorePlan';
import { EbxError, UsageError } from '../../core/errors';
import { escapeForTerminal } from '../../core/escapeForTerminal';
import { globalsOf } from '../globalOptions';
import { printJson, printLine, writeOut } from '../output';
import { requireTerminalOrYesToCommit, showPlanAndMaybeCommit } from '../resetPlanFlow';
import { oneShot } from '../session';
import { refuseChangeIfReadOnly } from '../readOnlyGuard';

export function registerOffsetsSnapshotCommands(program: Command): void {
  const offsets = program.command('offsets').description('save a consumer group’s offsets to a file, and restore them (on this cluster or a replication peer)');

  offsets
    .command('export')
    .description(`write a snapshot (format ebx-offsets/1): per partition the committed offset and the timestamps of the last consumed and next unread records; only reads`)
    .argument('<group>')
    .option('--topic <topic>', 'only this topic’s partitions')
    .option('--output <file>', 'write to this file instead of stdout')
    .action(async (group: string, options: { topic?: string; output?: string }, command: Command) => {
      const globals = globalsOf(command);
      const snapshot = await oneShot(globals, (session) => exportSnapshot(session, group, { topic: options.topic }));
      if (options.output === undefined) return printJson(snapshot);
      try {
        writeFileSync(options.output, `${JSON.stringify(snapshot, null, 2)}\n`);
      } catch (err) {
        throw new EbxError(`Cannot write ${options.output}: ${(err as Error).message}.`);
      }
      if (globals.json) return printJson(snapshot);
      await printLine(`saved ${snapshot.partitions.length} partition${snapshot.partitions.length === 1 ? '' : 's'} of ${escapeForTerminal(group)} to ${escapeForTerminal(options.output)}`);
    });

  offsets
    .command('import')
    .description('restore a snapshot into its group (or --group G): prints the plan (a dry run) unless --execute; --by time maps each partition through its timestamps; exit 1 if any partition failed')
    .argument('<file>')
    .option('--group <group>', 'restore into this group instead of the one the snapshot names')
    .addOption(new Option('--by <how>', 'offset: the same offsets (same cluster); time: the same records by timestamp (a replication peer)').choices(['offset', 'time']).default('offset'))
    .option('--execute', 'commit the plan (after asking on a terminal, or with --yes)')
    .option('--yes', 'do not ask for confirmation')
    .action(async (file: string, options: { group?: string; by: RestoreBy; execute?: boolean; yes?: boolean }, command: Command) => {
      const globals = globalsOf(command);
      // A dry run only reads: it works on a read-only connection too.
      if (options.execute) refuseChangeIfReadOnly(globals, 'restoring offsets');
      requireTerminalOrYesToCommit(options);
      const snapshot = parseSnapshot(readText(file), file);
      const plan = await oneShot(globals, (session) => planRestore(session, { snapshot, group: options.group, by: options.by, profile: globals.profile }));
      if (!globals.json && !options.execute) await writeOut(`Restoring ${escapeForTerminal(snapshot.group)}'s snapshot of ${escapeForTerminal(snapshot.exportedAt || 'unknown time')} by ${options.by}.\n`);
      await showPlanAndMaybeCommit(globals, plan, options);
    });
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}.`);
  }
}
