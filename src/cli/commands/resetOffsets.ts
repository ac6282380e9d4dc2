// ebx reset-offsets GROUP --topic T [--partition P[,P…]] (--to-earliest | --to-latest | --to-offset N | --to-time TIME | --shift-by N | --from-file CSV) [--execute] [--yes]
// The definition; what it does is in actions/resetOffsets.ts, loaded only when it runs.
import { InvalidArgumentError, type Command } from 'commander';
import { nonNegativeInteger } from '../integerArguments';
import type { ResetOptions } from '../actions/resetOffsets';

export function registerResetOffsetsCommand(program: Command): void {
  program
    .command('reset-offsets')
    .description('move a consumer group (without active members) to new offsets: prints the plan (a dry run) unless --execute; exit 1 if any partition failed')
    .argument('<group>')
    .option('--topic <topic>', 'the topic whose offsets to reset')
    .option('--partition <p[,p…]>', 'only these partitions (default: every partition of the topic)', partitionList)
    .option('--to-earliest', 'the first offset still kept')
    .option('--to-latest', 'the end (approximate on VAST)')
    .option('--to-offset <n>', 'this offset (clamped to the partition’s first…end, as Kafka’s tool does)', nonNegativeInteger)
    .option('--to-time <time>', 'the first record at or after TIME (the end when there is none)')
    .option('--shift-by <n>', 'the committed offset plus N (negative re-reads), clamped', wholeNumber)
    .option('--from-file <csv>', 'the positions in a file of topic,partition,offset lines (as kafka-consumer-groups --export writes)')
    .option('--execute', 'commit the plan (after asking on a terminal, or with --yes)')
    .option('--yes', 'do not ask for confirmation')
    .action(async (group: string, options: ResetOptions, command: Command) => (await import('../actions/resetOffsets')).resetOffsetsCommand(group, options, command));
}

function partitionList(text: string, previous: number[] | undefined): number[] {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.some((p) => p === '')) throw new InvalidArgumentError('give partition numbers separated by commas, e.g. 0,2.');
  return [...(previous ?? []), ...parts.map(nonNegativeInteger)];
}

function wholeNumber(text: string): number {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (!/^[-+]?\d+$/.test(trimmed) || !Number.isSafeInteger(value)) throw new InvalidArgumentError('give a whole number, e.g. -10 or 5.');
  return value;
}
