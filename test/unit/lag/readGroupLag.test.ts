// A group's lag report from the decisions: time lag from the record at the committed offset,
// caught up when the fetch is empty, no commit said as such, the trailing end offset caught out
// (endDisagrees), and an unknown group refused with a sentence. Nothing commits, nothing joins.
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { VirtualClock } from '../support/virtualClock';
import { aRecord } from '../support/recordBuilders';
import { GroupCluster } from './groupCluster';
import { KafkaSession } from '../../../src/core/session';
import { EbxError, UsageError } from '../../../src/core/errors';
import { readGroupLag } from '../../../src/core/lag/readGroupLag';

const NOW = Date.parse('2026-12-01T12:00:00Z');

describe('lag: readGroupLag', () => {
  let clock: VirtualClock;
  let cluster: GroupCluster;
  const session = () => KafkaSession.over(cluster);

  beforeEach(() => {
    clock = new VirtualClock();
    cluster = new GroupCluster(clock);
    // orders: p0 has 10 records, 90 s old from offset 4 on; p1 has 5; p2 has 3.
    cluster.logs.addTopic('orders', [1, 2, 1]);
    cluster.logs.appendRecords('orders', 0, Array.from({ length: 10 }, (_, i) => aRecord(i).timestamp(NOW - 200_000 + (i >= 4 ? 110_000 : 0) + i).build()));
    cluster.logs.append('orders', 1, 5).append('orders', 2, 3);
  });
  afterEach(() => clock.stop());

  test('behind, caught up and no commit, each said as such', async () => {
    cluster.group('billing', [
      { topic: 'orders', partition: 0, offset: 4 },
      { topic: 'orders', partition: 1, offset: 5 },
    ]);

    const report = await readGroupLag(session(), 'billing', { now: () => NOW, clock });

    assert.equal(report.group, 'billing');
    assert.equal(report.state, 'Empty');
    assert.equal(report.sampledAt, NOW);
    assert.deepEqual(report.partitions, [
      { topic: 'orders', partition: 0, committed: 4, unread: true, nextUnreadTimestamp: NOW - 90_000 + 4, timeLagMs: 90_000 - 4, basis: 'record', end: 10, endApproximate: true, lag: 6, endDisagrees: false },
      { topic: 'orders', partition: 1, committed: 5, unread: false, nextUnreadTimestamp: null, timeLagMs: 0, basis: 'caughtUp', end: 5, endApproximate: true, lag: 0, endDisagrees: false },
      { topic: 'orders', partition: 2, committed: null, unread: null, nextUnreadTimestamp: null, timeLagMs: null, basis: 'noCommit', end: 3, endApproximate: true, lag: null, endDisagrees: false },
    ]);
    assert.equal(report.maxTimeLagMs, 90_000 - 4);
    assert.deepEqual(cluster.commitAttempts, [], 'never commits');
  });

  test('a trailing end offset says 0 behind; reading finds the unread records and endDisagrees', async () => {
    cluster.trailingEndBy(6).group('billing', [{ topic: 'orders', partition: 0, offset: 4 }]);

    const report = await readGroupLag(session(), 'billing', { now: () => NOW, clock });

    const p0 = report.partitions.find((p) => p.partition === 0)!;
    assert.equal(p0.end, 4);
    assert.equal(p0.lag, 0);
    assert.equal(p0.unread, true);
    assert.equal(p0.timeLagMs, 90_000 - 4);
    assert.equal(p0.endDisagrees, true);
  });

  test('under the kafka profile the end offset is not marked approximate', async () => {
    cluster.group('billing', [{ topic: 'orders', partition: 0, offset: 4 }]);

    const report = await readGroupLag(session(), 'billing', { now: () => NOW, clock, profile: 'kafka' });

    assert.ok(report.partitions.every((p) => p.endApproximate === false));
  });

  test('one fetch per leader broker for the whole group, with no wait', async () => {
    cluster.group('billing', [0, 1, 2].map((partition) => ({ topic: 'orders', partition, offset: 1 })));

    await readGroupLag(session(), 'billing', { now: () => NOW, clock });

    const fetches = cluster.logs.fetchCalls();
    assert.deepEqual(fetches.map((f) => f.nodeId).sort(), [1, 2]);
    assert.ok(fetches.every((f) => f.limits.maxWaitMs === 0));
  });

  test('a commit on a topic that is gone gets a row that says it could not be read', async () => {
    cluster.group('billing', [
      { topic: 'orders', partition: 0, offset: 4 },
      { topic: 'gone', partition: 0, offset: 7 },
    ]);

    const report = await readGroupLag(session(), 'billing', { now: () => NOW, clock });

    const gone = report.partitions.find((p) => p.topic === 'gone')!;
    assert.equal(gone.basis, 'unreadable');
    assert.equal(gone.timeLagMs, null);
    assert.match(gone.error ?? '', /could not be read/);
    assert.equal(report.maxTimeLagMs, 90_000 - 4, 'the other partitions still count');
  });

  test('an unknown group: one sentence, no commit, no join', async () => {
    await assert.rejects(readGroupLag(session(), 'nobody', { now: () => NOW, clock }), (err: unknown) => {
      assert.ok(err instanceof EbxError);
      assert.equal(err.message, 'Consumer group nobody does not exist: it has no members and no committed offsets.');
      return true;
    });
    assert.deepEqual(cluster.commitAttempts, []);
  });

  test('an empty group id is a usage error', async () => {
    await assert.rejects(readGroupLag(session(), ' ', { clock }), UsageError);
  });
});
