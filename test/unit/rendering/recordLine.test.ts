// recordLine (tail panels, CLI text) and recordJsonLine (replay documents) over records built here:
// one line each, control characters escaped, binary marked, JSON embedded only when lossless.
// (The same over records read back from the broker: test/core/hostileData.test.ts.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { recordJsonLine } from '../../../src/core/rendering/jsonLines';
import { recordLine } from '../../../src/core/rendering/recordLine';
import type { ShownRecord } from '../../../src/core/model';

// eslint-disable-next-line no-control-regex -- control characters are what these tests look for
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const at = Date.parse('2026-11-30T10:00:00Z');
const record = (fields: Partial<ShownRecord>): ShownRecord => ({ topic: 't', partition: 0, offset: 7, timestamp: at, key: null, value: null, headers: {}, ...fields });

test('recordLine: partition, offset and time first, then key and value', () => {
  assert.equal(recordLine(record({ key: 'k', value: 'v' })), '[p0 @7 2026-11-30T10:00:00.000Z] key=k value=v');
  assert.equal(recordLine(record({})), '[p0 @7 2026-11-30T10:00:00.000Z] key=null value=null');
  assert.match(recordLine(record({ timestamp: -1 })), /^\[p0 @7 \?\]/, 'no timestamp is "?"');
});

test('recordLine: control characters escaped, binary marked, headers listed (duplicates kept), one line', () => {
  const line = recordLine(record({
    key: '\u001b[31mkey',
    value: 'a\r\nb\u009b2J\u202eevil',
    headers: { bin: { base64: 'AP8bmw==' }, dup: ['one', 'two', { base64: '/g==' }], '\u001b[1mname': '\u0007bell' },
  }));
  assert.doesNotMatch(line, UNSAFE);
  assert.equal(line, '[p0 @7 2026-11-30T10:00:00.000Z] key=\\x1b[31mkey value=a\\r\\nb\\x9b2J\\u202eevil headers={bin=<binary base64:AP8bmw==>, dup=[one,two,<binary base64:/g==>], \\x1b[1mname=\\x07bell}');
  assert.equal(recordLine(record({ value: { base64: '//4=' } })), '[p0 @7 2026-11-30T10:00:00.000Z] key=null value=<binary base64://4=>');
});

test('recordJsonLine: JSON values embedded when lossless, kept as the string otherwise', () => {
  const valueOf = (value: ShownRecord['value']) => (JSON.parse(recordJsonLine(record({ value }))) as { value: unknown }).value;
  assert.deepEqual(valueOf('{ "a": [1, 2] }'), { a: [1, 2] }, 'whitespace between tokens is not information');
  for (const lossy of ['{"a":1,"a":2}', '{"n":12345678901234567890}', '{"2":"b","1":"a"}', 'not json', '[1,']) assert.equal(valueOf(lossy), lossy);
  const deep = '['.repeat(10_000) + ']'.repeat(10_000);
  assert.equal(valueOf(deep), deep, 'too deep to write back: the string');
  assert.deepEqual(valueOf({ base64: 'AP8=' }), { base64: 'AP8=' });
  assert.deepEqual(JSON.parse(recordJsonLine(record({ key: 'k', headers: { h: 'x' } }))), { partition: 0, offset: 7, timestamp: at, key: 'k', value: null, headers: { h: 'x' } });
  assert.ok(!recordJsonLine(record({ value: 'a\nb' })).includes('\n'), 'one line');
});
