// A broker's API versions as tree rows: by api key, "v<min>–v<max>", and under the vast profile the
// requests VAST lacks marked with what it does instead; under kafka, plain.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiVersionRows } from '../../../src/core/cluster/apiVersionRows';
import type { ApiVersionRange } from '../../../src/core/clusterAccess';

const RANGES: ApiVersionRange[] = [
  { apiKey: 21, name: 'DeleteRecords', minVersion: 0, maxVersion: 2 },
  { apiKey: 3, name: 'Metadata', minVersion: 0, maxVersion: 13 },
  { apiKey: 1, name: 'Fetch', minVersion: 4, maxVersion: 18 },
  { apiKey: 0, name: 'Produce', minVersion: 0, maxVersion: 13 },
];

describe('API version rows', () => {
  test('are sorted by api key with their version range', () => {
    assert.deepEqual(
      apiVersionRows(RANGES, 'kafka').map((r) => [r.apiKey, r.name, r.versions]),
      [
        [0, 'Produce', 'v0–v13'],
        [1, 'Fetch', 'v4–v18'],
        [3, 'Metadata', 'v0–v13'],
        [21, 'DeleteRecords', 'v0–v2'],
      ],
    );
  });

  test('are plain under the kafka profile', () => {
    assert.ok(apiVersionRows(RANGES, 'kafka').every((r) => r.vast === undefined));
  });

  test('under the vast profile, mark what VAST does not support and what it supports in part', () => {
    const rows = new Map(apiVersionRows(RANGES, 'vast').map((r) => [r.name, r.vast]));
    assert.equal(rows.get('DeleteRecords')?.headline, 'VAST does not support this');
    assert.match(rows.get('DeleteRecords')?.instead ?? '', /retention/);
    assert.equal(rows.get('Fetch')?.headline, 'VAST supports this in part');
    assert.equal(rows.get('Metadata'), undefined);
    assert.equal(rows.get('Produce'), undefined);
  });
});
