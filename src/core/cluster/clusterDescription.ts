// The cluster as its metadata describes it: id, controller and brokers.
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
}

export async function describeCluster(session: KafkaSession): Promise<ClusterDescription> {
  const metadata = await session.withinTimeout('reading the cluster', () => session.cluster().metadata());
  return {
    clusterId: metadata.clusterId,
    controller: metadata.controller,
    brokers: metadata.brokers.map((b) => ({ id: b.nodeId, host: b.host, port: b.port, rack: b.rack })),
    topics: metadata.topics.length,
    partitions: metadata.topics.reduce((sum, t) => sum + t.partitions.length, 0),
  };
}
