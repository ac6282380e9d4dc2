// replay() and tail() over the scripted cluster (through KafkaSession.over): the reader options they
// pass make replay fail and tail jump when the broker says the offset is out of range. These use the
// real clock, but nothing in them waits: each answer is there at once.
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { VirtualClock } from '../support/virtualClock';
import { ScriptedCluster } from '../support/scriptedCluster';
import { RecordingLogger } from '../support/readerHarness';
import { KafkaSession } from '../../../src/core/session';
import { replay } from '../../../src/core/replay';
import { tail } from '../../../src/core/tail';

describe('replay and tail: out of range after the start was found', () => {
  let clock: VirtualClock;
  let cluster: ScriptedCluster;

  beforeEach(() => {
    clock = new VirtualClock();
    cluster = new ScriptedCluster(clock).addTopic('orders', [1]).append('orders', 0, 10);
  });
  afterEach(() => clock.stop());

  test('replay fails with the sentence naming the first available offset', async () => {
    // The reader's first call; retention moves on between finding the start and the first fetch.
    const gate = cluster.hold('leaderOf');
    const replaying = replay(KafkaSession.over(cluster), { topic: 'orders', partition: 0, start: { kind: 'offset', offset: 3 } }).next();
    await gate.reached;
    cluster.deleteBefore('orders', 0, 8);
    gate.release();

    await assert.rejects(replaying, { message: 'Offset 3 of orders partition 0 is no longer available: the first available offset is 8.' });
  });

  test('tail jumps to the first available offset and goes on', async () => {
    const logger = new RecordingLogger();
    const controller = new AbortController();
    const gate = cluster.hold('leaderOf');
    const tailing = tail(KafkaSession.over(cluster, {}, logger), { topic: 'orders', lastPerPartition: 10, signal: controller.signal });
    const first = tailing.next();
    await gate.reached;
    cluster.deleteBefore('orders', 0, 7);
    gate.release();

    const got = await first;
    controller.abort();

    assert.equal(got.done, false);
    assert.deepEqual(
      got.value?.map((r) => r.offset),
      [7, 8, 9],
    );
    assert.ok(logger.lines.some((l) => l.message === 'orders partition 0: offset 0 is out of range; continuing at 7'));
    assert.deepEqual(await tailing.next(), { done: true, value: undefined });
  });
});
