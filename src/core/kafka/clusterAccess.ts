// The one place that reaches into kafkajs internals. kafkajs has no public consumer that reads
// without joining a group, but its internal Cluster and Broker objects can send Metadata,
// ListOffsets, Fetch, ListGroups, DescribeGroups, OffsetFetch and DeleteGroups to the broker we
// choose. Everything above this file uses only the small interface below, so the client library
// can be swapped without touching replay, tail or the admin queries.
import type { Kafka } from 'kafkajs';
import { abortError } from '../errors';

export const EARLIEST = -2;
export const LATEST = -1;

export interface PartitionMeta {
  partition: number;
  leader: number;
  replicas: number[];
  isr: number[];
}

export interface TopicMeta {
  name: string;
  internal: boolean;
  partitions: PartitionMeta[];
}

export interface Metadata {
  clusterId: string;
  controller: number | null;
  brokers: { nodeId: number; host: string; port: number }[];
  topics: TopicMeta[];
}

export interface OffsetQuery {
  topic: string;
  partition: number;
  /** EARLIEST, LATEST, or epoch milliseconds. */
  timestamp: number;
}

export interface OffsetAnswer {
  topic: string;
  partition: number;
  /** -1 when asked by time and no event is at or after it. */
  offset: number;
  timestamp: number | null;
}

export interface RawRecord {
  offset: number;
  timestamp: number;
  key: Buffer | null;
  value: Buffer | null;
  headers: Record<string, Buffer | Buffer[] | null | undefined>;
}

export interface FetchedPartition {
  topic: string;
  partition: number;
  highWatermark: number;
  /** Records at or after the requested offset, control records removed. */
  records: RawRecord[];
  /** The offset to ask for next: past the last batch returned (batches can end in gaps or control records). */
  nextOffset: number;
}

export interface GroupDescription {
  groupId: string;
  errorCode: number;
  state: string;
  protocolType: string;
  protocol: string;
  members: { memberId: string; clientId: string; clientHost: string; memberAssignment: Buffer }[];
}

export interface FetchRequest {
  topic: string;
  partition: number;
  offset: number;
}

export interface FetchLimits {
  maxWaitMs: number;
  maxBytes: number;
  partitionMaxBytes: number;
  /**
   * Give up on a fetch with no answer after this long, and drop the connection it was sent on: a
   * connection made while a broker was restarting can stay silent until the request timeout.
   */
  answerWithinMs?: number;
}

interface KafkaJsRecord {
  offset: string;
  timestamp: string;
  key: Buffer | null;
  value: Buffer | null;
  headers: Record<string, Buffer | Buffer[] | null | undefined>;
  isControlRecord: boolean;
  batchContext: { firstOffset: string; lastOffsetDelta: number };
}

/* eslint-disable @typescript-eslint/no-explicit-any -- kafkajs internals are untyped */
type InternalCluster = any;
type InternalBroker = any;

export class ClusterAccess {
  private connected: Promise<void> | undefined;

  private constructor(private readonly cluster: InternalCluster) {}

  /** Builds an internal Cluster from the Kafka instance's private factory (same config, logger and retry). */
  static create(kafka: Kafka): ClusterAccess {
    const factorySymbol = Object.getOwnPropertySymbols(kafka).find((s) => s.description === 'private:Kafka:createCluster');
    if (!factorySymbol) throw new Error('This kafkajs version has no internal cluster factory: update src/core/kafka/clusterAccess.ts.');
    const create = (kafka as any)[factorySymbol] as (options: object) => InternalCluster;
    // Never let a metadata request create a topic (VAST never does either).
    return new ClusterAccess(create({ allowAutoTopicCreation: false, metadataMaxAge: 60_000 }));
  }

  async connect(): Promise<void> {
    // kafkajs connects to a seed broker only; the broker list (for per-broker requests) comes with metadata.
    this.connected ??= this.cluster.connect().then(() => this.refreshCluster()).catch((err: unknown) => {
      this.connected = undefined;
      throw err;
    });
    return this.connected;
  }

