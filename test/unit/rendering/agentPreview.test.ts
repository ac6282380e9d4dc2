// What a tool shows of a record: bounded text, binary summarised, headers kept, times in ISO 8601.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KEY_PREVIEW_BYTES, previewBytes, previewRecord, timeText, VALUE_PREVIEW_BYTES } from '../../../src/core/rendering/agentPreview';

const MiB = 1024 * 1024;

test('short text is shown whole; null stays null', () => {
  assert.equal(previewBytes(Buffer.from('{"order":7}'), VALUE_PREVIEW_BYTES), '{"order":7}');
  assert.equal(previewBytes(Buffer.alloc(0), VALUE_PREVIEW_BYTES), '');
  assert.equal(previewBytes(null, VALUE_PREVIEW_BYTES), null);
});

test('a 6 MiB value becomes its first few KB and a note of its size', () => {
  const shown = previewBytes(Buffer.from('z'.repeat(6 * MiB)), VALUE_PREVIEW_BYTES)!;
  assert.equal(shown, `${'z'.repeat(VALUE_PREVIEW_BYTES)}… <truncated: ${6 * MiB} bytes in all, the first ${VALUE_PREVIEW_BYTES} shown>`);
  assert.ok(shown.length < VALUE_PREVIEW_BYTES + 100);
});

test('truncation never cuts a character in two', () => {
  // "é" is two bytes: a limit of 5 falls inside the third one.
  const shown = previewBytes(Buffer.from('éééééé'), 5)!;
  assert.ok(shown.startsWith('éé…'), shown);
  assert.ok(!shown.includes('\ufffd'));
  const emoji = previewBytes(Buffer.from('😀😀😀'), 6)!;
  assert.ok(emoji.startsWith('😀…'), emoji);
});

test('binary bytes are a one-line summary with size and a base64 prefix', () => {
  const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 7 + 0x80) & 0xff));
  const shown = previewBytes(bytes, VALUE_PREVIEW_BYTES)!;
  assert.equal(shown, `<binary, 1000 bytes, base64 prefix ${bytes.subarray(0, 24).toString('base64')}…>`);
  assert.equal(previewBytes(Buffer.from([0xff, 0xfe]), VALUE_PREVIEW_BYTES), '<binary, 2 bytes, base64 prefix //4=>');
  assert.equal(previewBytes(Buffer.from([0xc3]), 1), '<binary, 1 bytes, base64 prefix ww==>', 'a lone lead byte is not UTF-8');
});

test('a record: partition, offset, ISO time, bounded key, value and headers (repeated headers kept)', () => {
  const preview = previewRecord(2, {
    offset: 41,
    timestamp: Date.parse('2026-11-30T10:00:00Z'),
    key: Buffer.from('k'.repeat(2000)),
    value: Buffer.from([0, 0xff]),
    headers: { trace: Buffer.from('abc'), dup: [Buffer.from('one'), Buffer.from([0xff])], none: null },
  });
  assert.deepEqual(preview, {
    partition: 2,
    offset: 41,
    time: '2026-11-30T10:00:00.000Z',
    key: `${'k'.repeat(KEY_PREVIEW_BYTES)}… <truncated: 2000 bytes in all, the first ${KEY_PREVIEW_BYTES} shown>`,
    value: '<binary, 2 bytes, base64 prefix AP8=>',
    headers: { trace: 'abc', dup: ['one', '<binary, 1 bytes, base64 prefix /w==>'], none: null },
  });
  assert.equal(previewRecord(0, { offset: 0, timestamp: 0, key: null, value: null, headers: {} }).headers, undefined, 'no headers, no field');
});

test('a timestamp that is not a time stays a number', () => {
  assert.equal(timeText(-1), -1);
  assert.equal(timeText(Number.MAX_SAFE_INTEGER), Number.MAX_SAFE_INTEGER);
  assert.equal(timeText(0), '1970-01-01T00:00:00.000Z');
});
