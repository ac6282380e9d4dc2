import * as vscode from 'vscode';
import { offsetsForTime } from '../../core/offsetsForTime';
import { parseTime, timeProblem } from '../../core/time';
import type { OffsetForTime } from '../../core/model';
import type { PickItem } from '../prompter';
import { replayWithLimit } from './replayPartition';
import { Cancelled } from '../runCommand';
import type { CommandContext } from './commandContext';
import { topicStep } from './targetSteps';
import { commandEntries } from '../commandEntry';
import { TopicNode } from '../tree/topicNode';

/**
 * Show Offsets for a Time…: per partition, the first offset at or after the time (or that there is
 * none). Choosing a row replays from there; the first row replays every partition from that time.
 */
export async function offsetsForTimeCommand(ctx: CommandContext, node?: unknown): Promise<OffsetForTime[]> {
  const { store, prompter } = ctx;
  const { connection, topic } = await topicStep(ctx, node, 'Offsets for a Time: topic');
  const text = await prompter.input({
    title: `Offsets of ${topic} for a time`,
    prompt: 'ISO 8601, epoch milliseconds, or relative to now (-15m, -2h, -1d)',
    value: '-1h',
    validateInput: timeProblem,
  });
  if (text === undefined) throw new Cancelled();
  const time = parseTime(text);
  const offsets = await offsetsForTime(await store.session(connection), topic, time);
  const found = offsets.filter((o) => o.offset !== null).map((o) => ({ partition: o.partition, offset: o.offset! }));
  const all: PickItem<OffsetForTime | 'all'>[] =
    found.length > 1 ? [{ label: 'Replay all partitions from here', description: `${found.length} partitions, records in time order`, value: 'all' }] : [];
  const picked = await prompter.pickOne<OffsetForTime | 'all'>(
    [
      ...all,
      ...offsets.map((o) => ({
        label: `Partition ${o.partition}`,
        description: o.offset === null ? 'no event at or after this time' : `offset ${o.offset} — choose to replay from here`,
        detail: o.timestamp === null ? undefined : `first event at ${new Date(o.timestamp).toISOString()}`,
        value: o,
      })),
    ],
    { title: `${topic}: first offsets at or after ${new Date(time).toISOString()}` },
  );
  if (picked === undefined) return offsets;
  if (picked !== 'all' && picked.offset === null) {
    void vscode.window.showInformationMessage(`Partition ${picked.partition} has no event at or after that time.`);
    return offsets;
  }
  const starts = picked === 'all' ? found : [{ partition: picked.partition, offset: picked.offset! }];
  const nothingAfter = picked === 'all' ? offsets.filter((o) => o.offset === null).map((o) => o.partition) : [];
  await replayWithLimit(ctx, { connection, topic, starts, nothingAfter, startAsked: `time ${text.trim()}`, startTime: time }, 'document');
  return offsets;
}

export const topicCommands = commandEntries({ id: 'eventBroker.offsetsForTime', fromSelection: [TopicNode], run: offsetsForTimeCommand });
