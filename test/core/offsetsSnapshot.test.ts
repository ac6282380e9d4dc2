// Snapshots and restores against real brokers: export reads the timestamps around each committed
// offset without touching any group; a restore by time onto a second broker whose offsets differ
// for the same records makes the group read exactly what it had not consumed (plus, at most, the
// records sharing the boundary timestamp); a snapshot naming a topic the target lacks commits nothing.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Kafka, logLevel } from 'kafkajs';
import { KafkaSession } from '../../src/core/session';
import { createTopic } from '../../src/core/topics/createTopicPlan';
import { produce, type RecordToSend } from '../../src/core/topics/produce';
import { describeGroup } from '../../src/core/groups/describeGroup';
import { listGroups } from '../../src/core/groups/listGroups';
import { planReset } from '../../src/core/offsetReset/resetPlan';
import { commitPlan } from '../../src/core/offsetReset/commitPlan';
import { exportSnapshot, SNAPSHOT_FORMAT } from '../../src/core/offsetReset/offsetsSnapshot';
import { planRestore } from '../../src/core/offsetReset/restorePlan';
import { openSession, uniqueName } from '../support/kafkaFixtures';
import { startOwnBroker, stopOwnBroker, type OwnBroker } from '../support/faultsBroker';

const BASE = Date.UTC(2026, 5, 1, 8, 0, 0);
const RECORDS = 20;
/** Committed offset per partition; the record before it shares its timestamp with the one at it. */
const COMMITTED = [7, 12];
const EXTRA_ON_PEER = 5;

/** Record i of partition p: timestamps a second apart, except that record COMMITTED[p]-1 has the timestamp of record COMMITTED[p]. */
function record(p: number, i: number): RecordToSend & { timestamp: number } {
  const second = i === COMMITTED[p] - 1 ? i + 1 : i;
  return { value: `p${p}-${i}`, partition: p, timestamp: BASE + second * 1000 };
}

