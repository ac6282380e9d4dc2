// Leader moves, dropped connections and silent fetches: the reader fetches again from the same
// offsets on whichever broker leads now, and hands out every record exactly once.
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { VirtualClock } from '../support/virtualClock';
import { fail, ScriptedCluster, serve, silent } from '../support/scriptedCluster';
import { connectionDropped } from '../support/brokerErrorBuilders';
import { offsetsOf, overlappingFetches, range, readToEnd, startReader, takeRecords } from '../support/readerHarness';

describe('reader: leader changes and lost connections', () => {
  let clock: VirtualClock;
  let cluster: ScriptedCluster;

  beforeEach(() => {
    clock = new VirtualClock();
    cluster = new ScriptedCluster(clock).addTopic('orders', [1, 2]);
  });
  afterEach(() => clock.stop());

  test('a leader that moves mid-read: NOT_LEADER, fresh metadata, the same offset on the new leader', async () => {
    cluster.append('orders', 0, 10).script(1, serve({ maxRecords: 4 }));
    const { reader } = startReader(cluster, clock, [{ topic: 'orders', partition: 0, offset: 0 }], { finishAfterEmptyFetches: 2 });

    const first = await takeRecords(reader, 4);
    assert.deepEqual(offsetsOf(first, 'orders', 0), [0, 1, 2, 3]);
    cluster.moveLeader('orders', 0, 2);
    const rest = await readToEnd(reader);

    assert.deepEqual(offsetsOf([...first, ...rest], 'orders', 0), range(0, 10), 'every record once, in order');
    const fetches = cluster.fetchesOf('orders', 0);
    assert.deepEqual(fetches.slice(0, 3), [
      { nodeId: 1, offset: 0 },
      { nodeId: 1, offset: 4 },
      { nodeId: 2, offset: 4 },
    ]);
    assert.deepEqual(
      cluster.fetchCalls().map((c) => c.outcome),
      ['records', 'retriable', 'records', 'empty', 'empty'],
    );
    // The refresh comes between the failed fetch and the one to the new leader.
    const refresh = cluster.calls.findIndex((c) => c.method === 'refreshMetadata');
    assert.ok(refresh > cluster.calls.indexOf(cluster.fetchCalls()[1]) && refresh < cluster.calls.indexOf(cluster.fetchCalls()[2]));
  });

  test('a connection dropped while its fetch is in flight: that leader is asked again from the same offset, the other leader goes on', async () => {
    cluster.append('orders', 0, 6).append('orders', 1, 6);
    cluster.script(1, fail(connectionDropped(), { afterMs: 50 }));
    cluster.script(2, serve({ afterMs: 100, maxRecords: 3 }));
    const { reader } = startReader(
      cluster,
      clock,
      [
        { topic: 'orders', partition: 0, offset: 0 },
        { topic: 'orders', partition: 1, offset: 0 },
      ],
      { finishAfterEmptyFetches: 2 },
    );

    const all = await readToEnd(reader);

    assert.deepEqual(offsetsOf(all, 'orders', 0), range(0, 6));
    assert.deepEqual(offsetsOf(all, 'orders', 1), range(0, 6));
    assert.deepEqual(
      cluster.fetchesOf('orders', 0).slice(0, 2),
      [
        { nodeId: 1, offset: 0 },
        { nodeId: 1, offset: 0 },
      ],
    );
    // Broker 2's answer arrived while broker 1's failure was being handled: it was not lost.
    assert.deepEqual(cluster.fetchesOf('orders', 1).slice(0, 2), [
      { nodeId: 2, offset: 0 },
      { nodeId: 2, offset: 3 },
    ]);
    assert.deepEqual(overlappingFetches(cluster), []);
  });

  test('a fetch that never answers is given up after answerWithinMs and sent again from the same offset', async () => {
    cluster.append('orders', 0, 3).script(1, silent());
    const { reader } = startReader(cluster, clock, [{ topic: 'orders', partition: 0, offset: 0 }], {
      finishAfterEmptyFetches: 2,
      limits: { maxWaitMs: 500 },
    });

    const all = await readToEnd(reader);

    assert.deepEqual(offsetsOf(all, 'orders', 0), [0, 1, 2]);
    const [silentFetch, retry] = cluster.fetchCalls();
    // The reader's own bound: the fetch wait plus 15 s for the transfer.
    assert.equal(silentFetch.limits.answerWithinMs, 15_500);
    assert.equal(silentFetch.outcome, 'timeout');
    assert.ok(retry.at >= 15_500, `the silent fetch was given up only after answerWithinMs (retried at ${retry.at} ms)`);
    assert.deepEqual(retry.requests, [{ topic: 'orders', partition: 0, offset: 0 }]);
    assert.equal(cluster.callsOf('refreshMetadata').length, 1);
  });
});
