// What "Produce these records to…" says about formats (core/formats/copiedRecordFormats.ts): bytes
// are copied, not re-encoded; wire-format values keep their schema ids; a target read another way
// is a warning; without formats the plan says nothing new.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copiedFormatsLines, wireFormatIds } from '../../../src/core/formats/copiedRecordFormats';
import { writeWireFormat } from '../../../src/core/formats/wireFormat';

const none = { count: 0, ids: [] };

test('wire-format fields are counted with their ids; text, short bytes and null are not', () => {
  const fields = [writeWireFormat(7, Buffer.from('a')), writeWireFormat(3, Buffer.alloc(0)), writeWireFormat(7, Buffer.from('b')), Buffer.from('text'), Buffer.from([0, 1]), null];
  assert.deepEqual(wireFormatIds(fields), { count: 3, ids: [3, 7] });
  assert.deepEqual(wireFormatIds([]), none);
});

test('neither topic has a format: no lines (the plan reads as it always did)', () => {
  assert.deepEqual(copiedFormatsLines({ source: 'a', target: 'b', sourceFormats: undefined, targetFormats: undefined, keys: none, values: { count: 2, ids: [1] } }), []);
});

test('the same format on both: copied as bytes, the ids kept, no warning', () => {
  const lines = copiedFormatsLines({ source: 'orders', target: 'orders-copy', sourceFormats: 'value: avro', targetFormats: 'value: avro', keys: none, values: { count: 12, ids: [3, 4] } });
  assert.deepEqual(lines, [
    'Keys and values are copied as their bytes, not re-encoded (orders is read as value: avro).',
    '12 values are in the Confluent wire format and keep schema ids 3, 4: readers of orders-copy need the same schema registry.',
  ]);
});

test('a target read with another format, or with none, is a warning naming both', () => {
  const other = copiedFormatsLines({ source: 'orders', target: 'audit', sourceFormats: 'value: avro (order.avsc)', targetFormats: 'value: protobuf (audit.proto)', keys: { count: 1, ids: [9] }, values: none });
  assert.deepEqual(other, [
    'Keys and values are copied as their bytes, not re-encoded (orders is read as value: avro (order.avsc)).',
    '1 key is in the Confluent wire format and keeps schema id 9: readers of audit need the same schema registry.',
    'Warning: audit is read as value: protobuf (audit.proto), not as orders is (value: avro (order.avsc)): the copies may not read there as they do here.',
  ]);
  const plainTarget = copiedFormatsLines({ source: 'orders', target: 'raw', sourceFormats: 'value: avro', targetFormats: undefined, keys: none, values: none });
  assert.equal(plainTarget.at(-1), 'Warning: raw is read as plain text or bytes, not as orders is (value: avro): the copies may not read there as they do here.');
  const plainSource = copiedFormatsLines({ source: 'raw', target: 'orders', sourceFormats: undefined, targetFormats: 'value: avro', keys: none, values: none });
  assert.deepEqual(plainSource, [
    'Keys and values are copied as their bytes, not re-encoded.',
    'Warning: orders is read as value: avro, not as raw is (plain text or bytes): the copies may not read there as they do here.',
  ]);
});

test('many schema ids: the first five, then how many in all', () => {
  const lines = copiedFormatsLines({ source: 'a', target: 'b', sourceFormats: 'value: avro', targetFormats: 'value: avro', keys: none, values: { count: 40, ids: [1, 2, 3, 4, 5, 6, 7] } });
  assert.equal(lines[1], '40 values are in the Confluent wire format and keep schema ids 1, 2, 3, 4, 5, … (7 in all): readers of b need the same schema registry.');
});
