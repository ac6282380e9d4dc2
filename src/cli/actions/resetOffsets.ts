// What ebx reset-offsets does (commands/resetOffsets.ts declares it).
import type { Command } from 'commander';
import { planReset } from '../../core/offsetReset/resetPlan';
import { parsePositionsCsv } from '../../core/offsetReset/positionsFile';
import type { ResetTarget } from '../../core/offsetReset/resetTarget';
import { parseTime } from '../../core/time';
import { UsageError } from '../../core/errors';
import { FILE_KINDS, readBoundedText } from '../../core/files/readBoundedFile';
import { globalsOf } from '../globalOptions';
import { requireTerminalOrYesToCommit, showPlanAndMaybeCommit } from '../resetPlanFlow';
import { oneShot } from '../session';
import { refuseChangeIfReadOnly } from '../readOnlyGuard';

export interface ResetOptions {
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

export async function resetOffsetsCommand(group: string, options: ResetOptions, command: Command): Promise<void> {
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
}

function targetOf(options: ResetOptions, group: string): ResetTarget {
  const given: ResetTarget[] = [];
  if (options.toEarliest) given.push({ kind: 'earliest' });
  if (options.toLatest) given.push({ kind: 'latest' });
  if (options.toOffset !== undefined) given.push({ kind: 'offset', offset: options.toOffset });
  if (options.toTime !== undefined) given.push({ kind: 'time', time: parseTime(options.toTime) });
  if (options.shiftBy !== undefined) given.push({ kind: 'shift', by: options.shiftBy });
  if (options.fromFile !== undefined) given.push({ kind: 'positions', positions: parsePositionsCsv(readBoundedText(options.fromFile, FILE_KINDS.positions, { capital: true }), group, options.fromFile) });
  if (given.length !== 1) {
    throw new UsageError('Give exactly one of --to-earliest, --to-latest, --to-offset N, --to-time TIME, --shift-by N or --from-file FILE.');
  }
  return given[0];
}
