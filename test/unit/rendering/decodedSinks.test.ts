// Records of a topic with a record format (issue 23) as the records viewer, its exports, Copy, the
// replay document and the tail panel show them: the decoded JSON under each sink's own policy (the
// same hostile strings as sinkPolicies.test.ts, now inside decoded fields), the schema beside it,
// and — for a record that does not decode — its bytes as written with the one sentence. Without a
// decoder every one of them is exactly what it was.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RawRecord } from '../../../src/core/clusterAccess';
import { avroCodec } from '../../../src/core/formats/avroCodec';
import { RecordDecoder } from '../../../src/core/formats/recordDecoder';
import { writeWireFormat } from '../../../src/core/formats/wireFormat';
import { RecordStore } from '../../../src/core/recordsViewer/recordStore';
import { rowsAt } from '../../../src/core/recordsViewer/recordRows';
import { recordDetail } from '../../../src/core/recordsViewer/recordDetail';
import { exportLines } from '../../../src/core/recordsViewer/recordExport';
import { copiedText } from '../../../src/core/recordsViewer/recordCopy';
import { applyFilter, timeOrder } from '../../../src/core/recordsViewer/recordView';
import { readFieldsJson } from '../../../src/core/rendering/readFields';
import { decodedPanelLines, recordLine, recordPanelLines } from '../../../src/core/rendering/recordLine';
import { CSV_READ_COLUMNS } from '../../../src/core/rendering/csv';
import { isoTime } from '../../../src/core/rendering/recordTime';
import { replayDocumentLines } from '../../../src/core/replayDocument';

