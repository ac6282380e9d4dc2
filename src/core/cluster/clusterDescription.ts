// The cluster as its metadata describes it: id, controller, brokers, and how many topics and
// partitions it holds (the largest topic too, for VAST's ceilings in clusterTotals.ts).
import type { Metadata } from '../clusterAccess';
import type { KafkaSession } from '../session';

export interface BrokerDescription {
  id: number;
  host: string;
  port: number;
  rack: string | null;
}

export interface ClusterDescription {
  clusterId: string;
  /** null when the broker names none (VAST may not). */
  controller: number | null;
  brokers: BrokerDescription[];
  topics: number;
  partitions: number;
  /** The topic with the most partitions (the first by name among equals); null when there are no topics. */
  largestTopic: { name: string; partitions: number } | null;
}

/** One Metadata request for every topic: what the tree derives both its topics and its cluster from. */
export function readClusterMetadata(session: KafkaSession): Promise<Metadata> {
  return session.withinTimeout('reading the cluster', () => session.cluster().metadata());
}

export async function describeCluster(session: KafkaSession): Promise<ClusterDescription> {
  return clusterDescriptionOf(await readClusterMetadata(session));
}

export function clusterDescriptionOf(metadata: Metadata): ClusterDescription {
  let largestTopic: ClusterDescription['largestTopic'] = null;
  for (const t of metadata.topics) {
    const partitions = t.partitions.length;
    if (!largestTopic || partitions > largestTopic.partitions || (partitions === largestTopic.partitions && t.name < largestTopic.name)) largestTopic = { name: t.name, partitions };
  }
  return {
    clusterId: metadata.clusterId,
    controller: metadata.controller,
    brokers: metadata.brokers.map((b) => ({ id: b.nodeId, host: b.host, port: b.port, rack: b.rack })),
    topics: metadata.topics.length,
    partitions: metadata.topics.reduce((sum, t) => sum + t.partitions.length, 0),
    largestTopic,
  };
}
