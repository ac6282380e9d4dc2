// A ClusterAccess for unit tests: a small in-memory cluster that answers like a broker would
// (records from the offset asked, NOT_LEADER_OR_FOLLOWER from a broker that lost a partition,
// OFFSET_OUT_OF_RANGE outside the log, UNKNOWN_TOPIC_OR_PARTITION for a deleted topic; DeleteRecords
// and DeleteTopic applied to the logs), plus a script per broker for what a real broker does only
// under faults: late answers, errors of every kind, a fetch that never answers. Time is the test's
// VirtualClock. Every call is recorded, so tests assert on what the reader asked for. This is a fake
// of *our* interface, never of Kafka: the real-broker tiers test the same behaviour against Kafka.
import type {
  ApiVersionRange,
  ClusterAccess,
  FetchedPartition,
  FetchLimits,
  FetchRequest,
  Metadata,
  OffsetAnswer,
  OffsetQuery,
  PartitionMeta,
  RawRecord,
  RecordsDeletion,
  TopicMeta,
} from '../../../src/core/clusterAccess';
import { EARLIEST, LATEST } from '../../../src/core/clusterAccess';
import { BrokerError } from '../../../src/core/brokerError';
import { abortError } from '../../../src/core/errors';
import { aRecord } from './recordBuilders';
import { notLeader, offsetOutOfRange, unknownTopic } from './brokerErrorBuilders';
import type { VirtualClock } from './virtualClock';

/** What one fetch to a broker does. Without a script step left, a broker serves from its log. */
export type FetchStep =
  /** Answer from the log, after `afterMs`, with at most `maxRecords` records per partition. */
  | { kind: 'serve'; afterMs: number; maxRecords?: number }
  /** Answer exactly this (partitions not listed are left out of the answer). */
  | { kind: 'answer'; afterMs: number; partitions: FetchedPartition[] }
  | { kind: 'fail'; afterMs: number; error: BrokerError }
  /** No answer at all: the fetch settles only when aborted, or, like the real access, fails with a timeout after `answerWithinMs`. */
  | { kind: 'silent' };

export function serve(options: { afterMs?: number; maxRecords?: number } = {}): FetchStep {
  return { kind: 'serve', afterMs: options.afterMs ?? 0, maxRecords: options.maxRecords };
}
export function answer(partitions: FetchedPartition[], options: { afterMs?: number } = {}): FetchStep {
  return { kind: 'answer', afterMs: options.afterMs ?? 0, partitions };
}
export function fail(error: BrokerError, options: { afterMs?: number } = {}): FetchStep {
  return { kind: 'fail', afterMs: options.afterMs ?? 0, error };
}
export function silent(): FetchStep {
  return { kind: 'silent' };
}

export type ClusterCall =
  | {
      method: 'fetch';
      at: number;
      nodeId: number;
      requests: FetchRequest[];
      limits: FetchLimits;
      step: FetchStep['kind'];
      /** When the fetch answered, failed or was aborted; undefined while it is in flight. */
      settledAt?: number;
      /** How it settled: records/empty answer, a BrokerError kind, or 'aborted'. */
      outcome?: string;
    }
  | { method: 'leaderOf'; at: number; topic: string; partition: number }
  | { method: 'refreshMetadata'; at: number }
  | { method: 'partitionsOf'; at: number; topics: string[] }
  | { method: 'listOffsets'; at: number; queries: OffsetQuery[] }
  | { method: 'topicMetadata'; at: number; topic: string }
  | { method: 'metadata'; at: number }
  | { method: 'deleteRecords'; at: number; topic: string; deletions: RecordsDeletion[] }
  | { method: 'deleteTopic'; at: number; topic: string };

type HoldableMethod = 'leaderOf' | 'refreshMetadata' | 'partitionsOf' | 'listOffsets' | 'topicMetadata';

/** A call held back until the test releases it. */
export interface Gate {
  /** Resolves once the reader has made the held call. */
  reached: Promise<void>;
  /** Lets the call go on (it then answers as usual). */
  release(): void;
}

