// A topic's configuration as the broker reports it (DescribeConfigs), and changes to it planned
// against that report: every entry named must exist and be changeable, and the plan says what each
// goes from and to before anything is sent.
import type { BrokerProfile } from '../model';
import type { KafkaSession } from '../session';
import type { ConfigEntry } from '../clusterAccess';
import { UsageError } from '../errors';
import { checkConfigName, checkConfigValue } from './configNames';
import { validateTopicName } from './topicName';

/** The source of an entry the topic sets itself (what "reset to default" deletes). */
export const TOPIC_OVERRIDE = 'DYNAMIC_TOPIC_CONFIG';

/** Every entry: the topic's own values first, then others that differ from Kafka's default (set on the brokers), then the defaults; each part by name. */
export async function readTopicConfig(session: KafkaSession, topic: string): Promise<ConfigEntry[]> {
  validateTopicName(topic);
  const entries = await session.withinTimeout(`reading the configuration of ${topic}`, () => session.cluster().describeTopicConfig(topic));
  const rank = (e: ConfigEntry) => (e.source === TOPIC_OVERRIDE ? 0 : e.isDefault ? 2 : 1);
  return [...entries].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

/** Where a value comes from, in words (Kafka's enum names are for scripts). */
export function sourceInWords(source: string): string {
  const words: Record<string, string> = {
    DYNAMIC_TOPIC_CONFIG: 'topic',
    DYNAMIC_BROKER_CONFIG: 'broker (dynamic)',
    DYNAMIC_DEFAULT_BROKER_CONFIG: 'all brokers (dynamic)',
    STATIC_BROKER_CONFIG: 'broker (server.properties)',
    DEFAULT_CONFIG: 'default',
    DYNAMIC_BROKER_LOGGER_CONFIG: 'broker logger',
  };
  return words[source] ?? source.toLowerCase();
}

export interface ConfigEdit {
  /** Entries to set. */
  set: Record<string, string>;
  /** Entries whose topic override is deleted, so the broker's default applies again. */
  reset: string[];
}

export interface ConfigChangeLine {
  name: string;
  /** null when hidden (sensitive). */
  from: string | null;
  /** null: back to the default. */
  to: string | null;
}

export interface ConfigChangePlan {
  topic: string;
  changes: ConfigChangeLine[];
  /** Entries asked for that already are as asked (nothing is sent for them). */
  unchanged: ConfigChangeLine[];
}

export async function planConfigChange(session: KafkaSession, profile: BrokerProfile, topic: string, edit: ConfigEdit): Promise<ConfigChangePlan> {
  validateTopicName(topic);
  const names = [...Object.keys(edit.set), ...edit.reset];
  if (names.length === 0) throw new UsageError('Name at least one entry to set (NAME=VALUE) or to reset to its default.');
  for (const name of names) checkConfigName(name);
  for (const [name, value] of Object.entries(edit.set)) checkConfigValue(name, value);
  // Own entries only: `in` would find "constructor" on Object's prototype.
  const both = edit.reset.find((name) => Object.hasOwn(edit.set, name));
  if (both) throw new UsageError(`${both} is both set and reset: do one of the two.`);
  const entries = new Map((await readTopicConfig(session, topic)).map((e) => [e.name, e]));
  const changes: ConfigChangeLine[] = [];
  const unchanged: ConfigChangeLine[] = [];
  for (const name of names) {
    const entry = entries.get(name);
    if (!entry) throw new UsageError(unknownEntrySentence(name, topic, profile, [...entries.keys()]));
    if (entry.readOnly) throw new UsageError(`${name} cannot be changed: the broker reports it read-only for ${topic}.`);
    const to = Object.hasOwn(edit.set, name) ? edit.set[name] : null;
    const overridden = entry.source === TOPIC_OVERRIDE;
    const line = { name, from: entry.value, to };
    if (to === null ? !overridden : overridden && !entry.sensitive && entry.value === to) unchanged.push(line);
    else changes.push(line);
  }
  return { topic, changes, unchanged };
}

export async function applyConfigChange(session: KafkaSession, plan: ConfigChangePlan): Promise<void> {
  if (plan.changes.length === 0) return;
  await session.withinTimeout(`changing the configuration of ${plan.topic}`, () =>
    session.cluster().alterTopicConfig(plan.topic, plan.changes.map((c) => ({ name: c.name, value: c.to }))),
  );
}

/** One line per change, "name: old → new", for the plan a person confirms. */
export function describeConfigChange(plan: ConfigChangePlan): string[] {
  const shown = (value: string | null, isTarget: boolean) => (value === null ? (isTarget ? '(default)' : '(hidden)') : value === '' ? '""' : value);
  return [
    ...plan.changes.map((c) => `${c.name}: ${shown(c.from, false)} → ${shown(c.to, true)}`),
    ...plan.unchanged.map((c) => `${c.name}: already ${c.to === null ? 'the default' : shown(c.to, true)} (not sent)`),
  ];
}

function unknownEntrySentence(name: string, topic: string, profile: BrokerProfile, known: string[]): string {
  const near = known.filter((k) => k.split('.')[0] === name.split('.')[0]).slice(0, 4);
  const hint = near.length > 0 ? ` Entries like it: ${near.join(', ')}.` : '';
  if (profile === 'vast') return `VAST does not offer ${name} for topics: ${topic}'s configuration (what the broker reports) has no such entry.${hint}`;
  return `${topic} has no configuration entry ${name} (the broker reports ${known.length} entries).${hint}`;
}
