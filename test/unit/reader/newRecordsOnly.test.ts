// "Only records that arrive" (tail, replay from the end) starts at the reported end, which on VAST
// trails the newest events: the records past it that were written before the read began are
// skipped by their timestamps — in each partition until its first record written since (less 5 s
// for producer clocks), its first empty fetch, or a minute after the start.
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { VirtualClock } from '../support/virtualClock';
import { ScriptedCluster } from '../support/scriptedCluster';
import { aRecord } from '../support/recordBuilders';
import { offsetsOf, readToEnd, startReader, takeRecords } from '../support/readerHarness';
import { newRecordsOnlyWords, skipOlderThan, withoutOlderRecords } from '../../../src/core/reader/newRecordsOnly';
import { PartitionPositions, keyOf } from '../../../src/core/reader/partitionPositions';

const at = (offset: number, timestamp: number) => aRecord(offset).timestamp(timestamp).build();

describe('only records written since the read began', () => {
  const start = Date.parse('2026-12-08T10:00:00Z');
  const skip = skipOlderThan(start);

  test('the records before the first one written since (5 s allowed) are skipped; from it on, all are kept', () => {
    const records = [at(0, start - 30_000), at(1, start - 5_001), at(2, start - 5_000), at(3, start - 60_000), at(4, start + 1)];
    const { kept, over } = withoutOlderRecords(records, skip, start + 100);
    assert.deepEqual(kept.map((r) => r.offset), [2, 3, 4]);
    assert.equal(over, true);
  });

  test('a fetch of older records only: nothing kept, still skipping', () => {
    const { kept, over } = withoutOlderRecords([at(0, start - 40_000), at(1, start - 20_000)], skip, start + 100);
    assert.deepEqual(kept, []);
    assert.equal(over, false);
  });

  test('a minute after the start nothing is skipped any more', () => {
    const records = [at(0, start - 40_000)];
    assert.deepEqual(withoutOlderRecords(records, skip, start + 59_999).kept, []);
    const late = withoutOlderRecords(records, skip, start + 60_000);
    assert.deepEqual(late.kept.map((r) => r.offset), [0]);
    assert.equal(late.over, true);
  });

  test('said in one sentence, with the start and the allowance', () => {
    assert.equal(
      newRecordsOnlyWords(skip),
      'only records written from 2026-12-08T10:00:00.000Z on (5 s allowed for producer clocks): older ones after the reported end, which can trail the newest events, are skipped',
    );
  });

  test('partitions added later are not skipped: they hold only new records', () => {
    const positions = new PartitionPositions([{ topic: 't', partition: 0, offset: 10 }], skip);
    positions.add({ topic: 't', partition: 1, offset: 0 });
    assert.deepEqual(positions.get(keyOf('t', 0))?.skip, skip);
    assert.equal(positions.get(keyOf('t', 1))?.skip, undefined);
  });
});

describe('reader: a read that skips records written before it began', () => {
  let clock: VirtualClock;
  beforeEach(() => {
    clock = new VirtualClock();
  });
  afterEach(() => clock.stop());

  test('hands out only the records written since, then every record after the first of them', async () => {
    const began = clock.now();
    const cluster = new ScriptedCluster(clock).addTopic('orders', [1]);
    // What lies past a trailing end: written 30 s, 20 s and 6 s before the start; then one written since, then a late old stamp.
    cluster.appendRecords('orders', 0, [at(0, began - 30_000), at(1, began - 20_000), at(2, began - 6_000), at(3, began + 200), at(4, began - 45_000)]);
    const { reader, controller } = startReader(cluster, clock, [{ topic: 'orders', partition: 0, offset: 0 }], { retryForMs: Infinity, outOfRange: 'nearest', skipOlder: skipOlderThan(began) });

    const batches = await takeRecords(reader, 2);
    controller.abort();
    await readToEnd(reader);
    assert.deepEqual(offsetsOf(batches, 'orders', 0), [3, 4]);
  });

  test('the first empty fetch ends the skipping: what comes after arrived later, whatever its stamp', async () => {
    const began = clock.now();
    const cluster = new ScriptedCluster(clock).addTopic('orders', [1]);
    // A producer whose clock is a minute behind writes after the reader has found the partition empty.
    clock.at(500, () => cluster.appendRecords('orders', 0, [at(0, began - 60_000), at(1, began - 59_000)]));
    const { reader, controller } = startReader(cluster, clock, [{ topic: 'orders', partition: 0, offset: 0 }], { retryForMs: Infinity, outOfRange: 'nearest', skipOlder: skipOlderThan(began) });

    const batches = await takeRecords(reader, 2);
    controller.abort();
    await readToEnd(reader);
    assert.deepEqual(offsetsOf(batches, 'orders', 0), [0, 1]);
  });

  test('a minute after the start, by the reader\'s clock, nothing is skipped', async () => {
    const began = clock.now() - 60_000;
    const cluster = new ScriptedCluster(clock).addTopic('orders', [1]);
    cluster.appendRecords('orders', 0, [at(0, began - 30_000), at(1, began - 20_000)]);
    const { reader, controller } = startReader(cluster, clock, [{ topic: 'orders', partition: 0, offset: 0 }], { retryForMs: Infinity, outOfRange: 'nearest', skipOlder: skipOlderThan(began) });

    const batches = await takeRecords(reader, 2);
    controller.abort();
    await readToEnd(reader);
    assert.deepEqual(offsetsOf(batches, 'orders', 0), [0, 1]);
  });

  test('a replay from the end that finds only older records ends with none', async () => {
    const began = clock.now();
    const cluster = new ScriptedCluster(clock).addTopic('orders', [1]);
    cluster.appendRecords('orders', 0, [at(0, began - 30_000), at(1, began - 20_000)]);
    const { reader } = startReader(cluster, clock, [{ topic: 'orders', partition: 0, offset: 0 }], { finishAfterEmptyFetches: 2, skipOlder: skipOlderThan(began) });

    assert.deepEqual(await readToEnd(reader), []);
  });
});
