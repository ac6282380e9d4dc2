// planReset and commitPlan driven by a tiny scripted fake of our own ClusterAccess (only the calls
// a reset makes): refusals before anything is committed, per-partition results, the group cap.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { EARLIEST, LATEST, type ClusterAccess, type GroupDescription, type OffsetQuery, type OffsetToCommit, type PartitionOutcome } from '../../src/core/clusterAccess';
import { KafkaSession } from '../../src/core/session';
import { planReset } from '../../src/core/offsetReset/resetPlan';
import { commitPlan } from '../../src/core/offsetReset/commitPlan';
import { planRestore } from '../../src/core/offsetReset/restorePlan';
import { SNAPSHOT_FORMAT, type OffsetsSnapshot } from '../../src/core/offsetReset/offsetsSnapshot';
import { BrokerError } from '../../src/core/brokerError';

interface Script {
  group?: Partial<GroupDescription>;
  committed?: { topic: string; partition: number; offset: number }[];
  /** topic -> [low, high] per partition */
  topics?: Record<string, [number, number][]>;
  groupCount?: number;
  commit?: (offsets: OffsetToCommit[]) => Promise<PartitionOutcome[]>;
  /** What ListOffsets answers for a time (-1: no record at or after it, as the broker answers). */
  offsetForTime?: (query: OffsetQuery) => number;
}

function fakeCluster(script: Script): { access: ClusterAccess; commits: OffsetToCommit[][]; timesAsked: number[] } {
  const commits: OffsetToCommit[][] = [];
  const timesAsked: number[] = [];
  const topics = script.topics ?? { orders: [[0, 10], [5, 8]] };
  const fake: Partial<ClusterAccess> = {
    coordinatorOf: () => Promise.resolve(1),
    describeGroups: (_node, ids) => Promise.resolve(ids.map((groupId) => ({ groupId, errorCode: 0, state: 'Empty', protocolType: 'consumer', protocol: '', members: [], ...script.group }))),
    // As Kafka 4 answers for a group that is not of the consumer protocol (all of these are classic).
    describeConsumerGroups: (_node, ids) => Promise.resolve(ids.map((groupId) => ({ groupId, errorCode: 69, errorType: 'GROUP_ID_NOT_FOUND', state: '', protocolType: 'consumer', protocol: '', members: [] }))),
    committedOffsets: () => Promise.resolve(script.committed ?? []),
    partitionsOf: (names) => Promise.resolve(new Map(names.filter((n) => topics[n]).map((n) => [n, topics[n].map((_, partition) => ({ partition, leader: 1, replicas: [1], isr: [1] }))]))),
    listOffsets: (queries: OffsetQuery[]) =>
      Promise.resolve(
        queries.map((q) => {
          const [low, high] = topics[q.topic][q.partition];
          if (q.timestamp === EARLIEST || q.timestamp === LATEST) return { topic: q.topic, partition: q.partition, offset: q.timestamp === EARLIEST ? low : high, timestamp: null };
          timesAsked.push(q.timestamp);
          return { topic: q.topic, partition: q.partition, offset: script.offsetForTime?.(q) ?? -1, timestamp: null };
        }),
      ),
    listGroupsPerBroker: () => Promise.resolve([{ nodeId: 1, groups: Array.from({ length: script.groupCount ?? 3 }, (_, i) => ({ groupId: `g${i}`, protocolType: 'consumer', type: 'classic' })) }]),
    commitOffsets: (_group, offsets) => {
      commits.push(offsets);
      return script.commit ? script.commit(offsets) : Promise.resolve(offsets.map((o) => ({ topic: o.topic, partition: o.partition, error: null })));
    },
  };
  return { access: fake as ClusterAccess, commits, timesAsked };
}

const sessionOver = (access: ClusterAccess) => KafkaSession.over(access, { timeoutMs: 5_000 });

