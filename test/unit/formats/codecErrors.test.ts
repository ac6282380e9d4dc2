// Bad input to the codecs: bytes written with another schema, records cut short, schemas that do
// not parse, values that do not fit — each a FormatError of one sentence; and the values a naive
// decoder gets wrong (longs beyond 2^53, hostile strings) read exactly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { avroCodec } from '../../../src/core/formats/avroCodec';
import { protobufCodec } from '../../../src/core/formats/protobufCodec';
import { jsonSchemaCodec } from '../../../src/core/formats/jsonSchemaCodec';
import { FormatError, type JsonValue } from '../../../src/core/formats/formatTypes';
import { HOSTILE, expected, fixtureBytes, protoSource, schemaText } from './recordFixtures';

/** A FormatError whose message is one sentence matching `pattern`. */
function throwsSentence(fn: () => unknown, pattern: RegExp): void {
  assert.throws(fn, (err: unknown) => {
    assert.ok(err instanceof FormatError, `a FormatError, not ${String(err)}`);
    assert.match(err.message, pattern);
    assert.match(err.message, /^[^\n]+\.$/, 'one line ending in a full stop');
    assert.doesNotMatch(err.message, /\n|\bat .*:\d+:\d+/, 'no stack trace');
    return true;
  });
}

const v1Avro = () => avroCodec(schemaText('order-v1.avsc'), { id: 1 });
const v1Proto = () => protobufCodec(protoSource('order-v1.proto'), { id: 3 });

test('Avro: v1 bytes read with another writer schema are a FormatError, not garbage', () => {
  const bytes = fixtureBytes('avro/order-v1.1.raw.bin');
  // v2 as if it had written them: its extra field runs past the end.
  throwsSentence(() => avroCodec(schemaText('order-v2.avsc'), { id: 2 }).decode(bytes), /does not read as Avro ebx\.fixtures\.Order: truncated buffer/);
  const other = { type: 'record', name: 'Other', fields: [{ name: 'note', type: 'string' }] };
  throwsSentence(() => avroCodec(other, { id: null }).decode(bytes), /does not read as Avro Other: trailing data/);
  const longs = { type: 'record', name: 'Longs', fields: [{ name: 'a', type: { type: 'array', items: 'long' } }] };
  throwsSentence(() => avroCodec(longs, { id: null }).decode(bytes), /does not read as Avro Longs/);
});

/** An Avro long as it is written (zigzag varint). */
function avroLong(n: bigint): Buffer {
  let z = BigInt.asUintN(64, (n << 1n) ^ (n >> 63n));
  const out: number[] = [];
  for (; z >= 0x80n; z >>= 7n) out.push(Number(z & 0x7fn) | 0x80);
  out.push(Number(z));
  return Buffer.from(out);
}

// A loop over the claimed items would not end: the test's own timeout is the guard (a hang, not a speed).
test('Avro: an array or map block claiming more items than there are bytes is refused, not allocated or looped over', { timeout: 20_000 }, () => {
  const huge = avroLong(2n ** 40n);
  throwsSentence(() => avroCodec({ type: 'array', items: 'long' }, { id: null }).decode(Buffer.concat([huge, Buffer.from([2, 4, 0])])), /a block of 1099511627776 items with 3 bytes left/);
  throwsSentence(() => avroCodec({ type: 'map', values: 'int' }, { id: null }).decode(Buffer.concat([huge, Buffer.from([2, 0x61, 2, 0])])), /a block of 1099511627776 items/);
  throwsSentence(() => avroCodec({ type: 'array', items: 'null' }, { id: null }).decode(Buffer.concat([huge, Buffer.from([0])])), /a block of 1099511627776 items/);
  // Skipped (a field the reader does not have) as well as read.
  const writer = { type: 'record', name: 'R', fields: [{ name: 'xs', type: { type: 'array', items: 'int' } }, { name: 'id', type: 'string' }] };
  const reader = { type: 'record', name: 'R', fields: [{ name: 'id', type: 'string' }] };
  throwsSentence(() => avroCodec(writer, { id: null, readerSchema: reader }).decode(Buffer.concat([huge, Buffer.from([2, 0x61])])), /a block of 1099511627776 items/);
  // Nulls take no bytes: ten of them in one block byte are fine, as is the record read with a reader.
  assert.deepEqual(avroCodec({ type: 'array', items: 'null' }, { id: null }).decode(Buffer.from([20, 0])), new Array(10).fill(null));
  assert.deepEqual(avroCodec(writer, { id: null, readerSchema: reader }).decode(Buffer.from([4, 2, 4, 0, 2, 0x61])), { id: 'a' });
});

