// The tree's decisions that need no VS Code: the partition filter's syntax, a topic's summary from
// its offsets, and the order of a group's offset rows (lagging first, caught-up apart). The rows
// themselves are checked against a real broker in test/extension-host/bigTopicTree.test.ts.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parsePartitionFilter, type PartitionFilter } from '../../src/extension/tree/partitionFilter';
import { summarizePartitions } from '../../src/core/topics/partitionsSummary';
import { orderGroupOffsets } from '../../src/extension/tree/groupOffsetOrder';

function filter(text: string): PartitionFilter {
  const parsed = parsePartitionFilter(text);
  assert.ok(typeof parsed === 'object', `${text} parses`);
  return parsed;
}

describe('partition filter', () => {
  test('a number, a range, a list and a mix', () => {
    const matching = (text: string) => {
      const f = filter(text);
      return Array.from({ length: 300 }, (_, i) => i).filter((p) => f.matches(p));
    };
    assert.deepEqual(matching('7'), [7]);
    assert.deepEqual(matching('100-103'), [100, 101, 102, 103]);
    assert.deepEqual(matching('3,5,9'), [3, 5, 9]);
    assert.deepEqual(matching(' 0 - 2 , 250 '), [0, 1, 2, 250]);
    assert.equal(filter(' 0 - 2 ,250,7-7').text, '0-2, 250, 7');
  });
  test('empty text is no filter', () => {
    assert.equal(parsePartitionFilter(''), undefined);
    assert.equal(parsePartitionFilter(' , '), undefined);
  });
  test('bad text gets one sentence', () => {
    assert.equal(parsePartitionFilter('abc'), '"abc" is not a partition number or a range: write 7, 100-199 or 3,5,9.');
    assert.equal(parsePartitionFilter('1,-3'), '"-3" is not a partition number or a range: write 7, 100-199 or 3,5,9.');
    assert.equal(parsePartitionFilter('9-3'), 'The range "9-3" ends before it starts: write the lower number first.');
  });
});

describe('partitions summary', () => {
  test('records are summed from the offsets; empty and leaderless partitions counted', () => {
    assert.deepEqual(
      summarizePartitions([
        { partition: 0, low: 0, high: 10, leader: 1 },
        { partition: 1, low: 5, high: 5, leader: 1 },
        { partition: 2, low: 0, high: 0, leader: -1 },
        { partition: 3, low: 2, high: 7, leader: 2 },
      ]),
      { partitions: 4, approximateRecords: 15, emptyPartitions: 2, leaderless: 1 },
    );
    assert.deepEqual(summarizePartitions([]), { partitions: 0, approximateRecords: 0, emptyPartitions: 0, leaderless: 0 });
  });

  test('a partition holding a newest record is never empty, and holds at least up to it (a trailing end says 0)', () => {
    // Right after a burst of 38 records on VAST: both end offsets still say 0, the newest records are at offsets 18.
    const trailing = [
      { partition: 0, low: 0, high: 0, leader: 1 },
      { partition: 1, low: 0, high: 0, leader: 1 },
      { partition: 2, low: 4, high: 4, leader: 1 },
    ];
    assert.deepEqual(summarizePartitions(trailing), { partitions: 3, approximateRecords: 0, emptyPartitions: 3, leaderless: 0 });
    assert.deepEqual(
      summarizePartitions(trailing, [
        { partition: 0, offset: 18 },
        { partition: 1, offset: 18 },
      ]),
      { partitions: 3, approximateRecords: 38, emptyPartitions: 1, leaderless: 0 },
    );
    // A newest record before the end (its timestamp is the largest, not its offset) changes nothing.
    assert.deepEqual(summarizePartitions([{ partition: 0, low: 0, high: 10, leader: 1 }], [{ partition: 0, offset: 3 }]).approximateRecords, 10);
  });
});

describe('group offset order', () => {
  const row = (partition: number, lag: number | null, reading?: { endDisagrees: boolean; timeLagMs: number | null }) => ({
    offset: { topic: 't', partition, committed: lag === null ? null : 10, end: 10 + (lag ?? 0), lag },
    reading,
  });
  test('most lag first, then no commit; caught-up apart, in partition order', () => {
    const { lagging, caughtUp } = orderGroupOffsets([row(0, 0), row(1, 5), row(2, null), row(3, 50), row(4, 0), row(5, 5, { endDisagrees: false, timeLagMs: 9_000 })]);
    assert.deepEqual(lagging.map((r) => r.offset.partition), [3, 5, 1, 2]);
    assert.deepEqual(caughtUp.map((r) => r.offset.partition), [0, 4]);
  });
  test('lag 0 with a record waiting (a trailing end offset) is not caught up', () => {
    const { lagging, caughtUp } = orderGroupOffsets([row(0, 0, { endDisagrees: true, timeLagMs: 60_000 }), row(1, 0, { endDisagrees: false, timeLagMs: 0 })]);
    assert.deepEqual(lagging.map((r) => r.offset.partition), [0]);
    assert.deepEqual(caughtUp.map((r) => r.offset.partition), [1]);
  });
});