describe('planReset', () => {
  test('a group with members is refused with a sentence naming them, and nothing is committed', async () => {
    const { access, commits } = fakeCluster({
      group: { state: 'Stable', members: [{ memberId: 'm1', clientId: 'billing-app', clientHost: '/10.0.0.5', assignment: [] }] },
    });
    await assert.rejects(planReset(sessionOver(access), { group: 'billing', scope: [{ topic: 'orders' }], target: { kind: 'earliest' }, profile: 'vast' }), (err: Error) => {
      assert.match(err.message, /^Consumer group billing has 1 active member \(billing-app on 10\.0\.0\.5\): offsets can be reset only while a group has no members/);
      return true;
    });
    assert.equal(commits.length, 0);
  });

  test('one partition of a topic, with its committed offset', async () => {
    const { access } = fakeCluster({ committed: [{ topic: 'orders', partition: 1, offset: 6 }] });
    const plan = await planReset(sessionOver(access), { group: 'billing', scope: [{ topic: 'orders', partitions: [1] }], target: { kind: 'offset', offset: 2 }, profile: 'vast' });
    assert.deepEqual(plan.partitions.map((p) => [p.partition, p.current, p.target, p.clamped, p.change]), [[1, 6, 5, true, -1]]);
    assert.equal(plan.groupExists, true);
    assert.deepEqual(plan.warnings, []);
  });

  test('every row as planned: committed offset, target, change; a partition without a commit has none and no change', async () => {
    const { access } = fakeCluster({ committed: [{ topic: 'orders', partition: 0, offset: 7 }] });
    const plan = await planReset(sessionOver(access), { group: 'billing', scope: [{ topic: 'orders' }], target: { kind: 'earliest' }, profile: 'kafka' });
    assert.deepEqual(plan.partitions, [
      { topic: 'orders', partition: 0, current: 7, target: 0, clamped: false, change: -7, approximate: false, note: null },
      { topic: 'orders', partition: 1, current: null, target: 5, clamped: false, change: null, approximate: false, note: null },
    ]);
  });

  test('a time: ListOffsets is asked for exactly that time; a partition with no record at or after it goes to its end', async () => {
    const time = Date.parse('2026-12-01T10:00:00Z');
    const { access, timesAsked } = fakeCluster({
      committed: [{ topic: 'orders', partition: 0, offset: 7 }, { topic: 'orders', partition: 1, offset: 6 }],
      offsetForTime: (q) => (q.partition === 0 && q.timestamp === time ? 4 : -1),
    });
    const plan = await planReset(sessionOver(access), { group: 'billing', scope: [{ topic: 'orders' }], target: { kind: 'time', time }, profile: 'kafka' });
    assert.deepEqual(timesAsked, [time, time]);
    assert.deepEqual(plan.partitions, [
      { topic: 'orders', partition: 0, current: 7, target: 4, clamped: false, change: -3, approximate: false, note: null },
      { topic: 'orders', partition: 1, current: 6, target: 8, clamped: false, change: 2, approximate: true, note: 'no record at or after the time: the end' },
    ]);
  });

  test('unknown topic and unknown partition: one sentence each', async () => {
    const { access } = fakeCluster({});
    await assert.rejects(planReset(sessionOver(access), { group: 'g', scope: [{ topic: 'nope' }], target: { kind: 'earliest' }, profile: 'vast' }), (e: Error) => /^Topic nope does not exist/.test(e.message));
    await assert.rejects(planReset(sessionOver(access), { group: 'g', scope: [{ topic: 'orders', partitions: [7] }], target: { kind: 'earliest' }, profile: 'vast' }), (e: Error) => /^orders has no partition 7: it has partitions 0 to 1/.test(e.message));
  });

  test('a new group near the 256 cap is warned about under vast, not under kafka', async () => {
    const { access } = fakeCluster({ group: { state: 'Dead' }, groupCount: 240 });
    const vast = await planReset(sessionOver(access), { group: 'new', scope: [{ topic: 'orders' }], target: { kind: 'latest' }, profile: 'vast' });
    assert.equal(vast.groupExists, false);
    assert.ok(vast.warnings.some((w) => /240 of at most 256 groups \(near the cap\)/.test(w)), vast.warnings.join(' | '));
    const kafka = await planReset(sessionOver(access), { group: 'new', scope: [{ topic: 'orders' }], target: { kind: 'latest' }, profile: 'kafka' });
    assert.ok(!kafka.warnings.some((w) => /256/.test(w)));
    const few = await planReset(sessionOver(fakeCluster({ group: { state: 'Dead' }, groupCount: 10 }).access), { group: 'new', scope: [{ topic: 'orders' }], target: { kind: 'latest' }, profile: 'vast' });
    assert.ok(!few.warnings.some((w) => /256/.test(w)));
  });
});