interface PartitionLog {
  leader: number;
  /** The first offset still kept (retention moves it). */
  start: number;
  records: RawRecord[];
}

export interface ScriptedClusterOptions {
  /** Apache Kafka holds an empty fetch for maxWaitMs; VAST answers at once (the default here). */
  brokerWaits?: boolean;
}

export class ScriptedCluster implements ClusterAccess {
  /** Every call the reader made, in order, with the virtual time (ms since the clock started). */
  readonly calls: ClusterCall[] = [];
  private readonly topics = new Map<string, PartitionLog[]>();
  /** Topics of the broker's own (__consumer_offsets and the like). */
  private readonly internalTopics = new Set<string>();
  /** Leaders as the client last learned them: a moved leader is seen only after refreshMetadata. */
  private readonly knownLeaders = new Map<string, number>();
  private readonly scripts = new Map<number, FetchStep[]>();
  /** ListOffsets answers still to refuse per "topic/partition", as a leader not yet settled does. */
  private readonly unsettledLeaders = new Map<string, number>();
  private readonly apiVersionsByNode = new Map<number, ApiVersionRange[]>();
  private readonly gates = new Map<HoldableMethod, { reached: () => void; released: Promise<void> }[]>();

  constructor(
    private readonly clock: VirtualClock,
    private readonly options: ScriptedClusterOptions = {},
  ) {}

  // ---- The cluster's state, as a test sets it up and changes it ----

  /** A topic whose partition i is led by `leaders[i]`, with empty logs; `internal` for one of the broker's own. */
  addTopic(name: string, leaders: number[], options: { internal?: boolean } = {}): this {
    if (options.internal) this.internalTopics.add(name);
    this.topics.set(
      name,
      leaders.map((leader) => ({ leader, start: 0, records: [] })),
    );
    return this;
  }

  /** What ApiVersions to this broker answers (unscripted brokers refuse the call). */
  withApiVersions(nodeId: number, versions: ApiVersionRange[]): this {
    this.apiVersionsByNode.set(nodeId, versions);
    return this;
  }

  /** Appends `count` records with default contents at the end of the partition's log. */
  append(topic: string, partition: number, count: number): this {
    const log = this.log(topic, partition);
    const from = endOf(log);
    for (let i = 0; i < count; i++) log.records.push(aRecord(from + i).build());
    return this;
  }

  /** Appends records built by the test; their offsets must continue the log. */
  appendRecords(topic: string, partition: number, records: RawRecord[]): this {
    const log = this.log(topic, partition);
    for (const r of records) {
      if (r.offset < endOf(log)) throw new Error(`ScriptedCluster: offset ${r.offset} is before the end of ${topic}/${partition} (${endOf(log)})`);
      log.records.push(r);
    }
    return this;
  }

  /** Retention: records before `offset` are gone. */
  deleteBefore(topic: string, partition: number, offset: number): this {
    const log = this.log(topic, partition);
    log.start = offset;
    log.records = log.records.filter((r) => r.offset >= offset);
    return this;
  }

  /** Another broker leads the partition now; the old one answers NOT_LEADER_OR_FOLLOWER for it. */
  moveLeader(topic: string, partition: number, nodeId: number): this {
    this.log(topic, partition).leader = nodeId;
    return this;
  }

  /**
   * A leader that metadata already names but that has not taken over yet: the next `answers`
   * ListOffsets asking for this partition fail with NOT_LEADER_OR_FOLLOWER (as just after the
   * partition was created).
   */
  leaderSettling(topic: string, partition: number, answers: number): this {
    this.log(topic, partition);
    this.unsettledLeaders.set(`${topic}/${partition}`, answers);
    return this;
  }

  /** The topic is deleted (by someone else, while the reader reads it). */
  removeTopic(topic: string): this {
    this.topics.delete(topic);
    return this;
  }

