// Where the reader stands: a position moves only past records it handed out, so a batch cut off by
// the size limit, or a fetch that failed for one of its partitions, is fetched again from there.
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { VirtualClock } from '../support/virtualClock';
import { answer, ScriptedCluster, serve } from '../support/scriptedCluster';
import { aFetchedPartition, aRecord, recordsFrom } from '../support/recordBuilders';
import { offsetsOf, overlappingFetches, range, readToEnd, startReader, takeRecords } from '../support/readerHarness';

describe('reader: positions', () => {
  let clock: VirtualClock;
  let cluster: ScriptedCluster;

  beforeEach(() => {
    clock = new VirtualClock();
    cluster = new ScriptedCluster(clock);
  });
  afterEach(() => clock.stop());

  test('a partial last batch: the next fetch starts where the answer says, inside that batch, and nothing is dropped', async () => {
    cluster.addTopic('orders', [1]).append('orders', 0, 20);
    // The answer ends inside a batch the size limit cut off: records up to 11, next offset 12, end 20.
    cluster.script(1, answer([aFetchedPartition('orders', 0).records(...recordsFrom(0, 12)).nextOffset(12).highWatermark(20).build()]));
    const { reader } = startReader(cluster, clock, [{ topic: 'orders', partition: 0, offset: 0 }], { finishAfterEmptyFetches: 2 });

    const all = await readToEnd(reader);

    assert.deepEqual(offsetsOf(all, 'orders', 0), range(0, 20));
    assert.deepEqual(cluster.fetchesOf('orders', 0).map((f) => f.offset).slice(0, 2), [0, 12]);
  });

  test('records are handed out as the access returned them (contents untouched)', async () => {
    cluster.addTopic('orders', [1]).appendRecords('orders', 0, [aRecord(0).key('k').value('v').header('h', 'x').timestamp(42).build()]);
    const { reader } = startReader(cluster, clock, [{ topic: 'orders', partition: 0, offset: 0 }], { finishAfterEmptyFetches: 1 });

    const [batch] = await readToEnd(reader);

    assert.equal(batch.records[0].key?.toString(), 'k');
    assert.equal(batch.records[0].value?.toString(), 'v');
    assert.equal(batch.records[0].headers.h?.toString(), 'x');
    assert.equal(batch.records[0].timestamp, 42);
  });

  test('a fetch that fails for one partition hands out nothing, and both are fetched again from where they stood', async () => {
    cluster.addTopic('orders', [1, 1]).append('orders', 0, 6).append('orders', 1, 6);
    cluster.script(1, serve({ maxRecords: 2 }));
    const { reader } = startReader(
      cluster,
      clock,
      [
        { topic: 'orders', partition: 0, offset: 0 },
        { topic: 'orders', partition: 1, offset: 0 },
      ],
      { finishAfterEmptyFetches: 2 },
    );

    const first = await takeRecords(reader, 4);
    // Partition 1 moves: broker 1's next answer, for both partitions, is NOT_LEADER for partition 1.
    cluster.moveLeader('orders', 1, 2);
    const rest = await readToEnd(reader);
    const all = [...first, ...rest];

    assert.deepEqual(offsetsOf(all, 'orders', 0), range(0, 6));
    assert.deepEqual(offsetsOf(all, 'orders', 1), range(0, 6));
    assert.deepEqual(cluster.fetchesOf('orders', 0).slice(0, 3), [
      { nodeId: 1, offset: 0 },
      { nodeId: 1, offset: 2 },
      { nodeId: 1, offset: 2 },
    ]);
    assert.deepEqual(cluster.fetchesOf('orders', 1).slice(0, 3), [
      { nodeId: 1, offset: 0 },
      { nodeId: 1, offset: 2 },
      { nodeId: 2, offset: 2 },
    ]);
  });

  test('one fetch per leader, each for all of that leader\'s partitions', async () => {
    cluster.addTopic('orders', [1, 2, 1, 2]);
    for (let p = 0; p < 4; p++) cluster.append('orders', p, 5);
    cluster.script(1, serve({ afterMs: 30, maxRecords: 2 }), serve({ afterMs: 30, maxRecords: 2 }));
    cluster.script(2, serve({ afterMs: 70, maxRecords: 2 }));
    const { reader } = startReader(cluster, clock, range(0, 4).map((partition) => ({ topic: 'orders', partition, offset: 0 })), { finishAfterEmptyFetches: 2 });

    const all = await readToEnd(reader);

    for (let p = 0; p < 4; p++) assert.deepEqual(offsetsOf(all, 'orders', p), range(0, 5), `partition ${p}`);
    assert.deepEqual(overlappingFetches(cluster), []);
    assert.deepEqual(
      cluster.fetchCalls(1)[0].requests.map((r) => r.partition),
      [0, 2],
    );
    assert.deepEqual(
      cluster.fetchCalls(2)[0].requests.map((r) => r.partition),
      [1, 3],
    );
  });
});
