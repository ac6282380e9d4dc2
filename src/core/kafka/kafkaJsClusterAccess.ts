// The one place that reaches into kafkajs. kafkajs has no public consumer that reads without
// joining a group, but its internal Cluster and Broker objects can send Metadata, ListOffsets,
// Fetch, ListGroups, DescribeGroups, OffsetFetch, OffsetCommit and DeleteGroups to the broker we
// choose, and carry the requests we encode ourselves where kafkajs has no version of them
// (groupRequests.ts, topicConfigRequests.ts); its public admin and producer do topic creation,
// deletion and produce. Everything above src/core/kafka/ uses only the ClusterAccess interface, and
// every failure leaves this file as a classified BrokerError.
import { ConfigResourceTypes, Kafka, logLevel, Partitioners, type Admin } from 'kafkajs';
import { createErrorFromCode } from 'kafkajs/src/protocol/error';
import apiKeys from 'kafkajs/src/protocol/requests/apiKeys';
import { abortError } from '../errors';
import { BrokerError } from '../brokerError';
import { DEFAULT_TIMEOUT_MS, type ConnectionOptions } from '../connection';
import type { Logger } from '../logger';
import type {
  ApiVersionRange,
  ClusterAccess,
  CommittedOffset,
  ConfigChange,
  ConfigEntry,
  FetchedPartition,
  FetchLimits,
  FetchRequest,
  GroupDescription,
  GroupOutcome,
  ListedGroup,
  Metadata,
  NewTopicSpec,
  OffsetAnswer,
  OffsetQuery,
  OffsetToCommit,
  PartitionMeta,
  PartitionOutcome,
  RecordsDeletion,
  RecordToProduce,
  TopicMeta,
} from '../clusterAccess';
import { configRefusal, configSourceName, hasIncrementalAlterConfigs, incrementalAlterTopicConfig } from './topicConfigRequests';
import { classified, classifyError } from './classifyError';
import { listOffsetsOn } from './listOffsetsRequest';
import { registerCodecs } from './codecs';
import { repairConnectionReuse } from './connectionReuse';
import { noTopics, patchBrokerMetadata } from './brokersOnlyMetadata';
import { patchRequestQueueTimer } from './requestQueueTimer';
import { FetchReadAhead, type FetchingBroker } from './fetchRequest';
import { forwardKafkaJsLog, kafkaJsConfig } from './kafkaJsConfig';
import { decodeAssignment } from './memberAssignment';
import { describeConsumerGroupsOn, listGroupsOn } from './groupRequests';
import { apiKeyName } from './apiKeyNames';
import { CREATE_TOPICS, DELETE_RECORDS, errorName, sendKeepingPartitionErrors, OFFSET_COMMIT } from './brokerRequests';
import type { ClusterOptions, InternalBroker, InternalCluster, MetadataResponse, PartitionMetadataResponse } from './kafkaJsInternals';


/** A ClusterAccess over kafkajs for these connection options; nothing connects until first use. */
export function createKafkaJsClusterAccess(options: ConnectionOptions, logger: Logger): ClusterAccess {
  return new KafkaJsClusterAccess(options, logger);
}

class KafkaJsClusterAccess implements ClusterAccess {
  private readonly kafka: Kafka;
  private readonly cluster: InternalCluster;
  private connected: Promise<void> | undefined;
  private adminClient: Admin | undefined;
  private adminConnected: Promise<void> | undefined;
  private readonly readAhead = new FetchReadAhead();
  private readonly leaderIndexes = new WeakMap<PartitionMetadataResponse[], Map<number, number>>();

  constructor(
    private readonly options: ConnectionOptions,
    logger: Logger,
  ) {
    registerCodecs();
    repairConnectionReuse();
    patchBrokerMetadata();
    patchRequestQueueTimer();
    this.kafka = new Kafka({
      ...kafkaJsConfig(options, 'event-broker-explorer'),
      logLevel: logLevel.WARN,
      logCreator: forwardKafkaJsLog(logger),
    });
    this.cluster = internalCluster(this.kafka);
  }

  private async connect(): Promise<void> {
    // kafkajs connects to a seed broker only; the broker list (for per-broker requests) comes with metadata.
    this.connected ??= this.cluster.connect().then(() => this.refreshCluster()).catch((err: unknown) => {
      this.connected = undefined;
      throw err;
    });
    return this.connected;
  }

