// Topics as ebx changes them (issue 22): create-topic, topic-config, alter-topic, delete-records,
// delete-topic and brokers, through the built bin/ebx.js against the real broker. Every change is
// checked with Apache Kafka's own tools (kafka-topics, kafka-configs, kafka-get-offsets,
// kafka-broker-api-versions), never only with our own reads; every plan is checked to change nothing.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KafkaSession } from '../../src/core/session';
import { testBroker } from '../support/brokerEnv';
import { applicationKafka, openSession, topicWith, uniqueName } from '../support/kafkaFixtures';
import { assertOneCleanLine, ebx } from '../support/ebxProcess';
import { startVastLikeProxy } from '../support/vastLikeBrokerProxy';
import { API_KEYS } from '../support/kafkaFrames';
import { kafkaBrokerIds, kafkaFirstOffsets, kafkaTopicConfigAll, kafkaTopicDescription, kafkaTopicNames, kafkaTopicOverrides } from '../support/kafkaAdminTools';

const bootstrap = () => testBroker().bootstrap.join(',');
const live = () => ({ KAFKA_BOOTSTRAP: bootstrap() });
const json = <T>(text: string): T => JSON.parse(text) as T;

let session: KafkaSession;
before(() => {
  session = openSession();
});
after(async () => {
  await session.close();
});

describe('create-topic', () => {
  test('creates exactly the plan: partitions, replication factor and configuration, as kafka-topics reports them', async () => {
    const name = uniqueName('cli-create');
    const run = await ebx(['create-topic', name, '--partitions', '3', '--replication-factor', '1', '--config', 'retention.ms=7200000', '--config', 'cleanup.policy=compact', '--json'], { env: live() });
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(json(run.stdout), { topic: name, partitions: 3, retentionMs: 7200000, replicationFactor: 1, configs: { 'retention.ms': '7200000', 'cleanup.policy': 'compact' }, created: true });
    const described = await kafkaTopicDescription(bootstrap(), name);
    assert.ok(described, 'kafka-topics knows the topic');
    assert.equal(described.partitions, 3);
    assert.equal(described.replicationFactor, 1);
    assert.equal(described.configs.get('retention.ms'), '7200000');
    assert.equal(described.configs.get('cleanup.policy'), 'compact');
  });

  test('--dry-run prints the plan and creates nothing', async () => {
    const name = uniqueName('cli-dry');
    const run = await ebx(['create-topic', name, '--partitions', '2', '--config', 'retention.ms=60000', '--dry-run'], { env: live() });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, new RegExp(`topic: +${name}\\npartitions: +2\\nreplication factor: +the broker's default\\nconfiguration: +retention\\.ms=60000\\ndry run: nothing created`));
    assert.ok(!(await kafkaTopicNames(bootstrap())).includes(name), 'kafka-topics --list does not show it');
  });

  test('under the vast profile: the partition count can never change, said before creating; at most 20,000', async () => {
    const name = uniqueName('cli-vast');
    const run = await ebx(['create-topic', name, '--partitions', '1'], { env: live() });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /VAST cannot change a topic's partition count after it is created/);
    const tooMany = await ebx(['create-topic', uniqueName('cli-vast-big'), '--partitions', '20001'], { env: live() });
    assert.equal(tooMany.code, 2);
    assertOneCleanLine(tooMany, /VAST allows at most 20,000 partitions a topic \(got 20,001\)/);
  });

  test('a name that differs from an existing one only in "." and "_" is refused before anything is sent', async () => {
    const dotted = uniqueName('cli.dotted');
    const created = await ebx(['create-topic', dotted, '--partitions', '1'], { env: live() });
    assert.equal(created.code, 0, created.stderr);
    assert.match(created.stderr, /Kafka treats "\." and "_" in topic names as the same character/);
    const twin = dotted.replace(/\./g, '_');
    const run = await ebx(['create-topic', twin, '--partitions', '1'], { env: live() });
    assert.equal(run.code, 2);
    assertOneCleanLine(run, new RegExp(`"${twin}" collides with the existing topic "${dotted.replace(/\./g, '\\.')}"`));
    assert.ok(!(await kafkaTopicNames(bootstrap())).includes(twin));
  });
});

