// Types for the parts of kafkajs 2.2.4's internal Cluster and Broker that kafkaJsClusterAccess.ts
// calls. kafkajs ships no typings for them (its public `Cluster`/`Broker` types are partial and
// answer `any`), so these describe exactly what we use, read from its source:
// node_modules/kafkajs/src/cluster/index.js, broker/index.js, network/connectionPool.js and the
// decoders in protocol/requests/*/v*/response.js. Fields that only some protocol versions carry
// are optional; strings the protocol allows to be null are `string | null`.
// Upgrading kafkajs means checking these against its source again.

/** Metadata (v0–v6): the brokers, the controller and every topic asked for. */
export interface MetadataResponse {
  brokers: { nodeId: number; host: string; port: number; rack?: string | null }[];
  /** v2 and later. */
  clusterId?: string | null;
  /** v1 and later; -1 when the broker knows none. */
  controllerId?: number;
  topicMetadata: TopicMetadataResponse[];
}

export interface TopicMetadataResponse {
  topicErrorCode: number;
  topic: string;
  /** v1 and later. */
  isInternal?: boolean;
  partitionMetadata: PartitionMetadataResponse[];
}

export interface PartitionMetadataResponse {
  partitionErrorCode: number;
  partitionId: number;
  leader: number;
  replicas: number[];
  isr: number[];
}

export interface ListOffsetsArgs {
  replicaId?: number;
  isolationLevel: number;
  topics: { topic: string; partitions: { partition: number; timestamp: string }[] }[];
}

/** ListOffsets, after the Broker normalised v0's `offsets` array to one `offset`. */
export interface ListOffsetsResponse {
  responses: {
    topic: string;
    partitions: { partition: number; errorCode: number; offset: string; timestamp?: string }[];
  }[];
}

export interface ListGroupsResponse {
  errorCode: number;
  groups: { groupId: string; protocolType: string }[];
}

/** DescribeGroups (v0–v2). kafkajs throws on the first group with an error code. */
export interface DescribeGroupsResponse {
  groups: {
    errorCode: number;
    groupId: string;
    state: string;
    protocolType: string;
    protocol: string | null;
    members: { memberId: string; clientId: string; clientHost: string; memberMetadata: Buffer | null; memberAssignment: Buffer | null }[];
  }[];
}

/** FindCoordinator (v0–v2); kafkajs's parse throws when errorCode is not 0. */
export interface FindCoordinatorResponse {
  errorCode: number;
  coordinator: { nodeId: number; host: string; port: number };
}

/** OffsetFetch (v1–v4); an empty `topics` list is encoded as null: every partition committed. */
export interface OffsetFetchResponse {
  responses: {
    topic: string;
    partitions: { partition: number; offset: string; metadata: string | null; errorCode: number }[];
  }[];
}

export interface OffsetCommitArgs {
  groupId: string;
  groupGenerationId: number;
  memberId: string;
  retentionTime?: number;
  topics: { topic: string; partitions: { partition: number; offset: string }[] }[];
}

/** OffsetCommit (v0–v5), decoded but not parsed (so every partition's error code is kept). */
export interface OffsetCommitResponse {
  responses: { topic: string; partitions: { partition: number; errorCode: number }[] }[];
}

/** DeleteGroups (v0–v1): kafkajs attaches the error object to each failed result. */
export interface DeleteGroupsResponse {
  results: { groupId: string; errorCode: number; error?: { type: string } }[];
}

export interface FetchArgs {
  replicaId: number;
  isolationLevel: number;
  maxWaitTime: number;
  minBytes: number;
  maxBytes: number;
  topics: { topic: string; partitions: { partition: number; fetchOffset: string; maxBytes: number }[] }[];
}

/** Fetch (v4–v11), with the record batches decoded by kafkajs. */
export interface FetchResponse {
  responses: {
    topicName: string;
    partitions: { partition: number; errorCode: number; highWatermark: string; messages: unknown[] }[];
  }[];
}

