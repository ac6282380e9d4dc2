// The reader against VAST's own behaviours, which Apache Kafka cannot show: fetches answered at
// once (the reader must back off by itself) and end offsets that trail the newest events (the
// reader must decide "caught up" by reading, never from the reported end). A named proxy in front
// of the real broker produces exactly those two behaviours (test/support/vastLikeBrokerProxy.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { describePartitions } from '../../src/core/topics/listTopics';
import { produce } from '../../src/core/topics/produce';
import { replay } from '../../src/core/replay';
import { tail } from '../../src/core/tail';
import { describeGroup } from '../../src/core/groups/describeGroup';
import { collect, liveConsumer, topicWith, uniqueName } from '../support/kafkaFixtures';
import { PROXY_NEEDS_ONE_BROKER, sessionsThroughProxy } from '../support/proxiedSessions';
import { withDeadline } from '../support/deadline';

const single = PROXY_NEEDS_ONE_BROKER;

describe('against a broker that answers empty fetches at once', { skip: single }, () => {
  const at = sessionsThroughProxy({ immediateFetch: true });

  test('an idle tail backs off to at most 10 fetches a second, and still sees a new record', { timeout: 60_000 }, async () => {
    // By events, not by a rate over wall-clock time: a sleep never ends early, so the time from an
    // empty answer leaving the proxy to the next fetch arriving is at least the reader's backoff
    // delay, however loaded the machine. Expected delays: 10, 20, 40, 80, then 100 ms (the cap, so at
    // most 10 fetches a second) — src/core/reader/idleBackoff.ts.
    const topic = await topicWith(at.direct, 'vast-idle', 1);
    const controller = new AbortController();
    const seen: string[] = [];
    const tailing = (async () => {
      for await (const batch of tail(at.viaProxy, { topic, signal: controller.signal })) {
        seen.push(...batch.map((r) => JSON.stringify(r.value)));
        if (seen.length >= 1) controller.abort();
      }
    })();
    try {
      const first = at.proxy.fetches.length;
      const empties = 12;
      await withDeadline(at.proxy.fetchesSeen(first + empties + 1), 30_000, `${empties + 1} fetches from the idle tail through the proxy`);
      const fetches = at.proxy.fetches.slice(first, first + empties + 1);
      const gaps: string[] = [];
      let expected = 0;
      let cappedGaps = 0;
      for (let i = 0; i < empties; i++) {
        const { requestedAt, answeredAt } = fetches[i];
        assert.ok(answeredAt !== undefined, `fetch ${i} was answered before the next one was sent`);
        // An answer slower than ~0.8 of the 500 ms wait looks to the reader like a broker that waited
        // (the delay starts over); on a loaded machine that can happen, so expect nothing after it.
        expected = answeredAt - requestedAt > 200 ? 0 : expected === 0 ? 10 : Math.min(100, expected * 2);
        const gap = fetches[i + 1].requestedAt - answeredAt;
        gaps.push(`${gap.toFixed(0)} ms (at least ${expected})`);
        assert.ok(gap >= expected - 2, `the reader fetched again ${gap.toFixed(1)} ms after an immediate empty answer, expected at least ${expected} ms; gaps: ${gaps.join(', ')}`);
        if (expected === 100) cappedGaps++;
      }
      assert.ok(cappedGaps >= 3, `the backoff reached its cap of 100 ms (at most 10 fetches a second); gaps: ${gaps.join(', ')}`);
      await produce(at.direct, topic, [{ value: 'after the quiet' }]);
      await withDeadline(tailing, 30_000, 'record produced after the quiet from the tail');
    } finally {
      // Never leave the tail running past a failed assertion.
      controller.abort();
      await tailing;
    }
    assert.deepEqual(seen, [JSON.stringify('after the quiet')]);
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

  test('a tail shows only records written since it began, not those between the trailing end and the true one', { timeout: 60_000 }, async () => {
    // Written half a minute before the tail: behind VAST's trailing end, as right after a burst.
    const before = Date.now() - 30_000;
    const topic = await topicWith(at.direct, 'vast-tail-new', 1, Array.from({ length: 40 }, (_, i) => ({ value: `old${i}`, timestamp: before + i })));
    const controller = new AbortController();
    const seen: string[] = [];
    let startedAt: { offset: number }[] = [];
    let skipping = false;
    let markStarted!: () => void;
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    const tailing = (async () => {
      const onStart = (positions: { offset: number }[], skip: unknown) => {
        startedAt = positions;
        skipping = skip !== undefined;
        markStarted();
      };
      for await (const batch of tail(at.viaProxy, { topic, signal: controller.signal, onStart })) {
        seen.push(...batch.map((r) => r.value as string));
        if (seen.length >= 2) controller.abort();
      }
    })();
    try {
      await withDeadline(started, 30_000, 'the tail to find the ends');
      await produce(at.direct, topic, [{ value: 'new0' }, { value: 'new1' }]);
      await withDeadline(tailing, 30_000, 'the two records produced after the start');
    } finally {
      controller.abort();
      await tailing;
    }
    assert.deepEqual(startedAt.map((p) => p.offset), [0], 'the reported end trails by 40');
    assert.equal(skipping, true);
    assert.deepEqual(seen, ['new0', 'new1']);
  });

  test('a replay from the end reads none of the records written before it began', async () => {
    const before = Date.now() - 30_000;
    const topic = await topicWith(at.direct, 'vast-replay-end', 1, Array.from({ length: 40 }, (_, i) => ({ value: `old${i}`, timestamp: before + i })));
    let startOffset = -1;
    const records = await collect(replay(at.viaProxy, { topic, partition: 0, start: { kind: 'end' }, onStart: (s) => (startOffset = s.offset) }));
    assert.equal(startOffset, 0, 'the reported end trails by 40');
    assert.deepEqual(records.map((r) => r.value), []);
  });

  test('lag computed from a trailing end is clamped at zero, never negative', async () => {
    const topic = await topicWith(at.direct, 'vast-lag', 1, Array.from({ length: 50 }, (_, i) => ({ value: `r${i}` })));
    const groupId = uniqueName('vast-lag');
    await (await liveConsumer(groupId, topic, 50)).disconnect();
    const detail = await describeGroup(at.viaProxy, groupId);
    assert.deepEqual(detail.offsets.map((o) => [o.committed, o.end, o.lag]), [[50, 10, 0]]);
  });
});
