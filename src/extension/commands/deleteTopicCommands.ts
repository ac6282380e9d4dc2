import * as vscode from 'vscode';
import { deletePlannedTopics, describeTopicDeletion, planTopicDeletion, TOPIC_DELETION_WARNING, type TopicDeletionOutcome } from '../../core/topics/deleteTopicsPlan';
import { deletePlannedRecords, describeRecordsDeletion, planRecordsDeletion, type RecordsDeletionPlan } from '../../core/topics/deleteRecordsPlan';
import { listTopics } from '../../core/topics/listTopics';
import { parseTime, timeProblem } from '../../core/time';
import { UsageError } from '../../core/errors';
import { refuseIfReadOnly } from '../../core/readOnly';
import { counted } from '../../core/counted';
import type { BrokerConnection } from '../connections/brokerConnection';
import { readSettings } from '../settings';
import { Cancelled } from '../runCommand';
import { TopicNode } from '../tree/topicNode';
import { PartitionNode } from '../tree/partitionNode';
import { pickPartition } from './pickers';
import type { CommandContext } from './commandContext';
import { connectionStep, topicStep } from './targetSteps';
import { commandEntries } from '../commandEntry';

/**
 * Delete Topic… (a topic row, a multi-selection of them, or the palette): the modal names each topic
 * and the groups whose committed offsets go with it, its focused button deletes nothing, and then the
 * topic's name (or, for several, how many) must be typed.
 */
export async function deleteTopicCommand(ctx: CommandContext, node?: unknown, nodes?: unknown[]): Promise<TopicDeletionOutcome[]> {
  const { store, prompter } = ctx;
  const selected = (nodes && nodes.length > 0 ? nodes : node ? [node] : []).filter((n): n is TopicNode => n instanceof TopicNode);
  let connection: BrokerConnection;
  let topics: string[];
  if (selected.length > 0) {
    connection = selected[0].connection;
    if (selected.some((n) => n.connection.id !== connection.id)) throw new UsageError('Select topics of one connection at a time.');
    topics = selected.map((n) => n.topic.name);
  } else {
    connection = await connectionStep(ctx, node, { change: 'deleting topics' });
    const all = (await listTopics(await store.session(connection))).filter((t) => !t.internal);
    const picked = await prompter.pickMany(
      all.map((t) => ({ label: t.name, description: counted(t.partitions, 'partition'), value: t.name })),
      { title: 'Delete Topic', placeHolder: 'Topics to delete, with all their records' },
    );
    if (!picked || picked.length === 0) throw new Cancelled();
    topics = picked;
  }
  refuseIfReadOnly(connection, topics.length === 1 ? `deleting topic "${topics[0]}"` : 'deleting topics');
  const session = await store.session(connection);
  const plan = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'Finding the groups that use these topics…' }, () => planTopicDeletion(session, topics));
  const one = topics.length === 1;
  const confirmed = await prompter.confirm(
    one ? `Delete topic ${topics[0]} on ${connection.name}?` : `Delete ${topics.length} topics on ${connection.name}?`,
    [TOPIC_DELETION_WARNING, '', ...describeTopicDeletion(plan), '', one ? 'Every record in it is deleted for good.' : 'Every record in them is deleted for good.'].join('\n'),
    one ? 'Delete Topic…' : `Delete ${topics.length} Topics…`,
    { safeDefault: one ? 'Keep Topic' : 'Keep Topics' },
  );
  if (!confirmed) throw new Cancelled();
  const expected = one ? topics[0] : `delete ${topics.length} topics`;
  const typed = await prompter.input({
    title: one ? `Type ${topics[0]} to delete it` : `Type "${expected}" to delete them`,
    prompt: one ? `The topic's name confirms the deletion of ${topics[0]}.` : `Confirms the deletion of ${topics.join(', ')}.`,
    placeHolder: expected,
    validateInput: (text) => (text === '' || text === expected ? undefined : `Type exactly ${JSON.stringify(expected)} to delete, or press Escape to keep ${one ? 'it' : 'them'}.`),
  });
  if (typed !== expected) throw new Cancelled();
  const outcomes = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: one ? `Deleting ${topics[0]}…` : `Deleting ${topics.length} topics…` }, () => deletePlannedTopics(session, plan));
  // Deleting a topic deletes the groups' commits on it too: both folders are read again.
  ctx.refresh.topicsOf(connection);
  ctx.refresh.groupsOf(connection);
  const failed = outcomes.filter((o) => o.error !== null);
  if (failed.length === 0) void vscode.window.showInformationMessage(one ? `Deleted topic ${topics[0]}.` : `Deleted ${topics.length} topics.`);
  else void vscode.window.showWarningMessage(`Not deleted: ${failed.map((o) => `${o.topic} (${o.error})`).join('; ')}${outcomes.length > failed.length ? ` ${outcomes.length - failed.length} deleted.` : ''}`);
  return outcomes;
}