/** One of the two connections a Broker keeps; failing its pending requests frees their callers. */
export interface InternalConnection {
  rejectRequests(error: Error): void;
}

/** CreateTopics (v1–v3): each topic's error code and the broker's reason. */
export interface CreateTopicsResponse {
  topicErrors: { topic: string; errorCode: number; errorMessage?: string | null }[];
}

/** DeleteRecords (v0–v1): per partition, the new first offset or an error code. */
export interface DeleteRecordsResponse {
  topics: { topic: string; partitions: { partition: number; lowWatermark: string; errorCode: number }[] }[];
}

/** A protocol request built for the version the broker agreed on, with its decoder and parser. */
export interface ProtocolRequest {
  request: unknown;
  response: { decode: unknown; parse: (data: unknown) => Promise<unknown> };
}

/** kafkajs's internal Broker: one broker, its connections and its typed requests. */
export interface InternalBroker {
  connectionPool: { pool: InternalConnection[] };
  /** The broker's ApiVersions answer by API key, set once it is connected. */
  versions: Record<number, { minVersion: number; maxVersion: number }> | null;
  /** Builds a request at the negotiated version (set once the broker is connected). */
  lookupRequest(apiKey: number, definitions: unknown): (args: object) => ProtocolRequest;
  disconnect(): Promise<void>;
  /** Sends ApiVersions to this broker now (unlike `versions`, which kafkajs copies from the seed broker). */
  apiVersions(): Promise<Record<number, { minVersion: number; maxVersion: number }>>;
  metadata(topics: string[]): Promise<MetadataResponse>;
  listOffsets(args: ListOffsetsArgs): Promise<ListOffsetsResponse>;
  fetch(args: FetchArgs): Promise<FetchResponse>;
  listGroups(): Promise<ListGroupsResponse>;
  describeGroups(args: { groupIds: string[] }): Promise<DescribeGroupsResponse>;
  findGroupCoordinator(args: { groupId: string; coordinatorType: number }): Promise<FindCoordinatorResponse>;
  offsetFetch(args: { groupId: string; topics: OffsetCommitArgs['topics'] }): Promise<OffsetFetchResponse>;
  deleteGroups(groupIds: string[]): Promise<DeleteGroupsResponse>;
}

/** kafkajs's internal Cluster: the seed connection, the broker pool and the metadata cache. */
export interface InternalCluster {
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  refreshMetadata(): Promise<void>;
  addTargetTopic(topic: string): Promise<void>;
  /** Every topic this Cluster refreshes metadata for; kafkajs adds to it on each addTargetTopic. */
  targetTopics: Set<string>;
  /** Node ids of the brokers from the last metadata: the keys of kafkajs's broker map, so strings. */
  getNodeIds(): string[];
  /** Rejects with a KafkaJSBrokerNotFound error for a node id not in the last metadata. */
  findBroker(args: { nodeId: string }): Promise<InternalBroker>;
  /** Partitions of a topic from the cached metadata; empty for an unknown topic. */
  findTopicPartitionMetadata(topic: string): PartitionMetadataResponse[];
  /** Leader node id (as the key) to the partitions it leads, from the cached metadata. */
  findLeaderForPartitions(topic: string, partitions: number[]): Record<string, number[]>;
  brokerPool: {
    findConnectedBroker(): Promise<InternalBroker>;
    /** One Metadata request for these topics (all of them for an empty list), and the broker map rebuilt from it. */
    refreshMetadata(topics: string[]): Promise<void>;
  };
  /** The broker the last metadata names as controller (KRaft brokers forward to the real one). */
  findControllerBroker(): Promise<InternalBroker>;
}

/** The options kafkajs's private Kafka#createCluster takes (the subset we pass). */
export interface ClusterOptions {
  allowAutoTopicCreation: boolean;
  metadataMaxAge: number;
}
