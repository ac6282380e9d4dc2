// Create Topic: every check Kafka (and VAST) would make, done before anything is sent, and a plan
// that says exactly what will be created. The CLI prints it (--dry-run stops there); the editor
// shows it in its confirmation.
import type { BrokerProfile } from '../model';
import type { KafkaSession } from '../session';
import type { NewTopicSpec } from '../clusterAccess';
import { EbxError, UsageError } from '../errors';
import { checkTopicNameForCreation, collisionWarning } from './topicName';
import { VAST_PARTITIONS_PER_TOPIC, VAST_PARTITIONS_PER_VIEW } from './topicLimits';
import { checkConfigName, checkConfigValue } from './configNames';
import { counted } from '../counted';

export interface TopicCreationRequest {
  name: string;
  partitions: number;
  /** Absent: the broker's default.replication.factor. */
  replicationFactor?: number;
  configs?: Record<string, string>;
  /** The same as configs['retention.ms'] (the older --retention-ms option). */
  retentionMs?: number;
}

export interface TopicCreationPlan {
  name: string;
  partitions: number;
  /** null: the broker's default. */
  replicationFactor: number | null;
  configs: Record<string, string>;
  /** Things the user should know before saying yes (collision-prone name, a fixed partition count). */
  warnings: string[];
}

export async function planTopicCreation(session: KafkaSession, profile: BrokerProfile, request: TopicCreationRequest): Promise<TopicCreationPlan> {
  checkPartitionCount(request.partitions, profile);
  const configs = mergedConfigs(request);
  if (request.replicationFactor !== undefined && (!Number.isSafeInteger(request.replicationFactor) || request.replicationFactor < 1)) {
    throw new UsageError(`The replication factor must be a whole number of at least 1 (got ${request.replicationFactor}).`);
  }
  const metadata = await session.withinTimeout('listing topics', () => session.cluster().metadata());
  const existing = metadata.topics.map((t) => t.name);
  if (existing.includes(request.name)) throw new EbxError(`A topic named ${request.name} already exists.`);
  checkTopicNameForCreation(request.name, existing);
  if (request.replicationFactor !== undefined && request.replicationFactor > metadata.brokers.length) {
    const brokers = metadata.brokers.length;
    throw new UsageError(`The replication factor can be at most the number of brokers: this cluster has ${counted(brokers, 'broker')} (got ${request.replicationFactor}).`);
  }
  const warnings: string[] = [];
  const nameWarning = collisionWarning(request.name);
  if (nameWarning) warnings.push(nameWarning);
  if (profile === 'vast') {
    const inView = metadata.topics.reduce((sum, t) => sum + t.partitions.length, 0);
    if (inView + request.partitions > VAST_PARTITIONS_PER_VIEW) {
      throw new UsageError(
        `This view already has ${inView.toLocaleString('en-US')} partitions: ${request.partitions.toLocaleString('en-US')} more would pass VAST's ${VAST_PARTITIONS_PER_VIEW.toLocaleString('en-US')} a view.`,
      );
    }
    warnings.push('VAST cannot change a topic\'s partition count after it is created: choose it for the most consumers you will run at once.');
  }
  return { name: request.name, partitions: request.partitions, replicationFactor: request.replicationFactor ?? null, configs, warnings };
}

/** Creates what the plan says. */
export async function createPlannedTopic(session: KafkaSession, plan: TopicCreationPlan): Promise<void> {
  const spec: NewTopicSpec = { name: plan.name, partitions: plan.partitions, replicationFactor: plan.replicationFactor ?? undefined, configs: plan.configs };
  const created = await session.withinTimeout(`creating ${plan.name}`, () => session.cluster().createTopic(spec));
  // The broker's state, not the input, is in the way: a runtime failure (CLI exit 1).
  if (!created) throw new EbxError(`A topic named ${plan.name} already exists.`);
}

/** The plan as lines for a person (the CLI's output, the editor's confirmation). */
export function describeTopicCreation(plan: TopicCreationPlan): string[] {
  const lines = [
    `topic:              ${plan.name}`,
    `partitions:         ${plan.partitions}`,
    `replication factor: ${plan.replicationFactor ?? "the broker's default"}`,
  ];
  const entries = Object.entries(plan.configs);
  if (entries.length === 0) lines.push("configuration:      the broker's defaults");
  else entries.forEach(([name, value], i) => lines.push(`${i === 0 ? 'configuration:      ' : '                    '}${name}=${value}`));
  return lines;
}

/** The partition count is an Int32 in CreateTopics. */
const MAX_PARTITIONS = 2 ** 31 - 1;

function checkPartitionCount(partitions: number, profile: BrokerProfile): void {
  if (!Number.isSafeInteger(partitions) || partitions < 1) throw new UsageError(`The partition count must be a whole number of at least 1 (got ${partitions}).`);
  if (profile === 'vast' && partitions > VAST_PARTITIONS_PER_TOPIC) {
    throw new UsageError(`VAST allows at most ${VAST_PARTITIONS_PER_TOPIC.toLocaleString('en-US')} partitions a topic (got ${partitions.toLocaleString('en-US')}).`);
  }
  // CreateTopics carries the count in 32 bits (Node's RangeError otherwise, from deep in the encoder).
  if (partitions > MAX_PARTITIONS) {
    throw new UsageError(`A topic can have at most ${MAX_PARTITIONS.toLocaleString('en-US')} partitions, the most Kafka's protocol counts (got ${partitions.toLocaleString('en-US')}).`);
  }
}

function mergedConfigs(request: TopicCreationRequest): Record<string, string> {
  const configs: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.configs ?? {})) {
    checkConfigName(name);
    checkConfigValue(name, value);
    configs[name] = value;
  }
  if (request.retentionMs !== undefined) {
    if (!Number.isSafeInteger(request.retentionMs) || request.retentionMs < -1) throw new UsageError('The retention must be a whole number of milliseconds (or -1 for unlimited).');
    const given = configs['retention.ms'];
    if (given !== undefined && given !== String(request.retentionMs)) {
      throw new UsageError(`The retention is given twice with different values (retention.ms=${given} and ${request.retentionMs}): give it once.`);
    }
    configs['retention.ms'] = String(request.retentionMs);
  }
  return configs;
}

/** Creates a topic after every check above, without showing the plan (tests and scripts). */
export async function createTopic(session: KafkaSession, topic: NewTopicSpec, profile: BrokerProfile = 'kafka'): Promise<void> {
  await createPlannedTopic(session, await planTopicCreation(session, profile, topic));
}
