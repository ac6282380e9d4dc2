// The words of the Schema Registry rows that need no VS Code: a registry failure as a row's label
// (what happened and its cause first, for a 300-px sidebar; the whole sentence in the tooltip), and
// a topic row's few words on its record format.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { registryProblemRow } from '../../src/extension/tree/registryRowWords';
import { topicFormatShort } from '../../src/extension/tree/topicFormatWords';
import { RegistryError } from '../../src/core/schemaRegistry/registryError';
import { UsageError } from '../../src/core/errors';

const URL = 'http://127.0.0.1:8081/apis/ccompat/v7';

test('a registry that does not answer: "Schema registry did not answer: <cause>", the tooltip with where and the URL', () => {
  const row = registryProblemRow(new RegistryError('unreachable', 'the schema registry at 127.0.0.1:8081 does not answer (connection refused).'), URL);
  assert.equal(row.label, 'Schema registry did not answer: connection refused');
  assert.equal(row.detail, `The schema registry at 127.0.0.1:8081 does not answer (connection refused).\nRegistry: ${URL}`);
});

test('a timeout, refused credentials, missing credentials, a refusal, an answer that is not the API', () => {
  const label = (kind: ConstructorParameters<typeof RegistryError>[0], message: string) => registryProblemRow(new RegistryError(kind, message), URL).label;
  assert.equal(label('timeout', 'the schema registry at reg:8081 did not answer within 5 s.'), 'Schema registry did not answer within 5 s');
  assert.equal(label('auth', 'the schema registry at reg:8081 refused the credentials (401).'), 'Not authorized: the schema registry refused the credentials (401)');
  assert.equal(label('auth', 'the schema registry at reg:8081 wants credentials (401), and none are set.'), 'Not authorized: the schema registry wants credentials (401), and none are set');
  assert.equal(label('refused', 'the schema registry at reg:8081 answered 500: boom.'), 'Schema registry: answered 500: boom');
  assert.equal(
    label('bad-answer', 'the schema registry at reg:8081 answered 404 without a registry error code, so the URL is probably not its API (for Apicurio it ends in /apis/ccompat/v7).'),
    'Schema registry: answered 404 without a registry error code, so the URL is probably not its API (for Apicurio it ends in /apis/ccompat/v7)',
  );
  assert.equal(label('not-found', 'subject "orders-value" is not in the schema registry at reg:8081.'), 'Schema registry: subject "orders-value" is not in the schema registry at reg:8081');
});

test('a failure before any request (a password variable not set) is its own sentence', () => {
  const row = registryProblemRow(new UsageError('The schema registry of prod reads its password from the environment variable REG_PASS, which is not set.'), URL);
  assert.equal(row.label, 'The schema registry of prod reads its password from the environment variable REG_PASS, which is not set');
  assert.match(row.detail, /^The schema registry of prod reads .*\nRegistry: http/);
});

test('a topic row names its value format, then its key format; plain text-or-bytes says nothing', () => {
  const auto = { format: 'auto' as const };
  assert.equal(topicFormatShort({ key: auto, value: auto }), '');
  assert.equal(topicFormatShort({ key: auto, value: { format: 'avro', schemaFile: 'schemas/order.avsc' } }), 'avro');
  assert.equal(topicFormatShort({ key: { format: 'string' }, value: { format: 'protobuf', message: 'shop.Order' } }), 'protobuf · key string');
  assert.equal(topicFormatShort({ key: { format: 'int64' }, value: auto }), 'key int64');
});
