// The encoders `ebx produce`, Produce Test Event… and ebx_produceRecord share (core/formats/
// fieldEncoders.ts): JSON written with a workspace schema (raw) or under a registry's id (wire
// format), scalars, base64, and every refusal in one sentence — in ebx's words (the options) and in
// the settings' words. The registry here is a fake of our own EncoderRegistry (lookup, latest
// version); the real registry is in the registry tier and the extension-host tests.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { encodeOrRefuse, encoderOf, encodersOf, encodingProblem, SETTING_WORDS, type EncoderRegistry, type EncoderWords } from '../../../src/core/formats/fieldEncoders';
import { loadSchemaFile } from '../../../src/core/formats/schemaFiles';
import { readWireFormat } from '../../../src/core/formats/wireFormat';
import { scalarFormat, type ScalarFormat } from '../../../src/core/formats/formatCatalog';
import { UsageError } from '../../../src/core/errors';
import type { FieldSpec } from '../../../src/core/formats/fieldReading';
import type { ResolvedSchema, SubjectVersion } from '../../../src/core/schemaRegistry/registryClient';
import type { SubjectStrategy } from '../../../src/core/schemaRegistry/subjectStrategy';

const decodeScalar = (format: ScalarFormat, bytes: Buffer) => scalarFormat(format).decode(bytes);

const FIXTURES = resolve(__dirname, '../../../../test/fixtures/records');
const AVSC = join(FIXTURES, 'schemas/order-v1.avsc');
const PROTO = join(FIXTURES, 'schemas/order-v1.proto');
const avro = loadSchemaFile(AVSC);
/** A value Apache Avro wrote, as our codec reads it: what a person would type back. */
const order = avro.decode(readFileSync(join(FIXTURES, 'avro/order-v1.1.raw.bin')));

/** ebx's words, as src/cli/recordFormats.ts gives them (the CLI's own tests hold its sentences). */
const CLI: EncoderWords = {
  format: (role, format) => `--${role}-format ${format}`,
  schemaFile: (role) => `--${role}-schema`,
  schemaSources: (role) => `--${role}-schema FILE or --schema-registry URL`,
  jsonHint: 'give the record as one JSON document a line',
  self: 'ebx',
};

const source = (extra: { schemaFile?: string; registry?: EncoderRegistry; words?: EncoderWords; subjectStrategy?: SubjectStrategy; recordName?: string } = {}) => ({
  topic: 'orders',
  words: SETTING_WORDS,
  ...extra,
});

/** A registry of our own interface: one subject with one schema; the subjects and texts asked are kept. */
function fakeRegistry(subjects: Record<string, { id: number; schema: string; schemaType: 'AVRO' | 'PROTOBUF' | 'JSON' }>) {
  const asked: string[] = [];
  const registry: EncoderRegistry = {
    lookup: (subject, schema) => {
      asked.push(`lookup ${subject}`);
      const found = subjects[subject];
      return Promise.resolve(found && JSON.stringify(JSON.parse(found.schema)) === JSON.stringify(JSON.parse(schema)) ? found.id : undefined);
    },
    schemaVersion: (subject, version) => {
      asked.push(`version ${subject} ${version}`);
      const found = subjects[subject];
      if (!found) return Promise.reject(new Error(`subject "${subject}" is not in the schema registry at 127.0.0.1:9.`));
      return Promise.resolve({ subject, version: 1, id: found.id, schemaType: found.schemaType, schema: found.schema, references: [] } satisfies SubjectVersion);
    },
    resolvedSchemaById: (id) => {
      const found = Object.values(subjects).find((s) => s.id === id)!;
      return Promise.resolve({ id, schemaType: found.schemaType, schema: found.schema, references: [], referenced: [] } satisfies ResolvedSchema);
    },
  };
  return { registry, asked };
}

