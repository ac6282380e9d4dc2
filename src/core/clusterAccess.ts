// The few broker operations core needs, as plain data in and out. Core depends on this interface
// only; `kafka/kafkaJsClusterAccess.ts` implements it over kafkajs, and the unit tests drive core
// with a scripted fake of it (test/unit/support/scriptedCluster.ts). Every failure an implementation
// raises is a `BrokerError` (brokerError.ts), so callers decide on `kind`, never on library text.
import type { TopicAssignment } from './model';

/** ListOffsets sentinels: the first offset still kept, and the (approximate) end. */
export const EARLIEST = -2;
export const LATEST = -1;
/**
 * ListOffsets sentinel (KIP-734, Kafka 3.0+): the record with the largest timestamp the partition
 * keeps, with that timestamp. A broker without ListOffsets v7 refuses it (a BrokerError, `fatal`).
 */
export const MAX_TIMESTAMP = -3;

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

export interface BrokerNode {
  nodeId: number;
  host: string;
  port: number;
  /** null when the broker has no rack (VAST never has one). */
  rack: string | null;
}

export interface Metadata {
  clusterId: string;
  controller: number | null;
  brokers: BrokerNode[];
  topics: TopicMeta[];
}

/** One request a broker accepts and the versions of it the broker speaks, as its ApiVersions answer says. */
export interface ApiVersionRange {
  apiKey: number;
  /** Kafka's name for the request ("Fetch", "Metadata"); "API <key>" for a key no table names. */
  name: string;
  minVersion: number;
  maxVersion: number;
}

export interface OffsetQuery {
  topic: string;
  partition: number;
  /** The partition's leader (from metadata the caller already has): requests are grouped by it. */
  leader: number;
  /** EARLIEST, LATEST, MAX_TIMESTAMP, or epoch milliseconds. */
  timestamp: number;
}

export interface OffsetAnswer {
  topic: string;
  partition: number;
  /** -1 when asked by time and no event is at or after it. */
  offset: number;
  /** The record's time: asked by time or MAX_TIMESTAMP; null for EARLIEST, LATEST and an empty partition. */
  timestamp: number | null;
}

export type HeaderValue = Buffer | Buffer[] | null | undefined;

/** The headers of every record that has none: one shared, frozen object (no allocation per record). */
export const NO_HEADERS: Record<string, HeaderValue> = Object.freeze(Object.create(null) as Record<string, HeaderValue>);

export interface RawRecord {
  offset: number;
  timestamp: number;
  key: Buffer | null;
  value: Buffer | null;
  headers: Record<string, HeaderValue>;
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
  /**
   * Fetch the same partitions on at once when the answer had records (default true): a reader
   * gains, a one-shot look (a lag sample) would only double its requests on the wire.
   */
  readAhead?: boolean;
  /**
   * Decode only the first record at or after each partition's offset (default false): a lag sample
   * looks at no other, and a busy partition's answer can hold hundreds.
   */
  firstRecordOnly?: boolean;
}

export interface FetchedPartition {
  topic: string;
  partition: number;
  highWatermark: number;
  /**
   * The end of what a read-committed reader may read (below the high watermark while a transaction
   * is open); absent when the broker does not say.
   */
  lastStableOffset?: number;
  /** Records at or after the requested offset, control records removed. */
  records: RawRecord[];
  /** The offset to ask for next: past the last batch returned (batches can end in gaps or control records). */
  nextOffset: number;
}

export interface GroupMemberDescription {
  memberId: string;
  clientId: string;
  clientHost: string;
  /** Decoded for the `consumer` protocol; empty for other protocols or an unreadable assignment. */
  assignment: TopicAssignment[];
}

export interface GroupDescription {
  groupId: string;
  /** 'consumer' when described by ConsumerGroupDescribe (KIP-848); absent from the classic DescribeGroups. */
  type?: string;
  /** The group epoch (ConsumerGroupDescribe only). */
  epoch?: number;
  errorCode: number;
  /** The broker's error code name when errorCode is not 0 (e.g. GROUP_AUTHORIZATION_FAILED). */
  errorType?: string;
  state: string;
  protocolType: string;
  protocol: string;
  members: GroupMemberDescription[];
}

/** A group as ListGroups names it. */
export interface ListedGroup {
  groupId: string;
  protocolType: string;
  /**
   * 'classic', 'consumer' (the KIP-848 protocol, Kafka 4's default for Java clients), or what the
   * broker says ('share', 'streams'); 'classic' from a broker older than ListGroups v5.
   */
  type: string;
  /** From ListGroups v4 on; absent from older brokers. */
  state?: string;
}

export interface CommittedOffset {
  topic: string;
  partition: number;
  /** -1 when the group has no commit for this partition. */
  offset: number;
}

export interface OffsetToCommit {
  topic: string;
  partition: number;
  offset: number;
}

export interface PartitionOutcome {
  topic: string;
  partition: number;
  /** null when it worked; otherwise the broker's error code name (e.g. UNKNOWN_MEMBER_ID). */
  error: string | null;
}

export interface GroupOutcome {
  groupId: string;
  /** null when it worked; otherwise the broker's error code name (e.g. NON_EMPTY_GROUP). */
  error: string | null;
}

