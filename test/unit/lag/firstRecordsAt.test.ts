// The look at a committed offset: one fetch per leader, no wait, a small byte limit; the first record
// at or after the offset (whole batches can start before it; compaction leaves gaps); out of range
// before the log start reads the earliest record; errors stay with their partition.
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { VirtualClock } from '../support/virtualClock';
import { answer, fail, ScriptedCluster, serve } from '../support/scriptedCluster';
import { aFetchedPartition, aRecord } from '../support/recordBuilders';
import { notLeader, topicDenied } from '../support/brokerErrorBuilders';
import { BrokerError } from '../../../src/core/brokerError';
import { firstRecordsAt, PARTITION_MAX_BYTES } from '../../../src/core/lag/firstRecordsAt';
import { keyOf } from '../../../src/core/reader/partitionPositions';

describe('lag: the first record at a committed offset', () => {
  let clock: VirtualClock;
  let cluster: ScriptedCluster;

  beforeEach(() => {
    clock = new VirtualClock();
    cluster = new ScriptedCluster(clock);
  });
  afterEach(() => clock.stop());

  test('one fetch per leader for all its partitions, with no wait and a small byte limit', async () => {
    cluster.addTopic('orders', [1, 2, 1, 2]).addTopic('billing', [2]);
    for (let p = 0; p < 4; p++) cluster.append('orders', p, 5);
    cluster.append('billing', 0, 3);
    const positions = [0, 1, 2, 3].map((partition) => ({ topic: 'orders', partition, offset: 2, leader: [1, 2, 1, 2][partition] }));
    positions.push({ topic: 'billing', partition: 0, offset: 3, leader: 2 });

    const found = await firstRecordsAt(cluster, positions, { clock });

    const fetches = cluster.fetchCalls();
    assert.deepEqual(fetches.map((f) => f.nodeId).sort(), [1, 2]);
    assert.deepEqual(fetches.map((f) => f.requests.length).sort(), [2, 3]);
    for (const f of fetches) {
      assert.equal(f.limits.maxWaitMs, 0);
      assert.equal(f.limits.partitionMaxBytes, PARTITION_MAX_BYTES);
      assert.equal(f.limits.readAhead, false, 'one look, no read-ahead');
    }
    assert.deepEqual(found.get(keyOf('orders', 1)), { kind: 'record', offset: 2, timestamp: aRecord(2).build().timestamp, gap: false, fromEarliest: false });
    assert.deepEqual(found.get(keyOf('billing', 0)), { kind: 'empty' });
  });

  test('a batch that starts before the offset: the record at the offset, not the batch start', async () => {
    cluster.addTopic('orders', [1]);
    cluster.script(1, answer([aFetchedPartition('orders', 0, 3).records(aRecord(3).timestamp(100), aRecord(4).timestamp(200), aRecord(5).timestamp(300)).build()]));

    const found = await firstRecordsAt(cluster, [{ topic: 'orders', partition: 0, offset: 4, leader: 1 }], { clock });

    assert.deepEqual(found.get(keyOf('orders', 0)), { kind: 'record', offset: 4, timestamp: 200, gap: false, fromEarliest: false });
  });

  test('compaction gap: the first record after the committed offset', async () => {
    cluster.addTopic('orders', [1]).appendRecords('orders', 0, [aRecord(0).build(), aRecord(1).build(), aRecord(7).timestamp(700).build()]);

    const found = await firstRecordsAt(cluster, [{ topic: 'orders', partition: 0, offset: 2, leader: 1 }], { clock });

    assert.deepEqual(found.get(keyOf('orders', 0)), { kind: 'record', offset: 7, timestamp: 700, gap: true, fromEarliest: false });
  });

  test('only control records at the offset: follows the answer to the next record', async () => {
    cluster.addTopic('orders', [1]).appendRecords('orders', 0, [aRecord(5).timestamp(500).build()]);
    cluster.script(1, answer([aFetchedPartition('orders', 0, 4).nextOffset(5).highWatermark(6).build()]), serve());

    const found = await firstRecordsAt(cluster, [{ topic: 'orders', partition: 0, offset: 4, leader: 1 }], { clock });

    assert.deepEqual(cluster.fetchesOf('orders', 0).map((f) => f.offset), [4, 5]);
    assert.deepEqual(found.get(keyOf('orders', 0)), { kind: 'record', offset: 5, timestamp: 500, gap: true, fromEarliest: false });
  });

  test('an empty answer though the high watermark says records are there is asked once more', async () => {
    cluster.addTopic('orders', [1]).append('orders', 0, 3);
    cluster.script(1, answer([aFetchedPartition('orders', 0, 1).highWatermark(3).build()]), serve());

    const found = await firstRecordsAt(cluster, [{ topic: 'orders', partition: 0, offset: 1, leader: 1 }], { clock });

    assert.equal(cluster.fetchCalls().length, 2);
    assert.equal(found.get(keyOf('orders', 0))?.kind, 'record');
  });

  test('an offset before the earliest record kept reads the earliest record', async () => {
    cluster.addTopic('orders', [1]).append('orders', 0, 10).deleteBefore('orders', 0, 6);

    const found = await firstRecordsAt(cluster, [{ topic: 'orders', partition: 0, offset: 2, leader: 1 }], { clock });

    assert.deepEqual(cluster.fetchesOf('orders', 0).map((f) => f.offset), [2, 6]);
    assert.deepEqual(found.get(keyOf('orders', 0)), { kind: 'record', offset: 6, timestamp: aRecord(6).build().timestamp, gap: false, fromEarliest: true });
  });

  test('an offset past the end says so with the end', async () => {
    cluster.addTopic('orders', [1]).append('orders', 0, 10);

    const found = await firstRecordsAt(cluster, [{ topic: 'orders', partition: 0, offset: 25, leader: 1 }], { clock });

    assert.deepEqual(found.get(keyOf('orders', 0)), { kind: 'pastEnd', end: 10 });
  });

  test('a denied partition fails alone; the others of the same fetch are read', async () => {
    cluster.addTopic('orders', [1]).addTopic('secret', [1]).append('orders', 0, 3).append('secret', 0, 3);
    cluster.script(1, fail(topicDenied('secret', 0)));

    const found = await firstRecordsAt(cluster, [
      { topic: 'orders', partition: 0, offset: 1, leader: 1 },
      { topic: 'secret', partition: 0, offset: 1, leader: 1 },
    ], { clock });

    assert.equal(found.get(keyOf('orders', 0))?.kind, 'record');
    assert.deepEqual(found.get(keyOf('secret', 0)), { kind: 'error', message: topicDenied('secret', 0).message });
    assert.deepEqual(cluster.fetchCalls().map((f) => f.requests.map((r) => r.topic).sort()), [['orders', 'secret'], ['orders']]);
  });

  test('a failure that names no partition is narrowed down per topic', async () => {
    cluster.addTopic('orders', [1]).addTopic('secret', [1]).append('orders', 0, 3).append('secret', 0, 3);
    const denied = new BrokerError('denied', 'Not authorized to access this topic: the user needs Read/Describe on it.', { code: 'TOPIC_AUTHORIZATION_FAILED' });
    cluster.script(1, fail(denied), serve(), fail(denied));

    const found = await firstRecordsAt(cluster, [
      { topic: 'orders', partition: 0, offset: 1, leader: 1 },
      { topic: 'secret', partition: 0, offset: 1, leader: 1 },
    ], { clock });

    assert.equal(found.get(keyOf('orders', 0))?.kind, 'record');
    assert.deepEqual(found.get(keyOf('secret', 0)), { kind: 'error', message: denied.message });
  });

  test('a moved leader: fresh metadata, then the new leader is asked', async () => {
    cluster.addTopic('orders', [1]).append('orders', 0, 3).moveLeader('orders', 0, 2);

    const found = await firstRecordsAt(cluster, [{ topic: 'orders', partition: 0, offset: 1, leader: 1 }], { clock });

    assert.deepEqual(cluster.fetchesOf('orders', 0), [{ nodeId: 1, offset: 1 }, { nodeId: 2, offset: 1 }]);
    assert.equal(cluster.callsOf('refreshMetadata').length, 1);
    assert.equal(found.get(keyOf('orders', 0))?.kind, 'record');
  });

  test('a leader that keeps failing: an error for its partitions after a few tries, not a hang', async () => {
    cluster.addTopic('orders', [1]).append('orders', 0, 3);
    for (let i = 0; i < 10; i++) cluster.script(1, fail(notLeader('orders', 0)));

    const found = await firstRecordsAt(cluster, [{ topic: 'orders', partition: 0, offset: 1, leader: 1 }], { clock });

    assert.equal(found.get(keyOf('orders', 0))?.kind, 'error');
    assert.equal(cluster.fetchCalls().length, 4);
  });

  test('aborting rejects with an AbortError', async () => {
    cluster.addTopic('orders', [1]).append('orders', 0, 3);
    cluster.script(1, { kind: 'silent' });
    const controller = new AbortController();
    clock.at(100, () => controller.abort());

    await assert.rejects(firstRecordsAt(cluster, [{ topic: 'orders', partition: 0, offset: 1, leader: 1 }], { clock, signal: controller.signal }), { name: 'AbortError' });
  });
});
