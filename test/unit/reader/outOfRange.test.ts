// OFFSET_OUT_OF_RANGE: replay stops with a sentence that says which end was crossed; tail goes on
// from the nearest end.
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { VirtualClock } from '../support/virtualClock';
import { ScriptedCluster } from '../support/scriptedCluster';
import { offsetsOf, range, startReader, takeRecords } from '../support/readerHarness';
import { EbxError } from '../../../src/core/errors';

describe('reader: offset out of range', () => {
  let clock: VirtualClock;
  let cluster: ScriptedCluster;

  beforeEach(() => {
    clock = new VirtualClock();
    cluster = new ScriptedCluster(clock).addTopic('orders', [1]).append('orders', 0, 10);
  });
  afterEach(() => clock.stop());

  test('replay: an offset retention already deleted fails with the first available offset', async () => {
    cluster.deleteBefore('orders', 0, 6);
    const { reader } = startReader(cluster, clock, [{ topic: 'orders', partition: 0, offset: 2 }], { outOfRange: 'fail' });

    await assert.rejects(reader.next(), (err: unknown) => {
      assert.ok(err instanceof EbxError);
      assert.equal(err.message, 'Offset 2 of orders partition 0 is no longer available: the first available offset is 6.');
      return true;
    });
    assert.equal(cluster.fetchCalls().length, 1, 'not retried');
  });

  test('replay: an offset beyond the end fails with the approximate end', async () => {
    const { reader } = startReader(cluster, clock, [{ topic: 'orders', partition: 0, offset: 25 }], { outOfRange: 'fail' });

    await assert.rejects(reader.next(), { message: 'Offset 25 is beyond the end of orders partition 0 (about 10).' });
  });

  test('tail: an offset retention deleted jumps to the first available one', async () => {
    cluster.deleteBefore('orders', 0, 6);
    const { reader, controller, logger } = startReader(cluster, clock, [{ topic: 'orders', partition: 0, offset: 2 }], {
      outOfRange: 'nearest',
      retryForMs: Number.POSITIVE_INFINITY,
    });

    const got = await takeRecords(reader, 4);
    controller.abort();

    assert.deepEqual(offsetsOf(got, 'orders', 0), range(6, 10));
    assert.deepEqual(cluster.fetchesOf('orders', 0).map((f) => f.offset), [2, 6]);
    assert.ok(logger.lines.some((l) => l.level === 'warn' && l.message === 'orders partition 0: offset 2 is out of range; continuing at 6'));
    assert.deepEqual(await reader.next(), { done: true, value: undefined });
  });

  test('tail: an offset beyond the end (topic recreated shorter) jumps to the end and reads what comes next', async () => {
    const { reader, controller } = startReader(cluster, clock, [{ topic: 'orders', partition: 0, offset: 25 }], {
      outOfRange: 'nearest',
      retryForMs: Number.POSITIVE_INFINITY,
    });
    clock.at(1_000, () => cluster.append('orders', 0, 2));

    const got = await takeRecords(reader, 2);
    controller.abort();

    assert.deepEqual(offsetsOf(got, 'orders', 0), [10, 11]);
    assert.deepEqual(cluster.fetchesOf('orders', 0).slice(0, 2).map((f) => f.offset), [25, 10]);
  });
});
