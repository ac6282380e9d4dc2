// The records viewer's store and the queries over it (time order, filter, the rows of a window,
// "load more" starts), over records built here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RecordStore } from '../../../src/core/recordsViewer/recordStore';
import { applyFilter, timeOrder } from '../../../src/core/recordsViewer/recordView';
import { cellPreview } from '../../../src/core/rendering/webviewText';
import { rowsAt } from '../../../src/core/recordsViewer/recordRows';
import { continueStarts } from '../../../src/core/recordsViewer/continueStarts';
import type { RawRecord } from '../../../src/core/clusterAccess';

const base = Date.parse('2026-12-02T09:00:00Z');
const raw = (offset: number, minute: number, key: string | null, value: string | Buffer | null, headers: RawRecord['headers'] = {}): RawRecord => ({
  offset,
  timestamp: base + minute * 60_000,
  key: key === null ? null : Buffer.from(key),
  value: value === null ? null : Buffer.isBuffer(value) ? value : Buffer.from(value),
  headers,
});

function twoPartitions(): RecordStore {
  const store = new RecordStore('orders');
  store.appendRaw(0, [raw(0, 0, 'customer-1', '{"order":0}'), raw(1, 2, 'customer-7', '{"order":2}'), raw(2, 4, 'customer-1', '{"order":4}')]);
  store.appendRaw(1, [raw(5, 1, 'customer-7', '{"order":1}'), raw(6, 3, 'customer-2', '{"order":3}', { trace: Buffer.from('t'), dup: [Buffer.from('a'), Buffer.from('b')] })]);
  return store;
}

test('store: columns in, records out; grows past its first capacity', () => {
  const store = new RecordStore('big');
  const records = Array.from({ length: 3000 }, (_, i) => raw(i, i, `k${i}`, `v${i}`));
  store.appendRaw(2, records.slice(0, 1000));
  store.appendRaw(2, records.slice(1000));
  assert.equal(store.length, 3000);
  const r = store.record(2999);
  assert.deepEqual({ partition: r.partition, offset: r.offset, timestamp: r.timestamp, key: r.key?.toString(), value: r.value?.toString() }, { partition: 2, offset: 2999, timestamp: base + 2999 * 60_000, key: 'k2999', value: 'v2999' });
  assert.throws(() => store.record(3000), RangeError);
});

test('store: records in the shown shape (search results) keep their bytes: text, base64, null, repeated headers', () => {
  const store = new RecordStore('t');
  store.appendShown([{ topic: 't', partition: 3, offset: 9, timestamp: base, key: 'ключ', value: { base64: 'AP8=' }, headers: { h: ['x', { base64: '/w==' }], n: null } }, { topic: 't', partition: 3, offset: 10, timestamp: base, key: null, value: null, headers: {} }]);
  const r = store.record(0);
  assert.equal(r.key?.toString('utf8'), 'ключ');
  assert.deepEqual([...r.value!], [0x00, 0xff]);
  assert.deepEqual((r.headers.h as Buffer[]).map((b) => b.toString('hex')), ['78', 'ff']);
  assert.equal(r.headers.n, null);
  assert.equal(store.record(1).key, null);
});

test('time order interleaves partitions as written; one partition in order is left as it is', () => {
  const store = twoPartitions();
  assert.deepEqual(Array.from(timeOrder(store), (i) => `p${store.partitionAt(i)}@${store.offsetAt(i)}`), ['p0@0', 'p1@5', 'p0@1', 'p1@6', 'p0@2']);
  const single = new RecordStore('one');
  single.appendRaw(0, [raw(0, 0, 'a', 'x'), raw(1, 0, 'b', 'y'), raw(2, 1, 'c', 'z')]);
  assert.deepEqual([...timeOrder(single)], [0, 1, 2]);
});

