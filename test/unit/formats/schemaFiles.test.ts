// Workspace schema files: the extension picks the format, .proto imports are found beside the file
// or in a folder above it up to the root (never beyond: hostileSchemas.test.ts), unreadable and
// oversized files are one sentence, and a 6 MB schema loads in well under the couple of seconds a
// user would take for a freeze.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadSchemaFile, MAX_SCHEMA_FILE_BYTES } from '../../../src/core/formats/schemaFiles';
import { FormatError } from '../../../src/core/formats/formatTypes';
import { avroExpected, expected, fixtureBytes, schemaPath, schemaText } from './recordFixtures';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ebx-schema-files-'));
after(() => fs.rmSync(root, { recursive: true, force: true }));

function write(relative: string, text: string): string {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
}

function formatError(pattern: RegExp): (err: unknown) => boolean {
  return (err: unknown) => err instanceof FormatError && pattern.test(err.message) && /^[^\n]+\.$/.test(err.message);
}

test('.avsc and .proto fixture files read their records as written', () => {
  const avro = loadSchemaFile(schemaPath('order-v1.avsc'));
  assert.deepEqual(avro.label, { format: 'avro', id: null, name: 'ebx.fixtures.Order' });
  const avroRecord = expected.records.find((r) => r.file === 'avro/order-v1.1.raw.bin')!;
  assert.deepEqual(avro.decode(fixtureBytes(avroRecord.file)), avroExpected(avroRecord.written, schemaText('order-v1.avsc')));

  const proto = loadSchemaFile(schemaPath('order-v1.proto'), { messageName: 'ebx.fixtures.v1.Customer' });
  assert.deepEqual(proto.label, { format: 'protobuf', id: null, name: 'ebx.fixtures.v1.Customer' });
  assert.deepEqual(proto.messageIndexes, [1]);
  const customer = expected.records.find((r) => r.file === 'protobuf/customer-v1.1.raw.bin')!;
  assert.deepEqual(proto.decode(fixtureBytes(customer.file)), customer.written);
});

test('.proto imports are found beside the file, then in the folders above it up to the root', () => {
  write('protos/common/money.proto', 'syntax = "proto3";\npackage common;\nmessage Money { int64 cents = 1; }\n');
  write('protos/shop/orders/units.proto', 'syntax = "proto3";\npackage shop;\nmessage Units { int32 n = 1; }\n');
  const file = write(
    'protos/shop/orders/order.proto',
    'syntax = "proto3";\npackage shop;\nimport "common/money.proto";\nimport "units.proto";\nimport "google/protobuf/timestamp.proto";\n' +
      'message Order { common.Money total = 1; Units units = 2; google.protobuf.Timestamp at = 3; }\n',
  );
  const codec = loadSchemaFile(file, { importRoot: path.join(root, 'protos') });
  assert.equal(codec.label.name, 'shop.Order');
  const value = { total: { cents: '12' }, units: { n: 3 }, at: '2026-12-04T03:04:05Z' };
  assert.deepEqual(codec.decode(codec.encode(value)), value);
  const missing = write('protos/shop/lost.proto', 'syntax = "proto3";\nimport "nowhere/gone.proto";\nmessage A { int32 x = 1; }\n');
  assert.throws(() => loadSchemaFile(missing), formatError(/^lost\.proto imports nowhere\/gone\.proto, which cannot be found\.$/));
  const broken = write('protos/shop/broken.proto', 'syntax = "proto3";\nmessage A {\n  int32 x = \n}\n');
  assert.throws(() => loadSchemaFile(broken), formatError(/^broken\.proto does not parse: line 4: /));
});

