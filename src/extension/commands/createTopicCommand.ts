import * as vscode from 'vscode';
import { createPlannedTopic, describeTopicCreation, planTopicCreation } from '../../core/topics/createTopicPlan';
import { configAssignments } from '../../core/topics/configNames';
import { collidingTopic, validateTopicName } from '../../core/topics/topicName';
import { VAST_PARTITIONS_PER_TOPIC } from '../../core/topics/topicLimits';
import { listTopics } from '../../core/topics/listTopics';
import type { BrokerProfile } from '../../core/model';
import { counted } from '../../core/counted';
import type { BrokerConnection } from '../connections/brokerConnection';
import { readSettings } from '../settings';
import { Cancelled } from '../runCommand';
import type { CommandContext } from './commandContext';
import { connectionStep } from './targetSteps';
import { commandEntries } from '../commandEntry';

export interface CreatedTopic {
  connection: BrokerConnection;
  topic: string;
}

/**
 * Create Topic… (the Topics row's title button, or the palette): name, partitions, replication
 * factor, retention and any other entries, each checked as it is typed; then the plan in a modal
 * whose focused button creates nothing.
 */
export async function createTopicCommand(ctx: CommandContext, node?: unknown): Promise<CreatedTopic> {
  const { store, prompter } = ctx;
  const connection = await connectionStep(ctx, node, { change: 'creating topics' });
  const profile = readSettings().brokerProfile;
  const session = await store.session(connection);
  const existing = (await listTopics(session)).map((t) => t.name);

  const name = await ask(prompter.input({ title: 'Create Topic: name', placeHolder: 'letters, digits, ".", "_" and "-"', validateInput: (text) => nameProblem(text.trim(), existing) }));
  const partitions = Number(
    await ask(
      prompter.input({
        title: `Create Topic ${name.trim()}: partitions`,
        prompt: profile === 'vast' ? `VAST cannot change a topic's partition count after it is created (at most ${VAST_PARTITIONS_PER_TOPIC.toLocaleString('en-US')}).` : 'How many consumers of one group can read at once.',
        value: '1',
        validateInput: (text) => partitionProblem(text, profile),
      }),
    ),
  );
  const replication = (
    await ask(prompter.input({ title: `Create Topic ${name.trim()}: replication factor`, prompt: "Empty: the broker's default (default.replication.factor).", value: '', validateInput: (t) => (t.trim() === '' || /^[1-9]\d*$/.test(t.trim()) ? undefined : 'A whole number of at least 1, or empty for the broker\'s default.') }))
  ).trim();
  const retention = (
    await ask(prompter.input({ title: `Create Topic ${name.trim()}: retention (milliseconds)`, prompt: "Empty: the broker's default; -1 keeps records forever; 604800000 is 7 days.", value: '', validateInput: (t) => (t.trim() === '' || /^(-1|[1-9]\d*)$/.test(t.trim()) ? undefined : 'Milliseconds (a whole number), -1 to keep records forever, or empty for the default.') }))
  ).trim();
  const others = (
    await ask(prompter.input({ title: `Create Topic ${name.trim()}: other settings`, prompt: 'NAME=VALUE pairs separated by spaces, e.g. cleanup.policy=compact (empty for none).', value: '', validateInput: othersProblem }))
  ).trim();

  const plan = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'Checking the new topic…' }, () =>
    planTopicCreation(session, profile, {
      name: name.trim(),
      partitions,
      replicationFactor: replication === '' ? undefined : Number(replication),
      retentionMs: retention === '' ? undefined : Number(retention),
      configs: configAssignments(others === '' ? [] : others.split(/\s+/)),
    }),
  );
  const detail = [...describeTopicCreation(plan), ...(plan.warnings.length > 0 ? ['', ...plan.warnings] : [])].join('\n');
  const confirmed = await prompter.confirm(`Create topic ${plan.name} on ${connection.name}?`, detail, 'Create Topic', { safeDefault: "Don't Create" });
  if (!confirmed) throw new Cancelled();
  await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Creating ${plan.name}…` }, () => createPlannedTopic(session, plan));
  ctx.refresh.topicsOf(connection);
  void vscode.window.showInformationMessage(`Created topic ${plan.name} with ${counted(plan.partitions, 'partition')}.`);
  return { connection, topic: plan.name };
}

async function ask(answer: Promise<string | undefined>): Promise<string> {
  const text = await answer;
  if (text === undefined) throw new Cancelled();
  return text;
}

function nameProblem(name: string, existing: string[]): string | undefined {
  try {
    validateTopicName(name);
  } catch (err) {
    return (err as Error).message;
  }
  if (existing.includes(name)) return `A topic named ${name} already exists.`;
  const twin = collidingTopic(name, existing);
  return twin ? `"${name}" collides with the existing topic "${twin}": Kafka treats "." and "_" in topic names alike.` : undefined;
}

function partitionProblem(text: string, profile: BrokerProfile): string | undefined {
  const t = text.trim();
  if (!/^[1-9]\d*$/.test(t)) return 'A whole number of at least 1.';
  if (profile === 'vast' && Number(t) > VAST_PARTITIONS_PER_TOPIC) return `VAST allows at most ${VAST_PARTITIONS_PER_TOPIC.toLocaleString('en-US')} partitions a topic.`;
  return undefined;
}

function othersProblem(text: string): string | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  try {
    configAssignments(t.split(/\s+/));
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

export const createTopicCommands = commandEntries({ id: 'eventBroker.createTopic', run: createTopicCommand });