describe('schema encoders', () => {
  test('a workspace .avsc alone: JSON written as a raw payload that reads back as typed', async () => {
    const encoder = (await encoderOf('value', { format: 'avro', codec: avro }, source({ schemaFile: AVSC })))!;
    assert.equal(encoder.describe, 'avro ebx.fixtures.Order, raw (no wire-format header)');
    assert.equal(encoder.encoding, 'avro ebx.fixtures.Order, raw, no wire-format header');
    assert.equal(encoder.input, 'JSON');
    const bytes = encoder.encode(JSON.stringify(order));
    assert.deepEqual(avro.decode(bytes), order);
    assert.equal(readWireFormat(bytes, 'avro'), undefined, 'no wire-format header');
  });

  test('with a registry: the file\'s schema is looked up under the topic\'s subject, and the payload goes in the wire format under that id', async () => {
    const { registry, asked } = fakeRegistry({ 'orders-value': { id: 7, schema: readFileSync(AVSC, 'utf8'), schemaType: 'AVRO' } });
    const encoder = (await encoderOf('value', { format: 'avro', codec: avro }, source({ schemaFile: AVSC, registry })))!;
    assert.deepEqual(asked, ['lookup orders-value']);
    assert.equal(encoder.describe, 'avro ebx.fixtures.Order, schema id 7');
    assert.equal(encoder.encoding, 'avro ebx.fixtures.Order, schema id 7 in the wire format');
    const wire = readWireFormat(encoder.encode(JSON.stringify(order)), 'avro')!;
    assert.equal(wire.schemaId, 7);
    assert.deepEqual(avro.decode(wire.payload), order);
  });

  test('a file the registry does not have under the subject is refused, never registered', async () => {
    const { registry, asked } = fakeRegistry({});
    await assert.rejects(encoderOf('value', { format: 'avro', codec: avro }, source({ schemaFile: AVSC, registry, words: CLI })), {
      name: 'UsageError',
      message: '--value-schema: the schema in order-v1.avsc is not registered under the subject "orders-value"; register it first (ebx never registers a schema on its own).',
    });
    await assert.rejects(encoderOf('key', { format: 'avro', codec: avro }, source({ schemaFile: AVSC, registry })), {
      message: 'keySchema: the schema in order-v1.avsc is not registered under the subject "orders-key"; register it first (Event Broker Explorer never registers a schema on its own).',
    });
    assert.deepEqual(asked, ['lookup orders-value', 'lookup orders-key']);
  });

  test('without a file: the subject\'s latest schema from the registry, its id in the wire format', async () => {
    const { registry, asked } = fakeRegistry({ 'orders-value': { id: 12, schema: readFileSync(AVSC, 'utf8'), schemaType: 'AVRO' } });
    const encoder = (await encoderOf('value', { format: 'avro' }, source({ registry })))!;
    assert.deepEqual(asked, ['version orders-value latest']);
    assert.equal(encoder.encoding, 'avro ebx.fixtures.Order, schema id 12 in the wire format');
    const wire = readWireFormat(encoder.encode(JSON.stringify(order)), 'avro')!;
    assert.equal(wire.schemaId, 12);
    assert.deepEqual(avro.decode(wire.payload), order);
  });

  test('the record-name strategies: the subject is the schema\'s full name (from the file, or the message given), alone or after the topic', async () => {
    const schema = readFileSync(AVSC, 'utf8');
    const { registry, asked } = fakeRegistry({
      'ebx.fixtures.Order': { id: 21, schema, schemaType: 'AVRO' },
      'orders-ebx.fixtures.Order': { id: 22, schema, schemaType: 'AVRO' },
    });
    const byRecord = (await encoderOf('value', { format: 'avro', codec: avro }, source({ schemaFile: AVSC, registry, subjectStrategy: 'RecordNameStrategy' })))!;
    const byTopicRecord = (await encoderOf('value', { format: 'avro', codec: avro }, source({ schemaFile: AVSC, registry, subjectStrategy: 'TopicRecordNameStrategy' })))!;
    // Without a file, the name given (a Protobuf message type in practice) names the subject.
    const latest = (await encoderOf('value', { format: 'avro' }, source({ registry, subjectStrategy: 'RecordNameStrategy', recordName: 'ebx.fixtures.Order' })))!;
    assert.deepEqual(asked, ['lookup ebx.fixtures.Order', 'lookup orders-ebx.fixtures.Order', 'version ebx.fixtures.Order latest']);
    assert.equal(readWireFormat(byRecord.encode(JSON.stringify(order)), 'avro')!.schemaId, 21);
    assert.equal(readWireFormat(byTopicRecord.encode(JSON.stringify(order)), 'avro')!.schemaId, 22);
    assert.equal(readWireFormat(latest.encode(JSON.stringify(order)), 'avro')!.schemaId, 21);
    // The topic strategy is the default, named or not.
    const { registry: byTopic, asked: askedByTopic } = fakeRegistry({ 'orders-key': { id: 5, schema, schemaType: 'AVRO' } });
    await encoderOf('key', { format: 'avro', codec: avro }, source({ schemaFile: AVSC, registry: byTopic, subjectStrategy: 'TopicNameStrategy' }));
    assert.deepEqual(askedByTopic, ['lookup orders-key']);
  });

  test('a record-name strategy with no record name to go by is one sentence, and nothing is asked', async () => {
    const { registry, asked } = fakeRegistry({});
    await assert.rejects(encoderOf('value', { format: 'avro' }, source({ registry, subjectStrategy: 'RecordNameStrategy' })), {
      name: 'UsageError',
      message: "The value's subject: the subject strategy RecordNameStrategy names the subject after the record, so it needs the record's full name (e.g. shop.Order) and none was given.",
    });
    assert.deepEqual(asked, []);
  });

  test('a schema format with neither a file nor a registry says where a schema comes from, in each adapter\'s words', async () => {
    await assert.rejects(encoderOf('value', { format: 'protobuf' }, source({ words: CLI })), { message: '--value-format protobuf needs --value-schema FILE or --schema-registry URL.' });
    await assert.rejects(encoderOf('value', { format: 'protobuf' }, source()), {
      message: 'the value format protobuf needs valueSchema (a workspace file) or a schema registry on the connection.',
    });
  });

  test('Protobuf in the wire format carries the message indexes of the message it writes', async () => {
    const proto = loadSchemaFile(PROTO, { messageName: 'ebx.fixtures.v1.Order.Line' });
    const { registry } = fakeRegistry({ 'orders-value': { id: 3, schema: readFileSync(PROTO, 'utf8'), schemaType: 'PROTOBUF' } });
    // The fake's lookup compares JSON; a .proto is not JSON, so ask for the latest version instead.
    const encoder = (await encoderOf('value', { format: 'protobuf', codec: proto }, source({ registry: { ...registry, lookup: () => Promise.resolve(3) }, schemaFile: PROTO })))!;
    const wire = readWireFormat(encoder.encode('{"sku": "A-1", "qty": 2}'), 'protobuf')!;
    assert.equal(wire.schemaId, 3);
    assert.deepEqual(wire.messageIndexes, proto.messageIndexes);
    assert.deepEqual(proto.decode(wire.payload, wire.messageIndexes), { sku: 'A-1', qty: 2 });
  });

  test('input that does not fit is the schema\'s own complaint; input that is not JSON says so, with ebx\'s hint only in ebx', async () => {
    const encoder = (await encoderOf('value', { format: 'avro', codec: avro }, source()))!;
    const wrong = JSON.stringify({ ...(order as object), lines: [{ sku: 'A-1', qty: 'two' }] });
    assert.match(encodingProblem(encoder, wrong)!, /^field lines\[0\]\.qty: .*"two".*\.$/);
    assert.equal(encodingProblem(encoder, JSON.stringify(order)), undefined);
    assert.match(encodingProblem(encoder, '{"id": ')!, /^the value is not JSON \(.+\)\.$/);
    const cli = (await encoderOf('value', { format: 'avro', codec: avro }, source({ words: CLI })))!;
    assert.match(encodingProblem(cli, '{"id": ')!, /^the value is not JSON \(.+\); give the record as one JSON document a line\.$/);
    assert.throws(() => encodeOrRefuse('value', encoder, wrong), (err: Error) => {
      assert.ok(err instanceof UsageError);
      assert.match(err.message, /^The value does not fit avro ebx\.fixtures\.Order, raw, no wire-format header: field lines\[0\]\.qty: .* Nothing was produced\.$/);
      return true;
    });
  });
});