describe('topic-config and alter-topic', () => {
  let topic = '';
  before(async () => {
    topic = uniqueName('cli-config');
    const created = await ebx(['create-topic', topic, '--partitions', '1', '--config', 'retention.ms=3600000', '--config', 'cleanup.policy=compact'], { env: live() });
    assert.equal(created.code, 0, created.stderr);
  });

  test('topic-config --json: every entry with its source, overrides first, values as kafka-configs --describe --all reports them', async () => {
    const run = await ebx(['topic-config', topic, '--json'], { env: live() });
    assert.equal(run.code, 0, run.stderr);
    const entries = json<{ name: string; value: string | null; source: string; isDefault: boolean; readOnly: boolean; sensitive: boolean }[]>(run.stdout);
    for (const e of entries) assert.deepEqual(Object.keys(e), ['name', 'value', 'source', 'isDefault', 'readOnly', 'sensitive']);
    assert.deepEqual(entries.slice(0, 2).map((e) => [e.name, e.value, e.source, e.isDefault]), [
      ['cleanup.policy', 'compact', 'DYNAMIC_TOPIC_CONFIG', false],
      ['retention.ms', '3600000', 'DYNAMIC_TOPIC_CONFIG', false],
    ]);
    assert.ok(entries.slice(2).every((e) => e.source !== 'DYNAMIC_TOPIC_CONFIG'), 'the overrides come first');
    const firstDefault = entries.findIndex((e) => e.isDefault);
    assert.ok(firstDefault > 0 && entries.slice(firstDefault).every((e) => e.isDefault), 'then what the brokers set, then the defaults');
    assert.ok(entries.every((e) => !e.sensitive || e.value === null), 'sensitive values are null');
    const kafka = await kafkaTopicConfigAll(bootstrap(), topic);
    assert.equal(entries.length, kafka.size, 'the same entries as kafka-configs');
    for (const e of entries) assert.equal(e.value, kafka.get(e.name), e.name);
    const table = await ebx(['topic-config', topic], { env: live() });
    assert.match(table.stdout, /^NAME +VALUE +SOURCE +NOTE\ncleanup\.policy +compact +topic/);
  });

  test('alter-topic without --execute prints old → new and changes nothing; --execute --yes changes exactly those entries', async () => {
    const plan = await ebx(['alter-topic', topic, '--set', 'retention.ms=7200000', '--delete', 'cleanup.policy', '--set', 'max.message.bytes=2000000'], { env: live() });
    assert.equal(plan.code, 0, plan.stderr);
    assert.match(plan.stdout, /retention\.ms: 3600000 → 7200000/);
    assert.match(plan.stdout, /max\.message\.bytes: \d+ → 2000000/);
    assert.match(plan.stdout, /cleanup\.policy: compact → \(default\)/);
    assert.match(plan.stdout, /dry run: nothing changed/);
    assert.deepEqual(Object.fromEntries(await kafkaTopicOverrides(bootstrap(), topic)), { 'cleanup.policy': 'compact', 'retention.ms': '3600000' }, 'the plan changed nothing');

    const planJson = await ebx(['alter-topic', topic, '--set', 'retention.ms=7200000', '--json'], { env: live() });
    assert.deepEqual(json(planJson.stdout), { topic, executed: false, changes: [{ name: 'retention.ms', from: '3600000', to: '7200000' }] });

    const run = await ebx(['alter-topic', topic, '--set', 'retention.ms=7200000', '--delete', 'cleanup.policy', '--execute', '--yes', '--json'], { env: live() });
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(json(run.stdout), {
      topic,
      executed: true,
      changes: [
        { name: 'retention.ms', from: '3600000', to: '7200000' },
        { name: 'cleanup.policy', from: 'compact', to: null },
      ],
    });
    assert.deepEqual(Object.fromEntries(await kafkaTopicOverrides(bootstrap(), topic)), { 'retention.ms': '7200000' }, 'kafka-configs: set, and the override deleted');

    const other = await ebx(['alter-topic', topic, '--set', 'segment.ms=600000', '--execute', '--yes'], { env: live() });
    assert.equal(other.code, 0, other.stderr);
    assert.match(other.stdout, /changed 1 entry of /);
    assert.deepEqual(Object.fromEntries(await kafkaTopicOverrides(bootstrap(), topic)), { 'retention.ms': '7200000', 'segment.ms': '600000' }, 'an entry not named is kept');
  });

  test('bad edits get one sentence and change nothing', async () => {
    const before = Object.fromEntries(await kafkaTopicOverrides(bootstrap(), topic));
    const cases: [string[], number, RegExp][] = [
      [['--set', 'retention.ms'], 2, /"retention\.ms" is not an entry and its value: write it as NAME=VALUE/],
      [['--set', 'Retention=1'], 2, /"Retention" is not a configuration entry name/],
      [['--set', 'no.such.entry=1', '--profile', 'kafka'], 2, /has no configuration entry no\.such\.entry/],
      [['--set', 'no.such.entry=1'], 2, /VAST does not offer no\.such\.entry for topics/],
      [['--set', 'retention.ms=1', '--delete', 'retention.ms'], 2, /retention\.ms is both set and reset/],
      [[], 2, /Name at least one entry/],
      [['--set', 'retention.ms=soon', '--execute', '--yes'], 1, /refused to change the configuration of .*Invalid value soon for configuration retention\.ms.*Nothing was changed\./],
      [['--set', 'retention.ms=1', '--execute'], 2, /refusing to change the configuration without --yes when there is no terminal/],
    ];
    for (const [args, code, message] of cases) {
      const run = await ebx(['alter-topic', topic, ...args], { env: live() });
      assert.equal(run.code, code, `${args.join(' ')}: ${run.stderr}`);
      assertOneCleanLine(run, message);
    }
    const missing = await ebx(['alter-topic', uniqueName('cli-no-topic'), '--set', 'retention.ms=1'], { env: live() });
    assert.equal(missing.code, 1, missing.stderr);
    assertOneCleanLine(missing, /topic|exist/i);
    assert.deepEqual(Object.fromEntries(await kafkaTopicOverrides(bootstrap(), topic)), before, 'nothing changed');
  });
});

