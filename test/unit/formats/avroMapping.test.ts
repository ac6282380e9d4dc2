// The Avro JSON mapping beyond what the fixtures hold: unions avsc can only read wrapped still read
// as the value itself, the shapes encode accepts besides the ones decode gives, and hostile names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { avroCodec } from '../../../src/core/formats/avroCodec';
import { FormatError } from '../../../src/core/formats/formatTypes';

const A = { type: 'record', name: 'A', namespace: 'ns', fields: [{ name: 'x', type: 'int' }] };
const B = { type: 'record', name: 'B', namespace: 'ns', fields: [{ name: 'y', type: 'string' }] };
const B2 = { type: 'record', name: 'B', namespace: 'ns', fields: [{ name: 'y', type: 'string' }, { name: 'z', type: 'long', default: 7 }] };
const top = (b: object) => ({
  type: 'record',
  name: 'Top',
  fields: [
    { name: 'u', type: ['null', A, b] },
    { name: 'n', type: ['int', 'long'] },
    { name: 'd', type: ['null', 'double', 'string'] },
  ],
});

test('a union of two records, of int and long, of double and string: the value itself, both ways', () => {
  const codec = avroCodec(top(B), { id: null });
  for (const value of [
    { u: { y: 'hi' }, n: 2 ** 40, d: 'x' },
    { u: { x: 3 }, n: '9007199254740993', d: 1.5 },
    { u: null, n: 5, d: null },
    { u: null, n: -1, d: 'NaN' },
  ]) {
    assert.deepEqual(codec.decode(codec.encode(value)), value);
  }
  // The first branch that fits is written: B (index 2) for {y}, int (index 0) for 5, long (1) for 2^40.
  assert.equal(codec.encode({ u: { y: 'hi' }, n: 5, d: null }).toString('hex'), '0404686900' + '0a' + '00');
  assert.equal(codec.encode({ u: null, n: 2 ** 40, d: null }).subarray(1, 2).toString('hex'), '02');
  assert.throws(() => codec.encode({ u: { q: 3 }, n: 1, d: null }), (err: unknown) => err instanceof FormatError && err.message === 'field u: expected one of null, ns.A, ns.B, got {"q":3}.');
});

test('schema evolution through a wrapped union: a v2 branch gains its default', () => {
  const bytes = avroCodec(top(B), { id: null }).encode({ u: { y: 'hi' }, n: 1, d: 'x' });
  assert.deepEqual(avroCodec(top(B), { id: null, readerSchema: top(B2) }).decode(bytes), { u: { y: 'hi', z: 7 }, n: 1, d: 'x' });
  const record = avroCodec(B, { id: null }).encode({ y: 'q' });
  assert.deepEqual(avroCodec(B, { id: null, readerSchema: ['null', A, B2] }).decode(record), { y: 'q', z: 7 });
});

test('encode takes a timestamp as millis / micros, a date as days, a decimal as a number; decode gives the ISO and exact forms', () => {
  const schema = {
    type: 'record',
    name: 'T',
    fields: [
      { name: 'ms', type: { type: 'long', logicalType: 'timestamp-millis' } },
      { name: 'us', type: { type: 'long', logicalType: 'timestamp-micros' } },
      { name: 'day', type: { type: 'int', logicalType: 'date' } },
      { name: 'amount', type: { type: 'bytes', logicalType: 'decimal', precision: 10, scale: 2 } },
      { name: 'raw', type: { type: 'fixed', name: 'Four', size: 4 } },
    ],
  };
  const codec = avroCodec(schema, { id: null });
  const decoded = codec.decode(codec.encode({ ms: 1_796_353_445_678, us: '1796353445678901', day: 20_791, amount: 12.5, raw: { base64: '3q2+7w==' } }));
  assert.deepEqual(decoded, { ms: '2026-12-04T03:04:05.678Z', us: '2026-12-04T03:04:05.678901Z', day: '2026-12-04', amount: '12.50', raw: { base64: '3q2+7w==' } });
  assert.deepEqual(codec.decode(codec.encode(decoded)), decoded);
  // An instant finer than the field keeps is refused, not rounded.
  assert.throws(() => codec.encode({ ...decoded, ms: '2026-12-04T03:04:05.678901Z' }), (err: unknown) => err instanceof FormatError && /^field ms: expected a timestamp/.test(err.message));
  assert.throws(() => codec.encode({ ...decoded, raw: { base64: 'AAAA' } }), (err: unknown) => err instanceof FormatError && /^field raw: /.test(err.message));
});