  /** A partition added to the topic; returns its number. */
  addPartition(topic: string, leader: number): number {
    const logs = this.topics.get(topic);
    if (!logs) throw new Error(`ScriptedCluster: no topic ${topic}`);
    logs.push({ leader, start: 0, records: [] });
    return logs.length - 1;
  }

  /** What the next fetches to `nodeId` do, in order (after any steps already scripted for it). */
  script(nodeId: number, ...steps: FetchStep[]): this {
    this.scripts.set(nodeId, [...(this.scripts.get(nodeId) ?? []), ...steps]);
    return this;
  }

  /** Holds the next call of `method` until the test releases it. */
  hold(method: HoldableMethod): Gate {
    let reached!: () => void;
    const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    this.gates.set(method, [...(this.gates.get(method) ?? []), { reached, released }]);
    return { reached: reachedPromise, release };
  }

  // ---- What tests read back ----

  fetchCalls(nodeId?: number): Extract<ClusterCall, { method: 'fetch' }>[] {
    return this.calls.filter((c): c is Extract<ClusterCall, { method: 'fetch' }> => c.method === 'fetch' && (nodeId === undefined || c.nodeId === nodeId));
  }

  /** The offsets fetches asked for this partition, in order, with the broker asked. */
  fetchesOf(topic: string, partition: number): { nodeId: number; offset: number }[] {
    return this.fetchCalls().flatMap((c) =>
      c.requests.filter((r) => r.topic === topic && r.partition === partition).map((r) => ({ nodeId: c.nodeId, offset: r.offset })),
    );
  }

  callsOf(method: ClusterCall['method']): ClusterCall[] {
    return this.calls.filter((c) => c.method === method);
  }

  // ---- ClusterAccess ----

  async leaderOf(topic: string, partition: number): Promise<number> {
    this.calls.push({ method: 'leaderOf', at: this.clock.elapsed(), topic, partition });
    await this.passGate('leaderOf');
    const key = `${topic}/${partition}`;
    const known = this.knownLeaders.get(key);
    if (known !== undefined) return known;
    const logs = this.topics.get(topic);
    if (!logs?.[partition]) throw unknownTopic(topic, partition);
    this.knownLeaders.set(key, logs[partition].leader);
    return logs[partition].leader;
  }

  async refreshMetadata(): Promise<void> {
    this.calls.push({ method: 'refreshMetadata', at: this.clock.elapsed() });
    await this.passGate('refreshMetadata');
    this.knownLeaders.clear();
  }

  async partitionsOf(topics: string[]): Promise<Map<string, PartitionMeta[]>> {
    this.calls.push({ method: 'partitionsOf', at: this.clock.elapsed(), topics });
    await this.passGate('partitionsOf');
    const out = new Map<string, PartitionMeta[]>();
    for (const t of topics) {
      const logs = this.topics.get(t);
      if (logs) out.set(t, partitionMetas(logs));
    }
    return out;
  }

  async topicMetadata(topic: string): Promise<TopicMeta> {
    this.calls.push({ method: 'topicMetadata', at: this.clock.elapsed(), topic });
    await this.passGate('topicMetadata');
    const logs = this.topics.get(topic);
    if (!logs) throw unknownTopic(topic, 0);
    return { name: topic, internal: this.internalTopics.has(topic), partitions: partitionMetas(logs) };
  }

  metadata(): Promise<Metadata> {
    this.calls.push({ method: 'metadata', at: this.clock.elapsed() });
    const nodes = new Set([...this.topics.values()].flatMap((logs) => logs.map((l) => l.leader)));
    return Promise.resolve({
      clusterId: 'scripted',
      controller: null,
      brokers: [...nodes].map((nodeId) => ({ nodeId, host: 'scripted', port: 9092, rack: null })),
      topics: [...this.topics].map(([name, logs]) => ({ name, internal: this.internalTopics.has(name), partitions: partitionMetas(logs) })),
    });
  }

