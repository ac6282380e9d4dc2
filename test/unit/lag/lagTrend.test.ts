// The trend in plain words, from samples: least-squares slope over the window.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { lagTrend } from '../../../src/core/lag/lagTrend';
import type { LagSample } from '../../../src/core/lag/lagModel';

/** `caughtUp`: what reading at the committed offsets said at each sample (null: not read). */
const samples = (lags: (number | null)[], everyMs = 10_000, timeLags: (number | null)[] = [], caughtUp: (boolean | null)[] = []): LagSample[] =>
  lags.map((totalLag, i) => ({ at: 1_000_000 + i * everyMs, totalLag, maxTimeLagMs: timeLags[i] ?? null, caughtUp: caughtUp[i] ?? null }));

describe('lag: trend', () => {
  test('falling: the rate and when it clears', () => {
    const trend = lagTrend(samples([30_000, 28_800, 27_600, 26_400]));
    assert.equal(trend.direction, 'falling');
    assert.ok(Math.abs(trend.recordsPerSecond! + 120) < 1e-9);
    assert.ok(Math.abs(trend.clearsInMs! - 220_000) < 1e-6);
    assert.equal(trend.words, 'falling ~120 records/s, clears in ~4 min');
  });

  test('growing', () => {
    const trend = lagTrend(samples([100, 400, 700]));
    assert.equal(trend.direction, 'growing');
    assert.equal(trend.words, 'growing ~30 records/s');
    assert.equal(trend.clearsInMs, null);
  });

  test('steady, and a little jitter is still steady', () => {
    assert.equal(lagTrend(samples([50, 50, 50])).words, 'steady');
    assert.equal(lagTrend(samples([50, 52, 49, 51])).direction, 'steady');
    assert.equal(lagTrend(samples([0, 0], 10_000, [0, 0], [true, true])).words, 'steady, caught up');
  });

  test('"caught up" comes from reading, never from an offset lag of 0 (VAST\'s end offsets trail)', () => {
    // Watch Lag said "Offset lag: ≈ 0 records · Trend: steady, caught up" with 10 records unread.
    assert.equal(lagTrend(samples([0, 0], 10_000, [73_000, 83_000], [false, false])).words, 'steady');
    assert.equal(lagTrend(samples([0, 0])).words, 'steady', 'nothing read: not said');
    // The end offset says 0, reading says caught up only at the latest sample: that one counts.
    assert.equal(lagTrend(samples([0, 0], 10_000, [5_000, 0], [false, true])).words, 'steady, caught up');
    const falling = lagTrend(samples([30, 15, 0], 10_000, [60_000, 40_000, 20_000], [false, false, false]));
    assert.equal(falling.words, 'falling ~1.5 records/s');
    assert.equal(lagTrend(samples([30, 15, 0], 10_000, [60_000, 40_000, 0], [false, false, true])).words, 'falling ~1.5 records/s, caught up');
    // Offsets with gaps (compaction) can leave an offset lag where reading finds nothing unread.
    assert.equal(lagTrend(samples([3, 3], 10_000, [0, 0], [true, true])).words, 'steady, caught up');
  });

  test('without offset lag, "caught up" still comes from reading', () => {
    assert.equal(lagTrend(samples([null, null], 10_000, [0, 0], [true, true])).words, 'steady, caught up');
    assert.equal(lagTrend(samples([null, null, null], 10_000, [120_000, 60_000, 0], [false, false, true])).words, 'falling (time lag), caught up');
  });

  test('samples out of order are ordered by time', () => {
    const s = samples([30_000, 28_800, 27_600]);
    assert.equal(lagTrend([s[2], s[0], s[1]]).direction, 'falling');
  });

  test('not enough samples yet', () => {
    assert.deepEqual(lagTrend([]), { direction: 'unknown', recordsPerSecond: null, clearsInMs: null, words: 'not enough samples yet' });
    assert.equal(lagTrend(samples([10])).words, 'not enough samples yet');
    assert.equal(lagTrend(samples([null, null])).direction, 'unknown');
  });

  test('without offset lag, the time lag decides', () => {
    const trend = lagTrend(samples([null, null, null], 10_000, [120_000, 90_000, 60_000]));
    assert.equal(trend.direction, 'falling');
    assert.equal(trend.recordsPerSecond, null);
    assert.equal(trend.words, 'falling (time lag), clears in ~20 s');
  });
});