  async disconnect(): Promise<void> {
    this.connected = undefined;
    await this.cluster.disconnect();
  }

  /** One Metadata request for every topic the user may see. */
  async metadata(): Promise<Metadata> {
    await this.connect();
    const broker = await this.anyBroker();
    const raw = await broker.metadata([]); // kafkajs encodes an empty list as null: every topic
    return toMetadata(raw);
  }

  /** Partitions of one topic, from a fresh Metadata request for it alone. */
  async topicMetadata(topic: string): Promise<TopicMeta> {
    await this.connect();
    await this.addTargetTopic(topic);
    await this.refreshCluster();
    const partitions = this.cluster.findTopicPartitionMetadata(topic) as any[];
    return {
      name: topic,
      internal: false,
      partitions: partitions
        .map((p) => ({ partition: p.partitionId, leader: p.leader, replicas: p.replicas, isr: p.isr }))
        .sort((a, b) => a.partition - b.partition),
    };
  }

  /** Leaders of every partition of these topics, from one Metadata request. Unknown topics are left out. */
  async partitionsOf(topics: string[]): Promise<Map<string, PartitionMeta[]>> {
    await this.connect();
    const result = new Map<string, PartitionMeta[]>();
    if (topics.length === 0) return result;
    const broker = await this.anyBroker();
    const raw = await broker.metadata([...new Set(topics)]).catch(async () => {
      // One deleted or denied topic makes kafkajs reject the whole answer: ask one by one.
      const each = await Promise.all(topics.map((t) => broker.metadata([t]).catch(() => undefined)));
      return { brokers: [], topicMetadata: each.flatMap((m: any) => (m ? m.topicMetadata : [])) };
    });
    for (const t of toMetadata(raw).topics) result.set(t.name, t.partitions);
    return result;
  }

  /** Forget cached leaders after a leader change or a dropped connection. */
  async refreshMetadata(): Promise<void> {
    await this.connect();
    await this.refreshCluster();
  }

  async leaderOf(topic: string, partition: number): Promise<number> {
    await this.connect();
    await this.addTargetTopic(topic);
    const leaders = this.cluster.findLeaderForPartitions(topic, [partition]) as Record<string, number[]>;
    const nodeId = Object.keys(leaders)[0];
    if (nodeId === undefined) throw new Error(`No leader is known for ${topic} partition ${partition}.`);
    return Number(nodeId);
  }

  /**
   * ListOffsets grouped by leader: one request per broker, whatever the number of topics.
   * The caller passes the leader of each partition (from metadata it already has).
   */
  async listOffsets(queries: (OffsetQuery & { leader: number })[]): Promise<OffsetAnswer[]> {
    await this.connect();
    const byLeader = groupBy(queries, (q) => q.leader);
    const answers = await Promise.all(
      [...byLeader].map(async ([leader, forLeader]) => {
        const broker = await this.broker(leader);
        const byTopic = groupBy(forLeader, (q) => q.topic);
        const { responses } = await broker.listOffsets({
          isolationLevel: 1,
          topics: [...byTopic].map(([topic, qs]) => ({
            topic,
            partitions: qs.map((q) => ({ partition: q.partition, timestamp: String(q.timestamp) })),
          })),
        });
        return (responses as any[]).flatMap((r) =>
          (r.partitions as any[]).map((p) => ({
            topic: r.topic as string,
            partition: p.partition as number,
            offset: Number(p.offset),
            timestamp: p.timestamp === undefined || Number(p.timestamp) < 0 ? null : Number(p.timestamp),
          })),
        );
      }),
    );
    return answers.flat();
  }

