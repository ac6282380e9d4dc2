// Offset resets against the real broker: every kind of plan equals what Apache Kafka's own
// kafka-consumer-groups --reset-offsets --dry-run prints for the same group; an active group is
// refused and keeps its offsets; a partition whose commit fails leaves the others reported.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KafkaSession } from '../../src/core/session';
import { planReset } from '../../src/core/offsetReset/resetPlan';
import { commitPlan } from '../../src/core/offsetReset/commitPlan';
import type { ResetTarget } from '../../src/core/offsetReset/resetTarget';
import { describeGroup } from '../../src/core/groups/describeGroup';
import { deleteTopic } from '../../src/core/topics/deleteTopicsPlan';
import { applicationKafka, liveConsumer, openSession, topicWith, uniqueName } from '../support/kafkaFixtures';
import { testBroker } from '../support/brokerEnv';
import { kafkaResetDryRun } from '../support/kafkaConsumerGroupsTool';

const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

describe('offset reset plans equal kafka-consumer-groups --dry-run', () => {
  let session: KafkaSession;
  let topic: string;
  const group = uniqueName('reset-parity');

  before(async () => {
    session = openSession();
    // p0: offsets 0..9, timestamps T0 + i s; p1: offsets 0..9, then the first 4 deleted (low 4);
    // p2: empty. The group committed p0=5, p1=6 and nothing on p2.
    topic = await topicWith(session, 'reset-parity', 3, [
      ...Array.from({ length: 10 }, (_, i) => ({ value: `p0-${i}`, partition: 0, timestamp: T0 + i * 1000 })),
      ...Array.from({ length: 10 }, (_, i) => ({ value: `p1-${i}`, partition: 1, timestamp: T0 + i * 1000 })),
    ]);
    const admin = applicationKafka().admin();
    await admin.connect();
    try {
      await admin.fetchTopicMetadata({ topics: [topic] });
      await admin.deleteTopicRecords({ topic, partitions: [{ partition: 1, offset: '4' }] });
    } finally {
      await admin.disconnect();
    }
    const seed = await planReset(session, { group, scope: [], target: { kind: 'positions', positions: [{ topic, partition: 0, offset: 5 }, { topic, partition: 1, offset: 6 }] }, profile: 'kafka' });
    assert.deepEqual((await commitPlan(session, seed)).partitions.map((p) => p.result), ['committed', 'committed']);
  });
  after(() => session.close());

  const cases: { name: string; target: ResetTarget; kafka: string[] }[] = [
    { name: 'earliest', target: { kind: 'earliest' }, kafka: ['--to-earliest'] },
    { name: 'latest', target: { kind: 'latest' }, kafka: ['--to-latest'] },
    { name: 'an offset in range (below p1’s low)', target: { kind: 'offset', offset: 2 }, kafka: ['--to-offset', '2'] },
    { name: 'an offset in range everywhere but p2', target: { kind: 'offset', offset: 7 }, kafka: ['--to-offset', '7'] },
    { name: 'an offset past every end', target: { kind: 'offset', offset: 500 }, kafka: ['--to-offset', '500'] },
    { name: 'a time before the data', target: { kind: 'time', time: T0 - 60_000 }, kafka: ['--to-datetime', new Date(T0 - 60_000).toISOString()] },
    { name: 'a time inside the data', target: { kind: 'time', time: T0 + 5500 }, kafka: ['--to-datetime', new Date(T0 + 5500).toISOString()] },
    { name: 'a time equal to a record’s timestamp (that record is the target)', target: { kind: 'time', time: T0 + 5000 }, kafka: ['--to-datetime', new Date(T0 + 5000).toISOString()] },
    { name: 'a time after the data', target: { kind: 'time', time: T0 + 3_600_000 }, kafka: ['--to-datetime', new Date(T0 + 3_600_000).toISOString()] },
  ];
  for (const c of cases) {
    test(c.name, async () => {
      const ours = await planReset(session, { group, scope: [{ topic }], target: c.target, profile: 'kafka' });
      const theirs = await kafkaResetDryRun(testBroker().bootstrap.join(','), group, ['--topic', topic, ...c.kafka]);
      assert.deepEqual(new Map(ours.partitions.map((p) => [`${p.topic}:${p.partition}`, p.target])), theirs);
    });
  }

  // Kafka refuses to shift a partition without a commit, so the shifts are of p0 and p1.
  for (const by of [3, -3, -100, 100]) {
    test(`shift by ${by}`, async () => {
      const ours = await planReset(session, { group, scope: [{ topic, partitions: [0, 1] }], target: { kind: 'shift', by }, profile: 'kafka' });
      const theirs = await kafkaResetDryRun(testBroker().bootstrap.join(','), group, ['--topic', `${topic}:0,1`, '--shift-by', String(by)]);
      assert.deepEqual(new Map(ours.partitions.map((p) => [`${p.topic}:${p.partition}`, p.target])), theirs);
      if (Math.abs(by) === 100) assert.ok(ours.partitions.every((p) => p.clamped), 'a shift past the ends is clamped, and the plan says so');
    });
  }

  test('a shift of a partition without a commit is refused, as Kafka refuses it', async () => {
    await assert.rejects(planReset(session, { group, scope: [{ topic }], target: { kind: 'shift', by: 1 }, profile: 'kafka' }), (e: Error) => /partition 2: the group has no committed offset/.test(e.message));
    await assert.rejects(kafkaResetDryRun(testBroker().bootstrap.join(','), group, ['--topic', topic, '--shift-by', '1']), /no current committed offset|Cannot shift/);
  });
});

describe('committing a reset', () => {
  let session: KafkaSession;
  before(() => {
    session = openSession();
  });
  after(() => session.close());

  test('an active group is refused with its members named, and keeps its offsets', async () => {
    const topic = await topicWith(session, 'reset-active', 1, Array.from({ length: 6 }, (_, i) => ({ value: `v${i}`, partition: 0 })));
    const group = uniqueName('reset-active');
    const consumer = await liveConsumer(group, topic, 4);
    try {
      await assert.rejects(planReset(session, { group, scope: [{ topic }], target: { kind: 'earliest' }, profile: 'vast' }), (e: Error) =>
        /^Consumer group \S+ has 1 active member \(test-application on [^)]+\): offsets can be reset only while a group has no members/.test(e.message),
      );
      assert.deepEqual((await describeGroup(session, group)).offsets.map((o) => o.committed), [4]);
    } finally {
      await consumer.disconnect();
    }
  });

  test('a commit that fails for one topic leaves the other topic committed and reported', async () => {
    const kept = await topicWith(session, 'reset-kept', 2, [{ value: 'a', partition: 0 }, { value: 'b', partition: 1 }]);
    const doomed = await topicWith(session, 'reset-doomed', 1, [{ value: 'c', partition: 0 }]);
    const group = uniqueName('reset-partial');
    const plan = await planReset(session, {
      group,
      scope: [],
      target: { kind: 'positions', positions: [{ topic: kept, partition: 0, offset: 1 }, { topic: kept, partition: 1, offset: 0 }, { topic: doomed, partition: 0, offset: 1 }] },
      profile: 'kafka',
    });
    await deleteTopic(session, doomed);
    const result = await commitPlan(session, plan);
    assert.deepEqual(
      result.partitions.map((p) => [p.topic, p.partition, p.result]),
      [[doomed, 0, 'UNKNOWN_TOPIC_OR_PARTITION'], [kept, 0, 'committed'], [kept, 1, 'committed']].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    assert.deepEqual((await describeGroup(session, group)).offsets.filter((o) => o.topic === kept).map((o) => o.committed), [1, 0]);
  });
});
