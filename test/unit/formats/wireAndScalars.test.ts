// The Confluent wire format's header (schema id, Protobuf message indexes) and the formats without
// a schema (int32, int64, double, uuid, string, json) as Kafka's own serializers write them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { looksLikeWireFormat, readWireFormat, writeWireFormat } from '../../../src/core/formats/wireFormat';
import { scalarFormat, type ScalarFormat } from '../../../src/core/formats/formatCatalog';
import { FormatError } from '../../../src/core/formats/formatTypes';

const decodeScalar = (format: ScalarFormat, bytes: Buffer) => scalarFormat(format).decode(bytes);
const encodeScalar = (format: ScalarFormat, value: unknown) => scalarFormat(format).encode(value);

const hex = (text: string) => Buffer.from(text, 'hex');

function formatError(pattern: RegExp): (err: unknown) => boolean {
  return (err: unknown) => err instanceof FormatError && pattern.test(err.message) && /^[^\n]+\.$/.test(err.message);
}

test('wire format: magic byte, 4-byte big-endian id, the payload after it', () => {
  const read = readWireFormat(hex('00000001c8abcd'), 'avro');
  assert.deepEqual(read, { schemaId: 456, payload: hex('abcd') });
  assert.deepEqual(readWireFormat(hex('00ffffffff'), 'json-schema'), { schemaId: 0xffffffff, payload: Buffer.alloc(0) });
  assert.equal(readWireFormat(hex('01000001c8abcd'), 'avro'), undefined, 'magic byte not 0');
  assert.equal(readWireFormat(hex('00000001'), 'avro'), undefined, 'too short for the header');
  assert.equal(readWireFormat(Buffer.alloc(0), 'protobuf'), undefined);
  assert.equal(looksLikeWireFormat(hex('0000000001')), true);
  assert.equal(looksLikeWireFormat(hex('00000000')), false);
  assert.equal(looksLikeWireFormat(Buffer.from('{"a":1}')), false);
  assert.equal(looksLikeWireFormat(null), false);
});

test('wire format: Protobuf message indexes, [0] as the single byte 0, a list as zigzag varints', () => {
  assert.deepEqual(readWireFormat(hex('000000000300aa'), 'protobuf'), { schemaId: 3, messageIndexes: [0], payload: hex('aa') });
  assert.deepEqual(readWireFormat(hex('00000000030202aa'), 'protobuf'), { schemaId: 3, messageIndexes: [1], payload: hex('aa') });
  assert.deepEqual(readWireFormat(hex('0000000003040000'), 'protobuf'), { schemaId: 3, messageIndexes: [0, 0], payload: Buffer.alloc(0) });
  // 200 = zigzag 400 = 0x90 0x03.
  assert.deepEqual(readWireFormat(hex('000000000302900301'), 'protobuf')?.messageIndexes, [200]);
  for (const indexes of [[0], [1], [0, 0], [3, 1, 4], [200]]) {
    const bytes = writeWireFormat(7, hex('beef'), indexes);
    assert.deepEqual(readWireFormat(bytes, 'protobuf'), { schemaId: 7, messageIndexes: indexes, payload: hex('beef') });
  }
  assert.equal(writeWireFormat(3, hex('aa'), [0]).toString('hex'), '000000000300aa');
  assert.equal(writeWireFormat(1, hex('aa')).toString('hex'), '0000000001aa');
});

test('wire format: a truncated or impossible index list is a FormatError; a bad schema id is refused', () => {
  assert.throws(() => readWireFormat(hex('000000000304'), 'protobuf'), formatError(/^the Protobuf message indexes after schema id 3 are cut short\.$/));
  assert.throws(() => readWireFormat(hex('000000000380'), 'protobuf'), formatError(/cut short/));
  assert.throws(() => readWireFormat(hex('00000000030102'), 'protobuf'), formatError(/index count after schema id 3 is -1/));
  assert.throws(() => readWireFormat(hex('00000000030201'), 'protobuf'), formatError(/negative \(-1\)/));
  assert.throws(() => writeWireFormat(-1, Buffer.alloc(0)), formatError(/^a schema id is a 32-bit number; -1 is not\.$/));
  assert.throws(() => writeWireFormat(2 ** 32, Buffer.alloc(0)), formatError(/32-bit/));
});