/**
 * Delete Records… (a partition row, a topic row, or the palette): remove the records before an
 * offset or a time; the modal shows per partition where the log starts now and after, and its
 * focused button deletes nothing.
 */
export async function deleteRecordsCommand(ctx: CommandContext, node?: unknown): Promise<RecordsDeletionPlan> {
  const { store, prompter } = ctx;
  let connection: BrokerConnection;
  let topic: string;
  let partitions: number[] | undefined;
  if (node instanceof PartitionNode) {
    ({ connection, topic } = node);
    partitions = [node.info.partition];
  } else {
    ({ connection, topic } = await topicStep(ctx, node, 'Delete Records: topic', { change: 'deleting records', changeOfTopic: recordsDeletion, withoutInternal: true }));
  }
  refuseIfReadOnly(connection, recordsDeletion(topic));
  const session = await store.session(connection);
  if (!partitions) {
    const picked = await pickPartition(session, topic, prompter, `Delete Records of ${topic}: partition`, true);
    partitions = picked === 'all' ? undefined : [picked.partition];
  }
  const how = await prompter.pickOne(
    [
      { label: 'Before an offset', description: 'the records with a lower offset go', value: 'offset' as const },
      { label: 'Before a time', description: 'the records older than the time go', value: 'time' as const },
    ],
    { title: `Delete Records of ${topic}` },
  );
  if (how === undefined) throw new Cancelled();
  const answer = await prompter.input(
    how === 'offset'
      ? { title: `Delete Records of ${topic}: before offset`, prompt: 'Records before this offset are deleted; it becomes the first offset kept.', validateInput: (t) => (/^\d+$/.test(t.trim()) ? undefined : 'An offset: a whole number, 0 or more.') }
      : { title: `Delete Records of ${topic}: before time`, prompt: 'ISO 8601, epoch milliseconds, or relative to now (-15m, -2h, -1d). The first record at or after it is kept.', value: '-7d', validateInput: timeProblem },
  );
  if (answer === undefined) throw new Cancelled();
  const cutoff = how === 'offset' ? { beforeOffset: Number(answer.trim()) } : { beforeTime: parseTime(answer) };
  const plan = await planRecordsDeletion(session, topic, partitions, cutoff);
  const total = plan.partitions.reduce((sum, p) => sum + p.removed, 0);
  if (total === 0) {
    void vscode.window.showInformationMessage(`Nothing to delete in ${topic}: ${plan.partitions.length === 1 ? 'the partition already starts' : 'every partition already starts'} there or later.`);
    return plan;
  }
  const confirmed = await prompter.confirm(
    `Delete ${counted(total, 'record')} of ${topic} on ${connection.name}?`,
    [...describeRecordsDeletion(plan), '', 'Deleted records cannot be brought back.'].join('\n'),
    'Delete Records',
    { safeDefault: 'Keep Records' },
  );
  if (!confirmed) throw new Cancelled();
  await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Deleting records of ${topic}…` }, () => deletePlannedRecords(session, readSettings().brokerProfile, plan));
  ctx.refresh.topic(connection, topic);
  void vscode.window.showInformationMessage(`Deleted ${counted(total, 'record')} of ${topic}.`);
  return plan;
}

const recordsDeletion = (topic: string) => `deleting records of topic "${topic}"`;

export const deleteTopicCommands = commandEntries(
  { id: 'eventBroker.deleteTopic', fromSelection: [TopicNode], multiSelection: true, run: deleteTopicCommand },
  { id: 'eventBroker.deleteRecords', fromSelection: [TopicNode, PartitionNode], run: deleteRecordsCommand },
);