  async close(): Promise<void> {
    // Fetches still under way (a reader that stopped early leaves its read-ahead) first: one that is
    // still connecting would otherwise open its connection after the disconnect and keep it open.
    await this.readAhead.settle();
    const closing: Promise<unknown>[] = [this.cluster.disconnect().catch(() => undefined)];
    if (this.adminClient) closing.push(this.adminClient.disconnect().catch(() => undefined));
    this.connected = undefined;
    this.adminClient = undefined;
    this.adminConnected = undefined;
    await Promise.all(closing);
  }

  /** One Metadata request for every topic the user may see. */
  metadata(): Promise<Metadata> {
    return classified(async () => {
      await this.connect();
      const broker = await this.anyBroker();
      const raw = await broker.metadata([]); // kafkajs encodes an empty list as null: every topic
      return toMetadata(raw);
    });
  }

  /** Partitions of one topic, from a fresh Metadata request for it alone. */
  topicMetadata(topic: string): Promise<TopicMeta> {
    return classified(async () => {
      // A session's first request: the connect's own metadata refresh asks for this topic alone,
      // rather than for every topic of the view (kafkajs asks for all when it has no target yet:
      // with 200,000 partitions a view, megabytes) and then for this topic again.
      const firstConnect = this.connected === undefined && this.cluster.targetTopics.size === 0;
      if (firstConnect) this.cluster.targetTopics.add(topic);
      await this.connect();
      // kafkajs refreshes when a topic is new to it: ask again only for one it already knew. A
      // topic that does not exist was dropped from the targets by the connect: asked again, it fails as it should.
      if (!firstConnect || !this.cluster.targetTopics.has(topic)) {
        const known = this.cluster.targetTopics.has(topic);
        await this.addTargetTopic(topic);
        if (known) await this.refreshCluster();
      }
      const partitions = this.cluster.findTopicPartitionMetadata(topic);
      return {
        name: topic,
        internal: false,
        partitions: partitions
          .map((p) => ({ partition: p.partitionId, leader: p.leader, replicas: p.replicas, isr: p.isr }))
          .sort((a, b) => a.partition - b.partition),
      };
    });
  }

  /** Leaders of every partition of these topics, from one Metadata request. Unknown topics are left out. */
  partitionsOf(topics: string[]): Promise<Map<string, PartitionMeta[]>> {
    return classified(async () => {
      await this.connect();
      const result = new Map<string, PartitionMeta[]>();
      if (topics.length === 0) return result;
      const broker = await this.anyBroker();
      const raw = await broker.metadata([...new Set(topics)]).catch(async () => {
        // One deleted or denied topic makes kafkajs reject the whole answer: ask one by one.
        const each = await Promise.all(topics.map((t) => broker.metadata([t]).catch(() => undefined)));
        return { brokers: [], topicMetadata: each.flatMap((m) => (m ? m.topicMetadata : [])) };
      });
      for (const t of toMetadata(raw).topics) result.set(t.name, t.partitions);
      return result;
    });
  }

  /** Forget cached leaders after a leader change or a dropped connection. */
  refreshMetadata(): Promise<void> {
    return classified(async () => {
      await this.connect();
      await this.refreshCluster();
    });
  }

  leaderOf(topic: string, partition: number): Promise<number> {
    return classified(async () => {
      await this.connect();
      if (!this.cluster.targetTopics.has(topic)) await this.addTargetTopic(topic);
      const leader = this.leaderIndex(topic).get(partition);
      if (leader === undefined || leader === null) throw new BrokerError('retriable', `No leader is known for ${topic} partition ${partition}.`, { topic, partition });
      return leader;
    });
  }

  knownLeaderOf(topic: string, partition: number): number | undefined {
    if (this.connected === undefined || !this.cluster.targetTopics.has(topic)) return undefined;
    try {
      const leader = this.leaderIndex(topic).get(partition);
      return leader === undefined || leader === null || leader < 0 ? undefined : leader;
    } catch {
      return undefined; // not in the metadata kafkajs holds: leaderOf asks for it
    }
  }

  /**
   * Partition to leader for a topic, from kafkajs's cached metadata. kafkajs finds a leader by a
   * linear search of the topic's partitions: a reader of 10,000 partitions asking for each would
   * be quadratic. The index is kept per metadata answer (kafkajs replaces the array on a refresh).
   */
  private leaderIndex(topic: string): Map<number, number> {
    const partitions = this.cluster.findTopicPartitionMetadata(topic);
    let index = this.leaderIndexes.get(partitions);
    if (!index) {
      index = new Map(partitions.map((p) => [p.partitionId, p.leader]));
      this.leaderIndexes.set(partitions, index);
    }
    return index;
  }

