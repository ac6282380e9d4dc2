// The topics a user may see and a topic's partitions with their offsets: the reads every view starts from.
import type { PartitionInfo, TopicSummary } from '../model';
import type { KafkaSession } from '../session';
import { EARLIEST, LATEST, type Metadata } from '../clusterAccess';
import { askAgainWhileLeadersSettle } from '../askAgain';
import { validateTopicName } from './topicName';
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
    // Partition numbers run from 0 without gaps: arrays index them for less than Maps cost.
    const low = offsetsByPartition(lows);
    const high = offsetsByPartition(highs);
    return meta.partitions.map((p) => ({
      partition: p.partition,
      leader: p.leader,
      replicas: p.replicas,
      isr: p.isr,
      low: low[p.partition] ?? 0,
      high: high[p.partition] ?? 0,
      highApproximate: true as const,
    }));
  }));
}

function offsetsByPartition(answers: readonly { partition: number; offset: number }[]): number[] {
  const byPartition: number[] = [];
  for (const a of answers) byPartition[a.partition] = a.offset;
  return byPartition;
}
