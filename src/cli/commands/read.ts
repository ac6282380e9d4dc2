// ebx offsets-for-time TOPIC TIME | replay TOPIC ... | tail TOPIC ...
// The definitions; what each does is in actions/read.ts, loaded only when one of them runs.
import { Command } from 'commander';
import { collectNonNegativeIntegers, nonNegativeInteger, positiveInteger } from '../integerArguments';
import { addFormatOptions } from '../formatOptions';
import type { ReplayFlags, TailFlags } from '../actions/read';

const TIME_HELP = 'ISO 8601, epoch milliseconds, or relative to now (-15m, -2h, -1d)';

export function registerReadCommands(program: Command): void {
  const actions = () => import('../actions/read');
  program
    .command('offsets-for-time')
    .description('per partition, the first offset whose timestamp is at or after TIME (null when there is none)')
    .argument('<topic>')
    .argument('<time>', TIME_HELP)
    // Relative times start with a dash (-15m): take them as the TIME argument, not as options.
    .allowUnknownOption()
    .action(async (topic: string, timeText: string, _options: object, command: Command) => (await actions()).offsetsForTimeCommand(topic, timeText, command));

  const replay = program
    .command('replay')
    .description('read one partition without a consumer group and print JSON Lines, one record a line')
    .argument('<topic>')
    .requiredOption('--partition <n>', 'the partition to read', nonNegativeInteger)
    .option('--from-beginning', 'start at the earliest offset')
    .option('--from-end', 'only events written from now on: from the reported end, skipping older events past it (on VAST the end trails)')
    .option('--from-offset <offset>', 'start at this offset', nonNegativeInteger)
    .option('--from-time <time>', `start at the first event at or after this time: ${TIME_HELP}`)
    .option('--max <n>', 'stop after this many records', positiveInteger)
    .option('--until-time <time>', 'stop at the first event after this time');
  addFormatOptions(replay).action(async (topic: string, flags: ReplayFlags, command: Command) => (await actions()).replayCommand(topic, flags, command));

  const tail = program
    .command('tail')
    .description('follow records written from now on, on all (or chosen) partitions, without a consumer group; JSON Lines until --max or Ctrl-C')
    .argument('<topic>')
    .option('--partition <n>', 'only this partition (repeat for more)', collectNonNegativeIntegers)
    .option('--last <n>', 'start with the last N records of each partition', nonNegativeInteger)
    .option('--max <n>', 'stop after this many records', positiveInteger);
  addFormatOptions(tail).action(async (topic: string, flags: TailFlags, command: Command) => (await actions()).tailCommand(topic, flags, command));
}