const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
const HOSTILE = `\u001b[31mred\u001b]0;title\u0007 \u0000nul \rcr\n${BIDI.join('x')} \u0085c1 end`;
const BIDI_RAW = /[\u202a-\u202e\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex -- control characters are what these tests look for
const CONTROL_RAW = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// eslint-disable-next-line no-control-regex -- control characters are what these tests look for
const TERMINAL_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const NOTE_SCHEMA = {
  type: 'record',
  name: 'Note',
  namespace: 'ebx.test',
  fields: [
    { name: 'text', type: 'string' },
    { name: 'status', type: { type: 'enum', name: 'Status', symbols: ['NEW', 'PAID', 'SHIPPED'] } },
    { name: 'n', type: 'long' },
  ],
};
const codec = avroCodec(NOTE_SCHEMA, { id: null });
const KEY_SCHEMA = avroCodec('"string"', { id: null });
const T0 = Date.parse('2026-12-04T00:00:00Z');

const raw = (offset: number, value: Buffer | null, key: Buffer | null = null): RawRecord => ({ offset, timestamp: T0 + offset * 1000, key, value, headers: {} });

/** offset 0: raw Avro with hostile text; 1: the wire format (id 7); 2: bytes that do not read; 3: a tombstone; 4: a SHIPPED note. */
function notes(): { store: RecordStore; decoder: RecordDecoder; values: unknown[] } {
  const values = [
    { text: HOSTILE, status: 'NEW', n: 1 },
    { text: 'wired', status: 'PAID', n: -9007199254740991 },
    undefined,
    undefined,
    { text: 'plain', status: 'SHIPPED', n: 4 },
  ];
  const store = new RecordStore('notes');
  store.appendRaw(0, [
    raw(0, codec.encode(values[0]), KEY_SCHEMA.encode('=cmd|calc')),
    raw(1, writeWireFormat(7, codec.encode(values[1]))),
    raw(2, Buffer.from([0x02, 0x41])),
    raw(3, null),
    raw(4, codec.encode(values[4])),
  ]);
  return { store, decoder: new RecordDecoder({ key: { format: 'avro', codec: KEY_SCHEMA }, value: { format: 'avro', codec } }), values };
}

const all = (store: RecordStore) => timeOrder(store);

test('rows: decoded JSON as one line of webview text, the schema as a mark; a record that does not read shows hex and why', () => {
  const { store, decoder } = notes();
  const rows = rowsAt(store, all(store), 0, 5, decoder);
  assert.equal(rows[0].value.startsWith('{"text":"\\u001b[31mred'), true, rows[0].value);
  assert.doesNotMatch(rows[0].value, BIDI_RAW);
  assert.doesNotMatch(rows[0].value, CONTROL_RAW);
  assert.match(rows[0].value, /\\u202ex\\u2066/, 'bidi controls are visible escapes (inside JSON text they read as the same character)');
  assert.deepEqual(rows[0].valueMark, { text: 'Note', title: 'avro · ebx.test.Note', failed: false });
  assert.equal(rows[0].valueBinary, false);
  assert.equal(rows[0].key, '"=cmd|calc"');
  assert.deepEqual(rows[0].keyMark, { text: 'avro', title: 'avro', failed: false }, 'a schema without a name is marked by its format');
  assert.equal(rows[1].valueMark?.title, 'avro · ebx.test.Note · schema id 7', 'the wire format\'s id is said');
  assert.equal(rows[1].value, '{"text":"wired","status":"PAID","n":-9007199254740991}');
  assert.equal(rows[2].valueBinary, true);
  assert.equal(rows[2].value, '02 41', 'hex of the bytes as written, even though they are valid UTF-8');
  assert.equal(rows[2].valueMark?.failed, true);
  assert.equal(rows[2].valueMark?.text, 'not decoded');
  assert.match(rows[2].valueMark.title, /^[^\n]+\.$/, 'one sentence');
  assert.equal(rows[3].value, 'tombstone');
  assert.equal(rows[3].valueMark, undefined);
  assert.equal(rows[3].keyMark, undefined, 'a null key has nothing to read');
});

test('rows: a decoded string that is huge is cut to the preview; lone surrogates from JSON text are escapes', () => {
  const store = new RecordStore('json');
  store.appendRaw(0, [raw(0, Buffer.from(`{"t":"\\ud800 ${BIDI[4]}x","big":"${'y'.repeat(10_000)}"}`))]);
  const decoder = new RecordDecoder({ value: { format: 'json' } });
  const [row] = rowsAt(store, all(store), 0, 1, decoder);
  assert.ok(row.value.length <= 201 + 20, `cut: ${row.value.length}`);
  assert.ok(row.value.endsWith('…'));
  assert.doesNotMatch(row.value, LONE_SURROGATE);
  assert.match(row.value, /\\ud800 \\u202ex/);
  const detail = recordDetail(store, 0, { decoder });
  assert.ok(detail.valueRead?.ok);
  assert.doesNotMatch(detail.valueRead.json, LONE_SURROGATE);
  assert.doesNotMatch(detail.valueRead.json, BIDI_RAW);
  assert.deepEqual(JSON.parse(detail.valueRead.json), JSON.parse(store.valueAt(0)!.toString()), 'the visible escapes read back as the same value');
});

test('rows: without a decoder, or with one that reads nothing, rows are exactly what they were', () => {
  const { store } = notes();
  const plain = rowsAt(store, all(store), 0, 5);
  assert.deepEqual(rowsAt(store, all(store), 0, 5, new RecordDecoder()), plain);
  assert.equal(plain[0].valueMark, undefined);
  assert.equal(plain[0].valueBinary, true);
});

test('detail: the decoded value indented, its schema beside it, the bytes as written as base64 and hex; or the sentence', () => {
  const { store, decoder, values } = notes();
  const first = recordDetail(store, 0, { decoder });
  assert.ok(first.valueRead?.ok);
  assert.equal(first.valueRead.format, 'avro');
  assert.equal(first.valueRead.name, 'ebx.test.Note');
  assert.equal(first.valueRead.id, null);
  assert.doesNotMatch(first.valueRead.json, BIDI_RAW);
  assert.deepEqual(JSON.parse(first.valueRead.json), values[0]);
  assert.match(first.valueRead.json, /^\{\n {2}"text"/, 'indented');
  assert.equal(first.value.kind, 'binary', 'the raw bytes one click away, as binary');
  assert.equal(first.value.text, store.valueAt(0)!.toString('base64'));
  assert.match(first.value.hex, /^00000000 {2}/);
  assert.ok(first.keyRead?.ok);
  assert.equal(first.keyRead.line, '"=cmd|calc"');
  const wired = recordDetail(store, 1, { decoder }).valueRead;
  assert.ok(wired?.ok);
  assert.equal(wired.id, 7, 'the wire format\'s schema id');
  const failed = recordDetail(store, 2, { decoder });
  assert.ok(failed.valueRead && !failed.valueRead.ok);
  assert.match(failed.valueRead.error, /^[^\n]+\.$/);
  assert.equal(failed.value.kind, 'binary');
  assert.equal(failed.value.text, Buffer.from([0x02, 0x41]).toString('base64'));
  const tombstone = recordDetail(store, 3, { decoder });
  assert.equal(tombstone.valueRead, undefined);
  assert.equal(tombstone.value.kind, 'null');
  assert.deepEqual(recordDetail(store, 0), { ...recordDetail(store, 0, { decoder: new RecordDecoder() }) }, 'no format: as before');
  assert.equal(recordDetail(store, 0).valueRead, undefined);
});

test('detail: a decoded value over 1 MiB of JSON is cut until "show all"', () => {
  const store = new RecordStore('big');
  store.appendRaw(0, [raw(0, codec.encode({ text: 'z'.repeat(1_200_000), status: 'NEW', n: 0 }))]);
  const decoder = new RecordDecoder({ value: { format: 'avro', codec } });
  const cut = recordDetail(store, 0, { decoder }).valueRead;
  assert.ok(cut?.ok && cut.truncated);
  assert.equal(cut.json.length, 1024 * 1024);
  const whole = recordDetail(store, 0, { decoder, whole: true }).valueRead;
  assert.ok(whole?.ok && !whole.truncated);
  assert.equal((JSON.parse(whole.json) as { text: string }).text.length, 1_200_000);
});

test('JSON Lines export: the CLI\'s --json shape (value the JSON value, valueSchema, or valueError beside base64) with time', () => {
  const { store, decoder, values } = notes();
  const lines = [...exportLines(store, all(store), 'jsonl', decoder)].map((line) => JSON.parse(line) as Record<string, unknown>);
  assert.equal(lines.length, 5);
  assert.deepEqual(lines[0].value, values[0], 'hostile text kept exactly: a file is data');
  assert.deepEqual(lines[0].valueSchema, { format: 'avro', id: null, name: 'ebx.test.Note' });
  assert.equal(lines[0].key, '=cmd|calc');
  assert.equal(lines[0].time, isoTime(T0));
  assert.deepEqual(lines[1].valueSchema, { format: 'avro', id: 7, name: 'ebx.test.Note' });
  assert.deepEqual(lines[2].value, { base64: 'AkE=' });
  assert.match(lines[2].valueError as string, /^[^\n]+\.$/);
  assert.equal(lines[2].valueSchema, undefined);
  assert.equal(lines[3].value, null);
  for (const [i, line] of lines.entries()) {
    const { time, ...rest } = line;
    assert.equal(time, isoTime(T0 + i * 1000));
    assert.deepEqual(rest, readFieldsJson(decoder.show('notes', 0, store.record(i)), false), 'the same fields as the CLI\'s lines (without topic)');
  }
});

test('CSV export: decoded values through the formula policy, the schema and the sentence in columns of their own', () => {
  const { store, decoder } = notes();
  const stringValues = new RecordStore('strings');
  const stringCodec = avroCodec('"string"', { id: null });
  const longCodec = avroCodec('"long"', { id: null });
  stringValues.appendRaw(0, ['=HYPERLINK("http://x")', '+1', '-2', '@SUM(A1)', 'plain'].map((s, i) => raw(i, stringCodec.encode(s))));
  const csv = [...exportLines(stringValues, all(stringValues), 'csv', new RecordDecoder({ value: { format: 'avro', codec: stringCodec } }))];
  assert.equal(csv[0], `${CSV_READ_COLUMNS.join(',')}\r\n`);
  const valueCells = csv.slice(1).map((line) => line.split(',')[5]);
  assert.deepEqual(valueCells, [`"'=HYPERLINK(""http://x"")"`, "'+1", "'-2", "'@SUM(A1)", 'plain'], 'a decoded string is its text, kept from running as a formula');
  const numbers = new RecordStore('numbers');
  numbers.appendRaw(0, [raw(0, longCodec.encode(-5))]);
  const numberLine = [...exportLines(numbers, Uint32Array.of(0), 'csv', new RecordDecoder({ value: { format: 'avro', codec: longCodec } }))][1];
  assert.equal(numberLine.split(',')[5], '-5', 'a decoded number is a number, not text that could run');

  const lines = [...exportLines(store, all(store), 'csv', decoder)];
  assert.equal(lines.length, 6);
  assert.match(lines[1], /^0,0,\d+,[^,]+,'=cmd\|calc,"\{""text"":""\\u001b\[31mred/, 'the key string neutralised; the value is its JSON');
  assert.ok(lines[1].includes(BIDI[4]), 'a file is data: the text is kept exactly');
  assert.ok(lines[1].endsWith(`,"{""format"":""avro"",""id"":null,""name"":null}",,"{""format"":""avro"",""id"":null,""name"":""ebx.test.Note""}",\r\n`), lines[1]);
  const failed = lines[3].split(',');
  assert.equal(failed[5], 'base64:AkE=');
  assert.match(lines[3], /,[^,]*\.\r\n$/, 'the sentence in valueError');
  assert.deepEqual([...exportLines(store, all(store), 'csv')], [...exportLines(store, all(store), 'csv', new RecordDecoder())], 'no format: as before');
  assert.equal([...exportLines(store, all(store), 'csv')][0], 'partition,offset,timestamp,time,key,value,headers\r\n');
});

test('copy: a decoded value or key as its JSON, a record as its JSON line with valueSchema; bytes that do not read as base64', () => {
  const { store, decoder, values } = notes();
  assert.deepEqual(JSON.parse(copiedText(store, 0, 'value', decoder)), values[0]);
  assert.equal(copiedText(store, 0, 'key', decoder), '"=cmd|calc"');
  const record = JSON.parse(copiedText(store, 1, 'record', decoder)) as Record<string, unknown>;
  assert.deepEqual(record.value, values[1]);
  assert.deepEqual(record.valueSchema, { format: 'avro', id: 7, name: 'ebx.test.Note' });
  assert.equal(copiedText(store, 2, 'value', decoder), 'AkE=');
  assert.equal(copiedText(store, 3, 'value', decoder), '');
  assert.equal(copiedText(store, 0, 'value'), store.valueAt(0)!.toString('base64'), 'no format: the bytes as before (not UTF-8 here: base64)');
});

test('filter: with a decoder the filter box also finds text in the decoded JSON the table shows', () => {
  const { store, decoder } = notes();
  const order = all(store);
  const offsets = (ids: Uint32Array) => Array.from(ids, (i) => store.offsetAt(i));
  assert.deepEqual(offsets(applyFilter(store, order, { text: 'SHIPPED' }).rows), [], 'an enum is an index in the bytes');
  assert.deepEqual(offsets(applyFilter(store, order, { text: 'SHIPPED' }, decoder).rows), [4]);
  assert.deepEqual(offsets(applyFilter(store, order, { text: 'wired' }, decoder).rows), [1], 'text in the bytes still matches');
  assert.deepEqual(offsets(applyFilter(store, order, { text: '"n":4' }, decoder).rows), [4]);
});

test('tail panel: decoded lines are recordLine of the decoder\'s records, nothing a terminal would obey; a bad record is its bytes and a sentence', () => {
  const { store, decoder } = notes();
  const records = Array.from({ length: store.length }, (_, i) => store.record(i));
  const lines = decodedPanelLines('notes', 0, records, decoder);
  assert.deepEqual(lines, records.map((r) => recordLine(decoder.show('notes', 0, r))));
  for (const line of lines) assert.doesNotMatch(line, TERMINAL_UNSAFE);
  assert.match(lines[0], /^\[p0 @0 [^\]]+\] key="=cmd\|calc" \(avro\) value=\{"text":"\\u001b\[31mred.*\} \(avro ebx\.test\.Note\)$/);
  assert.match(lines[1], /\(avro ebx\.test\.Note id 7\)$/);
  assert.match(lines[2], /value=<binary base64:AkE=> \([^)]+\.\)$/);
  assert.notDeepEqual(lines, recordPanelLines('notes', 0, records), 'the plain lines are another thing');
});

test('replay document: the first line says how the topic was read and each problem once; records carry decoded values', () => {
  const { store, decoder } = notes();
  const records = Array.from({ length: store.length }, (_, i) => decoder.show('notes', 0, store.record(i)));
  const summary = { topic: 'notes', partitions: [0], startAsked: 'beginning', starts: [{ partition: 0, offset: 0 }], nothingAfter: [], limit: 10 };
  const [header, ...lines] = replayDocumentLines({ ...summary, readAs: 'value: avro (note.avsc)', formatProblems: ['the schema registry at 127.0.0.1:9 does not answer.'] }, records, false).map((l) => JSON.parse(l) as Record<string, unknown>);
  assert.equal(header.readAs, 'value: avro (note.avsc)');
  assert.deepEqual(header.formatProblems, ['the schema registry at 127.0.0.1:9 does not answer.']);
  assert.deepEqual(lines[4].valueSchema, { format: 'avro', id: null, name: 'ebx.test.Note' });
  const plainHeader = JSON.parse(replayDocumentLines(summary, [], false)[0]) as Record<string, unknown>;
  assert.equal('readAs' in plainHeader || 'formatProblems' in plainHeader, false, 'a topic without a format: the header as before');
  const noProblems = JSON.parse(replayDocumentLines({ ...summary, readAs: 'value: avro', formatProblems: [] }, [], false)[0]) as Record<string, unknown>;
  assert.equal('formatProblems' in noProblems, false);
});
