// The unit tests' scripted cluster (test/unit/support/scriptedCluster.ts) with consumer groups on
// top: committed offsets set by the test, a group state, and an end offset that can trail the log
// the way VAST's does. Any attempt to commit is recorded, so tests can assert that reading lag never
// commits. A fake of our own ClusterAccess interface; the real-broker tier (test/core/lag.test.ts)
// tests the same behaviour against Kafka.
import type {
  ClusterAccess,
  CommittedOffset,
  FetchLimits,
  FetchRequest,
  GroupDescription,
  ListedGroup,
  OffsetAnswer,
  OffsetQuery,
  OffsetToCommit,
  PartitionOutcome,
  RecordsDeletion,
} from '../../../src/core/clusterAccess';
import { LATEST } from '../../../src/core/clusterAccess';
import { BrokerError } from '../../../src/core/brokerError';
import { ScriptedCluster } from '../support/scriptedCluster';
import type { VirtualClock } from '../support/virtualClock';

interface ScriptedGroup {
  /** 'consumer' for a KIP-848 group: the classic DescribeGroups then answers Dead, as Kafka 4 does. */
  type: string;
  state: string;
  members: GroupDescription['members'];
  commits: CommittedOffset[];
}

export class GroupCluster implements ClusterAccess {
  /** The topics, their logs and fetch scripts: set them up and read the calls back through this. */
  readonly logs: ScriptedCluster;
  readonly commitAttempts: { groupId: string; offsets: OffsetToCommit[] }[] = [];
  readonly offsetFetches: string[] = [];
  private readonly groups = new Map<string, ScriptedGroup>();
  private endLag = 0;
  private loadingAnswers = 0;
  private consumerGroupDescribe: 'on' | 'off' | 'absent' = 'on';
  readonly consumerDescribes: string[][] = [];

  constructor(clock: VirtualClock) {
    this.logs = new ScriptedCluster(clock);
  }

  /** A group with these committed offsets (state Empty unless given). */
  group(groupId: string, commits: { topic: string; partition: number; offset: number }[], state = 'Empty', members: GroupDescription['members'] = [], type = 'classic'): this {
    this.groups.set(groupId, { type, state, members, commits: commits.map((c) => ({ ...c })) });
    return this;
  }

  /** Without ConsumerGroupDescribe (VAST, Kafka before 3.7): describeConsumerGroups rejects UNSUPPORTED_VERSION. */
  withoutConsumerGroupDescribe(): this {
    this.consumerGroupDescribe = 'absent';
    return this;
  }

  /** As Kafka 3.9 by default: the API is listed, but each group is answered UNSUPPORTED_VERSION (the consumer protocol is off). */
  withConsumerProtocolOff(): this {
    this.consumerGroupDescribe = 'off';
    return this;
  }

  /** "latest" answers trail the real end by this many offsets (never below 0), as VAST's can. */
  trailingEndBy(offsets: number): this {
    this.endLag = offsets;
    return this;
  }

  /** The next `answers` DescribeGroups fail with GROUP_LOAD_IN_PROGRESS, as a coordinator loading the group answers. */
  coordinatorLoading(answers: number): this {
    this.loadingAnswers = answers;
    return this;
  }

  async listOffsets(queries: OffsetQuery[]): Promise<OffsetAnswer[]> {
    const answers = await this.logs.listOffsets(queries);
    return answers.map((a, i) => (queries[i].timestamp === LATEST ? { ...a, offset: Math.max(0, a.offset - this.endLag) } : a));
  }

  coordinatorOf(): Promise<number> {
    return Promise.resolve(1);
  }

  describeGroups(_nodeId: number, groupIds: string[]): Promise<GroupDescription[]> {
    if (this.loadingAnswers > 0) {
      this.loadingAnswers--;
      return Promise.reject(new BrokerError('retriable', 'The broker answered GROUP_LOAD_IN_PROGRESS.', { code: 'GROUP_LOAD_IN_PROGRESS' }));
    }
    return Promise.resolve(
      groupIds.map((groupId) => {
        const g = this.groups.get(groupId);
        if (g?.type !== 'classic') return { groupId, errorCode: 0, state: 'Dead', protocolType: '', protocol: '', members: [] };
        return { groupId, errorCode: 0, state: g.state, protocolType: 'consumer', protocol: '', members: g.members };
      }),
    );
  }

  describeConsumerGroups(_nodeId: number, groupIds: string[]): Promise<GroupDescription[]> {
    this.consumerDescribes.push(groupIds);
    if (this.consumerGroupDescribe === 'absent') return Promise.reject(new BrokerError('fatal', 'The broker does not support this request.', { code: 'UNSUPPORTED_VERSION' }));
    return Promise.resolve(
      groupIds.map((groupId) => {
        const g = this.groups.get(groupId);
        if (this.consumerGroupDescribe === 'off') return { groupId, errorCode: 35, errorType: 'UNSUPPORTED_VERSION', state: '', protocolType: 'consumer', protocol: '', members: [], type: 'consumer' };
        if (g?.type !== 'consumer') return { groupId, errorCode: 69, errorType: 'GROUP_ID_NOT_FOUND', state: 'Dead', protocolType: 'consumer', protocol: '', members: [], type: 'consumer' };
        return { groupId, errorCode: 0, state: g.state, protocolType: 'consumer', protocol: 'uniform', members: g.members, type: 'consumer', epoch: 3 };
      }),
    );
  }

  /** Every group on one coordinator (node 1), with its type and (as ListGroups v4+ does) its state. */
  listGroupsPerBroker(): Promise<{ nodeId: number; groups: ListedGroup[] }[]> {
    return Promise.resolve([{ nodeId: 1, groups: [...this.groups].map(([groupId, g]) => ({ groupId, protocolType: g.type === 'share' ? 'share' : 'consumer', type: g.type, state: g.state })) }]);
  }

  committedOffsets(groupId: string): Promise<CommittedOffset[]> {
    this.offsetFetches.push(groupId);
    return Promise.resolve((this.groups.get(groupId)?.commits ?? []).map((c) => ({ ...c })));
  }

  commitOffsets(groupId: string, offsets: OffsetToCommit[]): Promise<PartitionOutcome[]> {
    this.commitAttempts.push({ groupId, offsets });
    return Promise.reject(new Error('GroupCluster: reading lag must never commit'));
  }

  // ---- The rest is the scripted cluster's ----
  metadata = () => this.logs.metadata();
  topicMetadata = (topic: string) => this.logs.topicMetadata(topic);
  partitionsOf = (topics: string[]) => this.logs.partitionsOf(topics);
  refreshMetadata = () => this.logs.refreshMetadata();
  leaderOf = (topic: string, partition: number) => this.logs.leaderOf(topic, partition);
  apiVersions = (nodeId: number) => this.logs.apiVersions(nodeId);
  fetch = (nodeId: number, requests: FetchRequest[], limits: FetchLimits, signal?: AbortSignal) => this.logs.fetch(nodeId, requests, limits, signal);
  deleteGroups = () => this.logs.deleteGroups();
  createTopic = () => this.logs.createTopic();
  deleteTopic = (topic: string) => this.logs.deleteTopic(topic);
  describeTopicConfig = () => this.logs.describeTopicConfig();
  alterTopicConfig = () => this.logs.alterTopicConfig();
  deleteRecords = (topic: string, deletions: RecordsDeletion[]) => this.logs.deleteRecords(topic, deletions);
  produce = () => this.logs.produce();
  close = () => this.logs.close();
}
