import * as vscode from 'vscode';
import { applyConfigChange, describeConfigChange, planConfigChange, readTopicConfig, sourceInWords, TOPIC_OVERRIDE, type ConfigEdit } from '../../core/topics/topicConfig';
import type { ConfigEntry } from '../../core/clusterAccess';
import { UsageError } from '../../core/errors';
import { refuseIfReadOnly } from '../../core/readOnly';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { Prompter } from '../prompter';
import { readSettings } from '../settings';
import { Cancelled } from '../runCommand';
import { ConfigEntryNode, TopicConfigNode } from '../tree/topicConfigNodes';
import type { CommandContext } from './commandContext';
import { topicStep } from './targetSteps';
import { commandEntries } from '../commandEntry';
import { TopicNode } from '../tree/topicNode';

export interface ConfigChangeResult {
  topic: string;
  changes: { name: string; from: string | null; to: string | null }[];
}

type Target = { connection: BrokerConnection; topic: string; entry?: string };

/**
 * Edit Configuration…: one entry after another (set a value, or reset one the topic sets to its
 * default), then the whole change as old → new in a modal whose focused button changes nothing.
 * Only entries the broker reports are offered, so under the vast profile what VAST supports.
 */
export async function editTopicConfigCommand(ctx: CommandContext, node?: unknown): Promise<ConfigChangeResult> {
  const { store, prompter } = ctx;
  const target = await targetOf(ctx, node);
  refuseIfReadOnly(target.connection, configurationChange(target.topic));
  const session = await store.session(target.connection);
  const entries = await readTopicConfig(session, target.topic);
  const edit: ConfigEdit = { set: {}, reset: [] };
  let next = target.entry;
  for (;;) {
    const name = next ?? (await pickEntry(prompter, target.topic, entries, edit));
    const entry = entries.find((e) => e.name === name);
    if (!entry) throw new Cancelled();
    if (entry.readOnly) throw new UsageError(`${entry.name} cannot be changed: the broker reports it read-only for ${target.topic}.`);
    await askChange(prompter, target.topic, entry, edit);
    next = undefined;
    const count = Object.keys(edit.set).length + edit.reset.length;
    const more = await prompter.pickOne(
      [
        { label: `Review ${count === 1 ? 'the change' : `the ${count} changes`}`, value: 'review' as const },
        { label: 'Change another entry', value: 'more' as const },
      ],
      { title: `Edit the configuration of ${target.topic}` },
    );
    if (more === undefined) throw new Cancelled();
    if (more === 'review') break;
  }
  const plan = await planConfigChange(session, readSettings().brokerProfile, target.topic, edit);
  if (plan.changes.length === 0) {
    void vscode.window.showInformationMessage(`Nothing to change in ${target.topic}: every entry is already as asked.`);
    return { topic: target.topic, changes: [] };
  }
  const noun = plan.changes.length === 1 ? 'this entry' : `these ${plan.changes.length} entries`;
  const confirmed = await prompter.confirm(`Change ${noun} of ${target.topic} on ${target.connection.name}?`, describeConfigChange(plan).join('\n'), 'Change Configuration', { safeDefault: 'Keep Configuration' });
  if (!confirmed) throw new Cancelled();
  await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Changing the configuration of ${target.topic}…` }, () => applyConfigChange(session, plan));
  ctx.refresh.configurationOf(target);
  void vscode.window.showInformationMessage(`Changed ${plan.changes.length === 1 ? plan.changes[0].name : `${plan.changes.length} entries`} of ${target.topic}.`);
  return { topic: target.topic, changes: plan.changes };
}

/** Reset to Default (on an entry the topic sets): deletes the override, after the same modal. */
export async function resetTopicConfigEntryCommand(ctx: CommandContext, node?: unknown): Promise<ConfigChangeResult> {
  const { store, prompter } = ctx;
  if (!(node instanceof ConfigEntryNode)) throw new UsageError('Choose an entry of a topic\'s Configuration to reset.');
  refuseIfReadOnly(node.connection, configurationChange(node.topic));
  const session = await store.session(node.connection);
  const plan = await planConfigChange(session, readSettings().brokerProfile, node.topic, { set: {}, reset: [node.entry.name] });
  if (plan.changes.length === 0) {
    void vscode.window.showInformationMessage(`${node.entry.name} already has its default value in ${node.topic}.`);
    return { topic: node.topic, changes: [] };
  }
  const confirmed = await prompter.confirm(`Reset ${node.entry.name} of ${node.topic} to its default?`, describeConfigChange(plan).join('\n'), 'Reset to Default', { safeDefault: 'Keep Configuration' });
  if (!confirmed) throw new Cancelled();
  await applyConfigChange(session, plan);
  ctx.refresh.configurationOf(node);
  void vscode.window.showInformationMessage(`Reset ${node.entry.name} of ${node.topic} to its default.`);
  return { topic: node.topic, changes: plan.changes };
}

async function targetOf(ctx: CommandContext, node: unknown): Promise<Target> {
  if (node instanceof ConfigEntryNode) return { connection: node.connection, topic: node.topic, entry: node.entry.name };
  if (node instanceof TopicConfigNode) return { connection: node.connection, topic: node.topic };
  return topicStep(ctx, node, 'Edit Configuration: topic', { change: 'changing topic configuration', changeOfTopic: configurationChange, withoutInternal: true });
}

async function pickEntry(prompter: Prompter, topic: string, entries: ConfigEntry[], edit: ConfigEdit): Promise<string | undefined> {
  const profile = readSettings().brokerProfile;
  return prompter.pickOne(
    entries.map((e) => {
      const pending = e.name in edit.set ? ` → ${edit.set[e.name]}` : edit.reset.includes(e.name) ? ' → (default)' : '';
      return {
        label: e.name,
        description: `${e.sensitive ? '(hidden)' : (e.value ?? '')} · ${sourceInWords(e.source)}${e.readOnly ? ' · read-only' : ''}${pending}`,
        value: e.name,
      };
    }),
    { title: `Edit the configuration of ${topic}: entry`, placeHolder: profile === 'vast' ? 'The entries this VAST view reports; read-only ones cannot be changed' : 'Entries the broker reports; read-only ones cannot be changed' },
  );
}

async function askChange(prompter: Prompter, topic: string, entry: ConfigEntry, edit: ConfigEdit): Promise<void> {
  if (entry.source === TOPIC_OVERRIDE) {
    const how = await prompter.pickOne(
      [
        { label: 'Set a new value', value: 'set' as const },
        { label: 'Reset to default', description: "delete the topic's own value", value: 'reset' as const },
      ],
      { title: `${entry.name} of ${topic}` },
    );
    if (how === undefined) throw new Cancelled();
    if (how === 'reset') {
      delete edit.set[entry.name];
      if (!edit.reset.includes(entry.name)) edit.reset.push(entry.name);
      return;
    }
  }
  const value = await prompter.input({
    title: `${entry.name} of ${topic}: new value`,
    prompt: `Now ${entry.sensitive ? '(hidden)' : JSON.stringify(entry.value ?? '')} from ${sourceInWords(entry.source)}. The broker checks the value when the change is sent.`,
    value: entry.sensitive ? '' : (edit.set[entry.name] ?? entry.value ?? ''),
  });
  if (value === undefined) throw new Cancelled();
  edit.reset = edit.reset.filter((n) => n !== entry.name);
  edit.set[entry.name] = value;
}

const configurationChange = (topic: string) => `changing the configuration of topic "${topic}"`;

export const topicConfigCommands = commandEntries(
  { id: 'eventBroker.editTopicConfig', fromSelection: [TopicNode, TopicConfigNode, ConfigEntryNode], run: editTopicConfigCommand },
  { id: 'eventBroker.resetTopicConfigEntry', run: resetTopicConfigEntryCommand },
);
