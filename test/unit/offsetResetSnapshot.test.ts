// Snapshot files and restore-by-time decisions, without a broker.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSnapshot, SNAPSHOT_FORMAT, type SnapshotPartition } from '../../src/core/offsetReset/offsetsSnapshot';
import { lookupTime, restoreByTime } from '../../src/core/offsetReset/restorePlan';
import { parsePositionsCsv } from '../../src/core/offsetReset/positionsFile';
import { UsageError } from '../../src/core/errors';

const good = {
  format: SNAPSHOT_FORMAT,
  group: 'billing',
  exportedAt: '2026-12-01T00:00:00.000Z',
  partitions: [{ topic: 'orders', partition: 0, committed: 5, lastConsumedTimestamp: 1000, nextUnreadTimestamp: 2000 }],
};

describe('parseSnapshot', () => {
  test('reads what export writes', () => {
    assert.deepEqual(parseSnapshot(JSON.stringify(good)), good);
  });
  const bad: [string, string, RegExp][] = [
    ['not JSON', '{"format": ', /is not JSON/],
    ['another format', JSON.stringify({ ...good, format: 'kafka-offsets/2' }), /format is "kafka-offsets\/2", expected "ebx-offsets\/1"/],
    ['no format at all', JSON.stringify([1, 2]), /format is no format/],
    ['no group', JSON.stringify({ ...good, group: '' }), /names no consumer group/],
    ['no partitions', JSON.stringify({ ...good, partitions: [] }), /lists no partitions/],
    ['a partition without a topic', JSON.stringify({ ...good, partitions: [{ partition: 0, committed: 1 }] }), /has no topic/],
    ['a negative committed offset', JSON.stringify({ ...good, partitions: [{ topic: 'o', partition: 0, committed: -1 }] }), /no committed offset/],
    ['a timestamp that is text', JSON.stringify({ ...good, partitions: [{ topic: 'o', partition: 0, committed: 1, nextUnreadTimestamp: 'soon' }] }), /not epoch milliseconds/],
    ['a partition twice', JSON.stringify({ ...good, partitions: [good.partitions[0], good.partitions[0]] }), /twice/],
  ];
  for (const [name, text, message] of bad) {
    test(`refuses ${name} with one sentence`, () => {
      assert.throws(() => parseSnapshot(text, 'snap.json'), (err: unknown) => err instanceof UsageError && message.test(err.message) && !err.message.includes('\n'));
    });
  }
});

describe('restore by time', () => {
  const saved = (last: number | null, next: number | null): SnapshotPartition => ({ topic: 'o', partition: 0, committed: 7, lastConsumedTimestamp: last, nextUnreadTimestamp: next });
  test('looks up the next unread record, or just after the last consumed one', () => {
    assert.equal(lookupTime(saved(1000, 2000)), 2000);
    assert.equal(lookupTime(saved(1000, null)), 1001);
    assert.equal(lookupTime(saved(null, null)), null);
  });
  test('the target offset comes from the target cluster, not the snapshot', () => {
    const row = restoreByTime(saved(1000, 2000), { low: 0, high: 40, offsetForTime: 23 }, 3);
    assert.deepEqual([row.target, row.change, row.approximate, row.clamped], [23, 20, false, false]);
  });
  test('no record at or after the time there yet: the end', () => {
    const row = restoreByTime(saved(1000, 2000), { low: 0, high: 40, offsetForTime: null }, null);
    assert.deepEqual([row.target, row.change, row.approximate], [40, null, true]);
  });
  test('nothing consumed and nothing to read: the first offset still kept', () => {
    assert.equal(restoreByTime(saved(null, null), { low: 4, high: 40 }, null).target, 4);
  });
});

describe('parsePositionsCsv', () => {
  test("reads Kafka's export, one group or several", () => {
    assert.deepEqual(parsePositionsCsv('orders,0,5\norders,1,7\n', 'g'), [
      { topic: 'orders', partition: 0, offset: 5 },
      { topic: 'orders', partition: 1, offset: 7 },
    ]);
    assert.deepEqual(parsePositionsCsv('g,orders,0,5\nother,orders,0,9\n', 'g'), [{ topic: 'orders', partition: 0, offset: 5 }]);
  });
  test('refuses what it cannot read', () => {
    assert.throws(() => parsePositionsCsv('orders;0;5', 'g'), /line 1 is not "topic,partition,offset"/);
    assert.throws(() => parsePositionsCsv('orders,x,5', 'g'), /not a partition number/);
    assert.throws(() => parsePositionsCsv('orders,0,-5', 'g'), /not an offset/);
    assert.throws(() => parsePositionsCsv('\n', 'g'), /names no positions/);
  });
});