  /**
   * ListOffsets grouped by leader: one request per broker, whatever the number of topics.
   * The caller passes the leader of each partition (from metadata it already has).
   */
  listOffsets(queries: OffsetQuery[]): Promise<OffsetAnswer[]> {
    return classified(async () => {
      await this.connect();
      const byLeader = groupBy(queries, (q) => q.leader);
      const requests = [...byLeader].flatMap(([leader, forLeader]) => inPiecesOf(LIST_OFFSETS_PARTITIONS_AT_MOST, forLeader).map((piece) => [leader, piece] as const));
      const answers = await Promise.all(
        requests.map(async ([leader, forLeader]) => {
          const broker = await this.broker(leader);
          const byTopic = groupBy(forLeader, (q) => q.topic);
          // The queries are the request's partitions as they are ({ partition, timestamp } and more).
          return listOffsetsOn(broker, READ_COMMITTED, [...byTopic].map(([topic, partitions]) => ({ topic, partitions })));
        }),
      );
      const offsets: OffsetAnswer[] = [];
      for (const forLeader of answers) {
        for (const a of forLeader) offsets.push({ topic: a.topic, partition: a.partition, offset: a.offset, timestamp: a.timestamp < 0 ? null : a.timestamp });
      }
      return offsets;
    });
  }

  /** One Fetch to one broker for the given partitions, decoded by fetchRequest.ts straight from the response buffer. */
  fetch(nodeId: number, requests: FetchRequest[], limits: FetchLimits, signal?: AbortSignal): Promise<FetchedPartition[]> {
    return classified(async () => {
      if (signal?.aborted) throw abortError();
      await this.connect();
      return this.readAhead.fetch((await this.broker(nodeId)) as FetchingBroker, nodeId, requests, limits);
    });
  }

  /**
   * ApiVersions asked of this broker itself. Not the Broker's `versions`: kafkajs's broker pool hands
   * every broker the seed broker's answer (cluster/brokerPool.js), which would show the seed's
   * versions for every node of a cluster in a rolling upgrade.
   */
  apiVersions(nodeId: number): Promise<ApiVersionRange[]> {
    return classified(async () => {
      await this.connect();
      const versions = await (await this.broker(nodeId)).apiVersions();
      return Object.entries(versions)
        .map(([key, range]) => ({ apiKey: Number(key), name: apiKeyName(Number(key)), minVersion: range.minVersion, maxVersion: range.maxVersion }))
        .sort((a, b) => a.apiKey - b.apiKey);
    });
  }

  /** ListGroups sent to every broker: each answers for the groups it coordinates. */
  listGroupsPerBroker(): Promise<{ nodeId: number; groups: ListedGroup[] }[]> {
    return classified(async () => {
      await this.connect();
      const nodeIds = this.cluster.getNodeIds().map(Number);
      return Promise.all(nodeIds.map(async (nodeId) => ({ nodeId, groups: await listGroupsOn(await this.broker(nodeId)) })));
    });
  }

  /** ConsumerGroupDescribe for KIP-848 groups (groupRequests.ts encodes it; kafkajs has none). */
  describeConsumerGroups(nodeId: number, groupIds: string[]): Promise<GroupDescription[]> {
    return classified(async () => describeConsumerGroupsOn(await this.broker(nodeId), groupIds));
  }

  describeGroups(nodeId: number, groupIds: string[]): Promise<GroupDescription[]> {
    return classified(async () => {
      const broker = await this.broker(nodeId);
      const { groups } = await broker.describeGroups({ groupIds });
      return groups.map(
        (g): GroupDescription => ({
          groupId: g.groupId,
          errorCode: g.errorCode,
          errorType: errorName(g.errorCode) ?? undefined,
          state: g.state,
          protocolType: g.protocolType,
          protocol: g.protocol ?? '',
          members: g.members.map((m) => ({
            memberId: m.memberId,
            clientId: m.clientId,
            clientHost: m.clientHost,
            assignment: decodeAssignment(m.memberAssignment, g.protocolType),
          })),
        }),
      );
    });
  }

