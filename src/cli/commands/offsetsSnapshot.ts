// ebx offsets export GROUP [--topic T] [--output FILE]
// ebx offsets import FILE [--group G] [--by offset|time] [--execute] [--yes]
// The definitions; what each does is in actions/offsetsSnapshot.ts, loaded only when one of them runs.
import { Option, type Command } from 'commander';
import type { RestoreBy } from '../../core/offsetReset/restorePlan';

export function registerOffsetsSnapshotCommands(program: Command): void {
  const actions = () => import('../actions/offsetsSnapshot');
  const offsets = program.command('offsets').description('save a consumer group’s offsets to a file, and restore them (on this cluster or a replication peer)');

  offsets
    .command('export')
    .description(`write a snapshot (format ebx-offsets/1): per partition the committed offset and the timestamps of the last consumed and next unread records; only reads`)
    .argument('<group>')
    .option('--topic <topic>', 'only this topic’s partitions')
    .option('--output <file>', 'write to this file instead of stdout')
    .action(async (group: string, options: { topic?: string; output?: string }, command: Command) => (await actions()).exportOffsetsCommand(group, options, command));

  offsets
    .command('import')
    .description('restore a snapshot into its group (or --group G): prints the plan (a dry run) unless --execute; --by time maps each partition through its timestamps; exit 1 if any partition failed')
    .argument('<file>')
    .option('--group <group>', 'restore into this group instead of the one the snapshot names')
    .addOption(new Option('--by <how>', 'offset: the same offsets (same cluster); time: the same records by timestamp (a replication peer)').choices(['offset', 'time']).default('offset'))
    .option('--execute', 'commit the plan (after asking on a terminal, or with --yes)')
    .option('--yes', 'do not ask for confirmation')
    .action(async (file: string, options: { group?: string; by: RestoreBy; execute?: boolean; yes?: boolean }, command: Command) =>
      (await actions()).importOffsetsCommand(file, options, command),
    );
}