test('Avro: a megabyte varint and 600 bytes of blocks of a million nulls each end at once, without a huge bigint or array', () => {
  // avsc reads a varint of any length; bits past the 64th fall away, as they did, but without a bigint of 7 million bits.
  assert.equal(avroCodec('"long"', { id: null }).decode(Buffer.concat([Buffer.alloc(1 << 20, 0xff), Buffer.from([1])])), '-9223372036854775808');
  // Nulls take no bytes: a million of them in one array at most, over all its blocks (this crashed the process).
  const blocks = Buffer.concat([...Array.from({ length: 200 }, () => avroLong(1_000_000n)), Buffer.from([0])]);
  throwsSentence(() => avroCodec({ type: 'array', items: 'null' }, { id: null }).decode(blocks), /a block of 1000000 items/);
  assert.equal((avroCodec({ type: 'array', items: 'null' }, { id: null }).decode(Buffer.concat([avroLong(500_000n), avroLong(500_000n), Buffer.from([0])])) as null[]).length, 1_000_000);
});

test('Avro: a record cut short is a FormatError, at every length', () => {
  const codec = v1Avro();
  const bytes = fixtureBytes('avro/order-v1.1.raw.bin');
  for (let length = 0; length < bytes.length; length++) throwsSentence(() => codec.decode(bytes.subarray(0, length)), /does not read as Avro ebx\.fixtures\.Order/);
  assert.equal((codec.decode(bytes) as { id: string }).id, 'order-1');
});

test('Avro: a schema that does not parse, and a reader that cannot read the writer, are one sentence each', () => {
  throwsSentence(() => avroCodec('{"type": "record", "name": "X", "fields": [{"name": "a", "type": "nope"}]}', { id: null }), /^the Avro schema does not parse: undefined type name: nope\.$/);
  throwsSentence(() => avroCodec('{"type": ', { id: null }), /^the Avro schema does not parse: /);
  throwsSentence(() => avroCodec('"int"', { id: null, readerSchema: '"string"' }), /^the reader schema cannot read records of the writer schema: /);
});

test('Avro: a long of 2^60 and the int64 limits are exact strings; a safe integer stays a number', () => {
  const codec = avroCodec('"long"', { id: null });
  for (const text of [(2n ** 60n).toString(), (2n ** 60n + 1n).toString(), (2n ** 63n - 1n).toString(), (-(2n ** 63n)).toString(), (2n ** 53n).toString()]) {
    assert.equal(codec.decode(codec.encode(text)), text);
  }
  assert.equal(codec.decode(codec.encode(Number.MAX_SAFE_INTEGER)), Number.MAX_SAFE_INTEGER);
  assert.equal(codec.decode(codec.encode(-3)), -3);
  // 2^60 as Avro writes it: zigzag 2^61 = 2^(7·8+5): eight 0x80 bytes, then 0x20.
  assert.equal(codec.encode((2n ** 60n).toString()).toString('hex'), '808080808080808020');
  throwsSentence(() => codec.encode((2n ** 63n).toString()), /expected a long/);
  throwsSentence(() => codec.encode(1.5), /expected a long/);
});

test('Avro: NaN and the infinities of a double are strings, both ways', () => {
  const codec = avroCodec('"double"', { id: null });
  for (const value of ['NaN', 'Infinity', '-Infinity']) assert.equal(codec.decode(codec.encode(value)), value);
  assert.equal(codec.decode(codec.encode(0.1)), 0.1);
});

test('Avro: encode refuses a value that does not fit with a sentence naming the field', () => {
  const codec = v1Avro();
  const record = codec.decode(fixtureBytes('avro/order-v1.1.raw.bin')) as { [key: string]: JsonValue };
  throwsSentence(() => codec.encode({ ...record, lines: [{ sku: 'A', qty: 1 }, { sku: 'B', qty: 'x' }] }), /^field lines\[1\]\.qty: expected an int, got "x"\.$/);
  throwsSentence(() => codec.encode({ ...record, status: 'LOST' }), /^field status: expected one of NEW, PAID, SHIPPED, got "LOST"\.$/);
  const withoutId: { [key: string]: JsonValue } = { ...record };
  delete withoutId.id;
  throwsSentence(() => codec.encode(withoutId), /^field id: expected a string, got nothing\.$/);
  throwsSentence(() => codec.encode({ ...record, amount: '1.234' }), /^field amount: expected a decimal/);
});

