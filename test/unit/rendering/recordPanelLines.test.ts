// The tail panel's lines made straight from fetched bytes (src/core/recordPanelLines.ts) must be
// exactly what the record-object path showed: recordLine(showRecord(...)) per record.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { recordPanelLines } from '../../../src/core/rendering/recordLine';
import { recordLine } from '../../../src/core/rendering/recordLine';
import { showRecord } from '../../../src/core/rendering/decode';
import { NO_HEADERS, type RawRecord } from '../../../src/core/clusterAccess';

const every = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
const texts = ['plain ascii ~!@#$%^&*()', '', ' ', '{"json":"with \\"quotes\\" and \\\\ backslashes"}', 'tab\there\nnewline\r\u001b[31mred', 'del \u007f', 'ünïcödé ✓ 𝄞', 'c1 \u0085 \u009b bidi \u202e\u2066 sep \u2028\u2029', 'x'.repeat(70_000)];

function record(offset: number, timestamp: number, key: Buffer | null, value: Buffer | null, headers: RawRecord['headers'] = NO_HEADERS): RawRecord {
  return { offset, timestamp, key, value, headers };
}

function expected(topic: string, partition: number, records: RawRecord[]): string[] {
  return records.map((r) => recordLine(showRecord(topic, partition, r)));
}

test('every kind of key and value shows as the record-object path showed it', () => {
  const records: RawRecord[] = [
    record(0, 1_700_000_000_000, null, null),
    record(1, 1_700_000_000_000, Buffer.alloc(0), Buffer.alloc(0)),
    record(2, 1_700_000_000_001, every, every.subarray(0x20, 0x7f)),
    record(3, 1_700_000_000_001, Buffer.from([0x61, 0xc3, 0x28]), Buffer.from([0xff])),
    ...texts.map((t, i) => record(10 + i, 1_700_000_000_002 + (i % 3), Buffer.from(t), Buffer.from([...t].reverse().join('')))),
    record(9_007_199_254_740_000, -1, null, Buffer.from('big offset, no timestamp')),
    record(30, Number.NaN, Buffer.from('k'), Buffer.from('no timestamp either')),
    record(31, 1_700_000_000_000, Buffer.from('back to an earlier timestamp'), Buffer.from('v')),
  ];
  assert.deepEqual(recordPanelLines('topic', 7, records), expected('topic', 7, records));
});

test('records with headers (repeated, binary, null, awkward names) show as before', () => {
  const headers: RawRecord['headers'] = Object.create(null) as RawRecord['headers'];
  headers.b = Buffer.from('text');
  headers['2'] = [Buffer.from('one'), every, Buffer.alloc(0)];
  headers['a\u001bname\u2028'] = null;
  const records = [record(0, 1_700_000_000_000, Buffer.from('k'), Buffer.from('v'), headers), record(1, 1_700_000_000_000, null, Buffer.from('after one with headers'))];
  assert.deepEqual(recordPanelLines('t', 0, records), expected('t', 0, records));
});

test('random bytes, 2,000 records: the same lines', () => {
  let seed = 12345;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const bytes = (n: number, printable: boolean) => Buffer.from(Array.from({ length: n }, () => (printable ? 0x20 + Math.floor(random() * 95) : Math.floor(random() * 256))));
  const records: RawRecord[] = [];
  for (let i = 0; i < 2_000; i++) {
    const kind = random();
    const value = kind < 0.1 ? null : bytes(Math.floor(random() * 300), kind < 0.7);
    records.push(record(i, 1_700_000_000_000 + Math.floor(i / 10), random() < 0.3 ? null : bytes(Math.floor(random() * 20), random() < 0.8), value));
  }
  assert.deepEqual(recordPanelLines('random', 2, records), expected('random', 2, records));
});
