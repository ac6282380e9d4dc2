// RecordDecoder (issue 23): a topic's keys and values read by their formats, schemas from a
// workspace file or a registry id, each id fetched once however many records carry it; a record
// that does not read gets one sentence and keeps its bytes. The registry here is a fake of our own
// SchemaSource interface (the real client is tested against a real registry in the registry tier).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { RawRecord } from '../../../src/core/clusterAccess';
import { avroCodec } from '../../../src/core/formats/avroCodec';
import type { SchemaCodec } from '../../../src/core/formats/formatTypes';
import { RecordDecoder, type SchemaSource } from '../../../src/core/formats/recordDecoder';
import { writeWireFormat } from '../../../src/core/formats/wireFormat';
import { readFieldsJson } from '../../../src/core/rendering/readFields';
import { recordLine } from '../../../src/core/rendering/recordLine';
import { recordJsonLine } from '../../../src/core/rendering/jsonLines';
import { decodedRecordJsonLines } from '../../../src/core/rendering/decodedJsonLinesBytes';
import { jsonSchemaCodec } from '../../../src/core/formats/jsonSchemaCodec';

const FIXTURES = resolve(__dirname, '../../../../test/fixtures/records');
const schemaText = readFileSync(join(FIXTURES, 'schemas/order-v1.avsc'), 'utf8');
const raw = readFileSync(join(FIXTURES, 'avro/order-v1.1.raw.bin'));
const confluent = readFileSync(join(FIXTURES, 'avro/order-v1.1.confluent.bin'));
const record = (value: Buffer | null, key: Buffer | null = null, offset = 0): RawRecord => ({ offset, timestamp: 1_700_000_000_000, key, value, headers: {} });

/** A registry of our own interface: counts the ids asked; `down` makes every call fail as an unreachable registry would. */
function fakeRegistry(codecs: Map<number, SchemaCodec>, state: { down?: boolean } = {}) {
  const asked: number[] = [];
  const source: SchemaSource = {
    codecById: (id) => {
      asked.push(id);
      if (state.down) return Promise.reject(new Error('the schema registry at 127.0.0.1:9 does not answer (connection refused).'));
      const codec = codecs.get(id);
      if (!codec) return Promise.reject(Object.assign(new Error(`schema id ${id} is not in the schema registry at 127.0.0.1:9.`), { notFound: true }));
      return Promise.resolve(codec);
    },
    isNotFound: (err) => (err as { notFound?: boolean }).notFound === true,
  };
  return { source, asked };
}

