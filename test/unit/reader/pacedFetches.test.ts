// minFetchIntervalMs (the VS Code tail panel's pace): with records arriving all the time, a leader
// gets at most one fetch per interval, each carrying what arrived meanwhile, and nothing is lost or
// repeated. Without it the reader fetches again as soon as an answer is handed out.
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { VirtualClock } from '../support/virtualClock';
import { ScriptedCluster } from '../support/scriptedCluster';
import { offsetsOf, range, readToEnd, startReader } from '../support/readerHarness';

/** A record every 5 virtual ms on each of three partitions, for `ms`. */
function steadyArrivals(clock: VirtualClock, cluster: ScriptedCluster, ms: number): void {
  for (let t = 5; t <= ms; t += 5) clock.at(t, () => [0, 1, 2].forEach((p) => cluster.append('busy', p, 1)));
}

describe('reader: paced fetches', () => {
  let clock: VirtualClock;
  afterEach(() => clock.stop());
  beforeEach(() => {
    clock = new VirtualClock();
  });

  test('records arriving all the time: one fetch per leader per interval, every record once, in order', async () => {
    const cluster = new ScriptedCluster(clock).addTopic('busy', [1, 1, 1]);
    steadyArrivals(clock, cluster, 2_000);
    const positions = [0, 1, 2].map((partition) => ({ topic: 'busy', partition, offset: 0 }));
    const { reader, controller } = startReader(cluster, clock, positions, { retryForMs: Infinity, outOfRange: 'nearest', minFetchIntervalMs: 200 });
    clock.at(2_150, () => controller.abort());

    const batches = await readToEnd(reader);

    const sent = cluster.fetchCalls(1).map((c) => c.at);
    const gaps = sent.slice(1).map((at, i) => at - sent[i]);
    assert.ok(gaps.every((g) => g >= 200), `gaps between fetches: ${gaps.join(', ')}`);
    assert.ok(sent.length >= 9 && sent.length <= 12, `fetches in 2.15 s: ${sent.length}`);
    assert.ok(cluster.fetchCalls(1).every((c) => c.limits.readAhead === false), 'no read-ahead while paced');
    for (const p of [0, 1, 2]) {
      const got = offsetsOf(batches, 'busy', p);
      assert.deepEqual(got, range(0, got.length));
      assert.ok(got.length >= 380, `partition ${p}: ${got.length} records of the 400 sent`);
    }
  });

  test('without it: a fetch as soon as each answer is handed out (many more fetches)', async () => {
    const cluster = new ScriptedCluster(clock).addTopic('busy', [1, 1, 1]);
    steadyArrivals(clock, cluster, 2_000);
    const positions = [0, 1, 2].map((partition) => ({ topic: 'busy', partition, offset: 0 }));
    const { reader, controller } = startReader(cluster, clock, positions, { retryForMs: Infinity, outOfRange: 'nearest' });
    clock.at(2_150, () => controller.abort());

    await readToEnd(reader);

    assert.ok(cluster.fetchCalls(1).length > 50, `fetches in 2.15 s: ${cluster.fetchCalls(1).length}`);
  });
});
