import type { PartitionInfo } from './model';
import type { KafkaSession } from './session';
import { EARLIEST, LATEST } from './clusterAccess';
import { askAgainWhileLeadersSettle } from './askAgain';

export interface TopicPartitionInfo extends PartitionInfo {
  topic: string;
}

/**
 * Low and high offsets of every partition of every topic (or only of `topics`), for a whole-tree
 * refresh: one Metadata request, then two ListOffsets per leader broker — never one per topic, so
 * the cost grows with brokers, not with the thousands of partitions a view may hold.
 */
export async function partitionWatermarks(session: KafkaSession, topics?: string[]): Promise<TopicPartitionInfo[]> {
  const access = session.cluster();
  return session.withinTimeout('reading the offsets of every partition', () => askAgainWhileLeadersSettle(async () => {
    const metas = topics ? [...(await access.partitionsOf(topics))].map(([name, partitions]) => ({ name, partitions })) : (await access.metadata()).topics;
    const withLeader = metas.flatMap((t) => t.partitions.filter((p) => p.leader >= 0).map((p) => ({ topic: t.name, ...p })));
    const queries = (timestamp: number) => withLeader.map((p) => ({ topic: p.topic, partition: p.partition, leader: p.leader, timestamp }));
    const [lows, highs] = await Promise.all([access.listOffsets(queries(EARLIEST)), access.listOffsets(queries(LATEST))]);
    const key = (topic: string, partition: number) => `${topic}\u0000${partition}`;
    const low = new Map(lows.map((o) => [key(o.topic, o.partition), o.offset]));
    const high = new Map(highs.map((o) => [key(o.topic, o.partition), o.offset]));
    return metas.flatMap((t) =>
      t.partitions.map((p) => ({
        topic: t.name,
        partition: p.partition,
        leader: p.leader,
        replicas: p.replicas,
        isr: p.isr,
        low: low.get(key(t.name, p.partition)) ?? 0,
        high: high.get(key(t.name, p.partition)) ?? 0,
        highApproximate: true as const,
      })),
    );
  }));
}
