// Read-only connections in core, driven by the scripted fake of our ClusterAccess: a session opened
// read-only refuses every changing call with one sentence and sends nothing, reads pass through, and
// the core operations built on it (delete groups, reset commit, create/delete topic, produce) refuse
// as a whole. The real-broker tiers (test/cli, test/extension-host) check the same at a broker.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ClusterAccess, GroupOutcome, NewTopicSpec, OffsetToCommit, PartitionOutcome, RecordToProduce } from '../../src/core/clusterAccess';
import { KafkaSession } from '../../src/core/session';
import { connectionDefaultsFromEnv, readOnlyFromEnv } from '../../src/core/connection';
import { isReadOnlyRefusal, readOnlySentence, refuseIfReadOnly } from '../../src/core/readOnly';
import { deleteGroups } from '../../src/core/groups/deleteGroups';
import { createTopic } from '../../src/core/topics/createTopicPlan';
import { deleteTopic } from '../../src/core/topics/deleteTopicsPlan';
import { produce } from '../../src/core/topics/produce';
import { commitPlan } from '../../src/core/offsetReset/commitPlan';
import type { ResetPlan } from '../../src/core/offsetReset/resetPlan';
import { ScriptedCluster } from './support/scriptedCluster';
import { VirtualClock } from './support/virtualClock';

/**
 * The scripted cluster for reads (its own changing calls are unscripted), with changing calls that
 * work and are recorded: a read-only session must let none of them reach it.
 */
function recordingCluster(): { access: ClusterAccess; scripted: ScriptedCluster; changes: string[] } {
  const scripted = new ScriptedCluster(new VirtualClock()).addTopic('orders', [1, 1]).withApiVersions(1, [{ apiKey: 1, name: 'Fetch', minVersion: 4, maxVersion: 17 }]);
  const changes: string[] = [];
  const changing: Pick<ClusterAccess, 'commitOffsets' | 'deleteGroups' | 'createTopic' | 'deleteTopic' | 'produce' | 'coordinatorOf' | 'alterTopicConfig' | 'deleteRecords'> = {
    alterTopicConfig: (topic: string) => {
      changes.push(`alterTopicConfig ${topic}`);
      return Promise.resolve();
    },
    deleteRecords: (topic: string) => {
      changes.push(`deleteRecords ${topic}`);
      return Promise.resolve();
    },
    commitOffsets: (groupId: string, offsets: OffsetToCommit[]): Promise<PartitionOutcome[]> => {
      changes.push(`commitOffsets ${groupId}`);
      return Promise.resolve(offsets.map((o) => ({ topic: o.topic, partition: o.partition, error: null })));
    },
    deleteGroups: (_nodeId: number, groupIds: string[]): Promise<GroupOutcome[]> => {
      changes.push(`deleteGroups ${groupIds.join(',')}`);
      return Promise.resolve(groupIds.map((groupId) => ({ groupId, error: null })));
    },
    createTopic: (topic: NewTopicSpec) => {
      changes.push(`createTopic ${topic.name}`);
      return Promise.resolve(true);
    },
    deleteTopic: (name: string) => {
      changes.push(`deleteTopic ${name}`);
      return Promise.resolve();
    },
    produce: (topic: string, _records: RecordToProduce[]) => {
      changes.push(`produce ${topic}`);
      return Promise.resolve();
    },
    coordinatorOf: () => Promise.resolve(1),
  };
  // Reads go to the scripted cluster (its methods run with it as `this` through the prototype).
  const access = Object.assign(Object.create(scripted) as ClusterAccess, changing);
  return { access, scripted, changes };
}

function setUp(readOnly: boolean): { cluster: { changes: string[] }; session: KafkaSession } {
  const cluster = recordingCluster();
  const session = KafkaSession.over(cluster.access, { name: 'prod', readOnly, timeoutMs: 5_000 });
  return { cluster, session };
}

const plan: ResetPlan = {
  group: 'billing',
  partitions: [{ topic: 'orders', partition: 0, current: 5, target: 0 }],
} as unknown as ResetPlan;

/** Every changing ClusterAccess call, with the sentence it must be refused with. */
const CHANGING_CALLS: [string, (access: ClusterAccess) => Promise<unknown>, string][] = [
  ['commitOffsets', (a) => a.commitOffsets('billing', [{ topic: 'orders', partition: 0, offset: 0 }]), 'committing offsets for consumer group "billing"'],
  ['deleteGroups', (a) => a.deleteGroups(1, ['billing']), 'deleting consumer group "billing"'],
  ['deleteGroups (several)', (a) => a.deleteGroups(1, ['a', 'b']), 'deleting consumer groups "a", "b"'],
  ['createTopic', (a) => a.createTopic({ name: 'new-topic', partitions: 1 }), 'creating topic "new-topic"'],
  ['deleteTopic', (a) => a.deleteTopic('orders'), 'deleting topic "orders"'],
  ['produce', (a) => a.produce('orders', [{ key: null, value: 'x' }]), 'producing to topic "orders"'],
  ['alterTopicConfig', (a) => a.alterTopicConfig('orders', [{ name: 'retention.ms', value: '1' }]), 'changing the configuration of topic "orders"'],
  ['deleteRecords', (a) => a.deleteRecords('orders', [{ partition: 0, beforeOffset: 1 }]), 'deleting records of topic "orders"'],
];