test('int32, int64 and double: big-endian, as Kafka serializes them, both ways', () => {
  assert.equal(decodeScalar('int32', hex('ffffff85')), -123);
  assert.equal(encodeScalar('int32', -123).toString('hex'), 'ffffff85');
  assert.equal(encodeScalar('int32', '2147483647').toString('hex'), '7fffffff');
  assert.equal(decodeScalar('int64', hex('0000000000000001')), 1);
  assert.equal(decodeScalar('int64', hex('001fffffffffffff')), Number.MAX_SAFE_INTEGER);
  assert.equal(decodeScalar('int64', hex('0020000000000000')), '9007199254740992', 'beyond 2^53-1: the exact digits');
  assert.equal(decodeScalar('int64', hex('8000000000000000')), '-9223372036854775808');
  assert.equal(encodeScalar('int64', '-9223372036854775808').toString('hex'), '8000000000000000');
  assert.equal(encodeScalar('int64', 2 ** 40).toString('hex'), '0000010000000000');
  assert.equal(decodeScalar('double', encodeScalar('double', 0.1)), 0.1);
  assert.equal(encodeScalar('double', 1).toString('hex'), '3ff0000000000000');
  assert.equal(decodeScalar('double', hex('7ff8000000000000')), 'NaN');
  assert.equal(decodeScalar('double', encodeScalar('double', '-Infinity')), '-Infinity');
});

test('int32, int64, double, uuid: a wrong length is a sentence saying the length', () => {
  assert.throws(() => decodeScalar('int32', Buffer.alloc(7)), formatError(/^an int32 is 4 bytes; this value has 7\.$/));
  assert.throws(() => decodeScalar('int64', Buffer.alloc(4)), formatError(/^an int64 is 8 bytes; this value has 4\.$/));
  assert.throws(() => decodeScalar('double', Buffer.alloc(0)), formatError(/^a double is 8 bytes; this value has 0\.$/));
  assert.throws(() => decodeScalar('uuid', Buffer.alloc(15)), formatError(/^a UUID is 16 bytes \(or its 36-character text\); this value has 15\.$/));
  assert.throws(() => encodeScalar('int32', 2 ** 31), formatError(/^2147483648 is not an int32\.$/));
  assert.throws(() => encodeScalar('int64', '9223372036854775808'), formatError(/is not an int64/));
  assert.throws(() => encodeScalar('int32', 1.5), formatError(/^1\.5 is not an int32\.$/));
  assert.throws(() => encodeScalar('double', 'x'), formatError(/^"x" is not a double\.$/));
});

test('uuid: 16 bytes or its text in, the canonical lower-case text out', () => {
  const text = '0f8fad5b-d9cb-469f-a165-70867728950e';
  assert.equal(decodeScalar('uuid', hex(text.replace(/-/g, ''))), text);
  assert.equal(decodeScalar('uuid', Buffer.from(text.toUpperCase(), 'latin1')), text);
  assert.equal(encodeScalar('uuid', text).toString('hex'), text.replace(/-/g, ''));
  assert.throws(() => decodeScalar('uuid', Buffer.from(`${text.slice(0, 35)}x`)), formatError(/16 bytes/));
  assert.throws(() => encodeScalar('uuid', 'nope'), formatError(/^"nope" is not a UUID\.$/));
});

test('string: UTF-8, invalid bytes shown as U+FFFD; json: parsed, or a sentence saying why not', () => {
  assert.equal(decodeScalar('string', Buffer.from('h\u00e9llo \u{1F680}')), 'h\u00e9llo \u{1F680}');
  assert.equal(decodeScalar('string', hex('61ff62')), 'a\ufffdb');
  assert.equal(encodeScalar('string', 'tab\tnul\u0000').toString('hex'), '746162096e756c00');
  assert.throws(() => encodeScalar('string', 5), formatError(/^5 is not a string\.$/));
  assert.deepEqual(decodeScalar('json', Buffer.from('{"a":[1,"x",null]}')), { a: [1, 'x', null] });
  assert.throws(() => decodeScalar('json', Buffer.from('{"a":')), formatError(/^the value is not JSON: /));
  assert.equal(encodeScalar('json', { a: 1 }).toString('utf8'), '{"a":1}');
});
