// Tail reads partitions added while it runs: every discoverEveryMs it asks for new ones and reads
// them from where the caller says (tail: their start).
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { VirtualClock } from '../support/virtualClock';
import { ScriptedCluster } from '../support/scriptedCluster';
import { offsetsOf, readToEnd, startReader, takeRecords } from '../support/readerHarness';
import type { ReadPosition } from '../../../src/core/reader/partitionReader';

describe('reader: new partitions (tail)', () => {
  let clock: VirtualClock;
  let cluster: ScriptedCluster;

  beforeEach(() => {
    clock = new VirtualClock();
    cluster = new ScriptedCluster(clock).addTopic('orders', [1]);
  });
  afterEach(() => clock.stop());

  /** Like tail.ts: partitions not seen before, from offset 0. */
  function newPartitionsOf(topic: string, known: Set<number>): () => Promise<ReadPosition[]> {
    return async () => {
      const meta = await cluster.topicMetadata(topic);
      const added = meta.partitions.filter((p) => !known.has(p.partition));
      added.forEach((p) => known.add(p.partition));
      return added.map((p) => ({ topic, partition: p.partition, offset: 0 }));
    };
  }

  test('a partition added while tailing is read from its start on its own leader', async () => {
    clock.at(500, () => {
      const added = cluster.addPartition('orders', 2);
      cluster.append('orders', added, 3);
    });
    const { reader, controller, logger } = startReader(cluster, clock, [{ topic: 'orders', partition: 0, offset: 0 }], {
      outOfRange: 'nearest',
      retryForMs: Infinity,
      discoverEveryMs: 1_000,
      discoverNewPartitions: newPartitionsOf('orders', new Set([0])),
    });

    const got = await takeRecords(reader, 3);
    controller.abort();
    await readToEnd(reader);

    assert.deepEqual(offsetsOf(got, 'orders', 1), [0, 1, 2]);
    const firstOfNew = cluster.fetchCalls(2)[0];
    assert.ok(firstOfNew.at >= 1_000, `looked for new partitions only after discoverEveryMs (at ${firstOfNew.at} ms)`);
    assert.deepEqual(firstOfNew.requests, [{ topic: 'orders', partition: 1, offset: 0 }]);
    assert.ok(logger.lines.some((l) => l.level === 'info' && l.message === 'orders partition 1 appeared; reading it from offset 0'));
    assert.equal(cluster.callsOf('topicMetadata').length, 1, 'asked once per discoverEveryMs');
  });

  test('a failed look for new partitions is tried again later, and known partitions are not added twice', async () => {
    let asked = 0;
    const { reader, controller } = startReader(cluster, clock, [{ topic: 'orders', partition: 0, offset: 0 }], {
      outOfRange: 'nearest',
      retryForMs: Infinity,
      discoverEveryMs: 100,
      discoverNewPartitions: () => {
        asked++;
        return asked === 1 ? Promise.reject(new Error('metadata failed')) : Promise.resolve([{ topic: 'orders', partition: 0, offset: 99 }]);
      },
    });
    clock.at(400, () => cluster.append('orders', 0, 1));

    const got = await takeRecords(reader, 1);
    controller.abort();
    await readToEnd(reader);

    assert.ok(asked >= 2);
    assert.deepEqual(offsetsOf(got, 'orders', 0), [0], 'partition 0 still read from where it stood, not from 99');
  });
});
