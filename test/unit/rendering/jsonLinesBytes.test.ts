// The CLI's JSON Lines built straight from fetched bytes (src/core/recordJsonLines.ts) must be byte for
// byte what the record-object path printed: jsonForTerminal(showRecord(...)) and a newline per record.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { recordJsonLines } from '../../../src/core/rendering/jsonLinesBytes';
import { JsonLineBuffer } from '../../../src/core/rendering/jsonLineBuffer';
import { jsonForTerminal } from '../../../src/core/rendering/terminalText';
import { showRecord } from '../../../src/core/rendering/decode';
import type { RawRecord } from '../../../src/core/clusterAccess';

const every = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
const controls = Buffer.from(Array.from({ length: 32 }, (_, i) => i).concat([0x22, 0x5c, 0x7f, 0x41]));
const texts = ['plain', '', '{"json":"with \\"quotes\\" and \\\\ backslashes"}', 'tab\there\nnewline\r\u001b[31mred', 'ünïcödé ✓ 𝄞', 'c1 \u0085 \u009b bidi \u202e\u2066 sep \u2028\u2029', 'x'.repeat(70_000)];

function record(offset: number, key: Buffer | null, value: Buffer | null, headers: RawRecord['headers'] = {}): RawRecord {
  return { offset, timestamp: 1_700_000_000_000 + offset, key, value, headers };
}

function expected(topic: string, partition: number, records: RawRecord[]): string {
  return records.map((r) => `${jsonForTerminal(showRecord(topic, partition, r))}\n`).join('');
}

test('every kind of key and value prints as the record-object path printed it', () => {
  const records: RawRecord[] = [
    record(0, null, null),
    record(1, Buffer.alloc(0), Buffer.alloc(0)),
    record(2, every, controls),
    record(3, controls, every),
    record(4, Buffer.from([0x61, 0xc3, 0x28]), Buffer.from([0xff])),
    ...texts.map((t, i) => record(10 + i, Buffer.from(t), Buffer.from(t.split('').reverse().join('')))),
    { offset: 9_007_199_254_740_000, timestamp: -1, key: null, value: Buffer.from('big offset, no timestamp'), headers: {} },
  ];
  assert.equal(recordJsonLines('topic', 3, records).toString('utf8'), expected('topic', 3, records));
});

test('headers (repeated, binary, null, empty, numeric names, awkward names) print as before', () => {
  const headers: RawRecord['headers'] = Object.create(null) as RawRecord['headers'];
  headers.b = Buffer.from('text');
  headers['2'] = [Buffer.from('one'), every, Buffer.alloc(0)];
  headers['a\u001bname\u2028'] = null;
  headers['1'] = Buffer.from([0xc3, 0x28]);
  headers.empty = Buffer.alloc(0);
  const records = [record(0, Buffer.from('k'), Buffer.from('v'), headers), record(1, null, null, { only: [Buffer.from('x')] })];
  assert.equal(recordJsonLines('t', 0, records).toString('utf8'), expected('t', 0, records));
});

test('a topic name that needs escaping, and a batch of nothing', () => {
  const records = [record(5, null, Buffer.from('v'))];
  assert.equal(recordJsonLines('we"ird\u009b', 1, records).toString('utf8'), expected('we"ird\u009b', 1, records));
  assert.equal(recordJsonLines('t', 0, []).length, 0);
});

test('a 6 MiB value full of bytes to escape grows the line buffer as needed', () => {
  const big = Buffer.alloc(6 * 1024 * 1024, 0x01);
  const records = [record(0, null, big), record(1, null, Buffer.from('after'))];
  const out = recordJsonLines('t', 0, records).toString('utf8');
  assert.equal(out, expected('t', 0, records));
  assert.equal(out.length > 6 * 6 * 1024 * 1024, true);
});

test('whole numbers of every magnitude, and the ones JSON.stringify writes otherwise, as JSON.stringify writes them', () => {
  const numbers = [0, -0, 1, -1, 9, 10, 99, 100, 2 ** 31 - 1, 2 ** 31, -(2 ** 31), 2 ** 32 + 7, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 53, 1e21, Number.NaN, 0.5];
  for (let digits = 1; digits <= 16; digits++) for (let i = 0; i < 200; i++) numbers.push(Math.floor(Math.random() * 10 ** digits) * (i % 2 ? -1 : 1));
  const out = new JsonLineBuffer(8);
  for (const n of numbers) {
    out.pos = 0;
    out.integer(n);
    assert.equal(out.take().toString('latin1'), JSON.stringify(n), String(n));
  }
});
