// ebx reset-offsets GROUP --topic T [--partition P[,P…]] (--to-earliest | --to-latest | --to-offset N | --to-time TIME | --shift-by N | --from-file CSV) [--execute] [--yes]
import { readFileSync } from 'node:fs';
import { InvalidArgumentError, type Command } from 'commander';
import { planReset } from '../../core/offsetReset/resetPlan';
import { parsePositionsCsv } from '../../core/offsetReset/positionsFile';
import type { ResetTarget } from '../../core/offsetReset/resetTarget';
import { parseTime } from '../../core/time';
import { UsageError } from '../../core/errors';
import { globalsOf } from '../globalOptions';
import { nonNegativeInteger } from '../integerArguments';
import { requireTerminalOrYesToCommit, showPlanAndMaybeCommit } from '../resetPlanFlow';
import { oneShot } from '../session';
import { refuseChangeIfReadOnly } from '../readOnlyGuard';

interface ResetOptions {
  topic?: string;
  partition?: number[];
  toEarliest?: boolean;
  toLatest?: boolean;
  toOffset?: number;
  toTime?: string;
  shiftBy?: number;
  fromFile?: string;
  execute?: boolean;
  yes?: boolean;
}

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
    .action(async (group: string, options: ResetOptions, command: Command) => {
      const globals = globalsOf(command);
      // A dry run only reads: it works on a read-only connection too.
      if (options.execute) refuseChangeIfReadOnly(globals, `resetting the offsets of consumer group "${group}"`);
      requireTerminalOrYesToCommit(options);
      const target = targetOf(options, group);
      if (target.kind !== 'positions' && !options.topic) throw new UsageError('Name the topic to reset with --topic.');
      if (target.kind === 'positions' && (options.topic || options.partition)) throw new UsageError('--from-file names its own partitions: leave out --topic and --partition.');
      const plan = await oneShot(globals, (session) =>
        planReset(session, { group, scope: options.topic ? [{ topic: options.topic, partitions: options.partition }] : [], target, profile: globals.profile }),
      );
      await showPlanAndMaybeCommit(globals, plan, options);
    });
}

function targetOf(options: ResetOptions, group: string): ResetTarget {
  const given: ResetTarget[] = [];
  if (options.toEarliest) given.push({ kind: 'earliest' });
  if (options.toLatest) given.push({ kind: 'latest' });
  if (options.toOffset !== undefined) given.push({ kind: 'offset', offset: options.toOffset });
  if (options.toTime !== undefined) given.push({ kind: 'time', time: parseTime(options.toTime) });
  if (options.shiftBy !== undefined) given.push({ kind: 'shift', by: options.shiftBy });
  if (options.fromFile !== undefined) given.push({ kind: 'positions', positions: parsePositionsCsv(readText(options.fromFile), group, options.fromFile) });
  if (given.length !== 1) {
    throw new UsageError('Give exactly one of --to-earliest, --to-latest, --to-offset N, --to-time TIME, --shift-by N or --from-file FILE.');
  }
  return given[0];
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}.`);
  }
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
