// Which failures the reader retries: kinds that heal by themselves (leader moved, connection lost,
// no answer, unreachable) for up to retryForMs of failures in a row; never auth, certificate, denied
// or fatal. A topic deleted under the reader ends it with a sentence.
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { VirtualClock } from '../support/virtualClock';
import { fail, ScriptedCluster, serve } from '../support/scriptedCluster';
import {
  authFailed,
  certificateRejected,
  connectionDropped,
  fatal,
  fetchTimedOut,
  notLeader,
  topicDenied,
  unknownTopic,
  unreachable,
} from '../support/brokerErrorBuilders';
import { offsetsOf, range, readToEnd, startReader, takeRecords } from '../support/readerHarness';
import type { BrokerError } from '../../../src/core/brokerError';
import { EbxError } from '../../../src/core/errors';

describe('reader: broker errors', () => {
  let clock: VirtualClock;
  let cluster: ScriptedCluster;
  const at0 = [{ topic: 'orders', partition: 0, offset: 0 }];

  beforeEach(() => {
    clock = new VirtualClock();
    cluster = new ScriptedCluster(clock).addTopic('orders', [1]).append('orders', 0, 3);
  });
  afterEach(() => clock.stop());

  const notRetried: [string, () => BrokerError][] = [
    ['auth', authFailed],
    ['certificate', certificateRejected],
    ['denied', () => topicDenied('orders', 0)],
    ['fatal', fatal],
  ];
  for (const [kind, make] of notRetried) {
    test(`${kind}: fails at once, not retried`, async () => {
      const error = make();
      cluster.script(1, fail(error));
      const { reader } = startReader(cluster, clock, at0, { retryForMs: Infinity });

      await assert.rejects(reader.next(), (err) => err === error);
      assert.equal(cluster.fetchCalls().length, 1);
      assert.equal(cluster.callsOf('refreshMetadata').length, 0);
      assert.equal(clock.elapsed(), 0, 'no wait before failing');
    });
  }

  test('an error that is not a BrokerError (a bug) is surfaced, not retried', async () => {
    const bug = new TypeError('cannot read properties of undefined');
    cluster.script(1, fail(bug as unknown as BrokerError));
    const { reader } = startReader(cluster, clock, at0);

    await assert.rejects(reader.next(), (err) => err === bug);
    assert.equal(cluster.fetchCalls().length, 1);
  });

  const retried: [string, () => BrokerError][] = [
    ['retriable (leader moved)', () => notLeader('orders', 0)],
    ['retriable (connection dropped)', connectionDropped],
    ['unreachable', () => unreachable()],
    ['timeout', fetchTimedOut],
    ['unknownTopic while the topic exists (a new leader taking over)', () => unknownTopic('orders', 0)],
  ];
  for (const [kind, make] of retried) {
    test(`${kind}: retried after fresh metadata, from the same offset`, async () => {
      cluster.script(1, fail(make()), fail(make()));
      const { reader } = startReader(cluster, clock, at0, { finishAfterEmptyFetches: 1 });

      assert.deepEqual(offsetsOf(await readToEnd(reader), 'orders', 0), range(0, 3));
      assert.deepEqual(
        cluster.fetchesOf('orders', 0).map((f) => f.offset).slice(0, 3),
        [0, 0, 0],
      );
      assert.equal(cluster.callsOf('refreshMetadata').length, 2);
      // Waits of 250 then 500 ms between the tries.
      assert.deepEqual(
        cluster.fetchCalls().map((c) => c.at).slice(0, 3),
        [0, 250, 750],
      );
    });
  }

  test('retriable errors give up once they have lasted longer than retryForMs', async () => {
    const error = connectionDropped();
    cluster.script(1, ...Array.from({ length: 10 }, () => fail(error)));
    const { reader } = startReader(cluster, clock, at0, { retryForMs: 1_000 });

    await assert.rejects(reader.next(), (err) => err === error);
    // Failures at 0, 250, 750 (within 1 s of the first) are retried; the one at 1750 is not.
    assert.deepEqual(
      cluster.fetchCalls().map((c) => c.at),
      [0, 250, 750, 1750],
    );
  });

  test('a fetch that works starts the count again', async () => {
    cluster.script(1, fail(connectionDropped()), fail(connectionDropped()), serve({ maxRecords: 1 }), fail(connectionDropped()), fail(connectionDropped()));
    const { reader } = startReader(cluster, clock, at0, { retryForMs: 1_000, finishAfterEmptyFetches: 1 });

    assert.deepEqual(offsetsOf(await readToEnd(reader), 'orders', 0), range(0, 3));
    // 0, +250, +500 (answers), then the delays start again at 250.
    assert.deepEqual(
      cluster.fetchCalls().map((c) => c.at).slice(0, 5),
      [0, 250, 750, 750, 1000],
    );
  });

  test('a topic deleted while being read: "Topic … no longer exists"', async () => {
    const { reader } = startReader(cluster, clock, at0, { retryForMs: Infinity, outOfRange: 'nearest' });
    await takeRecords(reader, 3);
    cluster.removeTopic('orders');

    await assert.rejects(reader.next(), (err: unknown) => {
      assert.ok(err instanceof EbxError);
      assert.equal(err.message, 'Topic orders no longer exists (it was deleted while being read).');
      return true;
    });
  });

  test('a topic deleted while its broker still answers NOT_LEADER_OR_FOLLOWER: "no longer exists", not a wait for a leader for ever', { timeout: 5_000 }, async () => {
    // Kafka answers a fetch caught by the delete with NOT_LEADER_OR_FOLLOWER while its metadata
    // still holds the topic; afterwards no leader is ever found for the partition.
    cluster.script(1, serve(), fail(notLeader('orders', 0)));
    const { reader } = startReader(cluster, clock, at0, { retryForMs: Infinity, outOfRange: 'nearest' });
    await takeRecords(reader, 3);
    cluster.removeTopic('orders');

    await assert.rejects(reader.next(), (err: unknown) => {
      assert.ok(err instanceof EbxError, String(err));
      assert.equal(err.message, 'Topic orders no longer exists (it was deleted while being read).');
      return true;
    });
    assert.ok(clock.elapsed() < 2_000, `ended ${clock.elapsed()} ms (virtual) after the delete`);
  });
});
