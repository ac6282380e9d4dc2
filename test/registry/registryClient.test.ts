// The schema registry client (src/core/schemaRegistry) against a REAL registry: Apicurio Registry's
// Confluent API, started by scripts/schema-registry.mjs for this file alone (issue 23, "Proof"). The
// fixture schemas are registered, read back by id and by subject/version, looked up; Avro and
// Protobuf references resolved; the errors a user sees are the client's one sentence.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { OwnRegistry, ROOT, startOwnRegistry, stopOwnRegistry } from '../support/schemaRegistry';
import { RegistryError, SchemaRegistryClient } from '../../src/core/schemaRegistry/registryClient';
import { subjectName } from '../../src/core/schemaRegistry/subjectStrategy';

const schemaText = (name: string) => readFileSync(join(ROOT, 'test/fixtures/records/schemas', name), 'utf8');

async function rejection(promise: Promise<unknown>): Promise<RegistryError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof RegistryError, `a RegistryError, not ${String(err)}`);
    return err;
  }
  assert.fail('expected a rejection');
}

describe('the schema registry client against a real registry (Apicurio, Confluent API)', () => {
  let registry: OwnRegistry | undefined;
  let client: SchemaRegistryClient;
  /** host:port, as the client's sentences name the registry. */
  let host: string;
  before(async () => {
    registry = await startOwnRegistry();
    console.log(`registry answered after ${registry.startMs} ms at ${registry.url}`);
    // A generous deadline: a registry just started, on a busy machine, answers its first calls slowly.
    client = new SchemaRegistryClient({ url: `${registry.url}/`, timeoutMs: 30_000 });
    host = new URL(registry.url).host;
  });
  after(() => stopOwnRegistry(registry));

  test('the Avro fixtures: registered as v1 and v2 of a subject, read back by id, by version and as latest, looked up', async () => {
    const subject = subjectName('TopicNameStrategy', 'orders-avro', false);
    const [v1, v2] = [schemaText('order-v1.avsc'), schemaText('order-v2.avsc')];
    const id1 = await client.register(subject, v1, 'AVRO');
    const id2 = await client.register(subject, v2, 'AVRO');
    assert.notEqual(id1, id2);
    assert.equal(await client.register(subject, v1, 'AVRO'), id1, 'registering a schema again answers its id');

    const byId = await client.schemaById(id1);
    assert.equal(byId.id, id1);
    assert.equal(byId.schemaType, 'AVRO');
    assert.deepEqual(JSON.parse(byId.schema), JSON.parse(v1));
    assert.deepEqual(byId.references, []);

    assert.deepEqual(await client.versions(subject), [1, 2]);
    const first = await client.schemaVersion(subject, 1);
    assert.deepEqual([first.subject, first.version, first.id, first.schemaType], [subject, 1, id1, 'AVRO']);
    assert.deepEqual(JSON.parse(first.schema), JSON.parse(v1));
    const latest = await client.schemaVersion(subject, 'latest');
    assert.deepEqual([latest.version, latest.id], [2, id2]);
    assert.deepEqual(JSON.parse(latest.schema), JSON.parse(v2));

    assert.equal(await client.lookup(subject, v2, 'AVRO'), id2);
    const unregistered = JSON.stringify({ type: 'record', name: 'Other', namespace: 'ebx.fixtures', fields: [{ name: 'x', type: 'int' }] });
    assert.equal(await client.lookup(subject, unregistered, 'AVRO'), undefined, 'a schema the subject lacks');
    assert.equal(await client.lookup('no-such-subject-value', v1, 'AVRO'), undefined, 'a subject the registry lacks');
    assert.ok((await client.subjects()).includes(subject));
  });

  test('the Protobuf fixtures: typed PROTOBUF, the text as registered, by id and by subject/version, looked up', async () => {
    const subject = subjectName('TopicNameStrategy', 'orders-proto', false);
    const [v1, v2] = [schemaText('order-v1.proto'), schemaText('order-v2.proto')];
    const id1 = await client.register(subject, v1, 'PROTOBUF');
    const id2 = await client.register(subject, v2, 'PROTOBUF');
    assert.notEqual(id1, id2);

    const byId = await client.schemaById(id2);
    assert.deepEqual(byId, { id: id2, schemaType: 'PROTOBUF', schema: v2, references: [] });
    const first = await client.schemaVersion(subject, 1);
    assert.deepEqual(first, { id: id1, schemaType: 'PROTOBUF', schema: v1, references: [], subject, version: 1 });
    assert.equal(await client.lookup(subject, v1, 'PROTOBUF'), id1);
    assert.deepEqual(await client.versions(subject), [1, 2]);
  });

  test("an Avro schema referencing another subject's named type: the reference kept, resolved by resolvedSchemaById", async () => {
    const customer = JSON.stringify({
      type: 'record',
      name: 'Customer',
      namespace: 'ebx.refs',
      fields: [
        { name: 'name', type: 'string' },
        { name: 'email', type: ['null', 'string'], default: null },
      ],
    });
    const order = JSON.stringify({
      type: 'record',
      name: 'Order',
      namespace: 'ebx.refs',
      fields: [
        { name: 'id', type: 'string' },
        { name: 'customer', type: 'ebx.refs.Customer' },
      ],
    });
    const customerSubject = subjectName('RecordNameStrategy', 'refs-orders', false, 'ebx.refs.Customer');
    await client.register(customerSubject, customer, 'AVRO');
    const refs = [{ name: 'ebx.refs.Customer', subject: customerSubject, version: 1 }];
    const orderSubject = subjectName('TopicRecordNameStrategy', 'refs-orders', false, 'ebx.refs.Order');
    const orderId = await client.register(orderSubject, order, 'AVRO', refs);

    const byId = await client.schemaById(orderId);
    assert.deepEqual(byId.references, refs);
    const resolved = await client.resolvedSchemaById(orderId);
    assert.deepEqual(JSON.parse(resolved.schema), JSON.parse(order));
    assert.equal(resolved.referenced.length, 1);
    assert.equal(resolved.referenced[0].name, 'ebx.refs.Customer');
    assert.equal(resolved.referenced[0].schemaType, 'AVRO');
    assert.deepEqual(JSON.parse(resolved.referenced[0].schema), JSON.parse(customer));
    assert.deepEqual((await client.schemaVersion(orderSubject, 1)).references, refs);
    assert.equal(await client.lookup(orderSubject, order, 'AVRO', refs), orderId);
  });

  test('a .proto importing another subject that imports a third: every import resolved, deepest first', async () => {
    const common = 'syntax = "proto3";\npackage ebx.refs;\n\nmessage Money {\n  int64 units = 1;\n  string currency = 2;\n}\n';
    const customer =
      'syntax = "proto3";\npackage ebx.refs;\n\nimport "ebx/refs/common.proto";\n\nmessage Customer {\n  string name = 1;\n  Money credit = 2;\n}\n';
    const order =
      'syntax = "proto3";\npackage ebx.refs;\n\nimport "ebx/refs/customer.proto";\nimport "ebx/refs/common.proto";\n\n' +
      'message Order {\n  string id = 1;\n  Customer customer = 2;\n  Money total = 3;\n}\n';
    await client.register('ebx-refs-common.proto', common, 'PROTOBUF');
    const commonRef = { name: 'ebx/refs/common.proto', subject: 'ebx-refs-common.proto', version: 1 };
    await client.register('ebx-refs-customer.proto', customer, 'PROTOBUF', [commonRef]);
    const customerRef = { name: 'ebx/refs/customer.proto', subject: 'ebx-refs-customer.proto', version: 1 };
    const orderId = await client.register('refs-orders-proto-value', order, 'PROTOBUF', [customerRef, commonRef]);

    const resolved = await client.resolvedSchemaById(orderId);
    assert.equal(resolved.schemaType, 'PROTOBUF');
    assert.equal(resolved.schema, order);
    assert.deepEqual(resolved.references, [customerRef, commonRef]);
    assert.deepEqual(resolved.referenced, [
      { name: 'ebx/refs/common.proto', schemaType: 'PROTOBUF', schema: common },
      { name: 'ebx/refs/customer.proto', schemaType: 'PROTOBUF', schema: customer },
    ]);
  });

  test('a 6 MB Avro schema (issue 23 names it among the bad input): registered, read back whole by id', async () => {
    const schema = JSON.stringify({ type: 'record', name: 'Big', namespace: 'ebx.big', doc: 'd'.repeat(6 * 1024 * 1024), fields: [{ name: 'x', type: 'int' }] });
    const id = await client.register('big-value', schema, 'AVRO');
    const byId = await client.schemaById(id);
    assert.equal(byId.schema.length, schema.length);
    assert.deepEqual(JSON.parse(byId.schema), JSON.parse(schema));
  });

  test('what the registry lacks or refuses: one sentence naming its host', async () => {
    const missing = await rejection(client.schemaById(987654));
    assert.equal(missing.kind, 'not-found');
    assert.equal(missing.message, `schema id 987654 is not in the schema registry at ${host}.`);
    assert.equal(await rejection(client.schemaById(987654)), missing, 'remembered, not asked again');

    const noVersion = await rejection(client.schemaVersion('orders-avro-value', 99));
    assert.equal(noVersion.kind, 'not-found');
    assert.equal(noVersion.message, `version 99 of subject "orders-avro-value" is not in the schema registry at ${host}.`);
    const noSubject = await rejection(client.versions('no-such-subject-value'));
    assert.equal(noSubject.message, `subject "no-such-subject-value" is not in the schema registry at ${host}.`);

    const broken = await rejection(client.register('broken-value', '{"type": "record", "name": ', 'AVRO'));
    assert.equal(broken.kind, 'refused');
    assert.match(broken.message, new RegExp(`^the schema registry at ${host.replace(/\./g, '\\.')} answered 4\\d\\d: [^\\n]+\\.$`));

    // The registry's server, but not its Confluent API: not mistaken for "id missing".
    const wrongPath = await rejection(new SchemaRegistryClient({ url: new URL(registry!.url).origin, timeoutMs: 30_000 }).schemaById(1));
    assert.notEqual(wrongPath.kind, 'not-found', wrongPath.message);
  });

  test('a registry that is stopped: "does not answer", one sentence', async () => {
    const stopped = registry!;
    registry = undefined;
    await stopOwnRegistry(stopped);
    const down = new SchemaRegistryClient({ url: stopped.url, timeoutMs: 5_000 });
    const err = await rejection(down.subjects());
    assert.equal(err.kind, 'unreachable');
    assert.equal(err.message, `the schema registry at ${host} does not answer (connection refused).`);
    assert.equal(await rejection(down.schemaById(1)), err, 'the cool-down: the same error at once');
  });
});
