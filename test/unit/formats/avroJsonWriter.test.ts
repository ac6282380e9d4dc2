// The compiled Avro → JSON text writers (avroJsonWriter.ts) and the byte path of decoded JSON Lines
// (decodedJsonLinesBytes.ts) must print byte for byte what the general path prints
// (decodedJsonLines: avsc's read, JSON.stringify, the terminal's escaping) — for the records Apache
// Avro wrote, for generated records of every Avro type with hostile strings and edge numbers, and
// for bytes that are cut short, run on, were written with another schema or are random. A value
// the writer cannot write exactly is given back, never written differently.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RawRecord } from '../../../src/core/clusterAccess';
import { avroCodec } from '../../../src/core/formats/avroCodec';
import type { SchemaCodec } from '../../../src/core/formats/formatTypes';
import { RecordDecoder, type SchemaSource } from '../../../src/core/formats/recordDecoder';
import { writeWireFormat } from '../../../src/core/formats/wireFormat';
import { decodedRecordJsonLines } from '../../../src/core/rendering/decodedJsonLinesBytes';
import { JsonLineBuffer } from '../../../src/core/rendering/jsonLineBuffer';
import { decodedJsonLines } from '../../../src/core/rendering/readFields';
import { escapeJsonForTerminal } from '../../../src/core/rendering/terminalText';
import { HOSTILE, expected, fixtureBytes, schemaText } from './recordFixtures';

const TOPIC = 'orders\u202e';

/** The two paths' lines for the same records, compared line by line (a failure names the first line that differs). */
function assertSameLines(records: RawRecord[], decoder: RecordDecoder, what: string): void {
  const general = decodedJsonLines(TOPIC, 3, records, decoder).toString('utf8').split('\n');
  const fast = decodedRecordJsonLines(TOPIC, 3, records, decoder).toString('utf8').split('\n');
  for (let i = 0; i < Math.max(general.length, fast.length); i++) assert.equal(fast[i], general[i], `${what}: line ${i + 1} of ${records.length}`);
}

/** What the codec's compiled writer writes for a payload, or undefined when it gives the value back. */
function written(codec: SchemaCodec, payload: Buffer, start = 0): string | undefined {
  const write = codec.jsonTextWriter?.();
  assert.ok(write, 'the codec has a compiled writer');
  const out = new JsonLineBuffer(16);
  out.ascii('>');
  const ok = write(payload, start, out);
  const text = out.take().toString('utf8');
  if (!ok) {
    assert.equal(text, '>', 'a value given back leaves the buffer as it was');
    return undefined;
  }
  return text.slice(1);
}

/** Whether the general path reads the payload; when it does and the writer writes it, the two texts are equal. */
function compare(codec: SchemaCodec, payload: Buffer): { reads: boolean; written: boolean } {
  let reference: string | undefined;
  try {
    reference = escapeJsonForTerminal(JSON.stringify(codec.decode(payload)));
  } catch {
    reference = undefined;
  }
  const text = written(codec, payload);
  if (text !== undefined) assert.equal(text, reference, `payload ${payload.toString('hex').slice(0, 200)}`);
  return { reads: reference !== undefined, written: text !== undefined };
}

const record = (value: Buffer | null, key: Buffer | null = null, offset = 0, headers: RawRecord['headers'] = {}): RawRecord => ({
  offset,
  timestamp: 1_796_353_445_678 + (offset % 3),
  key,
  value,
  headers,
});

function fakeRegistry(codecs: Map<number, SchemaCodec>, down = false): SchemaSource {
  return {
    codecById: (id) => {
      if (down) return Promise.reject(new Error('the schema registry at 127.0.0.1:9 does not answer.'));
      const codec = codecs.get(id);
      return codec ? Promise.resolve(codec) : Promise.reject(Object.assign(new Error(`schema id ${id} is not in the registry.`), { notFound: true }));
    },
    isNotFound: (err) => (err as { notFound?: boolean }).notFound === true,
  };
}