describe('delete-records', () => {
  test('the plan per partition changes nothing; --execute --yes moves the first offset as kafka-get-offsets reports it', async () => {
    const topic = await topicWith(session, 'cli-truncate', 2, Array.from({ length: 10 }, (_, i) => ({ value: `v${i}`, partition: 0 })));
    const plan = await ebx(['delete-records', topic, '--partition', '0', '--before-offset', '4', '--json'], { env: live() });
    assert.equal(plan.code, 0, plan.stderr);
    assert.deepEqual(json(plan.stdout), { topic, executed: false, partitions: [{ partition: 0, low: 0, newLow: 4, removed: 4 }] });
    assert.equal((await kafkaFirstOffsets(bootstrap(), topic)).get(0), 0, 'the plan deleted nothing');

    const run = await ebx(['delete-records', topic, '--partition', '0', '--before-offset', '4', '--execute', '--yes', '--json'], { env: live() });
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(json(run.stdout), { topic, executed: true, partitions: [{ partition: 0, low: 0, newLow: 4, removed: 4 }] });
    assert.deepEqual(Object.fromEntries(await kafkaFirstOffsets(bootstrap(), topic)), { 0: 4, 1: 0 });

    // By time: records older than a time every record is newer than -> nothing to remove.
    const byTime = await ebx(['delete-records', topic, '--before-time', '2001-01-01T00:00:00Z', '--json'], { env: live() });
    assert.equal(byTime.code, 0, byTime.stderr);
    assert.deepEqual(json<{ partitions: unknown[] }>(byTime.stdout).partitions, [
      { partition: 0, low: 4, newLow: 4, removed: 0 },
      { partition: 1, low: 0, newLow: 0, removed: 0 },
    ]);
    // A time after every record: everything goes.
    const all = await ebx(['delete-records', topic, '--before-time', new Date(Date.now() + 3_600_000).toISOString(), '--execute', '--yes'], { env: live() });
    assert.equal(all.code, 0, all.stderr);
    assert.match(all.stdout, /partition 0: first offset 4 → 10 \(6 records removed\)/);
    assert.deepEqual(Object.fromEntries(await kafkaFirstOffsets(bootstrap(), topic)), { 0: 10, 1: 0 });
  });

  test('bad input gets one sentence and deletes nothing', async () => {
    const topic = await topicWith(session, 'cli-truncate-bad', 1, [{ value: 'a' }, { value: 'b' }]);
    const cases: [string[], number, RegExp][] = [
      [['--before-offset', '5'], 2, /ends at offset 2: give an offset up to 2/],
      [['--partition', '3', '--before-offset', '1'], 2, /has no partition 3: it has partitions 0 to 0/],
      [[], 2, /give one of --before-offset N or --before-time TIME/],
      [['--before-offset', '1', '--before-time', '-1h'], 2, /give one of --before-offset N or --before-time TIME/],
      [['--before-time', 'soon'], 2, /"soon" is not a time/],
      [['--before-offset', '-1'], 2, /--before-offset/],
      [['--before-offset', '1', '--execute'], 2, /refusing to delete records without --yes/],
    ];
    for (const [args, code, message] of cases) {
      const run = await ebx(['delete-records', topic, ...args], { env: live() });
      assert.equal(run.code, code, `${args.join(' ')}: ${run.stderr}`);
      assertOneCleanLine(run, message);
    }
    assert.equal((await kafkaFirstOffsets(bootstrap(), topic)).get(0), 0, 'nothing deleted');
  });
});

