import * as vscode from 'vscode';
import { TopicNode } from '../tree/topicNode';
import type { RunningTail } from '../tail/tailManager';
import { Cancelled } from '../runCommand';
import type { CommandContext } from './commandContext';
import { topicStep } from './targetSteps';
import { counted } from '../../core/counted';
import { topicReading } from '../formats/topicReading';
import { commandEntries } from '../commandEntry';

/** Tail Topic…: from a topic node, or pickers from the palette. Starts at the end of every partition. */
export async function tailTopicCommand(ctx: CommandContext, node?: unknown): Promise<RunningTail> {
  const { connection, topic } = await topicStep(ctx, node, 'Tail Topic: topic');
  // A record format that cannot work (a schema file missing) stops here, before a panel opens.
  const reading = ctx.tails.find(connection.id, topic) ? undefined : await topicReading(ctx.formats, connection, topic);
  return ctx.tails.start(connection, await ctx.store.session(connection), topic, { reading });
}

/** Stop Tail: the one given (status-bar click), the only one running, or a choice including "All tails". */
export async function stopTailCommand({ prompter, tails }: CommandContext, target?: unknown): Promise<number> {
  const running = tails.running();
  const tailId = (target as { tailId?: string } | undefined)?.tailId;
  if (tailId) {
    const one = running.find((t) => t.id === tailId);
    one?.stop();
    return one ? 1 : 0;
  }
  if (target instanceof TopicNode) {
    const one = tails.find(target.connection.id, target.topic.name);
    if (!one) void vscode.window.showInformationMessage(`No tail of ${target.topic.name} is running.`);
    one?.stop();
    return one ? 1 : 0;
  }
  if (running.length === 0) {
    void vscode.window.showInformationMessage('No tail is running.');
    return 0;
  }
  if (running.length === 1) {
    running[0].stop();
    return 1;
  }
  const choice = await prompter.pickOne(
    [{ label: 'All tails', description: `${running.length} running`, value: 'all' }, ...running.map((t) => ({ label: t.topic, description: counted(t.count, 'record'), value: t.id }))],
    { title: 'Stop Tail' },
  );
  if (!choice) throw new Cancelled();
  const chosen = choice === 'all' ? running : running.filter((t) => t.id === choice);
  chosen.forEach((t) => t.stop());
  return chosen.length;
}

export const tailCommands = commandEntries(
  { id: 'eventBroker.tailTopic', fromSelection: [TopicNode], run: tailTopicCommand },
  // Also from a tail's status-bar item, which passes { tailId }.
  { id: 'eventBroker.stopTail', run: stopTailCommand },
);
