// ebx offsets-for-time TOPIC TIME | replay TOPIC ... | tail TOPIC ...
import { Command } from 'commander';
import { UsageError } from '../../core/errors';
import { offsetsForTime } from '../../core/offsetsForTime';
import type { StartPosition } from '../../core/reader/startPosition';
import { replayBatches } from '../../core/replay';
import { tailBatches } from '../../core/tail';
import { parseTime } from '../../core/time';
import { escapeForTerminal } from '../../core/escapeForTerminal';
import { globalsOf } from '../globalOptions';
import { collectNonNegativeIntegers, nonNegativeInteger, positiveInteger } from '../integerArguments';
import { printJson, printTable } from '../output';
import { oneBatchAtATime, runRecordStream } from '../recordStream';
import { oneShot, withSession } from '../session';

interface ReplayFlags {
  partition: number;
  fromBeginning?: boolean;
  fromEnd?: boolean;
  fromOffset?: number;
  fromTime?: string;
  max?: number;
  untilTime?: string;
}

interface TailFlags {
  partition?: number[];
  last?: number;
  max?: number;
}

const TIME_HELP = 'ISO 8601, epoch milliseconds, or relative to now (-15m, -2h, -1d)';

export function registerReadCommands(program: Command): void {
  program
    .command('offsets-for-time')
    .description('per partition, the first offset whose timestamp is at or after TIME (null when there is none)')
    .argument('<topic>')
    .argument('<time>', TIME_HELP)
    // Relative times start with a dash (-15m): take them as the TIME argument, not as options.
    .allowUnknownOption()
    .action(async (topic: string, timeText: string, _options: object, command: Command) => {
      const globals = globalsOf(command);
      const time = parseTime(timeText);
      const offsets = await oneShot(globals, (session) => offsetsForTime(session, topic, time));
      if (globals.json) return printJson(offsets.map(({ partition, offset, timestamp }) => ({ partition, offset, timestamp })));
      await printTable(
        ['PARTITION', 'OFFSET', 'TIMESTAMP'],
        offsets.map((o) => [o.partition, o.offset ?? 'none after this time', o.timestamp === null ? null : new Date(o.timestamp).toISOString()]),
      );
    });

  program
    .command('replay')
    .description('read one partition without a consumer group and print JSON Lines, one record a line')
    .argument('<topic>')
    .requiredOption('--partition <n>', 'the partition to read', nonNegativeInteger)
    .option('--from-beginning', 'start at the earliest offset')
    .option('--from-end', 'start at the end (only events that arrive while reading)')
    .option('--from-offset <offset>', 'start at this offset', nonNegativeInteger)
    .option('--from-time <time>', `start at the first event at or after this time: ${TIME_HELP}`)
    .option('--max <n>', 'stop after this many records', positiveInteger)
    .option('--until-time <time>', 'stop at the first event after this time')
    .action(async (topic: string, flags: ReplayFlags, command: Command) => {
      const globals = globalsOf(command);
      const start = startPositionOf(flags);
      const untilTime = flags.untilTime === undefined ? undefined : parseTime(flags.untilTime);
      await withSession(globals, (session) =>
        runRecordStream(async (run) => {
          await run.pump(oneBatchAtATime(replayBatches(session, { topic, partition: flags.partition, start, max: flags.max, untilTime, signal: run.signal })), flags.max);
        }),
      );
    });

  program
    .command('tail')
    .description('follow new records on all (or chosen) partitions without a consumer group; JSON Lines until --max or Ctrl-C')
    .argument('<topic>')
    .option('--partition <n>', 'only this partition (repeat for more)', collectNonNegativeIntegers)
    .option('--last <n>', 'start with the last N records of each partition', nonNegativeInteger)
    .option('--max <n>', 'stop after this many records', positiveInteger)
    .action(async (topic: string, flags: TailFlags, command: Command) => {
      const globals = globalsOf(command);
      await withSession(globals, (session) =>
        runRecordStream(async (run) => {
          const onStart = process.stderr.isTTY ? announce(topic) : undefined;
          await run.pump(tailBatches(session, { topic, partitions: flags.partition, lastPerPartition: flags.last, signal: run.signal, onStart }), flags.max);
        }),
      );
    });
}

export function startPositionOf(flags: Omit<ReplayFlags, 'partition'>): StartPosition {
  const given: StartPosition[] = [];
  if (flags.fromBeginning) given.push({ kind: 'beginning' });
  if (flags.fromEnd) given.push({ kind: 'end' });
  if (flags.fromOffset !== undefined) given.push({ kind: 'offset', offset: flags.fromOffset });
  if (flags.fromTime !== undefined) given.push({ kind: 'time', time: parseTime(flags.fromTime) });
  if (given.length !== 1) {
    throw new UsageError(
      `replay needs exactly one start: --from-beginning, --from-end, --from-offset OFFSET or --from-time TIME${given.length > 1 ? ` (${given.length} were given)` : ''}.`,
    );
  }
  return given[0];
}

function announce(topic: string) {
  return (positions: { partition: number; offset: number }[]) => {
    const shown = positions.slice(0, 8).map((p) => `${p.partition}@${p.offset}`).join(' ');
    const more = positions.length > 8 ? ` and ${positions.length - 8} more` : '';
    process.stderr.write(`ebx: tailing ${escapeForTerminal(topic)} (partition@offset: ${shown}${more}); Ctrl-C to stop\n`);
  };
}
