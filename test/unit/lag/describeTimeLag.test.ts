// Time lag in words, as the tree, the status bar and the CLI show it.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeGroupTimeLag, describeTimeLag, explainTimeLag, formatTimeLag, groupEndTrails } from '../../../src/core/lag/describeTimeLag';
import { timeLagOf } from '../../../src/core/lag/timeLagOf';

const NOW = 10_000_000;

describe('lag: time lag in words', () => {
  test('groupEndTrails: offset lag 0 while a record is unread at a committed offset', () => {
    assert.equal(groupEndTrails(0, [{ unread: false }, { unread: true }]), true);
    assert.equal(groupEndTrails(0, [{ unread: false }, { unread: null }]), false, 'caught up where readable');
    assert.equal(groupEndTrails(3, [{ unread: true }]), false, 'the end offsets say it is behind too');
    assert.equal(groupEndTrails(null, [{ unread: true }]), false, 'no commits');
    assert.equal(groupEndTrails(undefined, [{ unread: true }]), false, 'offset lag not read yet');
    assert.equal(groupEndTrails(0, undefined), false, 'time lag not read yet');
  });

  test('a group over a view\'s 200,000 partitions: its worst partition, without one argument per partition', () => {
    // Math.max(...200,000 values) overflowed the call stack.
    const partitions = Array.from({ length: 200_000 }, (_, i) => ({ committed: 1, unread: true, timeLagMs: i === 123_456 ? 180_000 : 1_000, basis: 'record' as const }));
    assert.equal(describeGroupTimeLag({ maxTimeLagMs: 180_000, partitions }), '3 min behind');
  });

  test('formatTimeLag', () => {
    assert.equal(formatTimeLag(12_000), '12 s behind');
    assert.equal(formatTimeLag(180_000), '3 min behind');
    assert.equal(formatTimeLag(5 * 3_600_000), '5 h behind');
    assert.equal(formatTimeLag(3 * 86_400_000), '3 days behind');
    assert.equal(formatTimeLag(400), '< 1 s behind');
    assert.equal(formatTimeLag(null), 'no commit');
  });

  test('one partition: behind, caught up, no commit, past the end, unreadable', () => {
    assert.equal(describeTimeLag(timeLagOf('t', 0, 5, { kind: 'record', offset: 5, timestamp: NOW - 180_000, gap: false, fromEarliest: false }, NOW)), '3 min behind');
    assert.equal(describeTimeLag(timeLagOf('t', 0, 5, { kind: 'empty' }, NOW)), 'caught up');
    assert.equal(describeTimeLag(timeLagOf('t', 0, null, undefined, NOW)), 'no commit');
    assert.equal(describeTimeLag(timeLagOf('t', 0, 50, { kind: 'pastEnd', end: 10 }, NOW)), 'past the end');
    assert.equal(describeTimeLag(timeLagOf('t', 0, 5, { kind: 'error', message: 'Not authorized.' }, NOW)), 'unreadable');
  });

  test('a record from the future is not a negative lag', () => {
    const reading = timeLagOf('t', 0, 5, { kind: 'record', offset: 5, timestamp: NOW + 5_000, gap: false, fromEarliest: false }, NOW);
    assert.equal(reading.timeLagMs, 0);
    assert.equal(reading.unread, true);
  });

  test('a group by its worst partition', () => {
    const behind = timeLagOf('t', 0, 5, { kind: 'record', offset: 5, timestamp: NOW - 180_000, gap: false, fromEarliest: false }, NOW);
    const caughtUp = timeLagOf('t', 1, 5, { kind: 'empty' }, NOW);
    const none = timeLagOf('t', 2, null, undefined, NOW);
    assert.equal(describeGroupTimeLag({ maxTimeLagMs: 180_000, partitions: [behind, caughtUp, none] }), '3 min behind');
    assert.equal(describeGroupTimeLag({ maxTimeLagMs: 0, partitions: [caughtUp, none] }), 'caught up');
    assert.equal(describeGroupTimeLag({ maxTimeLagMs: null, partitions: [none] }), 'no commit');
  });

  test('tooltips say how the figure was found', () => {
    const gap = timeLagOf('t', 0, 5, { kind: 'record', offset: 9, timestamp: 0, gap: true, fromEarliest: false }, NOW);
    assert.match(explainTimeLag(gap), /^No record at the committed offset 5 \(a gap/);
    const early = timeLagOf('t', 0, 2, { kind: 'record', offset: 6, timestamp: 0, gap: false, fromEarliest: true }, NOW);
    assert.equal(early.basis, 'beforeEarliest');
    assert.match(explainTimeLag(early), /before the earliest record kept/);
  });
});
