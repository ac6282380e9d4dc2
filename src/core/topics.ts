import type { PartitionInfo, TopicSummary } from './model';
import type { KafkaSession } from './session';
import { EARLIEST, LATEST, type NewTopicSpec } from './clusterAccess';
import { EbxError, UsageError } from './errors';
import { askAgainWhileLeadersSettle } from './askAgain';

/** Every topic the user may see, from one Metadata request. */
export async function listTopics(session: KafkaSession): Promise<TopicSummary[]> {
  const metadata = await session.withinTimeout('listing topics', () => session.cluster().metadata());
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

export function validateTopicName(name: string): void {
  if (name.trim() === '') throw new UsageError('A topic name is required.');
  if (name.length > 249) throw new UsageError('A topic name has at most 249 characters.');
  if (name === '.' || name === '..') throw new UsageError(`"${name}" is not a valid topic name: Kafka does not allow "." or ".." as a name.`);
  if (!/^[A-Za-z0-9._-]+$/.test(name)) {
    throw new UsageError(`"${name}" is not a valid topic name: use letters, digits, ".", "_" and "-".`);
  }
}

export type NewTopic = NewTopicSpec;

/** VAST honours only the partition count and retention, so those are the only settings we send. */
export async function createTopic(session: KafkaSession, topic: NewTopic): Promise<void> {
  validateTopicName(topic.name);
  if (!Number.isInteger(topic.partitions) || topic.partitions < 1) throw new UsageError('The partition count must be a whole number of at least 1.');
  if (topic.retentionMs !== undefined && (!Number.isInteger(topic.retentionMs) || topic.retentionMs < -1)) {
    throw new UsageError('The retention must be a whole number of milliseconds (or -1 for unlimited).');
  }
  const created = await session.withinTimeout(`creating ${topic.name}`, () => session.cluster().createTopic(topic));
  // The broker's state, not the input, is in the way: a runtime failure (CLI exit 1).
  if (!created) throw new EbxError(`A topic named ${topic.name} already exists.`);
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