describe('offsets snapshot and restore', () => {
  let source: KafkaSession;
  let peer: OwnBroker | undefined;
  let target: KafkaSession;
  const topic = uniqueName('snapshot-orders');
  const group = uniqueName('snapshot-billing');

  before(async () => {
    source = openSession();
    await createTopic(source, { name: topic, partitions: 2 });
    await produce(source, topic, [0, 1].flatMap((p) => Array.from({ length: RECORDS }, (_, i) => record(p, i))));
    const seed = await planReset(source, { group, scope: [], target: { kind: 'positions', positions: COMMITTED.map((offset, partition) => ({ topic, partition, offset })) }, profile: 'kafka' });
    await commitPlan(source, seed);
    // The replication peer: the same records, but after some it alone has (so its offsets are larger).
    peer = await startOwnBroker();
    target = KafkaSession.open({ bootstrap: peer.bootstrap, timeoutMs: 15_000 });
    await createTopic(target, { name: topic, partitions: 2 });
    await produce(target, topic, [0, 1].flatMap((p) => Array.from({ length: EXTRA_ON_PEER }, (_, i) => ({ value: `peer-only-${p}-${i}`, partition: p, timestamp: BASE - 60_000 + i }))));
    await produce(target, topic, [0, 1].flatMap((p) => Array.from({ length: RECORDS }, (_, i) => record(p, i))));
  });
  after(async () => {
    await source.close();
    await target?.close();
    await stopOwnBroker(peer);
  });

  test('export: committed offsets and the timestamps around them, read without any group', async () => {
    const groupsBefore = (await listGroups(source, 'kafka')).groups.map((g) => g.groupId).sort();
    const snapshot = await exportSnapshot(source, group);
    assert.equal(snapshot.format, SNAPSHOT_FORMAT);
    assert.equal(snapshot.group, group);
    assert.ok(!Number.isNaN(Date.parse(snapshot.exportedAt)));
    assert.deepEqual(
      snapshot.partitions,
      COMMITTED.map((committed, partition) => ({
        topic,
        partition,
        committed,
        lastConsumedTimestamp: record(partition, committed - 1).timestamp,
        nextUnreadTimestamp: record(partition, committed).timestamp,
      })),
    );
    assert.deepEqual((await listGroups(source, 'kafka')).groups.map((g) => g.groupId).sort(), groupsBefore, 'export created no group');
    assert.deepEqual((await describeGroup(source, group)).offsets.map((o) => o.committed), COMMITTED, 'export committed nothing');
  });

  test('a caught-up partition has no next unread timestamp', async () => {
    const caughtUp = uniqueName('snapshot-caught-up');
    await commitPlan(source, await planReset(source, { group: caughtUp, scope: [{ topic, partitions: [0] }], target: { kind: 'latest' }, profile: 'kafka' }));
    const snapshot = await exportSnapshot(source, caughtUp);
    assert.deepEqual(snapshot.partitions.map((p) => [p.committed, p.lastConsumedTimestamp, p.nextUnreadTimestamp]), [[RECORDS, record(0, RECORDS - 1).timestamp, null]]);
  });

  test('restore by time on the peer, into another group: reads exactly the unconsumed records, and at most the boundary-timestamp ones twice', async () => {
    const snapshot = await exportSnapshot(source, group);
    const restored = uniqueName('snapshot-restored');
    const plan = await planRestore(target, { snapshot, group: restored, by: 'time', profile: 'kafka' });
    // On the peer the same records sit EXTRA_ON_PEER later; the boundary record shares its timestamp, so it comes first.
    assert.deepEqual(plan.partitions.map((p) => p.target), COMMITTED.map((c) => c - 1 + EXTRA_ON_PEER));
    assert.deepEqual((await commitPlan(target, plan)).partitions.map((p) => p.result), ['committed', 'committed']);

    const read = await readAsGroupUntilLast(peer!.bootstrap, restored, topic);
    for (const [partition, committed] of COMMITTED.entries()) {
      const unconsumed = Array.from({ length: RECORDS - committed }, (_, k) => `p${partition}-${committed + k}`);
      const values = read.get(partition) ?? [];
      const repeated = values.slice(0, values.length - unconsumed.length);
      assert.deepEqual(values.slice(repeated.length), unconsumed, `partition ${partition}: every unconsumed record, in order, none skipped`);
      const boundary = snapshot.partitions[partition].nextUnreadTimestamp;
      for (const value of repeated) {
        const i = Number(value.split('-')[1]);
        assert.ok(i < committed && record(partition, i).timestamp === boundary, `partition ${partition}: ${value} read again although its timestamp is not the boundary's`);
      }
    }
  });

  test('restore by offset on the same cluster puts the same offsets back', async () => {
    const snapshot = await exportSnapshot(source, group);
    await commitPlan(source, await planReset(source, { group, scope: [{ topic }], target: { kind: 'earliest' }, profile: 'kafka' }));
    const plan = await planRestore(source, { snapshot, by: 'offset', profile: 'kafka' });
    assert.deepEqual(plan.partitions.map((p) => [p.current, p.target, p.change]), COMMITTED.map((c) => [0, c, c]));
    await commitPlan(source, plan);
    assert.deepEqual((await describeGroup(source, group)).offsets.map((o) => o.committed), COMMITTED);
  });

  test('a snapshot naming a topic the target lacks: one sentence, nothing committed', async () => {
    const snapshot = await exportSnapshot(source, group);
    const missing = uniqueName('snapshot-absent');
    const other = uniqueName('snapshot-none');
    const bad = { ...snapshot, partitions: [...snapshot.partitions, { topic: missing, partition: 0, committed: 1, lastConsumedTimestamp: null, nextUnreadTimestamp: null }] };
    await assert.rejects(planRestore(target, { snapshot: bad, group: other, by: 'time', profile: 'kafka' }), (e: Error) =>
      new RegExp(`^The snapshot names topic ${missing}, which this cluster does not have`).test(e.message),
    );
    assert.ok(!(await listGroups(target, 'kafka')).groups.some((g) => g.groupId === other), 'no group was created');
  });
});

/** A real kafkajs consumer in `groupId`: collects values per partition until each partition's last record arrives. */
async function readAsGroupUntilLast(bootstrap: string[], groupId: string, topic: string): Promise<Map<number, string[]>> {
  const consumer = new Kafka({ clientId: 'restored-service', brokers: bootstrap, logLevel: logLevel.NOTHING }).consumer({ groupId, sessionTimeout: 10_000, heartbeatInterval: 500 });
  const read = new Map<number, string[]>();
  const lastSeen = new Set<number>();
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  await consumer.connect();
  try {
    await consumer.subscribe({ topic, fromBeginning: false });
    await consumer.run({
      autoCommit: false,
      eachMessage: ({ partition, message }) => {
        const value = message.value?.toString() ?? '';
        read.set(partition, [...(read.get(partition) ?? []), value]);
        if (value === `p${partition}-${RECORDS - 1}`) lastSeen.add(partition);
        if (lastSeen.size === COMMITTED.length) done();
        return Promise.resolve();
      },
    });
    await finished;
  } finally {
    await consumer.disconnect();
  }
  return read;
}
