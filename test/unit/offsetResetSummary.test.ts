// The sentence after a commit says what moved and what was already there, and names each failure.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { summarizeCommit } from '../../src/core/offsetReset/commitSummary';
import { explainCommitError, type PartitionResult } from '../../src/core/offsetReset/commitPlan';

const p = (partition: number, change: number | null, result = 'committed'): PartitionResult => ({
  topic: 'orders',
  partition,
  current: change === null ? null : 5,
  target: 5 + (change ?? 0),
  clamped: false,
  change,
  approximate: false,
  note: null,
  result,
});
const summary = (...partitions: PartitionResult[]) => summarizeCommit({ group: 'g', partitions });

test('moved and unchanged partitions are counted apart', () => {
  assert.equal(summary(p(0, -3), p(1, 0), p(2, 0)), 'Moved 1 offset of g; 2 were already there.');
  assert.equal(summary(p(0, -3), p(1, 2), p(2, 0)), 'Moved 2 offsets of g; 1 was already there.');
  assert.equal(summary(p(0, -3), p(1, null)), 'Moved 2 offsets of g.', 'a first commit moves the group');
  assert.equal(summary(p(0, 0), p(1, 0)), 'Nothing moved for g: all 2 offsets were already there.');
  assert.equal(summary(p(0, 0)), 'Nothing moved for g: its offset was already there.');
});

test('a failed partition is named with its sentence, and not counted as moved', () => {
  assert.equal(
    summary(p(0, -1), p(1, -1, 'UNKNOWN_MEMBER_ID')),
    `Moved 1 offset of g. Not committed (1 offset) — orders / 1: UNKNOWN_MEMBER_ID — ${explainCommitError('UNKNOWN_MEMBER_ID')}`,
  );
  assert.match(summary(p(0, -1, 'REQUEST_FAILED')), /^Moved no offsets of g\. Not committed \(1 offset\) — orders \/ 0: REQUEST_FAILED — /);
});
