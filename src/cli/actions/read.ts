// What ebx offsets-for-time, replay and tail do (commands/read.ts declares them).
import type { Command } from 'commander';
import { UsageError } from '../../core/errors';
import { offsetsForTime } from '../../core/offsetsForTime';
import type { StartPosition } from '../../core/reader/startPosition';
import { replayBatches } from '../../core/replay';
import { tailBatches } from '../../core/tail';
import { newRecordsOnlyWords, type OlderRecordsSkip } from '../../core/reader/newRecordsOnly';
import { parseTime } from '../../core/time';
import { escapeForTerminal } from '../../core/rendering/terminalText';
import { globalsOf } from '../globalOptions';
import { printJson, printTable } from '../output';
import { oneBatchAtATime, runRecordStream } from '../recordStream';
import { oneShot, withSession } from '../session';
import { decoderOf } from '../formatOptions';
import type { FormatFlags } from '../formatFlags';

export interface ReplayFlags extends FormatFlags {
  partition: number;
  fromBeginning?: boolean;
  fromEnd?: boolean;
  fromOffset?: number;
  fromTime?: string;
  max?: number;
  untilTime?: string;
}

export interface TailFlags extends FormatFlags {
  partition?: number[];
  last?: number;
  max?: number;
}

export async function offsetsForTimeCommand(topic: string, timeText: string, command: Command): Promise<void> {
  const globals = globalsOf(command);
  const time = parseTime(timeText);
  const offsets = await oneShot(globals, (session) => offsetsForTime(session, topic, time));
  if (globals.json) return printJson(offsets.map(({ partition, offset, timestamp }) => ({ partition, offset, timestamp })));
  await printTable(
    ['PARTITION', 'OFFSET', 'TIMESTAMP'],
    offsets.map((o) => [o.partition, o.offset ?? 'none after this time', o.timestamp === null ? null : new Date(o.timestamp).toISOString()]),
  );
}

export async function replayCommand(topic: string, flags: ReplayFlags, command: Command): Promise<void> {
  const globals = globalsOf(command);
  const start = startPositionOf(flags);
  const untilTime = flags.untilTime === undefined ? undefined : parseTime(flags.untilTime);
  const decoder = await decoderOf(flags);
  await withSession(globals, (session) =>
    runRecordStream(async (run) => {
      await run.pump(oneBatchAtATime(replayBatches(session, { topic, partition: flags.partition, start, max: flags.max, untilTime, signal: run.signal })), flags.max, decoder);
    }),
  );
}

export async function tailCommand(topic: string, flags: TailFlags, command: Command): Promise<void> {
  const globals = globalsOf(command);
  const decoder = await decoderOf(flags);
  await withSession(globals, (session) =>
    runRecordStream(async (run) => {
      // On a terminal, and with --debug (a script's sign that the tail has found the ends and is live).
      const onStart = process.stderr.isTTY || globals.debug ? announce(topic) : undefined;
      await run.pump(tailBatches(session, { topic, partitions: flags.partition, lastPerPartition: flags.last, signal: run.signal, onStart }), flags.max, decoder);
    }),
  );
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
  return (positions: { partition: number; offset: number }[], skip: OlderRecordsSkip | undefined) => {
    const shown = positions.slice(0, 8).map((p) => `${p.partition}@${p.offset}`).join(' ');
    const more = positions.length > 8 ? ` and ${positions.length - 8} more` : '';
    process.stderr.write(`ebx: tailing ${escapeForTerminal(topic)} (partition@offset: ${shown}${more})${skip ? `; ${newRecordsOnlyWords(skip)}` : ''}; Ctrl-C to stop\n`);
  };
}
