// What ebx delete-records does (commands/deleteRecords.ts declares it).
import type { Command } from 'commander';
import { UsageError } from '../../core/errors';
import { parseTime } from '../../core/time';
import { counted } from '../../core/counted';
import { deletePlannedRecords, describeRecordsDeletion, planRecordsDeletion, type RecordsCutoff } from '../../core/topics/deleteRecordsPlan';
import { globalsOf } from '../globalOptions';
import { oneShot } from '../session';
import { refuseChangeIfReadOnly } from '../readOnlyGuard';
import { requireTerminalOrYesToChange, showPlanThenChange } from '../planThenChange';

export interface DeleteRecordsOptions {
  partition?: number[];
  beforeOffset?: number;
  beforeTime?: string;
  execute?: boolean;
  yes?: boolean;
}

export async function deleteRecordsCommand(topic: string, options: DeleteRecordsOptions, command: Command): Promise<void> {
  const globals = globalsOf(command);
  refuseChangeIfReadOnly(globals, `deleting records of topic "${topic}"`);
  const what = 'delete records';
  requireTerminalOrYesToChange(options, what);
  const cutoff = cutoffOf(options);
  await oneShot(globals, async (session) => {
    const plan = await planRecordsDeletion(session, topic, options.partition ? [...new Set(options.partition)] : undefined, cutoff);
    const total = plan.partitions.reduce((sum, p) => sum + p.removed, 0);
    await showPlanThenChange(
      globals,
      options,
      {
        heading: `Records to delete from topic ${topic}`,
        lines: describeRecordsDeletion(plan),
        question: `Delete ${counted(total, 'record')} from ${topic}? They cannot be brought back.`,
        nothingToDo: total === 0 ? 'nothing to delete: every partition already starts there or later' : undefined,
        json: (executed) => ({ topic, executed, partitions: plan.partitions.map(({ partition, low, newLow, removed }) => ({ partition, low, newLow, removed })) }),
        apply: () => deletePlannedRecords(session, globals.profile, plan),
        done: `deleted ${counted(total, 'record')} from ${topic}`,
      },
      what,
    );
  });
}

function cutoffOf(options: DeleteRecordsOptions): RecordsCutoff {
  const given = [options.beforeOffset !== undefined, options.beforeTime !== undefined].filter(Boolean).length;
  if (given !== 1) throw new UsageError('give one of --before-offset N or --before-time TIME.');
  if (options.beforeOffset !== undefined) return { beforeOffset: options.beforeOffset };
  return { beforeTime: parseTime(options.beforeTime as string) };
}