  /** One Fetch to one broker for the given partitions; decoded by kafkajs (codecs registered in codecs.ts). */
  async fetch(nodeId: number, requests: FetchRequest[], limits: FetchLimits, signal?: AbortSignal): Promise<FetchedPartition[]> {
    if (signal?.aborted) throw abortError();
    await this.connect();
    const broker = await this.broker(nodeId);
    const byTopic = groupBy(requests, (r) => r.topic);
    const asked = new Map(requests.map((r) => [`${r.topic}:${r.partition}`, r.offset]));
    const request = broker.fetch({
      replicaId: -1,
      isolationLevel: 1,
      maxWaitTime: limits.maxWaitMs,
      minBytes: 1,
      maxBytes: limits.maxBytes,
      topics: [...byTopic].map(([topic, rs]) => ({
        topic,
        partitions: rs.map((r) => ({ partition: r.partition, fetchOffset: String(r.offset), maxBytes: limits.partitionMaxBytes })),
      })),
    });
    const response = limits.answerWithinMs === undefined ? await request : await this.answerWithin(request, limits.answerWithinMs, nodeId, broker);
    const out: FetchedPartition[] = [];
    for (const topicResponse of response.responses as any[]) {
      for (const p of topicResponse.partitions as any[]) {
        const from = asked.get(`${topicResponse.topicName}:${p.partition}`) ?? 0;
        out.push(toFetchedPartition(topicResponse.topicName, p, from));
      }
    }
    return out;
  }