test('.json is a JSON Schema, or Avro when asked; other extensions need the format', () => {
  const jsonSchema = write('line.json', JSON.stringify({ type: 'object', properties: { qty: { type: 'integer' } } }));
  const codec = loadSchemaFile(jsonSchema);
  assert.deepEqual(codec.label, { format: 'json-schema', id: null, name: 'line.json' });
  assert.throws(() => codec.decode(Buffer.from('{"qty":1.5}')), formatError(/^the value does not fit the JSON Schema line\.json: \/qty must be integer\.$/));
  const avroJson = write('order.json', schemaText('order-v2.avsc'));
  assert.equal(loadSchemaFile(avroJson, { format: 'avro' }).label.format, 'avro');
  assert.equal(loadSchemaFile(write('order.schema', schemaText('order-v2.avsc')), { format: 'avro' }).label.name, 'ebx.fixtures.Order');
  assert.throws(() => loadSchemaFile(path.join(root, 'order.schema')), formatError(/^order\.schema is not a schema file this reads \(\.avsc, \.proto or \.json\)\.$/));
  assert.throws(() => loadSchemaFile(write('bad.avsc', '{"type": "record", "name": "X", "fields": 3}')), formatError(/^the Avro schema in bad\.avsc does not parse: /));
});

test('a missing file, a folder and a file over 8 MB are one sentence naming only the file', () => {
  assert.throws(() => loadSchemaFile(path.join(root, 'nope', 'orders.avsc')), (err: unknown) => {
    assert.ok(err instanceof FormatError);
    assert.equal(err.message, 'cannot read orders.avsc: no such file.');
    return true;
  });
  fs.mkdirSync(path.join(root, 'folder.avsc'));
  assert.throws(() => loadSchemaFile(path.join(root, 'folder.avsc')), formatError(/^cannot read folder\.avsc: it is a folder\.$/));
  const big = path.join(root, 'big.avsc');
  fs.writeFileSync(big, '');
  fs.truncateSync(big, MAX_SCHEMA_FILE_BYTES + 1024 * 1024);
  assert.throws(() => loadSchemaFile(big), (err: unknown) => {
    assert.ok(err instanceof FormatError);
    assert.equal(err.message, 'big.avsc is larger than 8 MB, the most a schema file may be.');
    assert.doesNotMatch(err.message, new RegExp(root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), 'no full path');
    return true;
  });
});

/** An Avro schema of about `bytes`: many named records of documented string fields, as big generated schemas are. */
function bigAvroSchema(bytes: number): { text: string; fields: number } {
  const doc = 'a field of a generated schema, documented as such tools document them';
  const fieldsPerRecord = 20;
  const record = (i: number) => ({
    type: 'record',
    name: `Part${i}`,
    fields: Array.from({ length: fieldsPerRecord }, (_v, j) => ({ name: `f${j}`, type: 'string', doc })),
  });
  const perRecord = JSON.stringify(record(0)).length;
  const count = Math.ceil(bytes / perRecord);
  const schema = { type: 'record', name: 'Big', namespace: 'gen', fields: Array.from({ length: count }, (_v, i) => ({ name: `p${i}`, type: record(i) })) };
  return { text: JSON.stringify(schema), fields: count * fieldsPerRecord };
}

// How long it takes is the bench's to say, not a timed test's: this checks that a schema this big
// loads at all (no recursion limit, no quadratic blow-up that would outlast the tier) and reads.
test('a 6 MB Avro schema loads and reads a record', () => {
  const { text, fields } = bigAvroSchema(6 * 1024 * 1024);
  assert.ok(text.length >= 6 * 1024 * 1024 && text.length < MAX_SCHEMA_FILE_BYTES, `${text.length} bytes`);
  const file = write('big/generated.avsc', text);
  const codec = loadSchemaFile(file);
  // Every string empty: one zero byte (length 0) per field.
  const record = codec.decode(Buffer.alloc(fields)) as { [key: string]: { [key: string]: string } };
  assert.equal(codec.label.name, 'gen.Big');
  assert.equal(Object.keys(record).length, fields / 20);
  assert.equal(record.p0.f19, '');
});
