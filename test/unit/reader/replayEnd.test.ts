// When a replay ends: after N empty fetches in a row at the same offset, never because the broker's
// reported end (high watermark) says so, since on VAST that end can trail the newest events.
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { VirtualClock } from '../support/virtualClock';
import { answer, ScriptedCluster } from '../support/scriptedCluster';
import { aFetchedPartition, recordsFrom } from '../support/recordBuilders';
import { offsetsOf, range, readToEnd, startReader } from '../support/readerHarness';

describe('reader: the end of a replay', () => {
  let clock: VirtualClock;
  let cluster: ScriptedCluster;

  beforeEach(() => {
    clock = new VirtualClock();
    cluster = new ScriptedCluster(clock).addTopic('orders', [1]);
  });
  afterEach(() => clock.stop());

  test('finishes after finishAfterEmptyFetches empty answers in a row', async () => {
    cluster.append('orders', 0, 5);
    const { reader } = startReader(cluster, clock, [{ topic: 'orders', partition: 0, offset: 0 }], { finishAfterEmptyFetches: 3 });

    const all = await readToEnd(reader);

    assert.deepEqual(offsetsOf(all, 'orders', 0), range(0, 5));
    assert.deepEqual(
      cluster.fetchCalls().map((c) => c.outcome),
      ['records', 'empty', 'empty', 'empty'],
    );
  });

  test('a reported end that trails the records does not end it', async () => {
    cluster.append('orders', 0, 10);
    // The first answer says the partition ends at 2, yet returns up to 4; more follow after it.
    cluster.script(1, answer([aFetchedPartition('orders', 0).records(...recordsFrom(0, 5)).highWatermark(2).build()]));
    const { reader } = startReader(cluster, clock, [{ topic: 'orders', partition: 0, offset: 0 }], { finishAfterEmptyFetches: 2 });

    const all = await readToEnd(reader);

    assert.deepEqual(offsetsOf(all, 'orders', 0), range(0, 10));
  });

  test('a reported end at the start position does not end it before the fetches come back empty', async () => {
    cluster.append('orders', 0, 4);
    cluster.script(1, answer([aFetchedPartition('orders', 0, 0).highWatermark(0).build()]));
    const { reader } = startReader(cluster, clock, [{ topic: 'orders', partition: 0, offset: 0 }], { finishAfterEmptyFetches: 2 });

    const all = await readToEnd(reader);

    assert.deepEqual(offsetsOf(all, 'orders', 0), range(0, 4));
  });

  test('records reset the count; an answer that skips a gap is not empty', async () => {
    cluster.script(
      1,
      answer([aFetchedPartition('orders', 0, 0).build()]),
      answer([aFetchedPartition('orders', 0, 0).records(...recordsFrom(0, 2)).build()]),
      answer([aFetchedPartition('orders', 0, 2).build()]),
      // Control records or a compacted gap: nothing to hand out, but the position moves on.
      answer([aFetchedPartition('orders', 0, 2).nextOffset(5).build()]),
      answer([aFetchedPartition('orders', 0, 5).records(...recordsFrom(5, 1)).build()]),
      answer([aFetchedPartition('orders', 0, 6).build()]),
      answer([aFetchedPartition('orders', 0, 6).build()]),
    );
    const { reader } = startReader(cluster, clock, [{ topic: 'orders', partition: 0, offset: 0 }], { finishAfterEmptyFetches: 2 });

    const all = await readToEnd(reader);

    assert.deepEqual(offsetsOf(all, 'orders', 0), [0, 1, 5]);
    assert.deepEqual(
      cluster.fetchesOf('orders', 0).map((f) => f.offset),
      [0, 0, 2, 2, 5, 6, 6],
    );
  });

  test('an empty answer below the reported end is a starved partition, not its end (a big fetch filled by the others)', async () => {
    cluster.append('orders', 0, 3);
    // The broker filled its byte budget with other partitions twice: nothing for this one, though it holds three records.
    cluster.script(1, answer([aFetchedPartition('orders', 0, 0).highWatermark(3).build()]), answer([aFetchedPartition('orders', 0, 0).highWatermark(3).build()]));
    const { reader } = startReader(cluster, clock, [{ topic: 'orders', partition: 0, offset: 0 }], { finishAfterEmptyFetches: 2 });

    const all = await readToEnd(reader);

    assert.deepEqual(offsetsOf(all, 'orders', 0), range(0, 3));
  });

  test('an open transaction bounds it: empty answers at the last stable offset still end the replay', async () => {
    const atStable = { ...aFetchedPartition('orders', 0, 2).highWatermark(5).build(), lastStableOffset: 2 };
    cluster.script(1, answer([aFetchedPartition('orders', 0, 0).records(...recordsFrom(0, 2)).highWatermark(5).build()]), answer([atStable]), answer([atStable]));
    const { reader } = startReader(cluster, clock, [{ topic: 'orders', partition: 0, offset: 0 }], { finishAfterEmptyFetches: 2 });

    const all = await readToEnd(reader);

    assert.deepEqual(offsetsOf(all, 'orders', 0), [0, 1]);
    assert.equal(cluster.fetchesOf('orders', 0).length, 3);
  });
});