test('schema references (a registry\'s) are parsed first, so the schema can name their types', () => {
  const customer = JSON.stringify({ type: 'record', name: 'Customer', namespace: 'shop', fields: [{ name: 'name', type: 'string' }] });
  const order = JSON.stringify({ type: 'record', name: 'Order', namespace: 'shop', fields: [{ name: 'customer', type: 'shop.Customer' }, { name: 'total', type: 'long' }] });
  const codec = avroCodec(order, { id: 12, references: [{ name: 'shop.Customer', schema: customer }] });
  assert.deepEqual(codec.label, { format: 'avro', id: 12, name: 'shop.Order' });
  const value = { customer: { name: 'Ada' }, total: (2n ** 60n).toString() };
  assert.deepEqual(codec.decode(codec.encode(value)), value);
  assert.throws(() => avroCodec(order, { id: 12 }), (err: unknown) => err instanceof FormatError && err.message === 'the Avro schema does not parse: undefined type name: shop.Customer.');
  assert.throws(
    () => avroCodec(order, { id: 12, references: [{ name: 'shop.Customer', schema: '{"type": "record"' }] }),
    (err: unknown) => err instanceof FormatError && /^the Avro schema reference shop\.Customer does not parse: /.test(err.message),
  );
});

test('a field or map key named __proto__ is data, not a prototype', () => {
  const schema = { type: 'record', name: 'P', fields: [{ name: 'm', type: { type: 'map', values: 'int' } }] };
  const codec = avroCodec(schema, { id: null });
  const value = JSON.parse('{"m": {"__proto__": 1, "a": 2}}') as { m: Record<string, number> };
  const decoded = codec.decode(codec.encode(value)) as { m: Record<string, number> };
  assert.deepEqual(Object.keys(decoded.m), ['__proto__', 'a']);
  assert.equal(Object.getPrototypeOf(decoded.m), Object.prototype);
  assert.equal(Object.getPrototypeOf(decoded), Object.prototype, 'a record is a plain object');
});

test('dates, timestamps and decimals read as Date.toISOString and exact arithmetic say, across the range', () => {
  const codec = avroCodec(
    {
      type: 'record',
      name: 'When',
      fields: [
        { name: 'day', type: { type: 'int', logicalType: 'date' } },
        { name: 'ms', type: { type: 'long', logicalType: 'timestamp-millis' } },
        { name: 'us', type: { type: 'long', logicalType: 'timestamp-micros' } },
        { name: 'small', type: { type: 'bytes', logicalType: 'decimal', precision: 12, scale: 3 } },
        { name: 'big', type: { type: 'fixed', name: 'Big', size: 12, logicalType: 'decimal', precision: 28, scale: 5 } },
      ],
    },
    { id: null },
  );
  let seed = 7;
  const next = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
  for (let i = 0; i < 2000; i++) {
    const day = Math.floor((next() - 0.3) * 3_000_000); // years about -2700 to 6200
    const ms = Math.floor((next() - 0.5) * 2 * 8.64e15);
    const us = Math.floor((next() - 0.5) * 2 * 2 ** 53);
    const small = BigInt(Math.floor((next() - 0.5) * 2 ** 40));
    const big = BigInt(Math.floor((next() - 0.5) * 2 ** 52)) * 10n ** 12n + BigInt(i);
    const decoded = codec.decode(codec.encode({ day, ms, us, small: decimalText(small, 3), big: decimalText(big, 5) })) as Record<string, string>;
    assert.equal(decoded.day, new Date(day * 86_400_000).toISOString().slice(0, -14));
    assert.equal(decoded.ms, new Date(ms).toISOString());
    const usMs = Math.floor(us / 1000);
    assert.equal(decoded.us, `${new Date(usMs).toISOString().slice(0, -1)}${String(us - usMs * 1000).padStart(3, '0')}Z`);
    assert.equal(decoded.small, decimalText(small, 3));
    assert.equal(decoded.big, decimalText(big, 5));
  }
});

/** An unscaled integer as its decimal text with `scale` digits after the point. */
function decimalText(unscaled: bigint, scale: number): string {
  const digits = (unscaled < 0n ? -unscaled : unscaled).toString().padStart(scale + 1, '0');
  return `${unscaled < 0n ? '-' : ''}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}
