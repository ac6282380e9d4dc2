// Every fixture record (written by Apache Avro's and Google's Protobuf Python libraries, raw and in
// the Confluent wire format) read by our codecs and compared with what was written; read again with
// the other version of its schema (schema evolution); written back byte for byte.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { avroCodec } from '../../../src/core/formats/avroCodec';
import { protobufCodec } from '../../../src/core/formats/protobufCodec';
import { readWireFormat, writeWireFormat } from '../../../src/core/formats/wireFormat';
import type { SchemaCodec } from '../../../src/core/formats/formatTypes';
import { avroExpected, expected, fixtureBytes, protoSource, schemaText, type FixtureRecord } from './recordFixtures';

function codecFor(schema: string, record: FixtureRecord, reader?: string): SchemaCodec {
  const id = expected.schemas[schema].id;
  if (record.format === 'avro') return avroCodec(schemaText(schema), { id, readerSchema: reader === undefined ? undefined : schemaText(reader) });
  return protobufCodec(protoSource(reader ?? schema), { id, messageName: reader === undefined ? record.message : undefined });
}

/** The payload and, for Protobuf, the message indexes: from the header when the file has one. */
function payloadOf(record: FixtureRecord): { payload: Buffer; messageIndexes?: number[] } {
  const bytes = fixtureBytes(record.file);
  if (record.wire === 'raw') return { payload: bytes, messageIndexes: record.messageIndexes };
  const read = readWireFormat(bytes, record.format);
  assert.ok(read, `${record.file} reads as the wire format`);
  assert.equal(read.schemaId, record.schemaId);
  assert.equal(bytes.subarray(0, bytes.length - read.payload.length).toString('hex'), record.headerHex, 'the header ends where the fixture says');
  if (record.format === 'protobuf') assert.deepEqual(read.messageIndexes, record.messageIndexes);
  else assert.equal(read.messageIndexes, undefined);
  return read;
}

function expectedJson(record: FixtureRecord, value: FixtureRecord['written'], schema: string): FixtureRecord['written'] {
  return record.format === 'avro' ? avroExpected(value, schemaText(schema)) : value;
}

test('the fixtures hold Avro and Protobuf records, raw and in the wire format, and readings with the other schema version', () => {
  const kinds = new Set(expected.records.map((r) => `${r.format}/${r.wire}`));
  assert.deepEqual([...kinds].sort(), ['avro/confluent', 'avro/raw', 'protobuf/confluent', 'protobuf/raw']);
  assert.ok(expected.records.filter((r) => r.readWith && Object.keys(r.readWith).length > 0).length >= 12);
});

for (const record of expected.records) {
  test(`${record.file} (${record.message ?? record.schema}) reads as written`, () => {
    const { payload, messageIndexes } = payloadOf(record);
    const codec = codecFor(record.schema, record);
    assert.deepEqual(codec.decode(payload, messageIndexes), expectedJson(record, record.written, record.schema));
    assert.equal(codec.label.format, record.format);
    assert.equal(codec.label.id, expected.schemas[record.schema].id);
  });

  for (const [reader, value] of Object.entries(record.readWith ?? {})) {
    test(`${record.file} read with ${reader} (schema evolution) reads as the Python library read it`, () => {
      const { payload, messageIndexes } = payloadOf(record);
      assert.deepEqual(codecFor(record.schema, record, reader).decode(payload, messageIndexes), expectedJson(record, value, reader));
    });
  }

  test(`${record.file}: what it reads as is written back as the same bytes`, () => {
    const { payload, messageIndexes } = payloadOf(record);
    const codec = codecFor(record.schema, record);
    const decoded = codec.decode(payload, messageIndexes);
    const encoded = codec.encode(decoded);
    assert.deepEqual(codec.decode(encoded, messageIndexes), decoded);
    assert.equal(encoded.toString('hex'), payload.toString('hex'));
    if (record.wire === 'confluent') {
      const again = writeWireFormat(record.schemaId!, encoded, record.format === 'protobuf' ? codec.messageIndexes : undefined);
      assert.equal(again.toString('hex'), fixtureBytes(record.file).toString('hex'));
    }
  });
}

test('Protobuf: a codec for Customer and for Order.Line writes their message indexes [1] and [0, 0]', () => {
  for (const version of ['v1', 'v2']) {
    const source = protoSource(`order-${version}.proto`);
    assert.deepEqual(protobufCodec(source, { id: null }).messageIndexes, [0]);
    const customer = protobufCodec(source, { id: 3, messageName: `ebx.fixtures.${version}.Customer` });
    assert.deepEqual(customer.messageIndexes, [1]);
    assert.deepEqual(customer.label, { format: 'protobuf', id: 3, name: `ebx.fixtures.${version}.Customer` });
    assert.deepEqual(protobufCodec(source, { id: null, messageName: `.ebx.fixtures.${version}.Order.Line` }).messageIndexes, [0, 0]);
  }
});

test('Protobuf: the message indexes of a record choose the message, whatever the codec writes', () => {
  const order = protobufCodec(protoSource('order-v1.proto'), { id: 3 });
  const line = expected.records.find((r) => r.file === 'protobuf/line-v1.1.raw.bin')!;
  const customer = expected.records.find((r) => r.file === 'protobuf/customer-v1.1.raw.bin')!;
  assert.deepEqual(order.decode(fixtureBytes(line.file), [0, 0]), line.written);
  assert.deepEqual(order.decode(fixtureBytes(customer.file), [1]), customer.written);
});

test('Protobuf: the JSON lists the fields in declaration order, unset message and oneof fields absent', () => {
  const codec = protobufCodec(protoSource('order-v1.proto'), { id: 3 });
  const full = codec.decode(fixtureBytes('protobuf/order-v1.1.raw.bin'));
  assert.deepEqual(Object.keys(full as object), ['id', 'status', 'lines', 'counts', 'payload', 'created', 'percent', 'customer', 'note', 'delta']);
  const empty = codec.decode(Buffer.alloc(0));
  assert.deepEqual(empty, { id: '', status: 'NEW', lines: [], counts: {}, payload: '', delta: '0' });
});

test('Avro: the label names the record; a v2 reader labels with its own name', () => {
  assert.deepEqual(avroCodec(schemaText('order-v1.avsc'), { id: 1 }).label, { format: 'avro', id: 1, name: 'ebx.fixtures.Order' });
  assert.deepEqual(avroCodec(JSON.parse(schemaText('order-v1.avsc')) as object, { id: null, readerSchema: schemaText('order-v2.avsc') }).label.name, 'ebx.fixtures.Order');
});
