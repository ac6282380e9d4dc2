// The group row's own words in the tree: unchanged for classic groups (the extension-host tree test
// checks that row against the real broker), "consumer protocol" for KIP-848 groups, whose
// real-broker tests run on Kafka 4 (test/core/consumerProtocolGroups.test.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { groupProtocolWords, groupStateWords } from '../../src/extension/tree/groupRowWords';

describe('group row words', () => {
  test('a classic group reads as it always has', () => {
    assert.equal(groupStateWords({ state: 'Stable', members: 1, type: 'classic' }).join(' · '), 'Stable · 1 member');
    assert.equal(groupStateWords({ state: 'Empty', members: 0, type: 'classic' }).join(' · '), 'Empty · 0 members');
  });
  test('another protocol says which', () => {
    assert.equal(groupStateWords({ state: 'Stable', members: 1, type: 'consumer' }).join(' · '), 'Stable · 1 member · consumer protocol');
    assert.equal(groupStateWords({ state: 'Stable', members: 0, type: 'share' }).join(' · '), 'Stable · 0 members · share protocol');
  });
  test('the tooltip names the protocol', () => {
    assert.deepEqual(['classic', 'consumer', 'streams'].map(groupProtocolWords), ['classic', 'consumer (KIP-848, group.protocol=consumer)', 'streams']);
  });
});
