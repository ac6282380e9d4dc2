// The table of requests VAST Event Broker does not offer (target-broker.md), as data: each fact of
// the broker page is in it, nothing VAST does offer is, and its names are Kafka's.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { VAST_API_DIFFERENCES, vastDifferenceOf } from '../../../src/core/cluster/vastApiDifferences';
import { apiKeyName } from '../../../src/core/kafka/apiKeyNames';

const unsupported = (key: number) => vastDifferenceOf(key)?.support === 'none';

describe('VAST API differences', () => {
  test('name each request as Kafka does, once, in api key order', () => {
    for (const d of VAST_API_DIFFERENCES) assert.equal(d.name, apiKeyName(d.apiKey), `api key ${d.apiKey}`);
    const keys = VAST_API_DIFFERENCES.map((d) => d.apiKey);
    assert.deepEqual(keys, [...new Set(keys)].sort((a, b) => a - b));
  });

  test('hold the facts of the broker page', () => {
    assert.ok(unsupported(21), 'DeleteRecords is not in VAST’s admin API');
    assert.ok(unsupported(37), 'no CreatePartitions: the partition count is fixed');
    assert.ok(unsupported(22), 'no idempotent producing (InitProducerId)');
    for (const txn of [24, 25, 26, 27, 28, 65, 66]) assert.ok(unsupported(txn), `no transactions (${apiKeyName(txn)})`);
    assert.ok(unsupported(47), 'no OffsetDelete: delete the group instead');
    assert.ok(unsupported(68) && unsupported(69), 'no consumer-protocol groups (KIP-848)');
    assert.ok(unsupported(44), 'AlterConfigs only, no IncrementalAlterConfigs');
    assert.equal(vastDifferenceOf(1)?.support, 'partial', 'Fetch works, but without fetch sessions');
    assert.match(vastDifferenceOf(1)?.instead ?? '', /no incremental fetch sessions/);
  });

  test('leave out what VAST offers', () => {
    // Produce, Fetch's neighbours, groups, offsets and the admin API of recent releases.
    for (const key of [0, 2, 3, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 19, 20, 32, 33, 42]) assert.equal(vastDifferenceOf(key), undefined, apiKeyName(key));
  });

  test('say in one sentence what VAST does instead', () => {
    for (const d of VAST_API_DIFFERENCES) {
      assert.match(d.instead, /^[A-Z].*\.$/, d.name);
      assert.equal(d.instead.split(/\.\s+[A-Z]/).length, 1, `${d.name}: one sentence`);
    }
  });
});
