// Empty fetches. VAST answers an empty fetch at once (ignoring the wait we ask for): the reader backs
// off 10, 20, 40, 80, then 100 ms between fetches, and any record resets that. A broker that holds the
// fetch for the wait itself (Apache Kafka) gets no extra backoff.
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { VirtualClock } from '../support/virtualClock';
import { ScriptedCluster } from '../support/scriptedCluster';
import { readToEnd, startReader, takeRecords } from '../support/readerHarness';

/** Virtual ms between one fetch's answer and the next fetch to the same broker. */
function idleGaps(cluster: ScriptedCluster): number[] {
  const calls = cluster.fetchCalls(1);
  return calls.slice(1).map((c, i) => c.at - calls[i].settledAt!);
}

describe('reader: empty fetches', () => {
  let clock: VirtualClock;
  afterEach(() => clock.stop());
  beforeEach(() => {
    clock = new VirtualClock();
  });

  test('answered at once: the wait before the next fetch grows 10 → 100 ms and resets on records', async () => {
    const cluster = new ScriptedCluster(clock).addTopic('orders', [1]);
    const { reader, controller } = startReader(cluster, clock, [{ topic: 'orders', partition: 0, offset: 0 }], { retryForMs: Infinity, outOfRange: 'nearest' });
    clock.at(500, () => cluster.append('orders', 0, 3));

    await takeRecords(reader, 3);
    const withRecords = cluster.fetchCalls(1).findIndex((c) => c.outcome === 'records');
    clock.at(clock.elapsed() + 50, () => controller.abort());
    await readToEnd(reader);

    const gaps = idleGaps(cluster);
    assert.deepEqual(gaps.slice(0, withRecords), [10, 20, 40, 80, 100, 100, 100, 100].slice(0, withRecords));
    assert.ok(withRecords >= 6, `empty fetches before the records: ${withRecords}`);
    // After the fetch with records: at once, then 10, 20 again.
    assert.deepEqual(gaps.slice(withRecords, withRecords + 3), [0, 10, 20]);
    assert.ok(cluster.fetchCalls(1).every((c) => c.limits.maxWaitMs === 500));
  });

  test('the broker waits itself: no extra backoff on top of its wait', async () => {
    const cluster = new ScriptedCluster(clock, { brokerWaits: true }).addTopic('orders', [1]);
    const { reader, controller } = startReader(cluster, clock, [{ topic: 'orders', partition: 0, offset: 0 }], {
      retryForMs: Infinity,
      outOfRange: 'nearest',
      limits: { maxWaitMs: 500 },
    });
    clock.at(2_600, () => controller.abort());

    assert.deepEqual(await readToEnd(reader), []);

    const calls = cluster.fetchCalls(1);
    assert.deepEqual(
      calls.map((c) => c.at),
      [0, 500, 1000, 1500, 2000, 2500],
    );
    assert.deepEqual(idleGaps(cluster), [0, 0, 0, 0, 0]);
  });

  test('the cap is the reader option idleBackoffCapMs', async () => {
    const cluster = new ScriptedCluster(clock).addTopic('orders', [1]);
    const { reader, controller } = startReader(cluster, clock, [{ topic: 'orders', partition: 0, offset: 0 }], {
      retryForMs: Infinity,
      outOfRange: 'nearest',
      idleBackoffCapMs: 30,
    });
    clock.at(200, () => controller.abort());
    await readToEnd(reader);

    assert.deepEqual(idleGaps(cluster).slice(0, 5), [10, 20, 30, 30, 30]);
  });
});