  /**
   * FindCoordinator sent by us rather than through kafkajs's helper, which turns every failure
   * (a denied group included) into "coordinator not found".
   */
  coordinatorOf(groupId: string): Promise<number> {
    return classified(async () => {
      await this.connect();
      for (let attempt = 0; ; attempt++) {
        try {
          const broker = await this.anyBroker();
          const { coordinator } = await broker.findGroupCoordinator({ groupId, coordinatorType: 0 });
          return Number(coordinator.nodeId);
        } catch (err) {
          const classifiedError = classifyError(err);
          const transient = classifiedError instanceof BrokerError && classifiedError.kind === 'retriable' && classifiedError.code !== undefined;
          if (!transient || attempt >= 5) throw classifiedError;
          await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
        }
      }
    });
  }

  /** Committed offsets of one group for every partition it committed (OffsetFetch with null topics). */
  committedOffsets(groupId: string, coordinator?: number): Promise<CommittedOffset[]> {
    return classified(async () => {
      await this.connect();
      const nodeId = coordinator ?? (await this.coordinatorOf(groupId));
      const broker = await this.broker(nodeId);
      // kafkajs encodes an empty topic list as null: every partition the group committed.
      const { responses } = await broker.offsetFetch({ groupId, topics: [] });
      return responses.flatMap((r) => r.partitions.map((p) => ({ topic: r.topic, partition: p.partition, offset: Number(p.offset) })));
    });
  }

  deleteGroups(nodeId: number, groupIds: string[]): Promise<GroupOutcome[]> {
    return classified(async () => {
      const broker = await this.broker(nodeId);
      const { results } = await broker.deleteGroups(groupIds);
      return results.map((r) => ({ groupId: r.groupId, error: r.errorCode === 0 ? null : (r.error?.type ?? errorName(r.errorCode)) }));
    });
  }

  commitOffsets(groupId: string, offsets: OffsetToCommit[]): Promise<PartitionOutcome[]> {
    return classified(async () => {
      if (offsets.length === 0) return [];
      await this.connect();
      const broker = await this.broker(await this.coordinatorOf(groupId));
      const byTopic = groupBy(offsets, (o) => o.topic);
      // Generation -1 and no member id: a commit from outside the group, accepted only while it is empty.
      const { responses } = await sendKeepingPartitionErrors(broker, OFFSET_COMMIT, {
        groupId,
        groupGenerationId: -1,
        memberId: '',
        topics: [...byTopic].map(([topic, list]) => ({ topic, partitions: list.map((o) => ({ partition: o.partition, offset: String(o.offset) })) })),
      });
      return responses.flatMap((r) => r.partitions.map((p) => ({ topic: r.topic, partition: p.partition, error: errorName(p.errorCode) })));
    });
  }

  createTopic(topic: NewTopicSpec): Promise<boolean> {
    return classified(async () => {
      const admin = await this.admin();
      const configs = { ...topic.configs, ...(topic.retentionMs === undefined ? {} : { 'retention.ms': String(topic.retentionMs) }) };
      const topics = [
        {
          topic: topic.name,
          numPartitions: topic.partitions,
          replicationFactor: topic.replicationFactor ?? -1,
          configEntries: Object.entries(configs).map(([name, value]) => ({ name, value })),
        },
      ];
      try {
        return await admin.createTopics({ waitForLeaders: true, topics });
      } catch (err) {
        throw (await this.creationRefusal(topics)) ?? err;
      }
    });
  }

  /**
   * kafkajs keeps only the error code of a refused CreateTopics ("INVALID_CONFIG"), not the
   * broker's reason ("Invalid value abc for configuration retention.ms: Not a number of type
   * LONG"): ask the controller again with validate_only and keep its message.
   */
  private async creationRefusal(topics: object[]): Promise<BrokerError | undefined> {
    try {
      await this.connect();
      const controller = await this.cluster.findControllerBroker();
      const { topicErrors } = await sendKeepingPartitionErrors(controller, CREATE_TOPICS, { topics, validateOnly: true, timeout: this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS });
      const refused = topicErrors.find((t) => t.errorCode !== 0 && t.errorMessage);
      if (!refused?.errorMessage) return undefined;
      const code = errorName(refused.errorCode) ?? 'UNKNOWN_SERVER_ERROR';
      if (code === 'TOPIC_ALREADY_EXISTS' || code === 'TOPIC_AUTHORIZATION_FAILED' || code === 'CLUSTER_AUTHORIZATION_FAILED') return undefined;
      return new BrokerError('fatal', `The broker refused to create ${refused.topic}: ${refused.errorMessage.trim().replace(/\.$/, '')}. Nothing was created.`, { topic: refused.topic, code });
    } catch {
      return undefined;
    }
  }

