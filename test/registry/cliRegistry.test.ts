// `ebx replay | search | produce --schema-registry` against a REAL registry (Apicurio's Confluent
// API, started for this file by scripts/schema-registry.mjs) and the real broker (issue 23): records
// that Apache Avro wrote, put in the wire format under the id the registry gave their schema, read
// back field by field; an id the registry lacks; a registry that is down; produce encoding under the
// topic's subject.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { KafkaSession } from '../../src/core/session';
import { produce } from '../../src/core/topics/produce';
import { writeWireFormat } from '../../src/core/formats/wireFormat';
import { SchemaRegistryClient } from '../../src/core/schemaRegistry/registryClient';
import { testBroker } from '../support/brokerEnv';
import { ebx, type Run } from '../support/ebxProcess';
import { openSession, topicWith } from '../support/kafkaFixtures';
import { ROOT, startOwnRegistry, stopOwnRegistry, type OwnRegistry } from '../support/schemaRegistry';
import { closedPort } from '../support/closedPort';

const FIXTURES = join(ROOT, 'test/fixtures/records');
const SCHEMA = readFileSync(join(FIXTURES, 'schemas/order-v1.avsc'), 'utf8');

interface FixtureRecord {
  file: string;
  format: string;
  schema: string;
  wire: string;
}
/** The raw Avro payloads Apache Avro wrote with order-v1.avsc (the wire-format ones carry another registry's id). */
const rawAvro = (JSON.parse(readFileSync(join(FIXTURES, 'expected.json'), 'utf8')) as { records: FixtureRecord[] }).records.filter(
  (r) => r.format === 'avro' && r.schema === 'order-v1.avsc' && r.wire === 'raw',
);

type Line = { offset: number; key: unknown; value: unknown; valueSchema?: { format: string; id: number | null; name: string | null }; valueError?: string };
const lines = (run: Run): Line[] => run.stdout.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Line);
const live = () => ({ KAFKA_BOOTSTRAP: testBroker().bootstrap.join(',') });

