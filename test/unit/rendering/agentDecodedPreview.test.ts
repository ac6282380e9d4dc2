// What an agent tool shows of a record whose topic has record formats (agentDecodedPreview.ts): the
// decoded JSON itself with the schema that read it, bounded like text; a field that does not decode
// as its bytes' summary and one sentence; hostile strings carried exactly, one record per line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RawRecord } from '../../../src/core/clusterAccess';
import { avroCodec } from '../../../src/core/formats/avroCodec';
import { RecordDecoder } from '../../../src/core/formats/recordDecoder';
import { writeWireFormat } from '../../../src/core/formats/wireFormat';
import { previewDecodedRecord } from '../../../src/core/rendering/agentDecodedPreview';
import { KEY_PREVIEW_BYTES, VALUE_PREVIEW_BYTES } from '../../../src/core/rendering/agentPreview';

const NOTE = avroCodec(JSON.stringify({ type: 'record', name: 'Note', namespace: 'ebx.test', fields: [{ name: 'text', type: 'string' }, { name: 'n', type: 'long' }] }), { id: null });
const record = (value: Buffer | null, key: Buffer | null = null, headers: RawRecord['headers'] = {}): RawRecord => ({ offset: 5, timestamp: Date.parse('2026-12-04T10:00:00Z'), key, value, headers });
const noteBytes = (text: string, n: number | string = 1) => NOTE.encode({ text, n });

test('a decoded value is its JSON with the schema that read it; a plain key stays text; headers and time as ever', () => {
  const decoder = new RecordDecoder({ value: { format: 'avro', codec: NOTE } });
  const preview = previewDecodedRecord(1, record(noteBytes('hello', '9007199254740993'), Buffer.from('order-1'), { trace: Buffer.from('abc') }), decoder);
  assert.deepEqual(preview, {
    partition: 1,
    offset: 5,
    time: '2026-12-04T10:00:00.000Z',
    key: 'order-1',
    value: { text: 'hello', n: '9007199254740993' },
    valueSchema: { format: 'avro', id: null, name: 'ebx.test.Note' },
    headers: { trace: 'abc' },
  });
});

test('hostile strings in decoded fields are carried exactly and stay on one line', () => {
  const hostile = 'line one\nline two\r\u001b[31mred\u001b[0m \u202eevil\u2066 </script><img src=x onerror=alert(1)> \u0000 "quoted" \\ back';
  const decoder = new RecordDecoder({ value: { format: 'avro', codec: NOTE }, key: { format: 'string' } });
  const preview = previewDecodedRecord(0, record(noteBytes(hostile), Buffer.from(hostile)), decoder);
  const line = JSON.stringify(preview);
  assert.ok(!line.includes('\n') && !line.includes('\r') && !line.includes('\u001b') && !line.includes('\u0000'), 'control characters are JSON escapes');
  const back = JSON.parse(line) as { key: string; value: { text: string }; keySchema: unknown };
  assert.equal(back.value.text, hostile, 'what the model quotes back is what the record holds');
  assert.equal(back.key, hostile);
  assert.deepEqual(back.keySchema, { format: 'string', id: null, name: null });
});

test('a decoded value longer than the preview is its JSON\'s first bytes, cut between characters, and its size', () => {
  const decoder = new RecordDecoder({ value: { format: 'avro', codec: NOTE } });
  const long = 'é'.repeat(10_000);
  const preview = previewDecodedRecord(0, record(noteBytes(long)), decoder);
  const json = JSON.stringify({ text: long, n: 1 });
  const size = Buffer.byteLength(json);
  assert.equal(typeof preview.value, 'string');
  const shown = preview.value as string;
  assert.ok(shown.endsWith(`… <truncated: the decoded JSON is ${size} bytes, the first ${VALUE_PREVIEW_BYTES} shown>`), shown.slice(-100));
  assert.ok(json.startsWith(shown.slice(0, shown.indexOf('…'))), 'the head is the JSON\'s own start');
  assert.ok(!shown.includes('\ufffd'), 'no character cut in two');
  assert.ok(Buffer.byteLength(shown) < VALUE_PREVIEW_BYTES + 100);
  assert.deepEqual(preview.valueSchema, NOTE.label);
  // Keys are held to their own, smaller bound.
  const keyed = previewDecodedRecord(0, record(null, Buffer.from(JSON.stringify({ k: 'x'.repeat(2000) }))), new RecordDecoder({ key: { format: 'json' } }));
  assert.match(keyed.key as string, new RegExp(`^\\{"k":"x+… <truncated: the decoded JSON is 2008 bytes, the first ${KEY_PREVIEW_BYTES} shown>$`));
});

test('a value that does not decode: its bytes\' summary (never as text) and the one sentence; the record is still shown', () => {
  const decoder = new RecordDecoder({ value: { format: 'avro', codec: NOTE } });
  const text = Buffer.from('plain text, not Avro');
  const preview = previewDecodedRecord(0, record(text, Buffer.from('k')), decoder);
  assert.equal(preview.value, `<binary, ${text.length} bytes, base64 prefix ${text.subarray(0, 24).toString('base64')}>`);
  assert.match(preview.valueError!, /^[^\n]+\.$/);
  assert.equal(preview.valueSchema, undefined);
  assert.equal(preview.key, 'k');
});

test('auto with a registry: a wire-format value is decoded under its id; plain text and null stay as they were', async () => {
  const decoder = new RecordDecoder({ registry: { codecById: () => Promise.resolve(avroCodec(JSON.stringify({ type: 'record', name: 'Note', namespace: 'ebx.test', fields: [{ name: 'text', type: 'string' }, { name: 'n', type: 'long' }] }), { id: 42 })), isNotFound: () => false } });
  const records = [record(writeWireFormat(42, noteBytes('wired'))), record(Buffer.from('just text')), record(null)];
  await decoder.prepare(records);
  const [wired, plain, none] = records.map((r) => previewDecodedRecord(0, r, decoder));
  assert.deepEqual(wired.value, { text: 'wired', n: 1 });
  assert.deepEqual(wired.valueSchema, { format: 'avro', id: 42, name: 'ebx.test.Note' });
  assert.equal(plain.value, 'just text');
  assert.equal(plain.valueSchema, undefined);
  assert.equal(none.value, null);
});
