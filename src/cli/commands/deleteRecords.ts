// ebx delete-records TOPIC [--partition P]... (--before-offset N | --before-time T) [--execute] [--yes]
// The definition; what it does is in actions/deleteRecords.ts, loaded only when it runs.
import type { Command } from 'commander';
import { collectNonNegativeIntegers, nonNegativeInteger } from '../integerArguments';
import type { DeleteRecordsOptions } from '../actions/deleteRecords';

export function registerDeleteRecordsCommand(program: Command): void {
  program
    .command('delete-records')
    .description("delete a partition's oldest records (truncate before an offset or a time): prints the plan per partition unless --execute")
    .argument('<topic>')
    .option('--partition <p>', 'the partition (repeat for more; default: every partition of the topic)', collectNonNegativeIntegers)
    .option('--before-offset <n>', 'remove the records before this offset', nonNegativeInteger)
    .option('--before-time <time>', 'remove the records older than TIME (the first record at or after it is kept)')
    .option('--execute', 'delete (after asking on a terminal, or with --yes)')
    .option('--yes', 'do not ask for confirmation')
    .action(async (topic: string, options: DeleteRecordsOptions, command: Command) => (await import('../actions/deleteRecords')).deleteRecordsCommand(topic, options, command));
}