test('filter: text in key or value (bytes, case-sensitive), then the time range inside the text matches', () => {
  const store = twoPartitions();
  const order = timeOrder(store);
  const keys = (ids: Uint32Array) => Array.from(ids, (i) => `${store.keyAt(i)?.toString()}@${store.offsetAt(i)}`);
  assert.deepEqual(keys(applyFilter(store, order, { text: 'customer-7' }).rows), ['customer-7@5', 'customer-7@1']);
  assert.deepEqual(keys(applyFilter(store, order, { text: '"order":3' }).rows), ['customer-2@6']);
  assert.deepEqual(keys(applyFilter(store, order, { text: 'CUSTOMER' }).rows), []);
  const narrowed = applyFilter(store, order, { text: 'customer-1', fromTime: base + 3 * 60_000, toTime: base + 4 * 60_000 });
  assert.deepEqual(keys(narrowed.textMatches), ['customer-1@0', 'customer-1@2'], 'the histogram still counts every text match');
  assert.deepEqual(keys(narrowed.rows), ['customer-1@2']);
  assert.deepEqual(keys(applyFilter(store, order, { fromTime: base + 60_000, toTime: base + 60_000 }).rows), ['customer-7@5'], 'bounds are inclusive');
  assert.equal(applyFilter(store, order, {}).rows.length, 5);
});

test('a window of rows: the rows asked for and no more, each with its store id, previews, header count and size', () => {
  const store = twoPartitions();
  const order = timeOrder(store);
  const rows = rowsAt(store, order, 3, 10);
  assert.deepEqual(rows.map((r) => [r.row, r.id, r.partition, r.offset, r.key, r.value, r.headers]), [
    [3, 4, 1, 6, 'customer-2', '{"order":3}', 3],
    [4, 2, 0, 2, 'customer-1', '{"order":4}', 0],
  ]);
  assert.equal(rows[0].size, 'customer-2'.length + '{"order":3}'.length + 'trace'.length + 1 + 2 * ('dup'.length + 1));
  assert.deepEqual(rowsAt(store, order, 5, 10), []);
  assert.deepEqual(rowsAt(store, order, -2, 1).map((r) => r.row), [0]);
});

test('a million rows: the table asks for 100 at a time, by position in the filtered list', () => {
  const store = new RecordStore('many');
  const batch: RawRecord[] = [];
  for (let i = 0; i < 1_000_000; i++) batch.push({ offset: i, timestamp: base + i, key: null, value: Buffer.from(i % 1000 === 0 ? 'needle' : 'hay'), headers: {} });
  store.appendRaw(0, batch);
  const order = timeOrder(store);
  const { rows } = applyFilter(store, order, { text: 'needle' });
  assert.equal(rows.length, 1000);
  assert.deepEqual(rowsAt(store, rows, 999, 100).map((r) => r.offset), [999_000]);
  assert.deepEqual(rowsAt(store, order, 500_000, 100).map((r) => r.offset), Array.from({ length: 100 }, (_, k) => 500_000 + k));
});

test('previews: one line of text, hex for binary, the start of a huge value only', () => {
  assert.deepEqual(cellPreview(Buffer.from('a\nb\tc\u2028d')), { text: 'a b c d', binary: false });
  assert.deepEqual(cellPreview(Buffer.from([0, 1, 0xff])), { text: '00 01 ff', binary: true });
  assert.deepEqual(cellPreview(null), { text: '', binary: false });
  const huge = cellPreview(Buffer.alloc(6 * 1024 * 1024, 'x'));
  assert.equal(huge.text, `${'x'.repeat(200)}…`);
  // A character cut by the preview's byte prefix is still text.
  const cut = cellPreview(Buffer.from('é'.repeat(1000)));
  assert.equal(cut.binary, false);
  assert.equal(cut.text, `${'é'.repeat(200)}…`);
  assert.equal(cellPreview(Buffer.from('<img src=x onerror=alert(1)>')).text, '<img src=x onerror=alert(1)>', 'markup is text, passed on as it is');
});

test('load more continues one past the last offset loaded per partition, or from the first start', () => {
  const store = twoPartitions();
  assert.deepEqual(continueStarts(store, [{ partition: 0, offset: 0 }, { partition: 1, offset: 5 }, { partition: 2, offset: 11 }]), [
    { partition: 0, offset: 3 },
    { partition: 1, offset: 7 },
    { partition: 2, offset: 11 },
  ]);
});

test('a tombstone\'s value cell says "tombstone" (flagged, so the table sets it apart from a value that is that word)', () => {
  const store = new RecordStore('compacted');
  store.appendRaw(0, [raw(0, 0, 'customer-1', null), raw(1, 1, 'customer-2', 'tombstone'), raw(2, 2, null, '')]);
  const rows = rowsAt(store, timeOrder(store), 0, 3);
  assert.deepEqual(rows.map((r) => [r.key, r.value, r.tombstone]), [
    ['customer-1', 'tombstone', true],
    ['customer-2', 'tombstone', false],
    ['', '', false],
  ]);
});