  private async answerWithin<T>(request: Promise<T>, ms: number, nodeId: number, broker: InternalBroker): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const silent = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const err = new Error(`Fetch from broker ${nodeId} timed out: no answer within ${ms} ms; reconnecting.`);
        err.name = 'KafkaJSRequestTimeoutError';
        // Fail whatever waits on this broker's connections and close them; the next request reconnects.
        for (const connection of (broker.connectionPool?.pool ?? []) as any[]) connection.rejectRequests?.(err);
        Promise.resolve(broker.disconnect()).catch(() => undefined);
        reject(err);
      }, ms);
    });
    request.catch(() => undefined);
    try {
      return await Promise.race([request, silent]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** ListGroups sent to every broker: each answers for the groups it coordinates. */
  async listGroupsPerBroker(): Promise<{ nodeId: number; groups: { groupId: string; protocolType: string }[] }[]> {
    await this.connect();
    const nodeIds = (this.cluster.getNodeIds() as Array<string | number>).map(Number);
    return Promise.all(
      nodeIds.map(async (nodeId) => {
        const broker = await this.broker(nodeId);
        const { groups } = await broker.listGroups();
        return { nodeId, groups: (groups as any[]).map((g) => ({ groupId: g.groupId, protocolType: g.protocolType })) };
      }),
    );
  }

  async describeGroups(nodeId: number, groupIds: string[]): Promise<GroupDescription[]> {
    const broker = await this.broker(nodeId);
    const { groups } = await broker.describeGroups({ groupIds });
    return groups;
  }

  /**
   * FindCoordinator sent by us rather than through kafkajs's helper, which turns every failure
   * (a denied group included) into "coordinator not found".
   */
  async coordinatorOf(groupId: string): Promise<number> {
    await this.connect();
    for (let attempt = 0; ; attempt++) {
      try {
        const broker = await this.anyBroker();
        const { coordinator } = await broker.findGroupCoordinator({ groupId, coordinatorType: 0 });
        return Number(coordinator.nodeId);
      } catch (err) {
        const type = (err as { type?: string }).type;
        const transient = type === 'GROUP_COORDINATOR_NOT_AVAILABLE' || type === 'COORDINATOR_NOT_AVAILABLE' || type === 'COORDINATOR_LOAD_IN_PROGRESS';
        if (!transient || attempt >= 5) throw err;
        await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
      }
    }
  }

  /** Committed offsets of one group for every partition it committed (OffsetFetch with null topics). */
  async committedOffsets(groupId: string): Promise<{ topic: string; partition: number; offset: number }[]> {
    const nodeId = await this.coordinatorOf(groupId);
    const broker = await this.broker(nodeId);
    // kafkajs encodes an empty topic list as null: every partition the group committed.
    const { responses } = await broker.offsetFetch({ groupId, topics: [] });
    return (responses as any[]).flatMap((r) =>
      (r.partitions as any[]).map((p) => ({ topic: r.topic as string, partition: p.partition as number, offset: Number(p.offset) })),
    );
  }

  async deleteGroups(nodeId: number, groupIds: string[]): Promise<{ groupId: string; errorCode: number; error?: { type?: string; message?: string } }[]> {
    const broker = await this.broker(nodeId);
    const { results } = await broker.deleteGroups(groupIds);
    return results;
  }

  /** The broker with this node id, refreshing metadata once when it is not known yet. */
  private async broker(nodeId: number): Promise<InternalBroker> {
    try {
      return await this.cluster.findBroker({ nodeId: String(nodeId) });
    } catch (err) {
      if ((err as Error).name !== 'KafkaJSBrokerNotFound') throw err;
      await this.refreshCluster();
      return this.cluster.findBroker({ nodeId: String(nodeId) });
    }
  }

  /**
   * kafkajs refreshes metadata for every topic this cluster object ever read, in one request, and
   * that request fails as a whole once one of them is deleted: every later call of a long-lived
   * session (the extension keeps one per connection) would fail too. So a failure for an unknown
   * topic drops the topics that no longer exist from the list, and asks again.
   */
  private async refreshCluster(): Promise<void> {
    try {
      await this.cluster.refreshMetadata();
    } catch (err) {
      if (!(await this.forgetDeletedTopics(err))) throw err;
      await this.cluster.refreshMetadata();
    }
  }

  private async addTargetTopic(topic: string): Promise<void> {
    try {
      await this.cluster.addTargetTopic(topic);
    } catch (err) {
      if (!(await this.forgetDeletedTopics(err))) throw err;
      await this.cluster.addTargetTopic(topic);
    }
  }

  /** True when some of the topics kafkajs keeps asking for no longer exist (and are now forgotten). */
  private async forgetDeletedTopics(err: unknown): Promise<boolean> {
    if ((err as { type?: string }).type !== 'UNKNOWN_TOPIC_OR_PARTITION') return false;
    const targets = this.cluster.targetTopics as Set<string>;
    if (!targets || targets.size === 0) return false;
    const broker = await this.anyBroker();
    const existing = new Set(((await broker.metadata([])).topicMetadata as any[]).map((t) => t.topic as string));
    const gone = [...targets].filter((t) => !existing.has(t));
    gone.forEach((t) => targets.delete(t));
    return gone.length > 0;
  }

  private async anyBroker(): Promise<InternalBroker> {
    return this.cluster.brokerPool.findConnectedBroker();
  }
}

function toMetadata(raw: any): Metadata {
  return {
    clusterId: raw.clusterId ?? '',
    controller: typeof raw.controllerId === 'number' && raw.controllerId >= 0 ? raw.controllerId : null,
    brokers: (raw.brokers as any[]).map((b) => ({ nodeId: b.nodeId, host: b.host, port: b.port })).sort((a, b) => a.nodeId - b.nodeId),
    topics: (raw.topicMetadata as any[]).map((t) => ({
      name: t.topic,
      internal: Boolean(t.isInternal),
      partitions: (t.partitionMetadata as any[])
        .map((p) => ({ partition: p.partitionId, leader: p.leader, replicas: p.replicas, isr: p.isr }))
        .sort((a, b) => a.partition - b.partition),
    })),
  };
}

function toFetchedPartition(topic: string, p: any, from: number): FetchedPartition {
  const messages = p.messages as KafkaJsRecord[];
  let nextOffset = from;
  const records: RawRecord[] = [];
  for (const m of messages) {
    const offset = Number(m.offset);
    const batchEnd = Number(m.batchContext?.firstOffset ?? offset) + (m.batchContext?.lastOffsetDelta ?? 0) + 1;
    if (batchEnd > nextOffset) nextOffset = batchEnd;
    if (offset + 1 > nextOffset) nextOffset = offset + 1;
    // A compressed batch can start before the offset asked for; control records are not events.
    if (offset < from || m.isControlRecord) continue;
    records.push({ offset, timestamp: Number(m.timestamp), key: m.key, value: m.value, headers: m.headers ?? {} });
  }
  return { topic, partition: p.partition, highWatermark: Number(p.highWatermark), records, nextOffset };
}

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
