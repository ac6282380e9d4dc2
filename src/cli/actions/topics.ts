// What ebx topics, partitions, create-topic and delete-topic do (commands/topics.ts declares them).
import type { Command } from 'commander';
import { createTopic, deleteTopic, describePartitions, listTopics } from '../../core/topics';
import { confirmDeletion, reportNothingDeleted, requireTerminalOrYes } from '../confirm';
import { globalsOf } from '../globalOptions';
import { printJson, printLine, printTable } from '../output';
import { escapeForTerminal } from '../../core/escapeForTerminal';
import { oneShot } from '../session';
import { refuseChangeIfReadOnly } from '../readOnlyGuard';

export async function showTopics(command: Command): Promise<void> {
  const globals = globalsOf(command);
  const topics = await oneShot(globals, (session) => listTopics(session));
  if (globals.json) return printJson(topics.map(({ name, partitions, internal }) => ({ name, partitions, internal })));
  if (topics.length === 0) return printLine('no topics (or none this user may describe)');
  await printTable(['TOPIC', 'PARTITIONS', 'INTERNAL'], topics.map((t) => [t.name, t.partitions, t.internal ? 'yes' : '']));
}

export async function showPartitions(topic: string, command: Command): Promise<void> {
  const globals = globalsOf(command);
  const partitions = await oneShot(globals, (session) => describePartitions(session, topic));
  if (globals.json) {
    return printJson(partitions.map(({ partition, leader, low, high, highApproximate }) => ({ partition, leader, low, high, highApproximate })));
  }
  await printTable(
    ['PARTITION', 'LEADER', 'REPLICAS', 'ISR', 'LOW', 'HIGH (APPROX.)'],
    partitions.map((p) => [p.partition, p.leader, p.replicas.join(','), p.isr.join(','), p.low, `~${p.high}`]),
  );
}

export async function createTopicCommand(name: string, options: { partitions: number; retentionMs?: number }, command: Command): Promise<void> {
  const globals = globalsOf(command);
  refuseChangeIfReadOnly(globals, `creating topic "${name}"`);
  await oneShot(globals, (session) => createTopic(session, { name, partitions: options.partitions, retentionMs: options.retentionMs }));
  if (globals.json) return printJson({ topic: name, partitions: options.partitions, retentionMs: options.retentionMs ?? null });
  await printLine(`created topic ${escapeForTerminal(name)} with ${options.partitions} partition${options.partitions === 1 ? '' : 's'}`);
}

export async function deleteTopicCommand(name: string, options: { yes?: boolean }, command: Command): Promise<void> {
  const globals = globalsOf(command);
  refuseChangeIfReadOnly(globals, `deleting topic "${name}"`);
  requireTerminalOrYes(options.yes);
  const go = await confirmDeletion('Topic to delete, with all its events and every group\'s committed offsets for it:', [name], options.yes);
  if (!go) return reportNothingDeleted();
  await oneShot(globals, (session) => deleteTopic(session, name));
  if (globals.json) return printJson({ topic: name, deleted: true });
  await printLine(`deleted topic ${escapeForTerminal(name)}`);
}