test('Avro: the hostile strings of the fixtures read as exactly themselves', () => {
  const codec = v1Avro();
  const r = codec.decode(fixtureBytes('avro/order-v1.3.raw.bin')) as { [key: string]: JsonValue };
  assert.equal(r.id, HOSTILE[0]);
  assert.deepEqual(r.customer, { name: HOSTILE[2], email: HOSTILE[1] });
  assert.deepEqual(r.lines, [{ sku: HOSTILE[3], qty: 2147483647 }]);
  assert.deepEqual(r.tags, { [HOSTILE[4]]: HOSTILE[3] });
  assert.equal(r.discount, HOSTILE[5]);
});

test('Protobuf: the hostile strings read as exactly themselves, a map long beyond 2^53 as its digits', () => {
  const r = v1Proto().decode(fixtureBytes('protobuf/order-v1.3.raw.bin')) as { [key: string]: JsonValue };
  assert.equal(r.id, HOSTILE[0]);
  assert.deepEqual(r.customer, { name: HOSTILE[2], email: HOSTILE[1] });
  assert.deepEqual(r.lines, [{ sku: HOSTILE[3], qty: 2147483647 }]);
  assert.deepEqual(r.counts, { [HOSTILE[4]]: '9007199254740993' });
  assert.equal(r.code, HOSTILE[5]);
});

test('Protobuf: a record cut short is a FormatError', () => {
  const codec = v1Proto();
  const bytes = fixtureBytes('protobuf/order-v1.1.raw.bin');
  let refused = 0;
  for (let length = 1; length < bytes.length; length++) {
    try {
      codec.decode(bytes.subarray(0, length));
    } catch (err) {
      assert.ok(err instanceof FormatError, String(err));
      assert.match(err.message, /^the value does not read as Protobuf ebx\.fixtures\.v1\.Order: /);
      refused++;
    }
  }
  // A cut between two fields is a shorter valid message (Protobuf has no end marker); a cut inside one is not.
  assert.ok(refused > bytes.length / 2, `${refused} of ${bytes.length - 1} cuts refused`);
  throwsSentence(() => codec.decode(bytes.subarray(0, bytes.length - 3)), /^the value does not read as Protobuf ebx\.fixtures\.v1\.Order: a field at byte 117 needs 5 bytes and 4 are left \(cut short, or not this message\)\.$/);
});

test('Protobuf: a .proto that does not parse says the file and the line', () => {
  const parse = (text: string) => protobufCodec({ fileName: 'shop.proto', text }, { id: null });
  throwsSentence(() => parse('syntax = "proto3";\nmessage A {\n  string x = ;\n}\n'), /^shop\.proto does not parse: line 3: /);
  // A file cut short: protobufjs's "illegal token 'null'" (its name for the end of the text), in words.
  throwsSentence(() => parse('syntax = "proto3";\nmessage Order {\n  string id = 1\n'), /^shop\.proto does not parse: line 4: the file ends early, ';' expected\.$/);
  throwsSentence(() => parse('syntax = "proto3";\nmessage A {\n  Missing x = 1;\n}\n'), /^shop\.proto does not resolve: .*Missing/);
  throwsSentence(() => parse('syntax = "proto3";\nimport "shop/common.proto";\nmessage A { string x = 1; }\n'), /^shop\.proto imports shop\/common\.proto, which cannot be found\.$/);
});

test('Protobuf: an import is resolved through resolveImport, the well-known types come with protobufjs', () => {
  const codec = protobufCodec(
    {
      fileName: 'shop.proto',
      text: 'syntax = "proto3";\npackage shop;\nimport "shop/common.proto";\nimport "google/protobuf/duration.proto";\nmessage Order { common.Money total = 1; google.protobuf.Duration wait = 2; }\n',
      resolveImport: (p) => (p === 'shop/common.proto' ? 'syntax = "proto3";\npackage common;\nmessage Money { int64 cents = 1; string currency = 2; }\n' : undefined),
    },
    { id: null },
  );
  assert.equal(codec.label.name, 'shop.Order');
  assert.deepEqual(codec.messageIndexes, [0], 'the imported Money is not one of the file\'s messages');
  const value = { total: { cents: '9007199254740993', currency: 'EUR' }, wait: '1.500s' };
  assert.deepEqual(codec.decode(codec.encode(value)), value);
});