  async listOffsets(queries: OffsetQuery[]): Promise<OffsetAnswer[]> {
    this.calls.push({ method: 'listOffsets', at: this.clock.elapsed(), queries });
    await this.passGate('listOffsets');
    for (const q of queries) {
      const key = `${q.topic}/${q.partition}`;
      const refusals = this.unsettledLeaders.get(key) ?? 0;
      if (refusals > 0) {
        this.unsettledLeaders.set(key, refusals - 1);
        throw notLeader(q.topic, q.partition);
      }
    }
    return queries.map((q) => {
      const log = this.log(q.topic, q.partition);
      if (q.timestamp === EARLIEST) return { topic: q.topic, partition: q.partition, offset: log.start, timestamp: null };
      if (q.timestamp === LATEST) return { topic: q.topic, partition: q.partition, offset: endOf(log), timestamp: null };
      const first = log.records.find((r) => r.timestamp >= q.timestamp);
      return { topic: q.topic, partition: q.partition, offset: first?.offset ?? -1, timestamp: first?.timestamp ?? null };
    });
  }

  async fetch(nodeId: number, requests: FetchRequest[], limits: FetchLimits, signal?: AbortSignal): Promise<FetchedPartition[]> {
    const step = this.scripts.get(nodeId)?.shift() ?? serve();
    const call: Extract<ClusterCall, { method: 'fetch' }> = {
      method: 'fetch',
      at: this.clock.elapsed(),
      nodeId,
      requests: requests.map((r) => ({ ...r })),
      limits: { ...limits },
      step: step.kind,
    };
    this.calls.push(call);
    try {
      const answered = await this.answerFetch(step, nodeId, requests, limits, signal);
      call.outcome = answered.some((p) => p.records.length > 0) ? 'records' : 'empty';
      return answered;
    } catch (err) {
      call.outcome = err instanceof BrokerError ? err.kind : 'aborted';
      throw err;
    } finally {
      call.settledAt = this.clock.elapsed();
    }
  }

  private async answerFetch(step: FetchStep, nodeId: number, requests: FetchRequest[], limits: FetchLimits, signal?: AbortSignal): Promise<FetchedPartition[]> {
    if (signal?.aborted) throw abortError();
    switch (step.kind) {
      case 'silent':
        // Like the real access: no answer within answerWithinMs fails the fetch with a timeout.
        await this.wait(limits.answerWithinMs ?? Number.POSITIVE_INFINITY, signal);
        throw new BrokerError('timeout', `Fetch from broker ${nodeId} timed out: no answer within ${limits.answerWithinMs} ms; reconnecting.`);
      case 'fail':
        await this.wait(step.afterMs, signal);
        throw step.error;
      case 'answer':
        await this.wait(step.afterMs, signal);
        return step.partitions;
      case 'serve': {
        await this.wait(step.afterMs, signal);
        let answered = this.serveFromLogs(nodeId, requests, step.maxRecords);
        if (this.options.brokerWaits && answered.every((p) => p.records.length === 0)) {
          // A broker that waits holds an empty fetch for maxWaitMs, then answers what it has.
          await this.wait(limits.maxWaitMs, signal);
          answered = this.serveFromLogs(nodeId, requests, step.maxRecords);
        }
        return answered;
      }
    }
  }

