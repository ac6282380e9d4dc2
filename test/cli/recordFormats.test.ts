// `ebx replay | search | produce` with record formats (issue 23), as people and scripts use them:
// the built bin/ebx.js against the real broker, reading records that Apache Avro's and Google's
// Protobuf Python libraries wrote (test/fixtures/records, raw and in the Confluent wire format)
// with the workspace's schema files. Each decoded value equals what the writer wrote, field by field.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KafkaSession } from '../../src/core/session';
import type { RecordToSend } from '../../src/core/topics/produce';
import { testBroker } from '../support/brokerEnv';
import { openSession, topicWith } from '../support/kafkaFixtures';
import { assertOneCleanLine, ebx, ROOT, type Run } from '../support/ebxProcess';

const USAGE = 2;
const FIXTURES = join(ROOT, 'test/fixtures/records');
const SCHEMAS = join(FIXTURES, 'schemas');

interface FixtureRecord {
  file: string;
  format: string;
  schema: string;
  message?: string;
  wire: string;
  written: unknown;
  readWith?: Record<string, unknown>;
}
const fixtures = (JSON.parse(readFileSync(join(FIXTURES, 'expected.json'), 'utf8')) as { records: FixtureRecord[] }).records;

/**
 * The fixtures' conventions in our JSON mapping (docs/formats.md): bytes as {"base64"}, decimals,
 * timestamps and dates as strings. Timestamps compare as instants: trailing zeros of the fraction go.
 */
function asOurJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asOurJson);
  if (value === null || typeof value !== 'object') return value;
  const o = value as Record<string, unknown>;
  const keys = Object.keys(o);
  if (keys.length === 1 && keys[0] === 'hex') return { base64: Buffer.from(o.hex as string, 'hex').toString('base64') };
  if (keys.length === 1 && (keys[0] === 'decimal' || keys[0] === 'date')) return o[keys[0]];
  if (keys.length === 1 && keys[0] === 'timestamp') return instant(o.timestamp as string);
  return Object.fromEntries(keys.map((k) => [k, asOurJson(o[k])]));
}
const instant = (iso: string) => iso.replace(/\.(\d*?)0*Z$/, (_m, digits: string) => (digits === '' ? 'Z' : `.${digits}Z`));
/** Our output with its timestamps in the same canonical form. */
function instants(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(instants);
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(value)) return instant(value);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, instants(v)]));
}

type Line = { partition: number; offset: number; value: unknown; valueSchema?: { format: string; id: number | null; name: string | null }; valueError?: string };
const lines = (run: Run): Line[] => run.stdout.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Line);
const live = () => ({ KAFKA_BOOTSTRAP: testBroker().bootstrap.join(',') });