describe('delete-topic', () => {
  test('the plan lists, per topic, the groups with commits on it; --yes deletes both topics (kafka-topics --list)', async () => {
    const used = await topicWith(session, 'cli-del-used', 2, [{ value: 'a', partition: 0 }]);
    const unused = await topicWith(session, 'cli-del-unused', 1);
    const group = uniqueName('cli-del-group');
    const admin = applicationKafka().admin();
    await admin.connect();
    try {
      await admin.setOffsets({ groupId: group, topic: used, partitions: [{ partition: 0, offset: '1' }] });
    } finally {
      await admin.disconnect();
    }
    const plan = await ebx(['delete-topic', used, unused, '--json'], { env: live() });
    assert.equal(plan.code, 0, plan.stderr);
    const shown = json<{ topics: { topic: string; groups: string[] }[]; executed: boolean }>(plan.stdout);
    assert.equal(shown.executed, false);
    assert.deepEqual(shown.topics, [
      { topic: used, groups: [group] },
      { topic: unused, groups: [] },
    ]);
    const dry = await ebx(['delete-topic', used, '--dry-run'], { env: live() });
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /Deleting a topic also deletes every group's committed offsets for it\./);
    assert.match(dry.stdout, new RegExp(`${used}: the committed offsets of 1 group go with it: ${group}`));
    assert.ok((await kafkaTopicNames(bootstrap())).includes(used), 'the plans deleted nothing');

    const run = await ebx(['delete-topic', used, unused, '--yes', '--json'], { env: live() });
    assert.equal(run.code, 0, run.stderr);
    const done = json<{ topics: { topic: string; groups: string[]; error: string | null }[]; executed: boolean }>(run.stdout);
    assert.equal(done.executed, true);
    assert.deepEqual(done.topics.map((t) => [t.topic, t.error]), [
      [used, null],
      [unused, null],
    ]);
    const names = await kafkaTopicNames(bootstrap());
    assert.ok(!names.includes(used) && !names.includes(unused), 'kafka-topics --list no longer shows them');
  });

  test('a topic that does not exist: one sentence, nothing deleted (not even the ones that do)', async () => {
    const kept = await topicWith(session, 'cli-del-kept', 1);
    const missing = uniqueName('cli-del-missing');
    const run = await ebx(['delete-topic', kept, missing, '--yes'], { env: live() });
    assert.equal(run.code, 1, run.stderr);
    assertOneCleanLine(run, new RegExp(`There is no topic ${missing}.*Nothing was deleted\\.`));
    assert.ok((await kafkaTopicNames(bootstrap())).includes(kept));
  });
});

