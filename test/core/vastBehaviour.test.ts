// The reader against VAST's own behaviours, which Apache Kafka cannot show: fetches answered at
// once (the reader must back off by itself) and end offsets that trail the newest events (the
// reader must decide "caught up" by reading, never from the reported end). A named proxy in front
// of the real broker produces exactly those two behaviours (test/support/vastLikeBrokerProxy.ts).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { KafkaSession } from '../../src/core/session';
import { describePartitions, produce } from '../../src/core/topics';
import { replay } from '../../src/core/replay';
import { tail } from '../../src/core/tail';
import { describeGroup } from '../../src/core/groups';
import { testBroker } from '../support/brokerEnv';
import { collect, liveConsumer, openSession, topicWith, uniqueName } from '../support/kafkaFixtures';
import { startVastLikeProxy, type VastLikeOptions, type VastLikeProxy } from '../support/vastLikeBrokerProxy';

const single = testBroker().bootstrap.length === 1 ? false : 'the proxy fronts a single broker';

/**
 * For one suite: a VAST-like proxy in front of the test broker, a session straight to the broker
 * (to produce) and one through the proxy (under test). Read the getters inside tests.
 */
function sessionsThroughProxy(options: VastLikeOptions) {
  let proxy: VastLikeProxy | undefined;
  let direct: KafkaSession | undefined;
  let viaProxy: KafkaSession | undefined;
  before(async () => {
    proxy = await startVastLikeProxy(testBroker().bootstrap[0], options);
    direct = openSession();
    viaProxy = KafkaSession.open({ bootstrap: [proxy.bootstrap], timeoutMs: 15_000 });
  });
  after(async () => {
    await viaProxy?.close();
    await direct?.close();
    await proxy?.close();
  });
  return {
    get proxy() {
      return proxy!;
    },
    get direct() {
      return direct!;
    },
    get viaProxy() {
      return viaProxy!;
    },
  };
}

describe('against a broker that answers empty fetches at once', { skip: single }, () => {
  const at = sessionsThroughProxy({ immediateFetch: true });

  test('an idle tail backs off to at most 10 fetches a second, and still sees new records quickly', async () => {
    const topic = await topicWith(at.direct, 'vast-idle', 1);
    const controller = new AbortController();
    const seen: { value: string; at: number }[] = [];
    let started = 0;
    const tailing = (async () => {
      for await (const batch of tail(at.viaProxy, { topic, signal: controller.signal, onStart: () => (started = Date.now()) })) {
        seen.push(...batch.map((r) => ({ value: String(r.value), at: Date.now() })));
        if (seen.length >= 1) controller.abort();
      }
    })();
    let sentAt = 0;
    try {
      await new Promise((r) => setTimeout(r, 4_000));
      const windowStart = started + 1_000; // after the ramp-up of the backoff
      const inWindow = at.proxy.fetchTimes.filter((t) => t >= windowStart && t < windowStart + 3_000).length;
      assert.ok(inWindow > 0, 'the tail fetched through the proxy');
      assert.ok(inWindow / 3 <= 10.5, `${(inWindow / 3).toFixed(1)} fetches/s while idle`);
      sentAt = Date.now();
      await produce(at.direct, topic, [{ value: 'after the quiet' }]);
    } finally {
      // Never leave the tail running past a failed assertion.
      setTimeout(() => controller.abort(), 5_000).unref();
      await tailing;
    }
    assert.equal(seen[0].value, 'after the quiet');
    assert.ok(seen[0].at - sentAt < 1_000, `arrived ${seen[0].at - sentAt} ms after it was sent`);
  });
});

describe('against a broker whose end offset trails the newest events', { skip: single }, () => {
  const at = sessionsThroughProxy({ immediateFetch: true, endOffsetLag: 40 });

  test('a replay reads past the reported end until fetches come back empty', async () => {
    const topic = await topicWith(at.direct, 'vast-trailing', 1, Array.from({ length: 100 }, (_, i) => ({ value: `r${i}` })));
    const [partition] = await describePartitions(at.viaProxy, topic);
    assert.equal(partition.high, 60, 'the broker reports an end 40 behind');
    assert.equal(partition.highApproximate, true);
    const records = await collect(replay(at.viaProxy, { topic, partition: 0, start: { kind: 'beginning' } }));
    assert.equal(records.length, 100);
    assert.equal(records[records.length - 1].value, 'r99');
  });

  test('lag computed from a trailing end is clamped at zero, never negative', async () => {
    const topic = await topicWith(at.direct, 'vast-lag', 1, Array.from({ length: 50 }, (_, i) => ({ value: `r${i}` })));
    const groupId = uniqueName('vast-lag');
    await (await liveConsumer(groupId, topic, 50)).disconnect();
    const detail = await describeGroup(at.viaProxy, groupId);
    assert.deepEqual(detail.offsets.map((o) => [o.committed, o.end, o.lag]), [[50, 10, 0]]);
  });
});
