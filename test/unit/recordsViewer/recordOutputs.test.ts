// What the records viewer computes for its page and its files: histogram bins, a record's detail
// (JSON, text, hex, truncation), the CSV and JSON Lines exports, and the produce plan.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RecordStore } from '../../../src/core/recordsViewer/recordStore';
import { timeOrder } from '../../../src/core/recordsViewer/recordView';
import { timeSpan, timestampHistogram } from '../../../src/core/recordsViewer/histogram';
import { DETAIL_LIMIT_BYTES, HEX_LIMIT_BYTES, detailBytes, hexDump } from '../../../src/core/rendering/webviewDetail';
import { recordDetail } from '../../../src/core/recordsViewer/recordDetail';
import { csvField } from '../../../src/core/rendering/csv';
import { exportLines } from '../../../src/core/recordsViewer/recordExport';
import { MESSAGE_LIMIT_BYTES, PRODUCE_CHUNK, produceChunks, producePlan } from '../../../src/core/recordsViewer/producePlan';

const base = Date.parse('2026-12-02T09:00:00Z');

function store(): RecordStore {
  const s = new RecordStore('orders');
  s.appendRaw(0, [
    { offset: 0, timestamp: base, key: Buffer.from('k,1'), value: Buffer.from('{"order":1,"note":"a \\"quoted\\" word"}'), headers: {} },
    { offset: 1, timestamp: base + 1000, key: null, value: Buffer.from('line one\r\nline two'), headers: { trace: Buffer.from('abc'), dup: [Buffer.from('x'), Buffer.from('y')] } },
    { offset: 2, timestamp: base + 9999, key: Buffer.from([0xff, 0x00]), value: null, headers: {} },
  ]);
  return s;
}

test('histogram: equal slices over the span, the newest record in the last bin, the filter only changes counts', () => {
  const s = store();
  const all = timeOrder(s);
  const span = timeSpan(s, all)!;
  assert.deepEqual(span, { from: base, to: base + 9999 });
  const h = timestampHistogram(s, all, span, 10);
  assert.deepEqual(h.counts, [1, 1, 0, 0, 0, 0, 0, 0, 0, 1]);
  assert.equal(h.from, base);
  assert.equal(h.to, base + 10_000);
  assert.deepEqual(timestampHistogram(s, all.subarray(2), span, 10).counts, [0, 0, 0, 0, 0, 0, 0, 0, 0, 1], 'the same axis for fewer records');
  assert.equal(timeSpan(s, new Uint32Array(0)), null);
  const one = new RecordStore('t');
  one.appendRaw(0, [{ offset: 0, timestamp: base, key: null, value: null, headers: {} }, { offset: 1, timestamp: base, key: null, value: null, headers: {} }]);
  assert.deepEqual(timestampHistogram(one, timeOrder(one), { from: base, to: base }, 4).counts, [2, 0, 0, 0], 'one timestamp still has a bin');
  assert.throws(() => timestampHistogram(s, all, span, 0), RangeError);
});

test('detail: pretty JSON, text, binary as base64 and hex, headers one by one', () => {
  const d = recordDetail(store(), 0);
  assert.equal(d.value.kind, 'json');
  assert.equal(d.value.pretty, JSON.stringify({ order: 1, note: 'a "quoted" word' }, null, 2));
  const second = recordDetail(store(), 1);
  assert.equal(second.key.kind, 'null');
  assert.equal(second.value.kind, 'text');
  assert.deepEqual(second.headers.map((h) => `${h.name}=${h.value.text}`), ['trace=abc', 'dup=x', 'dup=y']);
  const third = recordDetail(store(), 2);
  assert.equal(third.key.kind, 'binary');
  assert.equal(third.key.text, Buffer.from([0xff, 0x00]).toString('base64'));
  assert.equal(third.key.hex, `00000000  ${'ff 00'.padEnd(47)}  ..`);
  assert.equal(hexDump(Buffer.from('0123456789abcdefXY')).split('\n')[1], `00000010  ${'58 59'.padEnd(47)}  XY`);
  assert.equal(detailBytes(Buffer.from('<img src=x onerror=alert(1)>')).text, '<img src=x onerror=alert(1)>');
});

test('detail: a 6 MiB value is cut at 1 MiB (no JSON parse) until "show all"; hex never past 64 KiB', () => {
  const big = Buffer.from(`{"blob":"${'x'.repeat(6 * 1024 * 1024)}"}`);
  const cut = detailBytes(big);
  assert.equal(cut.truncated, true);
  assert.equal(cut.text.length, DETAIL_LIMIT_BYTES);
  assert.equal(cut.pretty, undefined);
  assert.equal(cut.hexTruncated, true);
  assert.equal(cut.hex.split('\n').length, HEX_LIMIT_BYTES / 16);
  const whole = detailBytes(big, { whole: true });
  assert.equal(whole.truncated, false);
  assert.equal(whole.text.length, big.length);
  assert.equal(whole.kind, 'json');
  const binary = detailBytes(Buffer.alloc(DETAIL_LIMIT_BYTES + 10, 0xff));
  assert.equal(binary.kind, 'binary');
  assert.equal(Buffer.from(binary.text, 'base64').length % 3, 0, 'truncated base64 is whole groups');
});

