// Tail against the real broker: from the end, the last N, partitions added later, abort mid-fetch.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { tail } from '../../src/core/tail';
import { produce } from '../../src/core/topics/produce';
import type { ShownRecord } from '../../src/core/model';
import { KafkaSession } from '../../src/core/session';
import { testBroker } from '../support/brokerEnv';
import { openSession, topicWith, applicationKafka } from '../support/kafkaFixtures';
import { startVastLikeProxy } from '../support/vastLikeBrokerProxy';
import { withDeadline } from '../support/deadline';

const single = testBroker().bootstrap.length === 1 ? false : 'the proxy fronts a single broker';

/** Runs a tail until `until` says stop (or a deadline), returning what it saw. */
async function tailUntil(session: KafkaSession, options: Parameters<typeof tail>[1], until: (seen: ShownRecord[]) => boolean, act: () => Promise<void>, deadlineMs = 20_000) {
  const controller = new AbortController();
  const seen: ShownRecord[] = [];
  let started!: () => void;
  const ready = new Promise<void>((resolve) => (started = resolve));
  const timer = setTimeout(() => controller.abort(), deadlineMs);
  const reading = (async () => {
    for await (const batch of tail(session, { ...options, signal: controller.signal, onStart: () => started() })) {
      seen.push(...batch);
      if (until(seen)) controller.abort();
    }
  })();
  await withDeadline(Promise.race([ready, reading]), deadlineMs, 'start of the tail');
  await act();
  await reading;
  clearTimeout(timer);
  return seen;
}

describe('tail a topic', () => {
  let session: KafkaSession;
  before(() => (session = openSession()));
  after(() => session.close());

  test('from the end: only records produced after it started, from every partition', async () => {
    const topic = await topicWith(session, 'tail', 3, [{ value: 'old', partition: 0 }]);
    const seen = await tailUntil(session, { topic }, (s) => s.length >= 3, () =>
      produce(session, topic, [0, 1, 2].map((partition) => ({ value: `new-${partition}`, partition }))),
    );
    assert.deepEqual(seen.map((r) => r.value).sort(), ['new-0', 'new-1', 'new-2']);
  });

  test('the last N per partition, then new ones', async () => {
    const topic = await topicWith(session, 'tail-last', 2, [0, 1, 2, 3].map((i) => ({ value: `old-${i}`, partition: i % 2 })));
    const seen = await tailUntil(session, { topic, lastPerPartition: 1 }, (s) => s.length >= 3, () => produce(session, topic, [{ value: 'fresh', partition: 1 }]));
    assert.deepEqual(seen.map((r) => r.value).sort(), ['fresh', 'old-2', 'old-3']);
  });

  test('chosen partitions only', async () => {
    const topic = await topicWith(session, 'tail-some', 3);
    const seen = await tailUntil(session, { topic, partitions: [2] }, (s) => s.some((r) => r.value === 'p2-b'), () =>
      produce(session, topic, [
        { value: 'p0', partition: 0 },
        { value: 'p2-a', partition: 2 },
        { value: 'p2-b', partition: 2 },
      ]),
    );
    assert.deepEqual(seen.map((r) => [r.partition, r.value]), [[2, 'p2-a'], [2, 'p2-b']]);
  });

  test('picks up partitions added later', async () => {
    const topic = await topicWith(session, 'tail-grow', 1);
    const admin = applicationKafka().admin();
    await admin.connect();
    try {
      const seen = await tailUntil(session, { topic, discoverEveryMs: 300 }, (s) => s.some((r) => r.partition === 1), async () => {
        await admin.createPartitions({ topicPartitions: [{ topic, count: 2 }] });
        // Produce once the metadata names a leader for the new partition (not after a guessed pause).
        await withDeadline(
          (async () => {
            while (!(await session.cluster().topicMetadata(topic)).partitions.some((p) => p.partition === 1 && p.leader >= 0)) await new Promise((r) => setTimeout(r, 50));
          })(),
          20_000,
          'leader for the new partition 1',
        );
        await produce(session, topic, [{ value: 'in new partition', partition: 1 }]);
      });
      assert.deepEqual(seen.map((r) => [r.partition, r.value]), [[1, 'in new partition']]);
    } finally {
      await admin.disconnect();
    }
  });

  test('stops on abort with a fetch in flight that is never answered', { skip: single, timeout: 60_000 }, async () => {
    // By events: the proxy never answers a fetch, so the tail can only return by honouring the abort
    // (the reader's own answer deadline is 15 s past the fetch wait). How fast it stops is measured
    // in bench/, not here.
    const topic = await topicWith(session, 'tail-stop', 1);
    const proxy = await startVastLikeProxy(testBroker().bootstrap[0], { immediateFetch: false, holdFetchAnswers: true });
    const viaProxy = KafkaSession.open({ bootstrap: [proxy.bootstrap], timeoutMs: 15_000 });
    const controller = new AbortController();
    try {
      const reading = (async () => {
        for await (const _ of tail(viaProxy, { topic, signal: controller.signal })) void _;
      })();
      await withDeadline(proxy.fetchesSeen(1), 20_000, 'fetch from the tail through the proxy');
      controller.abort();
      await withDeadline(reading, 10_000, 'return from the tail after the abort (its fetch still unanswered)');
      assert.equal(proxy.fetches[0].answeredAt, undefined, 'the fetch was still in flight');
    } finally {
      controller.abort();
      // The proxy first: closing a session waits for a request in flight up to its timeout.
      await proxy.close();
      await viaProxy.close();
    }
  });

  test('rejects unknown partitions', async () => {
    const topic = await topicWith(session, 'tail-unknown', 1);
    await assert.rejects(async () => {
      for await (const _ of tail(session, { topic, partitions: [5] })) void _;
    }, /has no partition 5/);
  });
});