export interface NewTopicSpec {
  name: string;
  partitions: number;
  retentionMs?: number;
  /** Absent: the broker's default (default.replication.factor). */
  replicationFactor?: number;
  /** Topic configuration entries (retention.ms among them when retentionMs is set). */
  configs?: Record<string, string>;
}

/** One entry of a topic's configuration, as DescribeConfigs reports it. */
export interface ConfigEntry {
  name: string;
  /** null when the broker hides it (sensitive) or it has no value. */
  value: string | null;
  /** Kafka's name for where the value comes from: DYNAMIC_TOPIC_CONFIG, STATIC_BROKER_CONFIG, DEFAULT_CONFIG, … */
  source: string;
  isDefault: boolean;
  readOnly: boolean;
  sensitive: boolean;
}

/** Set an entry to a value, or (value null) delete the topic's override so the default applies again. */
export interface ConfigChange {
  name: string;
  value: string | null;
}

export interface RecordsDeletion {
  partition: number;
  /** Records before this offset are removed; the partition's first offset becomes this one. */
  beforeOffset: number;
}

export interface RecordToProduce {
  key: string | Buffer | null;
  value: string | Buffer | null;
  headers?: Record<string, string | Buffer>;
  partition?: number;
  timestamp?: number;
}

export interface ClusterAccess {
  /** One Metadata request for every topic the user may see. */
  metadata(): Promise<Metadata>;
  /** Partitions of one topic, from a fresh Metadata request; fails with kind `unknownTopic` when it does not exist. */
  topicMetadata(topic: string): Promise<TopicMeta>;
  /** Partitions of these topics from one Metadata request; unknown or denied topics are left out. */
  partitionsOf(topics: string[]): Promise<Map<string, PartitionMeta[]>>;
  /** Forget cached leaders (after a leader change or a dropped connection). */
  refreshMetadata(): Promise<void>;
  leaderOf(topic: string, partition: number): Promise<number>;
  /**
   * The leader from metadata already at hand, without a request or an await; undefined when it is
   * not known yet (then ask leaderOf). A reader's first round over 10,000 partitions awaited
   * leaderOf 10,000 times in a row: ~160 ms.
   */
  knownLeaderOf?(topic: string, partition: number): number | undefined;
  /** ApiVersions sent to this broker: every request it accepts, sorted by api key. */
  apiVersions(nodeId: number): Promise<ApiVersionRange[]>;
  /** ListOffsets grouped by leader: one request per broker, whatever the number of topics. */
  listOffsets(queries: OffsetQuery[]): Promise<OffsetAnswer[]>;
  /**
   * One Fetch to one broker for these partitions. A partition's error rejects the whole fetch with a
   * BrokerError naming that partition (`topic`, `partition`), so the reader can recover just it.
   */
  fetch(nodeId: number, requests: FetchRequest[], limits: FetchLimits, signal?: AbortSignal): Promise<FetchedPartition[]>;
  /** ListGroups sent to every broker: each answers for the groups it coordinates. */
  listGroupsPerBroker(): Promise<{ nodeId: number; groups: ListedGroup[] }[]>;
  /** DescribeGroups (classic groups) at their coordinator; it answers a consumer-protocol group as Dead. */
  describeGroups(nodeId: number, groupIds: string[]): Promise<GroupDescription[]>;
  /**
   * ConsumerGroupDescribe (groups of type consumer) at their coordinator; a group of another type
   * answers errorType GROUP_ID_NOT_FOUND. Rejects with code UNSUPPORTED_VERSION when the broker
   * lacks the API (Kafka before 3.7, VAST).
   */
  describeConsumerGroups(nodeId: number, groupIds: string[]): Promise<GroupDescription[]>;
  coordinatorOf(groupId: string): Promise<number>;
  /** Every partition the group has committed (OffsetFetch with null topics). */
  /**
   * `coordinator`: the group's coordinator when the caller knows it (ListGroups was answered by it),
   * which saves a FindCoordinator per group when many groups are read.
   */
  committedOffsets(groupId: string, coordinator?: number): Promise<CommittedOffset[]>;
  /**
   * Commits offsets for a group from outside it (generation -1, no member id): the broker accepts
   * this only while the group has no active members, and creates the group if it does not exist.
   */
  commitOffsets(groupId: string, offsets: OffsetToCommit[]): Promise<PartitionOutcome[]>;
  deleteGroups(nodeId: number, groupIds: string[]): Promise<GroupOutcome[]>;
  /** Returns false when a topic of that name already exists. */
  createTopic(topic: NewTopicSpec): Promise<boolean>;
  deleteTopic(name: string): Promise<void>;
  /** Every entry of a topic's configuration (DescribeConfigs), sensitive values as null. */
  describeTopicConfig(topic: string): Promise<ConfigEntry[]>;
  /**
   * Changes these entries of a topic's configuration and nothing else: IncrementalAlterConfigs where
   * the broker has it; otherwise AlterConfigs with every other override the topic has kept as it is.
   */
  alterTopicConfig(topic: string, changes: ConfigChange[]): Promise<void>;
  /** DeleteRecords: moves each partition's first offset forward; fails on the first partition the broker refuses. */
  deleteRecords(topic: string, deletions: RecordsDeletion[]): Promise<void>;
  /** Produces with VAST-safe settings: no compression, no idempotence, acks from all replicas. */
  produce(topic: string, records: RecordToProduce[]): Promise<void>;
  close(): Promise<void>;
}