describe('plain encoders', () => {
  const spec = (format: FieldSpec['format']): FieldSpec => ({ format });

  test('auto and string send the text as it is (no encoder)', async () => {
    assert.equal(await encoderOf('value', spec('auto'), source()), undefined);
    assert.equal(await encoderOf('key', spec('string'), source()), undefined);
    assert.deepEqual(await encodersOf({ key: spec('auto'), value: spec('string') }, { key: source(), value: source() }), {});
  });

  test('json writes the typed document itself, compact, not the text as a JSON string; text that is not JSON is refused', async () => {
    const json = (await encoderOf('value', spec('json'), source()))!;
    assert.equal(json.encode('{ "order": 7, "ok": true }').toString('utf8'), '{"order":7,"ok":true}');
    assert.deepEqual(decodeScalar('json', json.encode('{"order": 7}')), { order: 7 });
    assert.match(encodingProblem(json, 'order 7')!, /^the value is not JSON \(.+\)\.$/);
  });

  test('int32, int64, double, uuid and bytes: the bytes Kafka\'s serializers write; wrong input in the adapter\'s words', async () => {
    const int64 = (await encoderOf('key', spec('int64'), source()))!;
    assert.equal(int64.encoding, 'int64 (8 bytes, big-endian)');
    assert.equal(int64.input, 'a number');
    assert.equal(decodeScalar('int64', int64.encode('-9223372036854775808')), '-9223372036854775808', 'beyond 2^53 stays exact');
    assert.equal(encodingProblem(int64, 'seven'), 'the key "seven" is not a number, as the key format int64 needs.');
    const cliInt = (await encoderOf('key', spec('int64'), source({ words: CLI })))!;
    assert.equal(encodingProblem(cliInt, 'seven'), 'the key "seven" is not a number, as --key-format int64 needs.');
    const int32 = (await encoderOf('value', spec('int32'), source()))!;
    assert.deepEqual([...int32.encode('258')], [0, 0, 1, 2]);
    const double = (await encoderOf('value', spec('double'), source()))!;
    assert.equal(decodeScalar('double', double.encode(' 2.5 ')), 2.5);
    const uuid = (await encoderOf('value', spec('uuid'), source()))!;
    assert.equal(decodeScalar('uuid', uuid.encode('0F8FAD5B-D9CB-469F-A165-70867728950E')), '0f8fad5b-d9cb-469f-a165-70867728950e');
    const bytes = (await encoderOf('value', spec('bytes'), source()))!;
    assert.deepEqual([...bytes.encode('AP8=')], [0, 0xff]);
    assert.equal(encodingProblem(bytes, 'not base64!'), 'the value is not base64, as the value format bytes needs.');
    const cliBytes = (await encoderOf('value', spec('bytes'), source({ words: CLI })))!;
    assert.equal(encodingProblem(cliBytes, 'not base64!'), 'the value is not base64, as --value-format bytes needs.');
  });

  test('both fields at once: only those with a format get an encoder', async () => {
    const encoders = await encodersOf({ key: spec('int64'), value: { format: 'avro', codec: avro } }, { key: source(), value: source() });
    assert.deepEqual(Object.keys(encoders).sort(), ['key', 'value']);
    const valueOnly = await encodersOf({ key: spec('auto'), value: spec('json') }, { key: source(), value: source() });
    assert.deepEqual(Object.keys(valueOnly), ['value']);
  });
});