  deleteTopic(name: string): Promise<void> {
    return classified(async () => {
      const admin = await this.admin();
      await admin.deleteTopics({ topics: [name], timeout: this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS });
    });
  }

  describeTopicConfig(topic: string): Promise<ConfigEntry[]> {
    return classified(async () => {
      const admin = await this.admin();
      const { resources } = await admin.describeConfigs({ resources: [{ type: ConfigResourceTypes.TOPIC, name: topic }], includeSynonyms: false });
      const resource = resources.find((r) => r.resourceName === topic);
      if (!resource) throw new BrokerError('fatal', `The broker sent no configuration for ${topic}.`, { topic });
      if (resource.errorCode !== 0) throw configRefusal(topic, resource.errorCode, resource.errorMessage);
      return resource.configEntries.map((e) => {
        const source = configSourceName((e as { configSource?: number }).configSource);
        return {
          name: e.configName,
          value: e.isSensitive ? null : (e.configValue ?? null),
          source,
          isDefault: e.isDefault,
          readOnly: e.readOnly,
          sensitive: e.isSensitive,
        };
      });
    });
  }

  alterTopicConfig(topic: string, changes: ConfigChange[]): Promise<void> {
    return classified(async () => {
      if (changes.length === 0) return;
      await this.connect();
      // Topic configuration is kept by the controller; any broker forwards the request to it.
      const broker = await this.anyBroker();
      if (hasIncrementalAlterConfigs(broker)) return incrementalAlterTopicConfig(broker, topic, changes);
      // An older broker: AlterConfigs replaces the whole set of overrides, so send the ones kept too.
      const current = await this.describeTopicConfig(topic);
      const kept = current.filter((e) => e.source === 'DYNAMIC_TOPIC_CONFIG' && !changes.some((c) => c.name === e.name));
      const hidden = kept.find((e) => e.sensitive);
      if (hidden) throw new BrokerError('fatal', `This broker can only replace all of ${topic}'s settings at once, and ${hidden.name} is hidden from us: change it with the broker's own tools. Nothing was changed.`, { topic });
      const entries = [...kept.map((e) => ({ name: e.name, value: e.value ?? '' })), ...changes.filter((c) => c.value !== null).map((c) => ({ name: c.name, value: c.value as string }))];
      const admin = await this.admin();
      await admin.alterConfigs({ validateOnly: false, resources: [{ type: ConfigResourceTypes.TOPIC, name: topic, configEntries: entries }] });
    });
  }

  /** DeleteRecords to each partition's leader; the first partition refused fails the call with its code and partition. */
  deleteRecords(topic: string, deletions: RecordsDeletion[]): Promise<void> {
    return classified(async () => {
      if (deletions.length === 0) return;
      await this.connect();
      await this.addTargetTopic(topic);
      const leaders = this.cluster.findLeaderForPartitions(topic, deletions.map((d) => d.partition));
      const answers = await Promise.all(
        Object.entries(leaders).map(async ([nodeId, partitions]) => {
          const broker = await this.broker(Number(nodeId));
          if (!broker.versions?.[apiKeys.DeleteRecords]) {
            throw new BrokerError('fatal', 'The broker does not offer DeleteRecords (it is not in its API versions).', { topic, code: 'UNSUPPORTED_VERSION' });
          }
          const led = new Set(partitions);
          const wanted = deletions.filter((d) => led.has(d.partition));
          return sendKeepingPartitionErrors(broker, DELETE_RECORDS, {
            topics: [{ topic, partitions: wanted.map((d) => ({ partition: d.partition, offset: String(d.beforeOffset) })) }],
            timeout: this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
          });
        }),
      );
      const refused = answers.flatMap((a) => a.topics.flatMap((t) => t.partitions)).find((p) => p.errorCode !== 0);
      if (refused) throw Object.assign(createErrorFromCode(refused.errorCode), { topic, partition: refused.partition });
      const led = new Set(Object.values(leaders).flat());
      const leaderless = deletions.find((d) => !led.has(d.partition));
      if (leaderless) throw new BrokerError('retriable', `No leader is known for ${topic} partition ${leaderless.partition}.`, { topic, partition: leaderless.partition });
    });
  }

