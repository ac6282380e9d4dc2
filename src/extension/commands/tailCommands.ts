import * as vscode from 'vscode';
import { TopicNode } from '../tree/topicNode';
import type { ConnectionStore } from '../connections/connectionStore';
import type { Prompter } from '../prompter';
import type { RunningTail, TailManager } from '../tail/tailManager';
import { Cancelled } from '../runCommand';
import { pickConnection, pickTopic } from './pickers';
import { counted } from '../../core/counted';

/** Tail Topic…: from a topic node, or pickers from the palette. Starts at the end of every partition. */
export async function tailTopicCommand(store: ConnectionStore, prompter: Prompter, tails: TailManager, node?: unknown): Promise<RunningTail> {
  if (node instanceof TopicNode) {
    return tails.start(node.connection, await store.session(node.connection), node.topic.name);
  }
  const connection = await pickConnection(store, prompter);
  const session = await store.session(connection);
  const topic = await pickTopic(session, prompter, 'Tail Topic: topic');
  return tails.start(connection, session, topic);
}

/** Stop Tail: the one given (status-bar click), the only one running, or a choice including "All tails". */
export async function stopTailCommand(prompter: Prompter, tails: TailManager, target?: unknown): Promise<number> {
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
