// The enforcement of read-only connections: a ClusterAccess that passes every reading call through
// and refuses every changing one, without sending anything. KafkaSession applies it to the access of
// a read-only connection, so whatever path reaches the broker (a command, a CLI subcommand, an agent
// tool, core code written later) goes through it. It implements ClusterAccess method by method, on
// purpose: a method added to the interface does not compile here until someone decides whether it
// reads or changes.
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
} from './clusterAccess';
import { readOnlyRefusal, type ReadOnlySubject } from './readOnly';

export function readOnlyClusterAccess(inner: ClusterAccess, connection: ReadOnlySubject): ClusterAccess {
  return new ReadOnlyClusterAccess(inner, connection);
}

class ReadOnlyClusterAccess implements ClusterAccess {
  constructor(
    private readonly inner: ClusterAccess,
    private readonly connection: ReadOnlySubject,
  ) {}

  // Reading: passed through.
  metadata(): Promise<Metadata> {
    return this.inner.metadata();
  }
  topicMetadata(topic: string): Promise<TopicMeta> {
    return this.inner.topicMetadata(topic);
  }
  partitionsOf(topics: string[]): Promise<Map<string, PartitionMeta[]>> {
    return this.inner.partitionsOf(topics);
  }
  refreshMetadata(): Promise<void> {
    return this.inner.refreshMetadata();
  }
  leaderOf(topic: string, partition: number): Promise<number> {
    return this.inner.leaderOf(topic, partition);
  }
  knownLeaderOf(topic: string, partition: number): number | undefined {
    return this.inner.knownLeaderOf?.(topic, partition);
  }
  apiVersions(nodeId: number): Promise<ApiVersionRange[]> {
    return this.inner.apiVersions(nodeId);
  }
  listOffsets(queries: OffsetQuery[]): Promise<OffsetAnswer[]> {
    return this.inner.listOffsets(queries);
  }
  fetch(nodeId: number, requests: FetchRequest[], limits: FetchLimits, signal?: AbortSignal): Promise<FetchedPartition[]> {
    return this.inner.fetch(nodeId, requests, limits, signal);
  }
  listGroupsPerBroker(): Promise<{ nodeId: number; groups: ListedGroup[] }[]> {
    return this.inner.listGroupsPerBroker();
  }
  describeGroups(nodeId: number, groupIds: string[]): Promise<GroupDescription[]> {
    return this.inner.describeGroups(nodeId, groupIds);
  }
  describeConsumerGroups(nodeId: number, groupIds: string[]): Promise<GroupDescription[]> {
    return this.inner.describeConsumerGroups(nodeId, groupIds);
  }
  coordinatorOf(groupId: string): Promise<number> {
    return this.inner.coordinatorOf(groupId);
  }
  committedOffsets(groupId: string, coordinator?: number): Promise<CommittedOffset[]> {
    return this.inner.committedOffsets(groupId, coordinator);
  }
  describeTopicConfig(topic: string): Promise<ConfigEntry[]> {
    return this.inner.describeTopicConfig(topic);
  }
  close(): Promise<void> {
    return this.inner.close();
  }

  // Changing: refused before anything is sent.
  commitOffsets(groupId: string, _offsets: OffsetToCommit[]): Promise<PartitionOutcome[]> {
    return this.refuse(`committing offsets for consumer group "${groupId}"`);
  }
  deleteGroups(_nodeId: number, groupIds: string[]): Promise<GroupOutcome[]> {
    const named = groupIds.map((id) => `"${id}"`).join(', ');
    return this.refuse(groupIds.length === 1 ? `deleting consumer group ${named}` : `deleting consumer groups ${named}`);
  }
  createTopic(topic: NewTopicSpec): Promise<boolean> {
    return this.refuse(`creating topic "${topic.name}"`);
  }
  deleteTopic(name: string): Promise<void> {
    return this.refuse(`deleting topic "${name}"`);
  }
  alterTopicConfig(topic: string, _changes: ConfigChange[]): Promise<void> {
    return this.refuse(`changing the configuration of topic "${topic}"`);
  }
  deleteRecords(topic: string, _deletions: RecordsDeletion[]): Promise<void> {
    return this.refuse(`deleting records of topic "${topic}"`);
  }
  produce(topic: string, _records: RecordToProduce[]): Promise<void> {
    return this.refuse(`producing to topic "${topic}"`);
  }

  private refuse(what: string): Promise<never> {
    return Promise.reject(readOnlyRefusal(this.connection, what));
  }
}
