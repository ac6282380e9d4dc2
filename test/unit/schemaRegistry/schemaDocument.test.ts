// A registered schema as the tree opens it: Avro and JSON Schema pretty-printed, Protobuf as
// registered, a tab title that names subject and version and holds no path separator.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { prettyJson, schemaDocument } from '../../../src/core/schemaRegistry/schemaDocument';

test('Avro: the registered one-line JSON pretty-printed with two spaces, as json, named <subject> v<version>.avsc', () => {
  const registered = '{"type":"record","name":"Order","namespace":"shop","fields":[{"name":"id","type":"long"},{"name":"note","type":["null","string"],"default":null}]}';
  const doc = schemaDocument('orders-value', 3, 'AVRO', registered);
  assert.equal(doc.language, 'json');
  assert.equal(doc.fileName, 'orders-value v3.avsc');
  assert.equal(doc.text, `${JSON.stringify(JSON.parse(registered), null, 2)}\n`);
  assert.match(doc.text, /^\{\n {2}"type": "record",\n/);
  assert.deepEqual(JSON.parse(doc.text), JSON.parse(registered), 'the same schema, only laid out');
});

test('an Avro primitive schema and a JSON Schema are JSON too', () => {
  assert.equal(schemaDocument('ids', 1, 'AVRO', '"string"').text, '"string"\n');
  const json = schemaDocument('events-value', 2, 'JSON', '{"type":"object","properties":{"n":{"type":"integer"}}}');
  assert.equal(json.language, 'json');
  assert.equal(json.fileName, 'events-value v2.json');
  assert.equal(json.text, '{\n  "type": "object",\n  "properties": {\n    "n": {\n      "type": "integer"\n    }\n  }\n}\n');
});

test('Protobuf: the text exactly as registered, as proto', () => {
  const proto = 'syntax = "proto3";\npackage shop;\n\nmessage Order {\n  int64 id = 1;\n}\n';
  const doc = schemaDocument('orders-proto-value', 1, 'PROTOBUF', proto);
  assert.equal(doc.text, proto);
  assert.equal(doc.language, 'proto');
  assert.equal(doc.fileName, 'orders-proto-value v1.proto');
});

test('text that does not parse as JSON is shown as it is, not lost', () => {
  assert.equal(prettyJson('{"type": "record", '), '{"type": "record", ');
});

test('a subject with slashes, control characters or nothing printable still makes one tab title', () => {
  assert.equal(schemaDocument('team/orders\\x-value', 1, 'AVRO', '"int"').fileName, 'team_orders_x-value v1.avsc');
  assert.equal(schemaDocument('a\u0000\u001b[2Jb', 1, 'AVRO', '"int"').fileName, 'a__[2Jb v1.avsc');
  assert.equal(schemaDocument('', 4, 'AVRO', '"int"').fileName, '_ v4.avsc');
  assert.equal(schemaDocument('x'.repeat(500), 1, 'AVRO', '"int"').fileName, `${'x'.repeat(119)}… v1.avsc`);
});