describe('ebx record formats: bad input is one sentence, before any broker is asked', () => {
  const cases: [string, string[], RegExp][] = [
    ['a schema format without a schema', ['replay', 't', '--partition', '0', '--from-beginning', '--value-format', 'avro'], /^ebx: --value-format avro needs --value-schema FILE or --schema-registry URL\.$/],
    ['an unknown format', ['replay', 't', '--partition', '0', '--from-beginning', '--value-format', 'xml'], /--value-format.*xml.*invalid/i],
    ['a schema file that is not there', ['search', 't', '--value-schema', 'no-such.avsc'], /^ebx: --value-schema: .*no-such\.avsc/],
    ['a schema file of unknown kind', ['search', 't', '--value-schema', 'README.md'], /cannot tell the format of "README\.md"/],
    ['a message type for an Avro value', ['search', 't', '--value-schema', join(SCHEMAS, 'order-v1.avsc'), '--value-message', 'x.Y'], /--value-message names a Protobuf message type, but the value format is avro/],
    ['a schema file of another format than the one asked', ['replay', 't', '--partition', '0', '--from-beginning', '--value-schema', join(SCHEMAS, 'order-v1.avsc'), '--value-format', 'protobuf'], /^ebx: --value-schema order-v1\.avsc is an Avro schema, but --value-format is protobuf\.$/],
    ['a registry that is not a URL', ['tail', 't', '--schema-registry', 'not a url'], /--schema-registry: "not a url" is not a URL/],
    ['a password variable that is not set', ['tail', 't', '--schema-registry', 'http://127.0.0.1:9', '--schema-registry-password-env', 'EBX_NO_SUCH_VAR'], /EBX_NO_SUCH_VAR is not set/],
    ['a subject strategy without a registry', ['produce', 't', '--value', '{}', '--value-schema', join(SCHEMAS, 'order-v1.avsc'), '--subject-strategy', 'record'], /^ebx: --subject-strategy names a schema registry subject, and needs --schema-registry URL \(or \$EBX_SCHEMA_REGISTRY\)\.$/],
    ['a subject strategy that is not one', ['produce', 't', '--value', '{}', '--value-format', 'avro', '--schema-registry', 'http://127.0.0.1:9', '--subject-strategy', 'by-name'], /^ebx: --subject-strategy: "by-name" is not a subject strategy: use topic, record or topic-record/],
    ['a subject strategy for text values', ['produce', 't', '--value', 'x', '--schema-registry', 'http://127.0.0.1:9', '--subject-strategy', 'record'], /^ebx: --subject-strategy names the registry subject of a schema, but neither the key nor the value is written with one/],
    ['a record-name strategy with no record name', ['produce', 't', '--value', '{}', '--value-format', 'avro', '--schema-registry', 'http://127.0.0.1:9', '--subject-strategy', 'record'], /^ebx: The value's subject: the subject strategy RecordNameStrategy names the subject after the record, so it needs the record's full name \(e\.g\. shop\.Order\) and none was given\.$/],
  ];
  // A broker address where nothing listens: a command that asked it would fail otherwise (ebx produce
  // checks for an address, and the read-only flag, before it reads its format options).
  const nowhere = { KAFKA_BOOTSTRAP: '127.0.0.1:9' };
  for (const [name, args, stderr] of cases) {
    test(name, async () => {
      const run = await ebx(args, { timeoutMs: 30_000, env: nowhere });
      assert.equal(run.code, USAGE, run.stderr);
      assertOneCleanLine(run, stderr);
      assert.equal(run.stdout, '');
    });
  }

  test('--help of replay, tail, search and produce names every format flag of the issue', async () => {
    for (const command of ['replay', 'tail', 'search', 'produce']) {
      const help = await ebx([command, '--help']);
      for (const flag of ['--key-format', '--value-format', '--key-schema', '--value-schema', '--key-message', '--value-message', '--schema-registry ', '--schema-registry-username', '--schema-registry-password-env']) {
        assert.ok(help.stdout.includes(flag), `${command} ${flag}`);
      }
    }
  });
});