// A seeded generator: the same records on every run.
let seed = 12_345;
function random(): number {
  seed = (seed * 48_271) % 2_147_483_647;
  return seed / 2_147_483_647;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
const randomBytes = (max: number) => Buffer.from(Array.from({ length: Math.floor(random() * max) }, () => Math.floor(random() * 256)));

const STRINGS = [
  ...HOSTILE,
  '',
  'plain',
  'quote " backslash \\ slash /',
  String.fromCharCode(...Array.from({ length: 32 }, (_, i) => i)) + '\u007f',
  'C1 \u0080 \u0085 \u009b \u009f',
  'bidi \u202a\u202b\u202c\u202d\u202e \u2066\u2067\u2068\u2069 separators \u2028\u2029',
  'lone \ud800 high, lone \udfff low, cut pair a\ud83d',
  'emoji \u{1F680}\u{1F600} cjk \u4e2d\u6587 combining e\u0301',
  'x'.repeat(100),
  `${'a'.repeat(30)}\n${'b'.repeat(30)}"${'c'.repeat(30)}`,
  '__proto__',
];
const INTS = [0, 1, -1, 63, -64, 64, 8191, -8192, 2 ** 27, -(2 ** 27) - 1, 2 ** 31 - 1, -(2 ** 31)];
const LONGS: (number | string)[] = [0, -1, 1, 2 ** 48, 2 ** 49, -(2 ** 49) - 1, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, '9007199254740992', '-9007199254740993', '9223372036854775807', '-9223372036854775808', '1152921504606846976'];
const DOUBLES: (number | string)[] = [0, -0, 0.1, -0.1, 0.3, 12.34, 1e-6, 9.99e-7, 1e-7, 5e-324, 1e21, 1e20, 123456789012.5, 2 ** 53, 2 ** 60, 1.7976931348623157e308, Math.PI, -1234.5678, 'NaN', 'Infinity', '-Infinity'];
const FLOATS: (number | string)[] = [0, -0, 0.1, 1.5, -2.25, 3.4e38, 1e-45, 16_777_217, 'NaN', 'Infinity', '-Infinity'];

/** A JSON value (our mapping) that fits the schema, to be written by the codec's encode. */
function valueFor(schema: unknown, names: Map<string, unknown>, depth: number): unknown {
  if (typeof schema === 'string') {
    switch (schema) {
      case 'null':
        return null;
      case 'boolean':
        return random() < 0.5;
      case 'int':
        return random() < 0.5 ? pick(INTS) : Math.floor((random() - 0.5) * 2 ** 20);
      case 'long':
        return random() < 0.5 ? pick(LONGS) : Math.floor((random() - 0.5) * 2 ** 40);
      case 'float':
        return random() < 0.5 ? pick(FLOATS) : Math.fround((random() - 0.5) * 1000);
      case 'double':
        return random() < 0.3 ? pick(DOUBLES) : random() < 0.5 ? Math.round((random() - 0.5) * 1e6) / 100 : (random() - 0.5) * 10 ** (random() * 30 - 10);
      case 'bytes':
        return { base64: randomBytes(40).toString('base64') };
      case 'string':
        return random() < 0.6 ? pick(STRINGS) : randomBytes(30).toString('latin1');
    }
    return valueFor(names.get(schema), names, depth);
  }
  if (Array.isArray(schema)) {
    // A recursive branch only while shallow, so that records end.
    const branches = depth > 3 ? schema.filter((b) => b === 'null' || typeof b !== 'string' || !names.has(b) || (names.get(b) as { type: string }).type !== 'record') : schema;
    return valueFor(pick(branches.length ? branches : schema), names, depth + 1);
  }
  const s = schema as { type: string | object; name?: string; namespace?: string; logicalType?: string; size?: number; scale?: number; symbols?: string[]; items?: unknown; values?: unknown; fields?: { name: string; type: unknown }[] };
  if (s.name && !names.has(s.name)) names.set(s.name, s);
  switch (s.logicalType) {
    case 'decimal':
      if (typeof s.scale === 'number' && s.scale >= 0) {
        const digits = String(Math.floor(random() * 10 ** Math.min(14, 1 + Math.floor(random() * 14))));
        return `${random() < 0.3 ? '-' : ''}${digits}${s.scale ? `.${'7'.repeat(s.scale)}` : ''}`;
      }
      break;
    case 'date':
      return pick([0, -1, 20_791, -719_528, 2_932_896, 100_000_000, Math.floor((random() - 0.3) * 3_000_000)]);
    // Now and then an instant beyond Date's range: neither path reads it.
    case 'timestamp-millis':
      return random() < 0.05 ? '9007199254740993' : pick([0, -1, 1_796_353_445_678, -62_167_219_200_001, 253_402_300_800_000, 8.64e15, -8.64e15, Math.floor((random() - 0.5) * 2 * 8.64e15)]);
    case 'timestamp-micros':
      return random() < 0.05 ? '-9223372036854775808' : pick([0, -1, 1_796_353_445_678_901, '-62167219200000001', Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, Math.floor((random() - 0.5) * 2 ** 53)]);
  }
  switch (s.type) {
    case 'fixed':
      return { base64: Buffer.from(Array.from({ length: s.size! }, () => Math.floor(random() * 256))).toString('base64') };
    case 'enum':
      return pick(s.symbols!);
    case 'array':
      return Array.from({ length: Math.floor(random() * (depth > 3 ? 2 : 4)) }, () => valueFor(s.items, names, depth + 1));
    case 'map': {
      const map = Object.create(null) as Record<string, unknown>;
      // Now and then an index-like key, which a JS object lists first: the writer gives those maps back.
      const keys = random() < 0.1 ? ['1', '0', '4294967294'] : ['a', 'b', 'key', '01', '4294967295', ...STRINGS];
      for (let i = Math.floor(random() * 4); i > 0; i--) map[pick(keys)] = valueFor(s.values, names, depth + 1);
      return { ...map };
    }
    case 'record':
    case 'error':
      return Object.fromEntries(s.fields!.map((f) => [f.name, valueFor(f.type, names, depth + 1)]));
  }
  return valueFor(s.type, names, depth);
}

const EVERY_TYPE = {
  type: 'record',
  name: 'Every',
  namespace: 'ebx.test',
  fields: [
    { name: 'n', type: 'null' },
    { name: 'b', type: 'boolean' },
    { name: 'i', type: 'int' },
    { name: 'l', type: 'long' },
    { name: 'f', type: 'float' },
    { name: 'd', type: 'double' },
    { name: 'by', type: 'bytes' },
    { name: 's', type: 'string' },
    { name: 'fx', type: { type: 'fixed', name: 'Four', size: 4 } },
    { name: 'e', type: { type: 'enum', name: 'Color', symbols: ['RED', 'GREEN', 'BLUE'] } },
    { name: 'a', type: { type: 'array', items: 'string' } },
    { name: 'm', type: { type: 'map', values: 'long' } },
    { name: 'inner', type: { type: 'record', name: 'Inner', fields: [{ name: 'x', type: ['null', 'int'] }, { name: 'next', type: ['null', 'Inner'] }, { name: '__proto__', type: 'string' }] } },
    { name: 'u', type: ['null', 'string', 'long', 'double', 'Four', 'Color', 'Inner', { type: 'map', values: ['null', 'float', 'double'] }, { type: 'array', items: 'int' }, 'boolean', 'bytes'] },
    { name: 'twoRecords', type: ['null', { type: 'record', name: 'A', fields: [{ name: 'x', type: 'int' }] }, { type: 'record', name: 'B', fields: [{ name: 'y', type: ['string', 'null'] }] }] },
    { name: 'intOrLong', type: ['int', 'long'] },
    { name: 'nested', type: { type: 'array', items: { type: 'map', values: { type: 'array', items: ['null', 'Color', 'double'] } } } },
    { name: 'nulls', type: { type: 'array', items: 'null' } },
    { name: 'empties', type: { type: 'array', items: { type: 'record', name: 'Empty', fields: [] } } },
    { name: 'dec', type: { type: 'bytes', logicalType: 'decimal', precision: 20, scale: 4 } },
    { name: 'decWhole', type: { type: 'bytes', logicalType: 'decimal', precision: 20, scale: 0 } },
    { name: 'decFixed', type: { type: 'fixed', name: 'Dec12', size: 12, logicalType: 'decimal', precision: 28, scale: 2 } },
    { name: 'decBadScale', type: { type: 'bytes', logicalType: 'decimal', precision: 4, scale: -1 } },
    { name: 'date', type: { type: 'int', logicalType: 'date' } },
    { name: 'timeMillis', type: { type: 'int', logicalType: 'time-millis' } },
    { name: 'timeMicros', type: { type: 'long', logicalType: 'time-micros' } },
    { name: 'tsMillis', type: { type: 'long', logicalType: 'timestamp-millis' } },
    { name: 'tsMicros', type: { type: 'long', logicalType: 'timestamp-micros' } },
    { name: 'localTs', type: { type: 'long', logicalType: 'local-timestamp-millis' } },
    { name: 'uuid', type: { type: 'string', logicalType: 'uuid' } },
    { name: 'duration', type: { type: 'fixed', name: 'Duration', size: 12, logicalType: 'duration' } },
    { name: 'optTs', type: ['null', { type: 'long', logicalType: 'timestamp-millis' }] },
  ],
};

const everyCodec = avroCodec(EVERY_TYPE, { id: null });
const everyPayloads: Buffer[] = [];
for (let i = 0; i < 400; i++) everyPayloads.push(everyCodec.encode(valueFor(EVERY_TYPE, new Map(), 0)));

test('generated records of every Avro type: the writer writes them, exactly as the general path', () => {
  let reads = 0;
  let wrote = 0;
  for (const payload of everyPayloads) {
    const result = compare(everyCodec, payload);
    if (result.reads) reads++;
    if (result.written) wrote++;
  }
  // Given back: maps with index-like or repeated keys; neither reads a timestamp beyond Date's range.
  assert.ok(wrote > reads * 0.6, `the writer wrote ${wrote} of the ${reads} of ${everyPayloads.length} that read`);
  const records = everyPayloads.map((p, i) => record(p, null, i));
  assertSameLines(records, new RecordDecoder({ value: { format: 'avro', codec: everyCodec } }), 'every type');
});

test('each type alone, at its edges: written exactly, or given back', () => {
  const one = (schema: unknown, values: unknown[]) => {
    const codec = avroCodec(schema as object, { id: null });
    let wrote = 0;
    for (const value of values) if (compare(codec, codec.encode(value)).written) wrote++;
    return wrote;
  };
  assert.equal(one({ type: 'string' }, STRINGS), STRINGS.length);
  assert.equal(one({ type: 'int' }, INTS), INTS.length);
  assert.equal(one({ type: 'long' }, LONGS), LONGS.length);
  assert.equal(one({ type: 'double' }, DOUBLES), DOUBLES.length);
  assert.equal(one({ type: 'float' }, FLOATS), FLOATS.length);
  assert.equal(one({ type: 'map', values: 'int' }, [{}, { a: 1 }, JSON.parse('{"__proto__": 1, "b": 2}'), { b: 1, a: 2 }]), 4);
  // A JS object lists index-like keys first: those maps are the general path's.
  assert.equal(one({ type: 'map', values: 'int' }, [{ b: 1, 7: 2 }, { 0: 1 }, { 4294967294: 1 }]), 0);
  assert.equal(one({ type: 'map', values: 'int' }, [{ 4294967295: 1, '01': 2, '-1': 3, '1.5': 4 }]), 1);
  const doubles = Array.from({ length: 3000 }, () => (random() - 0.5) * 10 ** (random() * 40 - 20));
  assert.equal(one({ type: 'double' }, doubles), doubles.length);
});

/** An Avro zigzag varint, with `extra` overlong continuation bytes (avsc reads those too). */
function varint(n: bigint, extra = 0): Buffer {
  let z = BigInt.asUintN(64, (n << 1n) ^ (n >> 63n));
  const out: number[] = [];
  for (; z >= 0x80n; z >>= 7n) out.push(Number(z & 0x7fn) | 0x80);
  out.push(Number(z));
  for (let i = 0; i < extra; i++) {
    out[out.length - 1] |= 0x80;
    out.push(0);
  }
  return Buffer.from(out);
}
const bytes = (...parts: (Buffer | number[])[]) => Buffer.concat(parts.map((p) => (Buffer.isBuffer(p) ? p : Buffer.from(p))));
const text = (raw: number[]) => bytes(varint(BigInt(raw.length)), raw);

test('bytes no encoder writes: invalid UTF-8, overlong varints, odd booleans, blocks with sizes, bad indexes', () => {
  const cases: [unknown, Buffer[]][] = [
    [{ type: 'string' }, [text([0xff]), text([0xc3, 0x28]), text([0xed, 0xa0, 0x80]), text([0xe2, 0x80, 0xae]), text([0xc2, 0x85]), text([0xf0, 0x9f, 0x9a]), text([0x61, 0xf4, 0x90, 0x80, 0x80])]],
    [{ type: 'int' }, [varint(5n, 1), varint(5n, 3), varint(5n, 4), varint(5n, 9), varint(2n ** 31n), varint(2n ** 34n), varint(-(2n ** 34n)), varint(2n ** 40n)]],
    [{ type: 'long' }, [varint(5n, 2), varint(5n, 9), varint(5n, 12), varint(2n ** 62n), varint(-(2n ** 63n)), bytes(Buffer.alloc(20, 0xff), [1])]],
    [{ type: 'boolean' }, [Buffer.from([2]), Buffer.from([0xff]), Buffer.from([1]), Buffer.from([0])]],
    [['null', 'string'], [Buffer.from([4]), Buffer.from([1]), Buffer.from([3, 0]), varint(2n ** 33n)]],
    [{ type: 'enum', name: 'E', symbols: ['A', 'B'] }, [Buffer.from([4]), Buffer.from([1]), Buffer.from([2])]],
    [{ type: 'array', items: 'int' }, [bytes(varint(-2n), varint(2n), [2, 4], [0]), bytes(varint(-1n), varint(100n), [2], [0]), bytes([2, 2, 2, 4, 0])]],
    [{ type: 'array', items: 'null' }, [bytes(varint(10n), [0]), bytes(varint(1_000_000n), [0]), bytes(varint(1_000_001n), [0]), bytes(varint(3n), varint(3n), [0])]],
    [{ type: 'map', values: 'int' }, [bytes([4], text([0x61]), [2], text([0x61]), [4], [0]), bytes([4], text([0xff]), [2], text([0xfe]), [4], [0]), bytes(varint(-1n), [3], text([0x62]), [6], [0])]],
    [{ type: 'float' }, [Buffer.from([0, 0, 0xc0, 0x7f]), Buffer.from([1, 0, 0xc0, 0x7f]), Buffer.from([0, 0, 0, 0x80])]],
    [{ type: 'double' }, [Buffer.from([1, 0, 0, 0, 0, 0, 0xf8, 0x7f]), Buffer.from([0, 0, 0, 0, 0, 0, 0, 0x80])]],
    [{ type: 'int', logicalType: 'date' }, [varint(100_000_000n), varint(100_000_001n), varint(-100_000_001n), varint(2n ** 33n)]],
    [{ type: 'long', logicalType: 'timestamp-millis' }, [varint(8_640_000_000_000_000n), varint(8_640_000_000_000_001n), varint(2n ** 62n), varint(-(2n ** 63n))]],
    [{ type: 'long', logicalType: 'timestamp-micros' }, [varint(2n ** 53n), varint(-(2n ** 53n) + 1n), varint(2n ** 62n)]],
    [{ type: 'bytes', logicalType: 'decimal', precision: 40, scale: 3 }, [text([]), text([0x80]), text([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), text(Array.from({ length: 17 }, (_, i) => i * 15))]],
  ];
  for (const [schema, payloads] of cases) {
    const codec = avroCodec(schema as object, { id: null });
    for (const payload of payloads) {
      compare(codec, payload);
      compare(codec, bytes(payload, [0]));
    }
  }
});

test('cut short at every length, one byte too many, another schema, mutated and random bytes: the same lines as the general path', () => {
  const decoder = new RecordDecoder({ value: { format: 'avro', codec: everyCodec } });
  const records: RawRecord[] = [];
  for (const payload of everyPayloads.slice(0, 12)) {
    for (let length = 0; length < payload.length; length++) records.push(record(payload.subarray(0, length), null, records.length));
    records.push(record(bytes(payload, [0]), null, records.length), record(bytes(payload, [2, 0x61]), null, records.length));
  }
  for (const payload of everyPayloads) {
    const mutated = Buffer.from(payload);
    for (let flips = 1 + Math.floor(random() * 3); flips > 0; flips--) mutated[Math.floor(random() * mutated.length)] = Math.floor(random() * 256);
    records.push(record(mutated, null, records.length));
  }
  for (let i = 0; i < 600; i++) records.push(record(randomBytes(80), null, records.length));
  for (const file of ['avro/order-v1.1.raw.bin', 'avro/order-v2.2.raw.bin']) records.push(record(fixtureBytes(file), null, records.length));
  let wrote = 0;
  for (const r of records) if (compare(everyCodec, r.value!).written) wrote++;
  assert.ok(wrote < records.length, 'some are given back');
  assertSameLines(records, decoder, 'bad bytes');
  // And the other way round: these records read with the fixtures' schema.
  assertSameLines(records.filter((_r, i) => i % 4 === 0), new RecordDecoder({ value: { format: 'avro', codec: avroCodec(schemaText('order-v1.avsc'), { id: null }) } }), 'bad bytes, order schema');
});

// These took minutes (a bigint grown 7 bits at a time) or crashed the process (an array of 200
// million nulls) before the bounds; now each is over at once, given back or refused.
test('hostile bytes: a megabyte varint, blocks of a million nulls, a deep recursive record', () => {
  const long = avroCodec({ type: 'long' }, { id: null });
  compare(long, bytes(Buffer.alloc(1 << 20, 0xff), [1]));
  const nulls = avroCodec({ type: 'array', items: 'null' }, { id: null });
  const blocks = bytes(...Array.from({ length: 200 }, () => varint(1_000_000n)), [0]);
  assert.deepEqual(compare(nulls, blocks), { reads: false, written: false });
  const list = avroCodec({ type: 'record', name: 'L', fields: [{ name: 'next', type: ['null', 'L'] }] }, { id: null });
  assert.deepEqual(compare(list, Buffer.alloc(200_000, 2)), { reads: false, written: false });
});

test("the fixtures Apache Avro wrote, raw and in the wire format, read with a file, a registry or a reader schema: the general path's lines", async () => {
  const avro = expected.records.filter((r) => r.format === 'avro');
  const records = avro.map((r, i) => record(fixtureBytes(r.file), i % 2 ? Buffer.from(`key-${i}`) : null, i));
  const v1 = avroCodec(schemaText('order-v1.avsc'), { id: null });
  const v2 = avroCodec(schemaText('order-v2.avsc'), { id: null });
  for (const r of avro) {
    const codec = r.schema === 'order-v1.avsc' ? v1 : v2;
    const bytes = fixtureBytes(r.file);
    assert.ok(written(codec, bytes, r.wire === 'confluent' ? 5 : 0) !== undefined, `${r.file} is written by the compiled writer`);
  }
  for (const codec of [v1, v2]) assertSameLines(records, new RecordDecoder({ value: { format: 'avro', codec } }), `file ${codec.label.name}`);
  const evolving = avroCodec(schemaText('order-v1.avsc'), { id: null, readerSchema: schemaText('order-v2.avsc') });
  assert.equal(evolving.jsonTextWriter?.(), undefined, 'with a reader schema, avsc resolves: no compiled writer');
  assertSameLines(records, new RecordDecoder({ value: { format: 'avro', codec: evolving } }), 'reader schema');

  const registry = fakeRegistry(new Map([[1, avroCodec(schemaText('order-v1.avsc'), { id: 1 })], [2, avroCodec(schemaText('order-v2.avsc'), { id: 2 })]]));
  for (const decoder of [new RecordDecoder({ registry }), new RecordDecoder({ value: { format: 'avro' }, registry }), new RecordDecoder({ value: { format: 'avro', codec: v2 }, key: { format: 'avro', codec: v1 }, registry })]) {
    await decoder.prepare(records);
    assertSameLines(records, decoder, 'registry');
  }
  const down = new RecordDecoder({ value: { format: 'avro', codec: v1 }, registry: fakeRegistry(new Map(), true), onProblem: () => undefined });
  await down.prepare(records);
  assertSameLines(records, down, 'registry down');
});

test('keys, headers and the wire format around the decoded value: null, text and binary keys, Avro keys, repeated and __proto__ headers', async () => {
  const headers = Object.create(null) as RawRecord['headers'];
  headers.trace = Buffer.from('abc');
  headers['2'] = [Buffer.from('one'), Buffer.from([0xff])];
  headers['a\u001b\u2028'] = null;
  const proto = Object.create(null) as RawRecord['headers'];
  proto['__proto__'] = Buffer.from('x');
  proto.after = Buffer.from('y');
  const keyCodec = avroCodec({ type: 'record', name: 'Key', fields: [{ name: 'id', type: 'long' }] }, { id: null });
  const payloads = everyPayloads.slice(0, 30);
  const records = payloads.flatMap((p, i) => [
    record(p, null, 4 * i),
    record(writeWireFormat(77, p), Buffer.from(pick(STRINGS)), 4 * i + 1, headers),
    record(p, Buffer.from([0xff, 0, 1]), 4 * i + 2, proto),
    record(null, keyCodec.encode({ id: i * 1e12 }), 4 * i + 3),
  ]);
  records.push({ offset: 2 ** 53 + 2, timestamp: -1, key: Buffer.alloc(0), value: Buffer.alloc(0), headers: {} });
  assertSameLines(records, new RecordDecoder({ value: { format: 'avro', codec: everyCodec } }), 'value');
  assertSameLines(records, new RecordDecoder({ key: { format: 'avro', codec: keyCodec }, value: { format: 'avro', codec: everyCodec } }), 'key and value');
  const registry = new RecordDecoder({ registry: fakeRegistry(new Map([[77, avroCodec(EVERY_TYPE, { id: 77 })]])) });
  await registry.prepare(records);
  assertSameLines(records, registry, 'auto with a registry');
});

test('a decoder with no compiled writer (Protobuf, a reader schema) leaves the whole batch to the general path', () => {
  const evolving = avroCodec(schemaText('order-v1.avsc'), { id: null, readerSchema: schemaText('order-v2.avsc') });
  const decoder = new RecordDecoder({ value: { format: 'avro', codec: evolving } });
  assert.equal(decoder.mayWriteJsonText, false);
  assert.equal(new RecordDecoder({ value: { format: 'avro', codec: everyCodec } }).mayWriteJsonText, true);
  assert.equal(new RecordDecoder({ value: { format: 'json' } }).mayWriteJsonText, false);
  const records = [record(Buffer.from('{"a": 1}')), record(Buffer.from('not json'))];
  assertSameLines(records, new RecordDecoder({ value: { format: 'json' } }), 'json');
});

// A length taken at its word would loop or allocate for ever: the test's timeout is the guard (a hang, not a speed).
test('negative, huge and overlong lengths and counts: given back, and the line carries the general path’s sentence', { timeout: 20_000 }, () => {
  const schema = { type: 'record', name: 'R', fields: [{ name: 's', type: 'string' }, { name: 'b', type: 'bytes' }, { name: 'a', type: { type: 'array', items: 'int' } }, { name: 'm', type: { type: 'map', values: 'string' } }] };
  const codec = avroCodec(schema, { id: null });
  const ok = codec.encode({ s: 'x', b: { base64: 'AA==' }, a: [1], m: { k: 'v' } });
  const lengths = [varint(-1n), varint(-(2n ** 31n)), varint(2n ** 31n), varint(2n ** 62n), varint(-(2n ** 63n)), bytes(Buffer.alloc(12, 0xff), [1]), varint(1n, 8)];
  const payloads: Buffer[] = [ok];
  for (const len of lengths) {
    payloads.push(bytes(len, [0x61, 0x61], [0], [0], [0])); // the string's length
    payloads.push(bytes(text([0x61]), len, [0x61], [0], [0])); // the bytes' length
    payloads.push(bytes(text([0x61]), text([0]), len, [2, 0], [0])); // the array's block count
    payloads.push(bytes(text([0x61]), text([0]), [0], [2], len, [0x6b], text([0x76]), [0])); // a map key's length
  }
  const records = payloads.map((p, i) => record(p, null, i));
  const decoder = new RecordDecoder({ value: { format: 'avro', codec } });
  const lines = decodedRecordJsonLines(TOPIC, 3, records, decoder).toString('utf8').trimEnd().split('\n');
  assertSameLines(records, decoder, 'lengths');
  assert.equal(lines.length, records.length);
  assert.ok(!lines[0].includes('valueError'), 'the well-formed record reads');
  // All but the last length (an overlong 1, which avsc reads like 1: those lines just match) are refused.
  for (const line of lines.slice(1, 1 + 4 * (lengths.length - 1))) {
    const parsed = JSON.parse(line) as { valueError?: string; value: unknown };
    assert.match(parsed.valueError ?? '', /^the value does not read as Avro/, line);
    assert.ok(!/\n\s+at /.test(parsed.valueError ?? ''), 'one sentence, no stack');
  }
});