describe('a read-only session', () => {
  for (const [name, call, what] of CHANGING_CALLS) {
    test(`refuses ${name} with one sentence and sends nothing`, async () => {
      const { cluster, session } = setUp(true);
      await assert.rejects(call(session.cluster()), (err: unknown) => {
        assert.ok(isReadOnlyRefusal(err), `expected a read-only refusal, got ${String(err)}`);
        assert.equal(err.message, `Connection "prod" is read-only: ${what} is not allowed.`);
        return true;
      });
      assert.deepEqual(cluster.changes, []);
    });
  }

  test('passes reads through', async () => {
    const { session } = setUp(true);
    const meta = await session.cluster().metadata();
    assert.deepEqual(
      meta.topics.map((t) => t.name),
      ['orders'],
    );
    assert.equal((await session.cluster().topicMetadata('orders')).partitions.length, 2);
    assert.deepEqual(await session.cluster().apiVersions(1), [{ apiKey: 1, name: 'Fetch', minVersion: 4, maxVersion: 17 }]);
    assert.equal(session.readOnly, true);
  });

  test('core operations refuse as a whole, before any request, and change nothing', async () => {
    const { cluster, session } = setUp(true);
    const sentence = (what: string) => ({ name: 'BrokerError', message: `Connection "prod" is read-only: ${what} is not allowed.` });
    await assert.rejects(deleteGroups(session, ['billing']), sentence('deleting consumer group "billing"'));
    await assert.rejects(deleteGroups(session, ['a', 'b']), sentence('deleting consumer groups'));
    await assert.rejects(commitPlan(session, plan), sentence('committing offsets for consumer group "billing"'));
    await assert.rejects(createTopic(session, { name: 'new-topic', partitions: 1 }), sentence('creating topic "new-topic"'));
    await assert.rejects(deleteTopic(session, 'orders'), sentence('deleting topic "orders"'));
    await assert.rejects(produce(session, 'orders', [{ value: 'x' }]), sentence('producing to topic "orders"'));
    assert.deepEqual(cluster.changes, []);
  });
});

describe('a writable session', () => {
  test('lets every changing call through (the same calls reach the cluster)', async () => {
    const { cluster, session } = setUp(false);
    for (const [, call] of CHANGING_CALLS) await call(session.cluster());
    assert.equal(cluster.changes.length, CHANGING_CALLS.length);
    assert.equal(session.readOnly, false);
  });
});

describe('refuseIfReadOnly', () => {
  test('throws the sentence for a read-only connection, naming it', () => {
    assert.throws(() => refuseIfReadOnly({ name: 'prod', bootstrap: 'b:9092', readOnly: true }, 'resetting offsets'), {
      message: 'Connection "prod" is read-only: resetting offsets is not allowed.',
    });
  });
  test('names a connection without a name by its bootstrap addresses (the CLI)', () => {
    assert.equal(readOnlySentence({ bootstrap: ['a:9092', 'b:9092'], readOnly: true }, 'producing records'), 'Connection "a:9092,b:9092" is read-only: producing records is not allowed.');
  });
  test('does nothing for a writable connection', () => {
    refuseIfReadOnly({ name: 'dev', bootstrap: 'b:9092' }, 'resetting offsets');
    refuseIfReadOnly({ name: 'dev', bootstrap: 'b:9092', readOnly: false }, 'resetting offsets');
  });
});

describe('EBX_READ_ONLY', () => {
  test('1 (or any value but an "off" one) makes the environment connection read-only', () => {
    for (const value of ['1', 'true', 'TRUE', 'yes', ' 1 ', 'on']) assert.equal(readOnlyFromEnv({ EBX_READ_ONLY: value }), true, value);
    assert.equal(connectionDefaultsFromEnv({ KAFKA_BOOTSTRAP: 'b:9092', EBX_READ_ONLY: '1' }).readOnly, true);
  });
  test('unset, empty, 0, false, no and off leave it writable', () => {
    assert.equal(readOnlyFromEnv({}), false);
    for (const value of ['', ' ', '0', 'false', 'No', 'off']) assert.equal(readOnlyFromEnv({ EBX_READ_ONLY: value }), false, value);
    assert.equal(connectionDefaultsFromEnv({ KAFKA_BOOTSTRAP: 'b:9092' }).readOnly, false);
  });
});