describe('ebx record formats against the broker', () => {
  let session: KafkaSession;
  let avroTopic: string;
  let protoTopic: string;
  const avro = fixtures.filter((f) => f.format === 'avro' && f.schema === 'order-v1.avsc');
  const proto = fixtures.filter((f) => f.format === 'protobuf' && f.message === 'ebx.fixtures.v1.Order');
  const TRUNCATED_AT = 2;

  before(async () => {
    session = openSession();
    const bytes = (f: FixtureRecord) => readFileSync(join(FIXTURES, f.file));
    const avroRecords: RecordToSend[] = avro.map((f) => ({ partition: 0, key: f.file, value: bytes(f) }));
    // A record cut short among the good ones: it gets its sentence, and the records after it still read.
    const cut = bytes(avro[0]);
    avroRecords.splice(TRUNCATED_AT, 0, { partition: 0, key: 'truncated', value: cut.subarray(0, cut.length - 9) });
    avroTopic = await topicWith(session, 'cli-formats-avro', 1, avroRecords);
    protoTopic = await topicWith(session, 'cli-formats-proto', 1, proto.map((f) => ({ partition: 0, key: f.file, value: bytes(f) })));
  });
  after(() => session.close());

  test('replay --value-schema order-v1.avsc: raw and wire-format records equal what Apache Avro wrote; a truncated one says why', async () => {
    const run = await ebx(['replay', avroTopic, '--partition', '0', '--from-beginning', '--value-schema', join(SCHEMAS, 'order-v1.avsc')], { env: live() });
    assert.equal(run.code, 0, run.stderr);
    const got = lines(run);
    assert.equal(got.length, avro.length + 1);
    const bad = got.splice(TRUNCATED_AT, 1)[0];
    assert.ok(typeof bad.valueError === 'string' && /^[^\n]+\.$/.test(bad.valueError), JSON.stringify(bad));
    assert.ok(bad.value !== null && typeof bad.value === 'object' && 'base64' in bad.value, 'a record that does not read stays base64');
    assert.equal(bad.valueSchema, undefined);
    got.forEach((line, i) => {
      assert.deepEqual(instants(line.value), asOurJson(avro[i].written), avro[i].file);
      assert.deepEqual(line.valueSchema, { format: 'avro', id: avro[i].wire === 'confluent' ? 1 : null, name: 'ebx.fixtures.Order' }, avro[i].file);
    });
  });

  test('search --where sees the decoded value', async () => {
    const paid = avro.filter((f) => (f.written as { status?: string }).status === 'PAID').length;
    assert.ok(paid > 0 && paid < avro.length, 'the fixtures have PAID and other orders');
    const run = await ebx(['search', avroTopic, '--value-schema', join(SCHEMAS, 'order-v1.avsc'), '--where', 'value.status == "PAID"'], { env: live() });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(lines(run).length, paid, run.stdout);
    for (const line of lines(run)) assert.equal((line.value as { status: string }).status, 'PAID');
    assert.match(run.stderr.trim().split('\n').at(-1) ?? '', new RegExp(`scanned ${avro.length + 1} records in 1 partition, ${paid} match`));
  });

  test('replay --value-schema order-v1.proto --value-message: records Google Protobuf wrote, in the proto3 JSON mapping', async () => {
    const run = await ebx(['replay', protoTopic, '--partition', '0', '--from-beginning', '--value-schema', join(SCHEMAS, 'order-v1.proto'), '--value-message', 'ebx.fixtures.v1.Order'], { env: live() });
    assert.equal(run.code, 0, run.stderr);
    const got = lines(run);
    assert.equal(got.length, proto.length);
    got.forEach((line, i) => {
      assert.equal(line.valueError, undefined, line.valueError);
      assert.deepEqual(instants(line.value), asOurJson(proto[i].written), proto[i].file);
      assert.deepEqual(line.valueSchema, { format: 'protobuf', id: proto[i].wire === 'confluent' ? 3 : null, name: 'ebx.fixtures.v1.Order' });
    });
  });

  test('produce --value-schema: JSON lines encoded with the schema read back as written; a line that does not fit refuses the whole input', async () => {
    const topic = await topicWith(session, 'cli-formats-produce', 1);
    const values = avro.filter((f) => f.wire === 'raw').map((f) => asOurJson(f.written));
    const schema = join(SCHEMAS, 'order-v1.avsc');
    const sent = await ebx(['produce', topic, '--value-schema', schema], { env: live(), input: `${values.map((v) => JSON.stringify(v)).join('\n')}\n` });
    assert.equal(sent.code, 0, sent.stderr);
    assert.match(sent.stdout, new RegExp(`produced ${values.length} records`));
    const read = await ebx(['replay', topic, '--partition', '0', '--from-beginning', '--value-schema', schema], { env: live() });
    assert.deepEqual(lines(read).map((l) => instants(l.value)), values);

    const wrong = { ...(values[0] as object), lines: [{ sku: 'A-1', qty: 'two' }] };
    const refused = await ebx(['produce', topic, '--value-schema', schema], { env: live(), input: `${JSON.stringify(values[0])}\n${JSON.stringify(wrong)}\n` });
    assert.equal(refused.code, USAGE, refused.stderr);
    assertOneCleanLine(refused, /^ebx: line 2 does not fit avro ebx\.fixtures\.Order, raw \(no wire-format header\): .*qty.* Nothing was produced\.$/);
    const after = await ebx(['replay', topic, '--partition', '0', '--from-beginning', '--value-schema', schema], { env: live() });
    assert.equal(lines(after).length, values.length, 'nothing of the refused input was produced');
  });

  test('one value nested 20,000 levels deep among good ones: shown as its bytes with a sentence, and the read goes on (replay, search)', { timeout: 60_000 }, async () => {
    // Before issue 39: nothing printed, exit 1, "Maximum call stack size exceeded" (the good records lost with it).
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const topic = await topicWith(session, 'cli-formats-deep', 1, [{ value: '{"n":1}' }, { value: deep }, { value: '{"n":3}' }]);
    const tooDeep = 'it is nested more than 1,000 levels deep, too deep to show.';
    const expected = [
      [0, { n: 1 }, undefined],
      [1, { base64: Buffer.from(deep).toString('base64') }, tooDeep],
      [2, { n: 3 }, undefined],
    ];
    const replay = await ebx(['replay', topic, '--partition', '0', '--from-beginning', '--value-format', 'json'], { env: live(), timeoutMs: 50_000 });
    assert.equal(replay.code, 0, replay.stderr);
    assert.deepEqual(lines(replay).map((l) => [l.offset, l.value, l.valueError]), expected);
    const search = await ebx(['search', topic, '--value-format', 'json', '--where', 'offset >= 0'], { env: live(), timeoutMs: 50_000 });
    assert.equal(search.code, 0, search.stderr);
    assert.deepEqual(lines(search).map((l) => [l.offset, l.value, l.valueError]), expected);
  });
});
