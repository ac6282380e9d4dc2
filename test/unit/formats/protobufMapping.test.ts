// The proto3 JSON mapping beyond the fixtures: json_name and lowerCamelCase names (proto names
// accepted on input), NaN and the infinities, defaults filled in below a map, unknown fields refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { protobufCodec } from '../../../src/core/formats/protobufCodec';
import { FormatError } from '../../../src/core/formats/formatTypes';

const codec = protobufCodec(
  {
    fileName: 'm.proto',
    text:
      'syntax = "proto3";\npackage m;\n' +
      'message M {\n  string order_id = 1;\n  int64 big_num = 2 [json_name = "BIG"];\n  repeated double xs = 3;\n  float f = 4;\n  bytes b = 5;\n' +
      '  map<string, M> kids = 6;\n  optional int32 maybe = 7;\n  uint64 count = 8;\n}\n',
  },
  { id: null },
);

test('names: lowerCamelCase, json_name when set; the proto names are accepted when writing', () => {
  const value = { orderId: 'x', BIG: '9007199254740993', xs: [1, 'NaN', 'Infinity', '-Infinity'], f: 1.5, b: 'AAE=', kids: {}, maybe: 0, count: '18446744073709551615' };
  assert.deepEqual(codec.decode(codec.encode(value)), value);
  const fromProtoNames = codec.decode(codec.encode({ order_id: 'snake', big_num: 5 })) as Record<string, unknown>;
  assert.equal(fromProtoNames.orderId, 'snake');
  assert.equal(fromProtoNames.BIG, '5');
});

test('defaults are filled in at every depth, an unset optional stays absent, and a set one at zero is present', () => {
  const decoded = codec.decode(codec.encode({ kids: { k: { orderId: 'y' } } })) as Record<string, unknown>;
  assert.deepEqual(decoded, { orderId: '', BIG: '0', xs: [], f: 0, b: '', kids: { k: { orderId: 'y', BIG: '0', xs: [], f: 0, b: '', kids: {}, count: '0' } }, count: '0' });
  assert.equal('maybe' in decoded, false);
  assert.equal((codec.decode(codec.encode({ maybe: 0 })) as Record<string, unknown>).maybe, 0);
});

test('an unknown field, or a value of the wrong kind, is refused naming the field', () => {
  assert.throws(() => codec.encode({ nope: 1 }), (err: unknown) => err instanceof FormatError && err.message === 'field m.M: unknown field, got "nope".');
  assert.throws(() => codec.encode({ BIG: 'lots' }), (err: unknown) => err instanceof FormatError && /^field m\.M\.big_num: .*"lots"\.$/.test(err.message));
});