test('Protobuf: an unknown message name and an index path that names no message list known messages', () => {
  throwsSentence(() => protobufCodec(protoSource('order-v1.proto'), { id: 3, messageName: 'shop.Nope' }), /^order-v1\.proto has no message shop\.Nope; it has ebx\.fixtures\.v1\.Order, /);
  throwsSentence(() => v1Proto().decode(Buffer.alloc(0), [7]), /^message indexes \[7\] name no message in order-v1\.proto \(there: ebx\.fixtures\.v1\.Order, ebx\.fixtures\.v1\.Customer\)\.$/);
});

test('Protobuf: encode refuses a value that does not fit with a sentence naming the field', () => {
  const codec = v1Proto();
  throwsSentence(() => codec.encode({ id: 'x', lines: [{ sku: 'a', qty: 'many' }] }), /^field ebx\.fixtures\.v1\.Order\.Line\.qty: .*"many"\.$/);
  throwsSentence(() => codec.encode({ id: 'x', status: 'LOST' }), /^field ebx\.fixtures\.v1\.Order\.status: .*"LOST"\.$/);
  const fits = codec.decode(codec.encode({ id: 'x', delta: '-5', created: '2026-01-01T00:00:00Z' })) as { [key: string]: JsonValue };
  assert.equal(fits.delta, '-5');
  assert.equal(fits.created, '2026-01-01T00:00:00Z');
});

test('JSON Schema: a record that does not fit says where; not JSON says so; encode checks too', () => {
  const schema = { $schema: 'http://json-schema.org/draft-07/schema#', title: 'Line', type: 'object', required: ['sku'], properties: { sku: { type: 'string' }, qty: { type: 'integer' } } };
  const codec = jsonSchemaCodec(schema, { id: 9 });
  assert.deepEqual(codec.label, { format: 'json-schema', id: 9, name: 'Line' });
  assert.deepEqual(codec.decode(Buffer.from('{"sku":"A","qty":2}')), { sku: 'A', qty: 2 });
  throwsSentence(() => codec.decode(Buffer.from('{"sku":"A","qty":"x"}')), /^the value does not fit the JSON Schema Line: \/qty must be integer\.$/);
  throwsSentence(() => codec.decode(Buffer.from('{"sku":')), /^the value is not JSON: /);
  throwsSentence(() => codec.encode({ qty: 1 }), /must have required property 'sku'/);
  assert.equal(codec.encode({ sku: HOSTILE[3] }).toString('utf8'), JSON.stringify({ sku: HOSTILE[3] }));
});

test('JSON Schema: 2020-12 and 2019-09 schemas compile with their own keywords, draft-06 and -04 too; a schema that is not JSON is one sentence', () => {
  const codec = jsonSchemaCodec(JSON.stringify({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false }), { id: null, name: 'pair' });
  assert.deepEqual(codec.decode(Buffer.from('["a", 1]')), ['a', 1]);
  throwsSentence(() => codec.decode(Buffer.from('["a", 1, 2]')), /^the value does not fit the JSON Schema pair: \/ must NOT have more than 2 items\.$/);
  const draft2019 = jsonSchemaCodec({ $schema: 'https://json-schema.org/draft/2019-09/schema', type: 'object', dependentRequired: { a: ['b'] } }, { id: null });
  throwsSentence(() => draft2019.decode(Buffer.from('{"a": 1}')), /must have property b when property a is present/);
  for (const draft of ['http://json-schema.org/draft-06/schema#', 'http://json-schema.org/draft-04/schema#']) {
    const older = jsonSchemaCodec({ $schema: draft, type: 'object', properties: { a: { type: 'integer' } } }, { id: null, name: draft });
    assert.deepEqual(older.decode(Buffer.from('{"a": 1}')), { a: 1 });
    throwsSentence(() => older.decode(Buffer.from('{"a": "x"}')), /\/a must be integer\.$/);
  }
  throwsSentence(() => jsonSchemaCodec('{"type": ', { id: null }), /^the JSON Schema is not JSON: /);
  throwsSentence(() => jsonSchemaCodec({ type: 'nope' }, { id: null }), /^the JSON Schema does not compile: /);
});

test('every fixture schema version parses to a codec whose id is the registry id of expected.json', () => {
  for (const [file, info] of Object.entries(expected.schemas)) {
    const codec = info.type === 'AVRO' ? avroCodec(schemaText(file), { id: info.id }) : protobufCodec(protoSource(file), { id: info.id });
    assert.equal(codec.label.id, info.id);
  }
});