  apiVersions(nodeId: number): Promise<ApiVersionRange[]> {
    const versions = this.apiVersionsByNode.get(nodeId);
    return versions ? Promise.resolve(versions) : notScripted(`apiVersions of broker ${nodeId}`);
  }
  listGroupsPerBroker(): Promise<never> {
    return notScripted('listGroupsPerBroker');
  }
  describeGroups(): Promise<never> {
    return notScripted('describeGroups');
  }
  describeConsumerGroups(): Promise<never> {
    return notScripted('describeConsumerGroups');
  }
  coordinatorOf(): Promise<never> {
    return notScripted('coordinatorOf');
  }
  committedOffsets(): Promise<never> {
    return notScripted('committedOffsets');
  }
  commitOffsets(): Promise<never> {
    return notScripted('commitOffsets');
  }
  deleteGroups(): Promise<never> {
    return notScripted('deleteGroups');
  }
  createTopic(): Promise<never> {
    return notScripted('createTopic');
  }
  /** As the broker does: the topic is gone; one it does not have is UNKNOWN_TOPIC_OR_PARTITION. */
  deleteTopic(topic: string): Promise<void> {
    this.calls.push({ method: 'deleteTopic', at: this.clock.elapsed(), topic });
    if (!this.topics.has(topic)) return Promise.reject(unknownTopic(topic, 0));
    this.removeTopic(topic);
    return Promise.resolve();
  }
  describeTopicConfig(): Promise<never> {
    return notScripted('describeTopicConfig');
  }
  alterTopicConfig(): Promise<never> {
    return notScripted('alterTopicConfig');
  }
  /**
   * As the broker does: each partition's first offset moves forward to `beforeOffset` (never back);
   * past the partition's end is out of range.
   */
  deleteRecords(topic: string, deletions: RecordsDeletion[]): Promise<void> {
    this.calls.push({ method: 'deleteRecords', at: this.clock.elapsed(), topic, deletions: deletions.map((d) => ({ ...d })) });
    for (const d of deletions) {
      const log = this.topics.get(topic)?.[d.partition];
      if (!log) return Promise.reject(unknownTopic(topic, d.partition));
      if (d.beforeOffset > endOf(log)) return Promise.reject(offsetOutOfRange(topic, d.partition));
    }
    for (const d of deletions) this.deleteBefore(topic, d.partition, Math.max(d.beforeOffset, this.log(topic, d.partition).start));
    return Promise.resolve();
  }
  produce(): Promise<never> {
    return notScripted('produce');
  }
  close(): Promise<void> {
    return Promise.resolve();
  }

  // ---- Inside ----

  /** A broker's answer from its logs: a partition's error fails the whole fetch, naming the partition. */
  private serveFromLogs(nodeId: number, requests: FetchRequest[], maxRecords: number | undefined): FetchedPartition[] {
    return requests.map((r) => {
      const log = this.topics.get(r.topic)?.[r.partition];
      if (!log) throw unknownTopic(r.topic, r.partition);
      if (log.leader !== nodeId) throw notLeader(r.topic, r.partition);
      if (r.offset < log.start || r.offset > endOf(log)) throw offsetOutOfRange(r.topic, r.partition);
      const records = log.records.filter((x) => x.offset >= r.offset).slice(0, maxRecords);
      const last = records.at(-1);
      return { topic: r.topic, partition: r.partition, records, nextOffset: last ? last.offset + 1 : r.offset, highWatermark: endOf(log) };
    });
  }

  /**
   * Waits `ms` of virtual time; rejects with an AbortError when the signal aborts first. Even an
   * answer "at once" comes through a timer, as a network answer comes in a later turn of the event
   * loop: a reader that never waits between fetches then fails its test instead of spinning for ever.
   */
  private wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        cancel();
        reject(abortError());
      };
      const cancel = Number.isFinite(ms)
        ? this.clock.setTimer(ms, () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          })
        : () => undefined;
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private async passGate(method: HoldableMethod): Promise<void> {
    const gate = this.gates.get(method)?.shift();
    if (!gate) return;
    gate.reached();
    await gate.released;
  }

  private log(topic: string, partition: number): PartitionLog {
    const log = this.topics.get(topic)?.[partition];
    if (!log) throw new Error(`ScriptedCluster: no partition ${topic}/${partition}`);
    return log;
  }
}

function endOf(log: PartitionLog): number {
  const last = log.records.at(-1);
  return last ? last.offset + 1 : log.start;
}

function partitionMetas(logs: PartitionLog[]): PartitionMeta[] {
  return logs.map((l, partition) => ({ partition, leader: l.leader, replicas: [l.leader], isr: [l.leader] }));
}

function notScripted(method: string): Promise<never> {
  return Promise.reject(new Error(`ScriptedCluster: ${method} is not part of the script (the reader does not call it)`));
}