  produce(topic: string, records: RecordToProduce[]): Promise<void> {
    return classified(async () => {
      const producer = this.kafka.producer({ idempotent: false, allowAutoTopicCreation: false, createPartitioner: Partitioners.DefaultPartitioner, retry: { retries: 2 } });
      await producer.connect();
      try {
        await producer.send({
          topic,
          acks: -1,
          messages: records.map((r) => ({
            key: r.key,
            value: r.value,
            headers: r.headers,
            partition: r.partition,
            timestamp: r.timestamp === undefined ? undefined : String(r.timestamp),
          })),
        });
      } finally {
        await producer.disconnect().catch(() => undefined);
      }
    });
  }

  private async admin(): Promise<Admin> {
    this.adminClient ??= this.kafka.admin({ retry: { retries: 2 } });
    this.adminConnected ??= this.adminClient.connect().catch((err: unknown) => {
      this.adminConnected = undefined;
      throw err;
    });
    await this.adminConnected;
    return this.adminClient;
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
    // With no topic asked about yet (a session that starts with a group, say), kafkajs would ask for
    // every topic of the view: the brokers are all a refresh needs then.
    if (this.cluster.targetTopics.size === 0) return this.cluster.brokerPool.refreshMetadata(noTopics());
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
    const targets = this.cluster.targetTopics;
    if (targets.size === 0) return false;
    const broker = await this.anyBroker();
    const existing = new Set((await broker.metadata([])).topicMetadata.map((t) => t.topic));
    const gone = [...targets].filter((t) => !existing.has(t));
    gone.forEach((t) => targets.delete(t));
    return gone.length > 0;
  }

  private async anyBroker(): Promise<InternalBroker> {
    return this.cluster.brokerPool.findConnectedBroker();
  }
}

/** The internal Cluster, from the Kafka instance's private factory (same config, logger and retry). */
function internalCluster(kafka: Kafka): InternalCluster {
  const factorySymbol = Object.getOwnPropertySymbols(kafka).find((s) => s.description === 'private:Kafka:createCluster');
  if (!factorySymbol) throw new Error('This kafkajs version has no internal cluster factory: update src/core/kafka/kafkaJsClusterAccess.ts.');
  const create = (kafka as unknown as Record<symbol, (options: ClusterOptions) => InternalCluster>)[factorySymbol];
  // Never let a metadata request create a topic (VAST never does either).
  return create({ allowAutoTopicCreation: false, metadataMaxAge: 60_000 });
}

function toMetadata(raw: MetadataResponse): Metadata {
  return {
    clusterId: raw.clusterId ?? '',
    controller: raw.controllerId !== undefined && raw.controllerId >= 0 ? raw.controllerId : null,
    brokers: raw.brokers.map((b) => ({ nodeId: b.nodeId, host: b.host, port: b.port, rack: b.rack ?? null })).sort((a, b) => a.nodeId - b.nodeId),
    topics: raw.topicMetadata.map((t) => ({
      name: t.topic,
      internal: Boolean(t.isInternal),
      partitions: t.partitionMetadata
        .map((p) => ({ partition: p.partitionId, leader: p.leader, replicas: p.replicas, isr: p.isr }))
        .sort((a, b) => a.partition - b.partition),
    })),
  };
}

/**
 * Partitions in one ListOffsets at most: ~20 bytes each in the request and ~30 in the answer, so
 * ~0.5 MB either way — far inside Kafka's frame limit (socket.request.max.bytes, 100 MB), and a
 * bound whatever a broker's own limit is. A leader of 10,000 partitions (one Apache Kafka broker
 * here at most) still gets one request; a VAST view of 200,000 partitions on one address, twenty.
 */
const LIST_OFFSETS_PARTITIONS_AT_MOST = 20_000;
/** Offsets of committed records only, as consumers with read_committed see them. */
const READ_COMMITTED = 1;

function inPiecesOf<T>(size: number, items: T[]): T[][] {
  if (items.length <= size) return [items];
  const pieces: T[][] = [];
  for (let i = 0; i < items.length; i += size) pieces.push(items.slice(i, i + size));
  return pieces;
}

/**
 * Items by key, in their order. Most calls have one key (one leader, one topic): those return the
 * array itself, since at 10,000 partitions each copy of it costs a one-shot CLI milliseconds.
 */
function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  if (items.length > 0) {
    const first = key(items[0]);
    let i = 1;
    while (i < items.length && key(items[i]) === first) i++;
    if (i === items.length) return new Map([[first, items]]);
  }
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
