import type { BrokerProfile, PartitionInfo, TopicSummary } from './model';
import type { KafkaSession } from './session';
import { EARLIEST, LATEST, type Metadata, type NewTopicSpec } from './clusterAccess';
import { UsageError } from './errors';
import { askAgainWhileLeadersSettle } from './askAgain';
import { validateTopicName } from './topics/topicName';
import { createPlannedTopic, planTopicCreation } from './topics/createTopicPlan';

/** Every topic the user may see, from one Metadata request. */
export async function listTopics(session: KafkaSession): Promise<TopicSummary[]> {
  return topicSummariesOf(await session.withinTimeout('listing topics', () => session.cluster().metadata()));
}

/** The topics of a Metadata answer, by name. */
export function topicSummariesOf(metadata: Metadata): TopicSummary[] {
  return metadata.topics
    .map((t) => ({ name: t.name, partitions: t.partitions.length, internal: t.internal }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Leader, replicas, ISR and low/high offsets of every partition: two ListOffsets per leader broker. */
export async function describePartitions(session: KafkaSession, topic: string): Promise<PartitionInfo[]> {
  validateTopicName(topic);
  const access = session.cluster();
  return session.withinTimeout(`reading the partitions of ${topic}`, () => askAgainWhileLeadersSettle(async () => {
    const meta = await access.topicMetadata(topic);
    const queries = (timestamp: number) => meta.partitions.map((p) => ({ topic, partition: p.partition, leader: p.leader, timestamp }));
    const [lows, highs] = await Promise.all([access.listOffsets(queries(EARLIEST)), access.listOffsets(queries(LATEST))]);
    const low = new Map(lows.map((o) => [o.partition, o.offset]));
    const high = new Map(highs.map((o) => [o.partition, o.offset]));
    return meta.partitions.map((p) => ({
      partition: p.partition,
      leader: p.leader,
      replicas: p.replicas,
      isr: p.isr,
      low: low.get(p.partition) ?? 0,
      high: high.get(p.partition) ?? 0,
      highApproximate: true as const,
    }));
  }));
}

// Kept here for the many readers that import it from this file; the rules live in topics/topicName.ts.
export { validateTopicName };

export type NewTopic = NewTopicSpec;

/** Creates a topic after every check of topics/createTopicPlan.ts (the CLI and the editor show that plan first). */
export async function createTopic(session: KafkaSession, topic: NewTopic, profile: BrokerProfile = 'kafka'): Promise<void> {
  validateTopicName(topic.name);
  await createPlannedTopic(session, await planTopicCreation(session, profile, topic));
}

export async function deleteTopic(session: KafkaSession, name: string): Promise<void> {
  validateTopicName(name);
  await session.withinTimeout(`deleting ${name}`, () => session.cluster().deleteTopic(name));
}

export interface RecordToSend {
  key?: string | Buffer | null;
  value: string | Buffer | null;
  headers?: Record<string, string | Buffer>;
  partition?: number;
  timestamp?: number;
}

/** Produces with VAST-safe settings: no compression, no idempotence, acks from all replicas. */
export async function produce(session: KafkaSession, topic: string, records: RecordToSend[]): Promise<void> {
  validateTopicName(topic);
  if (records.length === 0) return;
  const chosen = [...new Set(records.map((r) => r.partition).filter((p): p is number => p !== undefined))];
  if (chosen.some((p) => !Number.isInteger(p) || p < 0)) throw new UsageError('A partition is a whole number, 0 or more.');
  if (chosen.length > 0) {
    // kafkajs drops records for a partition the topic does not have and reports success: check first.
    const meta = await session.withinTimeout(`reading the partitions of ${topic}`, () => session.cluster().topicMetadata(topic));
    const missing = chosen.filter((p) => !meta.partitions.some((x) => x.partition === p));
    if (missing.length > 0) {
      throw new UsageError(`${topic} has no partition ${missing.join(', ')}: it has partitions 0 to ${meta.partitions.length - 1}. Nothing was produced.`);
    }
  }
  try {
    await session.withinTimeout(`producing to ${topic}`, () =>
      session.cluster().produce(
        topic,
        records.map((r) => ({ key: r.key ?? null, value: r.value, headers: r.headers, partition: r.partition, timestamp: r.timestamp })),
      ),
    );
  } catch (err) {
    // The broker refuses its own topics with "invalid topic", which reads as a typo: say what it is.
    if (await isInternalTopic(session, topic)) throw new UsageError(`${topic} is an internal topic of the broker: it takes no records from clients. Nothing was produced.`);
    throw err;
  }
}

async function isInternalTopic(session: KafkaSession, topic: string): Promise<boolean> {
  // The full listing, since only it carries the broker's "internal" flag; asked only after a failure.
  const meta = await session.withinTimeout('listing topics', () => session.cluster().metadata()).catch(() => undefined);
  return meta?.topics.some((t) => t.name === topic && t.internal) ?? false;
}