describe('RecordDecoder', () => {
  test('with no format and no registry it reads nothing: the byte fast paths apply', () => {
    const decoder = new RecordDecoder();
    assert.equal(decoder.readsFormats, false);
    assert.equal(decoder.readValue(Buffer.from('x')), undefined);
  });

  test('a workspace .avsc reads the raw payload and the wire-format one (the id from its header)', () => {
    const codec = avroCodec(schemaText, { id: null });
    const decoder = new RecordDecoder({ value: { format: 'avro', codec } });
    const fromRaw = decoder.readValue(raw);
    const fromWire = decoder.readValue(confluent);
    assert.ok(fromRaw?.ok && fromWire?.ok);
    assert.deepEqual(fromRaw.value, fromWire.value);
    assert.deepEqual(fromRaw.schema, { format: 'avro', id: null, name: 'ebx.fixtures.Order' });
    assert.deepEqual(fromWire.schema, { format: 'avro', id: 1, name: 'ebx.fixtures.Order' });
    assert.equal((fromRaw.value as { id: string }).id, 'order-1');
  });

  test('a truncated record is one sentence, its bytes kept as base64 (even when they would read as text), and the next record still reads', () => {
    const decoder = new RecordDecoder({ value: { format: 'avro', codec: avroCodec(schemaText, { id: null }) } });
    const cut = decoder.show('t', 0, record(raw.subarray(0, 20)));
    assert.ok(cut.valueRead && !cut.valueRead.ok);
    assert.match(cut.valueRead.error, /^[^\n]+\.$/);
    assert.deepEqual(cut.value, { base64: raw.subarray(0, 20).toString('base64') });
    const json = readFieldsJson(cut, true);
    assert.equal(json.valueError, cut.valueRead.error);
    assert.equal(json.valueSchema, undefined);
    assert.ok(decoder.show('t', 0, record(raw)).valueRead?.ok);
  });

  test('registry ids: 1,000 records of one id fetch it once; the JSON line carries the decoded value and valueSchema', async () => {
    const { source, asked } = fakeRegistry(new Map([[7, avroCodec(schemaText, { id: 7 })]]));
    const decoder = new RecordDecoder({ registry: source });
    const value = writeWireFormat(7, raw);
    const records = Array.from({ length: 1000 }, (_, i) => record(value, null, i));
    await decoder.prepare(records);
    await decoder.prepare(records);
    assert.deepEqual(asked, [7]);
    const shown = decoder.show('t', 0, records[0]);
    const line = JSON.parse(recordJsonLine(shown)) as { value: { id: string }; valueSchema: unknown };
    assert.equal(line.value.id, 'order-1');
    assert.deepEqual(line.valueSchema, { format: 'avro', id: 7, name: 'ebx.fixtures.Order' });
    assert.match(recordLine(shown), /value=\{"id":"order-1".*\(avro ebx\.fixtures\.Order id 7\)$/);
  });

  test('auto: a value that only looks like the wire format (an id the registry lacks) stays plain text-or-bytes', async () => {
    const { source } = fakeRegistry(new Map());
    const decoder = new RecordDecoder({ registry: source });
    const looksLike = Buffer.from([0, 0, 0, 0, 42, 0x41]);
    await decoder.prepare([record(looksLike)]);
    assert.equal(decoder.readValue(looksLike), undefined);
    assert.equal(decoder.readValue(Buffer.from('plain text')), undefined);
  });

  test('a registry that is down: every record says so, the problem is told once, and a workspace file reads the records instead', async () => {
    const told: string[] = [];
    const state = { down: true };
    const { source } = fakeRegistry(new Map(), state);
    const value = writeWireFormat(3, raw);
    const decoder = new RecordDecoder({ value: { format: 'avro' }, registry: source, onProblem: (s) => told.push(s) });
    await decoder.prepare([record(value), record(value, null, 1)]);
    const reading = decoder.readValue(value);
    assert.ok(reading && !reading.ok);
    assert.match(reading.error, /does not answer/);
    assert.equal(told.length, 1);

    const withFile = new RecordDecoder({ value: { format: 'avro', codec: avroCodec(schemaText, { id: null }) }, registry: source, onProblem: () => undefined });
    await withFile.prepare([record(value)]);
    const fromFile = withFile.readValue(value);
    assert.ok(fromFile?.ok);
    assert.equal(fromFile.schema.id, 3);
  });

  test('plain formats: string, json, int64 beyond 2^53 as a string, bytes as base64; a value that is not JSON says so', () => {
    const big = Buffer.alloc(8);
    big.writeBigInt64BE(2n ** 60n);
    const decoder = new RecordDecoder({ key: { format: 'int64' }, value: { format: 'json' } });
    assert.deepEqual(decoder.readKey(big), { ok: true, value: String(2n ** 60n), schema: { format: 'int64', id: null, name: null } });
    assert.deepEqual(decoder.readValue(Buffer.from('{"order":7}')), { ok: true, value: { order: 7 }, schema: { format: 'json', id: null, name: null } });
    const notJson = decoder.readValue(Buffer.from('{"order":'));
    assert.ok(notJson && !notJson.ok && /JSON/.test(notJson.error));
    assert.deepEqual(new RecordDecoder({ value: { format: 'bytes' } }).readValue(Buffer.from([1, 2])), { ok: true, value: { base64: 'AQI=' }, schema: { format: 'bytes', id: null, name: null } });
    assert.equal(new RecordDecoder({ value: { format: 'string' } }).readValue(null), undefined, 'a tombstone stays null');
  });
});

describe('RecordDecoder: a value too deep to show (issue 39)', () => {
  const deep = (levels: number) => Buffer.from(`${'['.repeat(levels)}${']'.repeat(levels)}`);
  const deepObject = (levels: number) => Buffer.from(`${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`);
  const TOO_DEEP = 'it is nested more than 1,000 levels deep, too deep to show.';

  test('JSON 20,000 levels deep is a field that does not read, shown by its bytes; the records beside it read', () => {
    const decoder = new RecordDecoder({ value: { format: 'json' } });
    assert.deepEqual(decoder.readValue(deep(20_000)), { ok: false, error: TOO_DEEP });
    assert.deepEqual(decoder.readValue(deepObject(20_000)), { ok: false, error: TOO_DEEP });
    assert.deepEqual(decoder.readValue(Buffer.from('{"order":1}')), { ok: true, value: { order: 1 }, schema: { format: 'json', id: null, name: null } });
    const lines = decodedRecordJsonLines('t', 0, [record(Buffer.from('{"order":1}'), null, 0), record(deep(20_000), null, 1), record(Buffer.from('{"order":2}'), null, 2)], decoder)
      .toString('utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { offset: number; value: unknown; valueError?: string });
    assert.deepEqual(lines.map((l) => [l.offset, l.valueError ?? l.value]), [[0, { order: 1 }], [1, TOO_DEEP], [2, { order: 2 }]]);
    assert.deepEqual(lines[1].value, { base64: deep(20_000).toString('base64') });
  });

  test('1,000 levels still read', () => {
    const decoder = new RecordDecoder({ value: { format: 'json' } });
    assert.equal(decoder.readValue(deep(1_000))?.ok, true);
    assert.deepEqual(decoder.readValue(deep(1_001)), { ok: false, error: TOO_DEEP });
  });

  test('a JSON Schema value too deep is the same sentence', () => {
    const decoder = new RecordDecoder({ value: { format: 'json-schema', codec: jsonSchemaCodec({ type: 'array' }, { id: null }) } });
    assert.deepEqual(decoder.readValue(deep(20_000)), { ok: false, error: TOO_DEEP });
  });

  test('a recursive Avro schema whose decoder runs out of stack: the same sentence, not the engine\'s', () => {
    const list = avroCodec(JSON.stringify({ type: 'record', name: 'Node', fields: [{ name: 'next', type: ['null', 'Node'] }] }), { id: null });
    // Union branch 1 (the zig-zag varint 2) 200,000 times, then branch 0: a linked list that deep.
    const bytes = Buffer.concat([Buffer.alloc(200_000, 2), Buffer.from([0])]);
    assert.deepEqual(new RecordDecoder({ value: { format: 'avro', codec: list } }).readValue(bytes), { ok: false, error: TOO_DEEP });
  });
});
