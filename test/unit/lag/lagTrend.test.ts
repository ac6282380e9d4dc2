// The trend in plain words, from samples: least-squares slope over the window.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { lagTrend } from '../../../src/core/lag/lagTrend';
import type { LagSample } from '../../../src/core/lag/lagModel';

const samples = (lags: (number | null)[], everyMs = 10_000, timeLags: (number | null)[] = []): LagSample[] =>
  lags.map((totalLag, i) => ({ at: 1_000_000 + i * everyMs, totalLag, maxTimeLagMs: timeLags[i] ?? null }));

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
    assert.equal(lagTrend(samples([0, 0])).words, 'steady, caught up');
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