describe('commitPlan', () => {
  test('a partition that fails leaves the others reported as committed', async () => {
    const { access, commits } = fakeCluster({
      commit: (offsets) => Promise.resolve(offsets.map((o) => ({ topic: o.topic, partition: o.partition, error: o.partition === 1 ? 'UNKNOWN_TOPIC_OR_PARTITION' : null }))),
    });
    const session = sessionOver(access);
    const plan = await planReset(session, { group: 'g', scope: [{ topic: 'orders' }], target: { kind: 'earliest' }, profile: 'kafka' });
    const result = await commitPlan(session, plan);
    assert.deepEqual(commits, [[{ topic: 'orders', partition: 0, offset: 0 }, { topic: 'orders', partition: 1, offset: 5 }]]);
    assert.deepEqual(result.partitions.map((p) => [p.partition, p.result]), [[0, 'committed'], [1, 'UNKNOWN_TOPIC_OR_PARTITION']]);
  });

  test('commits exactly the planned targets, never the offsets the group had', async () => {
    const { access, commits } = fakeCluster({ committed: [{ topic: 'orders', partition: 0, offset: 7 }, { topic: 'orders', partition: 1, offset: 6 }] });
    const session = sessionOver(access);
    const plan = await planReset(session, { group: 'g', scope: [{ topic: 'orders' }], target: { kind: 'shift', by: -2 }, profile: 'kafka' });
    const result = await commitPlan(session, plan);
    assert.deepEqual(commits, [[{ topic: 'orders', partition: 0, offset: 5 }, { topic: 'orders', partition: 1, offset: 5 }]]);
    assert.deepEqual(result.partitions.map((p) => [p.partition, p.current, p.target, p.change, p.result]), [
      [0, 7, 5, -2, 'committed'],
      [1, 6, 5, -1, 'committed'],
    ]);
  });

  test('a partition the broker did not answer for is reported as not committed', async () => {
    const { access } = fakeCluster({ commit: (offsets) => Promise.resolve(offsets.filter((o) => o.partition === 0).map((o) => ({ topic: o.topic, partition: o.partition, error: null }))) });
    const session = sessionOver(access);
    const plan = await planReset(session, { group: 'g', scope: [{ topic: 'orders' }], target: { kind: 'earliest' }, profile: 'kafka' });
    assert.deepEqual((await commitPlan(session, plan)).partitions.map((p) => [p.partition, p.result]), [[0, 'committed'], [1, 'REQUEST_FAILED']]);
  });

  test('a request that fails as a whole marks every partition with its code', async () => {
    const { access } = fakeCluster({ commit: () => Promise.reject(new BrokerError('fatal', 'The group has active members.', { code: 'UNKNOWN_MEMBER_ID' })) });
    const session = sessionOver(access);
    const plan = await planReset(session, { group: 'g', scope: [{ topic: 'orders' }], target: { kind: 'latest' }, profile: 'kafka' });
    const result = await commitPlan(session, plan);
    assert.deepEqual(result.partitions.map((p) => p.result), ['UNKNOWN_MEMBER_ID', 'UNKNOWN_MEMBER_ID']);
  });
});

describe('planRestore', () => {
  const snapshot: OffsetsSnapshot = {
    format: SNAPSHOT_FORMAT,
    group: 'billing',
    exportedAt: '2026-12-01T00:00:00.000Z',
    partitions: [
      { topic: 'orders', partition: 0, committed: 3, lastConsumedTimestamp: 1000, nextUnreadTimestamp: 2000 },
      { topic: 'orders', partition: 1, committed: 6, lastConsumedTimestamp: 5000, nextUnreadTimestamp: null },
    ],
  };

  test('by offset: the saved offsets, as a plan from where the group is now', async () => {
    const { access } = fakeCluster({ committed: [{ topic: 'orders', partition: 0, offset: 9 }] });
    const plan = await planRestore(sessionOver(access), { snapshot, by: 'offset', profile: 'kafka' });
    assert.equal(plan.group, 'billing');
    assert.deepEqual(plan.partitions.map((p) => [p.partition, p.current, p.target, p.change, p.clamped]), [
      [0, 9, 3, -6, false],
      [1, null, 6, null, false],
    ]);
  });

  test('by time: the next unread record\'s time, else just after the last consumed one, looked up on this cluster', async () => {
    const { access, timesAsked } = fakeCluster({ offsetForTime: (q) => (q.partition === 0 && q.timestamp === 2000 ? 4 : -1) });
    const plan = await planRestore(sessionOver(access), { snapshot, group: 'restored', by: 'time', profile: 'kafka' });
    assert.deepEqual(timesAsked, [2000, 5001]);
    assert.deepEqual(plan.partitions, [
      { topic: 'orders', partition: 0, current: null, target: 4, clamped: false, change: null, approximate: false, note: 'the first record at or after 1970-01-01T00:00:02.000Z' },
      { topic: 'orders', partition: 1, current: null, target: 8, clamped: false, change: null, approximate: true, note: 'no record at or after 1970-01-01T00:00:05.001Z here yet: the end' },
    ]);
  });
});
