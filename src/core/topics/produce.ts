// Producing records, with the settings VAST requires.
import type { KafkaSession } from '../session';
import { UsageError } from '../errors';
import { validateTopicName } from './topicName';

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
