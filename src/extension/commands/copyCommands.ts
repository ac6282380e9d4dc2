import * as vscode from 'vscode';
import { ConnectionNode } from '../tree/connectionNode';
import { GroupNode } from '../tree/groupNode';
import { TopicNode } from '../tree/topicNode';
import { PartitionNode } from '../tree/partitionNode';
import { GroupOffsetNode } from '../tree/groupOffsetNode';
import { InfoNode } from '../tree/simpleNodes';
import { SubjectNode } from '../tree/subjectNode';
import { commandEntries } from '../commandEntry';

/**
 * Copy Name: the name the row shows (a connection's name, a topic, a group id; `topic:partition`
 * for partition rows; a member's client id; a registry subject). Ctrl+C in the tree runs it with the selected row.
 */
export async function copyNameCommand(node: unknown): Promise<string | undefined> {
  return copy(nameOf(node));
}

function nameOf(node: unknown): string | undefined {
  if (node instanceof ConnectionNode) return node.connection.name;
  if (node instanceof TopicNode) return node.topic.name;
  if (node instanceof GroupNode) return node.group.groupId;
  if (node instanceof PartitionNode) return `${node.topic}:${node.info.partition}`;
  if (node instanceof GroupOffsetNode) return `${node.offset.topic}:${node.offset.partition}`;
  if (node instanceof SubjectNode) return node.subject;
  if (node instanceof InfoNode) {
    const label = node.treeItem().label;
    return typeof label === 'string' ? label : label?.label;
  }
  return undefined;
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

export const copyCommands = commandEntries(
  // Ctrl+C in the tree passes no row: copy the selected one.
  { id: 'eventBroker.copyName', run: ({ selection }, node) => copyNameCommand(node ?? selection[0]) },
  { id: 'eventBroker.copyBootstrap', run: (_services, node) => copyBootstrapCommand(node) },
);
