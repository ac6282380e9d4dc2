// Counts in messages read right for one ("1 record", never "1 records"); the webview keeps its own copy
// of the helper (it may import only src/webview), held to the same cases here.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { counted, plural } from '../../src/core/counted';
import { counted as countedInWebview } from '../../src/webview/shared/counted';
import { replayDocumentLines } from '../../src/core/replayDocument';
import type { ShownRecord } from '../../src/core/model';

describe('counted', () => {
  for (const [name, fn] of [['core', counted], ['webview', countedInWebview]] as const) {
    test(`${name}: singular for exactly one, plural otherwise, irregular plurals given`, () => {
      assert.deepEqual([0, 1, 2].map((n) => fn(n, 'record')), ['0 records', '1 record', '2 records']);
      assert.equal(fn(1, 'match', 'matches'), '1 match');
      assert.equal(fn(3, 'match', 'matches'), '3 matches');
    });
  }

  test('plural: the noun alone, for a count written apart from it', () => {
    assert.deepEqual([0, 1, 2].map((n) => plural(n, 'partition')), ['partitions', 'partition', 'partitions']);
    assert.deepEqual([1, 2].map((n) => plural(n, 'entry', 'entries')), ['entry', 'entries']);
  });

  test('a replay cut short at a limit of one says "1 record"', () => {
    const record: ShownRecord = { topic: 't', partition: 0, offset: 4, timestamp: 0, key: null, value: 'v', headers: {} };
    const lines = replayDocumentLines({ topic: 't', partitions: [0], startAsked: 'beginning', starts: [{ partition: 0, offset: 4 }], nothingAfter: [], limit: 1 }, [record], true);
    assert.deepEqual(JSON.parse(lines[lines.length - 1]), { more: 'The limit of 1 record was reached: more records follow. Next: offset 5.' });
  });
});