test('brokers --json: the cluster id, the controller and each broker as kafka-broker-api-versions names it', async () => {
  const run = await ebx(['brokers', '--json'], { env: live() });
  assert.equal(run.code, 0, run.stderr);
  const cluster = json<{ clusterId: string; controller: number | null; brokers: { id: number; host: string; port: number; rack: string | null }[] }>(run.stdout);
  assert.deepEqual(Object.keys(cluster), ['clusterId', 'controller', 'brokers']);
  assert.match(cluster.clusterId, /^\S{10,}$/);
  const kafka = await kafkaBrokerIds(bootstrap());
  assert.deepEqual(
    cluster.brokers.map((b) => ({ address: `${b.host}:${b.port}`, id: b.id, rack: b.rack })),
    kafka.sort((a, b) => a.id - b.id),
  );
  assert.ok(cluster.brokers.some((b) => b.id === cluster.controller), 'the controller is one of the brokers');
  const table = await ebx(['brokers'], { env: live() });
  assert.match(table.stdout, /^cluster \S+: \d+ brokers?, \d+ topics?, \d+ partitions?\nID +HOST +PORT +RACK +CONTROLLER\n/);
});

describe('through a VAST-like broker (no DeleteRecords, AlterConfigs without the incremental form)', () => {
  test('alter-topic still changes only the entries named; delete-records says VAST does not support it, and deletes nothing', async () => {
    const topic = await topicWith(session, 'cli-vastlike', 1, [{ value: 'a' }, { value: 'b' }, { value: 'c' }]);
    const admin = applicationKafka().admin();
    await admin.connect();
    try {
      await admin.alterConfigs({ validateOnly: false, resources: [{ type: 2, name: topic, configEntries: [{ name: 'retention.ms', value: '3600000' }, { name: 'segment.ms', value: '600000' }] }] });
    } finally {
      await admin.disconnect();
    }
    const proxy = await startVastLikeProxy(testBroker().bootstrap[0], { hideApis: [API_KEYS.DeleteRecords, API_KEYS.IncrementalAlterConfigs] });
    try {
      const env = { KAFKA_BOOTSTRAP: proxy.bootstrap };
      const altered = await ebx(['alter-topic', topic, '--set', 'retention.ms=7200000', '--delete', 'segment.ms', '--set', 'max.message.bytes=500000', '--execute', '--yes'], { env });
      assert.equal(altered.code, 0, altered.stderr);
      assert.deepEqual(Object.fromEntries(await kafkaTopicOverrides(bootstrap(), topic)), { 'retention.ms': '7200000', 'max.message.bytes': '500000' });
      const kept = await ebx(['alter-topic', topic, '--set', 'segment.ms=900000', '--execute', '--yes'], { env });
      assert.equal(kept.code, 0, kept.stderr);
      assert.deepEqual(Object.fromEntries(await kafkaTopicOverrides(bootstrap(), topic)), { 'retention.ms': '7200000', 'max.message.bytes': '500000', 'segment.ms': '900000' }, 'the overrides not named are sent again, unchanged');

      const truncated = await ebx(['delete-records', topic, '--before-offset', '2', '--execute', '--yes'], { env });
      assert.equal(truncated.code, 1, truncated.stderr);
      assertOneCleanLine(truncated, /^ebx: VAST does not support deleting records .*Nothing was deleted\.$/);
      assert.equal((await kafkaFirstOffsets(bootstrap(), topic)).get(0), 0, 'nothing deleted');
    } finally {
      await proxy.close();
    }
  });
});