test('CSV: RFC 4180 quoting, text kept exactly, binary as base64:, headers as JSON', () => {
  assert.equal(csvField('plain'), 'plain');
  assert.equal(csvField('a,b'), '"a,b"');
  assert.equal(csvField('say "hi"'), '"say ""hi"""');
  assert.equal(csvField('two\nlines'), '"two\nlines"');
  assert.equal(csvField(' edge'), '" edge"');
  assert.equal(csvField('=1+1'), '=1+1');
  const s = store();
  const text = [...exportLines(s, timeOrder(s), 'csv')].join('');
  const time = (ms: number) => new Date(ms).toISOString();
  assert.equal(
    text,
    'partition,offset,timestamp,time,key,value,headers\r\n' +
      `0,0,${base},${time(base)},"k,1","{""order"":1,""note"":""a \\""quoted\\"" word""}",\r\n` +
      `0,1,${base + 1000},${time(base + 1000)},,"line one\r\nline two","{""trace"":""abc"",""dup"":[""x"",""y""]}"\r\n` +
      `0,2,${base + 9999},${time(base + 9999)},base64:/wA=,,\r\n`,
  );
});

test('JSON Lines: replay document lines, one per record, in the order asked', () => {
  const s = store();
  const lines = [...exportLines(s, Uint32Array.of(2, 0), 'jsonl')];
  assert.equal(lines.length, 2);
  assert.ok(lines.every((l) => l.endsWith('\n') && !l.slice(0, -1).includes('\n')));
  const [first, second] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  assert.deepEqual(first, { partition: 0, offset: 2, timestamp: base + 9999, time: new Date(base + 9999).toISOString(), key: { base64: '/wA=' }, value: null, headers: {} });
  assert.deepEqual(second.value, { order: 1, note: 'a "quoted" word' });
});

test('produce plan: count and bytes, repeated headers said, chunks keep keys and first header values', () => {
  const s = store();
  const plan = producePlan(s, timeOrder(s), 'orders-fixed');
  // Keys, values, header names and values: 3 + 38, then 18 + "trace" 5 + "abc" 3 + "dup" 3 + "x" 1 + "y" 1, then 2.
  assert.deepEqual(plan, { topic: 'orders-fixed', count: 3, bytes: 74, repeatedHeaders: 1, overMessageLimit: 0 });
  const chunks = [...produceChunks(s, timeOrder(s))];
  assert.equal(chunks.length, 1);
  assert.deepEqual(chunks[0].map((r) => [r.key?.toString('hex') ?? null, Object.fromEntries(Object.entries(r.headers ?? {}).map(([k, v]) => [k, v.toString()]))]), [
    [Buffer.from('k,1').toString('hex'), {}],
    [null, { trace: 'abc', dup: 'x' }],
    ['ff00', {}],
  ]);
  const many = new RecordStore('m');
  many.appendRaw(0, Array.from({ length: PRODUCE_CHUNK * 2 + 1 }, (_, i) => ({ offset: i, timestamp: base, key: null, value: Buffer.from('v'), headers: {} })));
  assert.deepEqual([...produceChunks(many, timeOrder(many))].map((c) => c.length), [PRODUCE_CHUNK, PRODUCE_CHUNK, 1]);
});

test('produce plan: a record is over the message limit from one byte past it, header names counted; one header value is no repeat', () => {
  const s = new RecordStore('big');
  const value = (n: number) => Buffer.alloc(n, 0x61);
  s.appendRaw(0, [
    { offset: 0, timestamp: base, key: null, value: value(MESSAGE_LIMIT_BYTES), headers: {} },
    { offset: 1, timestamp: base, key: Buffer.from('k'), value: value(MESSAGE_LIMIT_BYTES), headers: {} },
    { offset: 2, timestamp: base, key: null, value: value(MESSAGE_LIMIT_BYTES - 3), headers: { abc: Buffer.alloc(0) } },
    { offset: 3, timestamp: base, key: null, value: value(MESSAGE_LIMIT_BYTES - 3), headers: { abc: [Buffer.from('z')] } },
  ]);
  const plan = producePlan(s, Uint32Array.of(0, 1, 2, 3), 'copy');
  assert.deepEqual(plan, { topic: 'copy', count: 4, bytes: 4 * MESSAGE_LIMIT_BYTES + 2, repeatedHeaders: 0, overMessageLimit: 2 });
  assert.deepEqual(producePlan(s, Uint32Array.of(0, 2), 'copy'), { topic: 'copy', count: 2, bytes: 2 * MESSAGE_LIMIT_BYTES, repeatedHeaders: 0, overMessageLimit: 0 }, 'exactly the limit is not over it');
});