describe('ebx with --schema-registry against a real registry', () => {
  let registry: OwnRegistry | undefined;
  let session: KafkaSession;
  let topic: string;
  let id: number;
  /** The payload written for each fixture: what `ebx` must read back with --value-schema too. */
  let expected: unknown[];

  before(async () => {
    registry = await startOwnRegistry();
    session = openSession();
    topic = await topicWith(session, 'registry-cli', 1);
    id = await new SchemaRegistryClient({ url: registry.url, timeoutMs: 30_000 }).register(`${topic}-value`, SCHEMA, 'AVRO');
    const payloads = rawAvro.map((r) => readFileSync(join(FIXTURES, r.file)));
    assert.ok(payloads.length >= 2, 'the fixtures have raw Avro records');
    await produce(session, topic, [
      ...payloads.map((p, i) => ({ partition: 0, key: `order-${i}`, value: writeWireFormat(id, p) })),
      { partition: 0, key: 'unknown-id', value: writeWireFormat(id + 1000, payloads[0]) },
      { partition: 0, key: 'text', value: 'plain text' },
    ]);
    // What the same payloads read as with the workspace file: the registry must give the same.
    const byFile = await ebx(['replay', topic, '--partition', '0', '--from-beginning', '--max', String(payloads.length), '--value-schema', join(FIXTURES, 'schemas/order-v1.avsc')], { env: live() });
    assert.equal(byFile.code, 0, byFile.stderr);
    expected = lines(byFile).map((l) => l.value);
    assert.ok(expected.every((v) => v !== null && typeof v === 'object' && !('base64' in v)), byFile.stdout);
  });
  after(async () => {
    await session?.close();
    await stopOwnRegistry(registry);
  });

  test('auto: wire-format records of a registered id are decoded, an id the registry lacks and plain text stay as they are', async () => {
    const run = await ebx(['replay', topic, '--partition', '0', '--from-beginning', '--schema-registry', registry!.url], { env: live() });
    assert.equal(run.code, 0, run.stderr);
    const got = lines(run);
    assert.equal(got.length, expected.length + 2);
    got.slice(0, expected.length).forEach((line, i) => {
      assert.deepEqual(line.value, expected[i], `order-${i}`);
      assert.deepEqual(line.valueSchema, { format: 'avro', id, name: 'ebx.fixtures.Order' });
    });
    const [unknown, text] = got.slice(expected.length);
    assert.ok(unknown.value !== null && typeof unknown.value === 'object' && 'base64' in unknown.value, JSON.stringify(unknown));
    assert.equal(unknown.valueError, undefined, 'auto does not call a record that only looks like the wire format an error');
    assert.equal(text.value, 'plain text');
  });

  test('--value-format avro: an id the registry lacks is that record\'s one sentence; search --where sees the decoded fields', async () => {
    const run = await ebx(['replay', topic, '--partition', '0', '--from-beginning', '--value-format', 'avro', '--schema-registry', registry!.url], { env: live() });
    assert.equal(run.code, 0, run.stderr);
    const unknown = lines(run)[expected.length];
    assert.match(unknown.valueError ?? '', new RegExp(`^schema id ${id + 1000} is not in the schema registry at 127\\.0\\.0\\.1:\\d+[^\\n]*\\.$`));
    assert.equal(unknown.valueSchema, undefined);

    const status = (expected[0] as { status: string }).status;
    const want = expected.filter((v) => (v as { status: string }).status === status).length;
    const search = await ebx(['search', topic, '--schema-registry', registry!.url, '--where', `value.status == ${JSON.stringify(status)}`], { env: live() });
    assert.equal(search.code, 0, search.stderr);
    assert.equal(lines(search).length, want, search.stdout);
  });

  test('a registry that is down: each wire-format record says so, stderr says it once, the read goes on to the end', async () => {
    const down = `http://127.0.0.1:${await closedPort()}/apis/ccompat/v7`;
    const run = await ebx(['replay', topic, '--partition', '0', '--from-beginning', '--value-format', 'avro', '--schema-registry', down], { env: live() });
    assert.equal(run.code, 0, run.stderr);
    const got = lines(run);
    assert.equal(got.length, expected.length + 2, 'every record is written, the last one included');
    for (const line of got.slice(0, expected.length + 1)) assert.match(line.valueError ?? '', /does not answer \(connection refused\)/);
    const told = run.stderr.split('\n').filter((l) => /does not answer/.test(l));
    assert.equal(told.length, 1, run.stderr);
  });

  test('produce --value-format avro --schema-registry: JSON encoded with the subject\'s latest schema, read back the same', async () => {
    const target = await topicWith(session, 'registry-cli-produce', 1);
    const client = new SchemaRegistryClient({ url: registry!.url, timeoutMs: 30_000 });
    const targetId = await client.register(`${target}-value`, SCHEMA, 'AVRO');
    const input = `${expected.map((v) => JSON.stringify(v)).join('\n')}\n`;
    const sent = await ebx(['produce', target, '--value-format', 'avro', '--schema-registry', registry!.url], { env: live(), input });
    assert.equal(sent.code, 0, sent.stderr);
    const read = await ebx(['replay', target, '--partition', '0', '--from-beginning', '--schema-registry', registry!.url], { env: live() });
    assert.equal(read.code, 0, read.stderr);
    assert.deepEqual(lines(read).map((l) => l.value), expected);
    assert.ok(lines(read).every((l) => l.valueSchema?.id === targetId), read.stdout);

    const none = await topicWith(session, 'registry-cli-nosubject', 1);
    const refused = await ebx(['produce', none, '--value-format', 'avro', '--schema-registry', registry!.url], { env: live(), input });
    assert.notEqual(refused.code, 0);
    assert.match(refused.stderr.trim(), /^ebx: [^\n]*\.$/, 'a subject the registry lacks is one sentence');
  });

  test('produce --subject-strategy topic-record: the file\'s schema looked up under TOPIC-<its full name>, its id in the wire format', async () => {
    const target = await topicWith(session, 'registry-cli-strategy', 1);
    const client = new SchemaRegistryClient({ url: registry!.url, timeoutMs: 30_000 });
    const subject = `${target}-ebx.fixtures.Order`;
    const targetId = await client.register(subject, SCHEMA, 'AVRO');
    const input = `${JSON.stringify(expected[0])}\n`;
    const schemaFile = join(FIXTURES, 'schemas/order-v1.avsc');
    const sent = await ebx(['produce', target, '--value-schema', schemaFile, '--schema-registry', registry!.url, '--subject-strategy', 'topic-record'], { env: live(), input });
    assert.equal(sent.code, 0, sent.stderr);
    const read = await ebx(['replay', target, '--partition', '0', '--from-beginning', '--schema-registry', registry!.url], { env: live() });
    assert.deepEqual(lines(read).map((l) => [l.value, l.valueSchema?.id]), [[expected[0], targetId]]);

    // Under the default strategy the same file is not registered (TOPIC-value is empty): refused as
    // bad input (exit 2, like every --value-schema that cannot be used), nothing sent.
    const refused = await ebx(['produce', target, '--value-schema', schemaFile, '--schema-registry', registry!.url], { env: live(), input });
    assert.equal(refused.code, 2, refused.stderr);
    assert.equal(refused.stderr.trim(), `ebx: --value-schema: the schema in order-v1.avsc is not registered under the subject "${target}-value"; register it first (ebx never registers a schema on its own).`);
    assert.equal(lines(await ebx(['replay', target, '--partition', '0', '--from-beginning'], { env: live() })).length, 1, 'nothing more was written');
  });
});
