import * as vscode from 'vscode';
import { ConnectionNode } from '../tree/connectionNode';
import { GroupNode } from '../tree/groupNode';
import { TopicNode } from '../tree/topicNode';

/** Copy Name: the name the row shows (a connection's name, a topic, a group id). */
export async function copyNameCommand(node: unknown): Promise<string | undefined> {
  const name =
    node instanceof ConnectionNode ? node.connection.name : node instanceof TopicNode ? node.topic.name : node instanceof GroupNode ? node.group.groupId : undefined;
  return copy(name);
}

/** Copy Bootstrap Servers: a connection's host:port list, as a client's bootstrap.servers wants it. */
export async function copyBootstrapCommand(node: unknown): Promise<string | undefined> {
  return copy(node instanceof ConnectionNode ? node.connection.bootstrap : undefined);
}

/** Run without a row (from a keybinding), there is nothing to copy: the command ends silently. */
async function copy(text: string | undefined): Promise<string | undefined> {
  if (text !== undefined) await vscode.env.clipboard.writeText(text);
  return text;
}
