// Aborting the signal ends the reader quietly wherever it waits: the generator returns (no error),
// it makes no further calls, and the calls left in flight settle without an unhandled rejection.
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { VirtualClock } from '../support/virtualClock';
import { fail, ScriptedCluster, silent, type Gate } from '../support/scriptedCluster';
import { connectionDropped, offsetOutOfRange, unknownTopic } from '../support/brokerErrorBuilders';
import { settle, startReader, type ReaderRun } from '../support/readerHarness';
import type { ReaderOptions } from '../../../src/core/reader/partitionReader';

const DONE = { done: true, value: undefined };

describe('reader: abort at every await', () => {
  let clock: VirtualClock;
  let cluster: ScriptedCluster;
  let unhandled: unknown[];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeEach(() => {
    clock = new VirtualClock();
    cluster = new ScriptedCluster(clock).addTopic('orders', [1]);
    unhandled = [];
    process.on('unhandledRejection', onUnhandled);
  });
  afterEach(() => {
    clock.stop();
    process.off('unhandledRejection', onUnhandled);
  });

  const tailOptions: Partial<ReaderOptions> = { outOfRange: 'nearest', retryForMs: Infinity };
  const at0 = [{ topic: 'orders', partition: 0, offset: 0 }];

  /** Aborts once `gate` holds the reader's call, then checks the reader ended quietly and stays quiet. */
  async function abortWhileHeld(run: ReaderRun, gate: Gate): Promise<void> {
    const next = run.reader.next();
    await gate.reached;
    const callsBefore = cluster.calls.length;
    run.controller.abort();
    assert.deepEqual(await next, DONE);
    gate.release();
    await settle();
    assert.equal(cluster.calls.length, callsBefore, 'no call after the abort');
    assert.deepEqual(unhandled, []);
    assert.deepEqual(await run.reader.next(), DONE);
  }

  /** Aborts at a virtual time, then checks the same. */
  async function abortAt(run: ReaderRun, ms: number): Promise<void> {
    let callsAtAbort = -1;
    clock.at(ms, () => {
      callsAtAbort = cluster.calls.length;
      run.controller.abort();
    });
    assert.deepEqual(await run.reader.next(), DONE);
    await settle();
    assert.equal(cluster.calls.length, callsAtAbort, 'no call after the abort');
    assert.ok(
      cluster.fetchCalls().every((c) => c.settledAt !== undefined),
      'every fetch settled',
    );
    assert.deepEqual(unhandled, []);
  }

  test('before the first fetch', async () => {
    const run = startReader(cluster, clock, at0, tailOptions);
    run.controller.abort();
    assert.deepEqual(await run.reader.next(), DONE);
    assert.deepEqual(cluster.calls, []);
  });

  test('while the consumer holds a batch (at the yield)', async () => {
    cluster.append('orders', 0, 2);
    const run = startReader(cluster, clock, at0, tailOptions);
    assert.equal((await run.reader.next()).done, false);
    const callsBefore = cluster.calls.length;
    run.controller.abort();
    assert.deepEqual(await run.reader.next(), DONE);
    assert.equal(cluster.calls.length, callsBefore);
  });

  test('while looking up a leader', async () => {
    const gate = cluster.hold('leaderOf');
    await abortWhileHeld(startReader(cluster, clock, at0, tailOptions), gate);
  });

  test('while a fetch is in flight (a fetch that never answers)', async () => {
    cluster.script(1, silent());
    const run = startReader(cluster, clock, at0, tailOptions);
    await abortAt(run, 1_000);
    assert.equal(cluster.fetchCalls()[0].outcome, 'aborted', 'the fetch itself saw the abort');
  });

  test('while waiting out the idle backoff before a fetch', async () => {
    const run = startReader(cluster, clock, at0, tailOptions);
    // Empty answers at 0 and 10; at 25 the reader waits 20 ms before its third fetch.
    await abortAt(run, 25);
    assert.equal(cluster.fetchCalls().length, 2);
  });

  test('while waiting before a retry', async () => {
    cluster.script(1, fail(connectionDropped()));
    const run = startReader(cluster, clock, at0, tailOptions);
    await abortAt(run, 100);
    assert.equal(cluster.fetchCalls().length, 1);
  });

  test('while refreshing metadata after a failure', async () => {
    cluster.script(1, fail(connectionDropped()));
    const gate = cluster.hold('refreshMetadata');
    await abortWhileHeld(startReader(cluster, clock, at0, tailOptions), gate);
  });

  test('while checking whether a topic still exists', async () => {
    cluster.script(1, fail(unknownTopic('orders', 0)));
    const gate = cluster.hold('partitionsOf');
    await abortWhileHeld(startReader(cluster, clock, at0, tailOptions), gate);
  });

  test('while looking up the offsets after OFFSET_OUT_OF_RANGE', async () => {
    cluster.script(1, fail(offsetOutOfRange('orders', 0)));
    const gate = cluster.hold('listOffsets');
    await abortWhileHeld(startReader(cluster, clock, at0, { outOfRange: 'fail', retryForMs: 30_000 }), gate);
  });

  test('while looking for new partitions', async () => {
    let asked = 0;
    const run = startReader(cluster, clock, at0, {
      ...tailOptions,
      discoverEveryMs: 100,
      discoverNewPartitions: () => {
        asked++;
        return new Promise(() => undefined);
      },
    });
    await abortAt(run, 500);
    assert.equal(asked, 1);
  });
});
