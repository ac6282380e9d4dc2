// The harness the Avro / Protobuf / JSON Schema work tests against (issue 23, "Proof"): a real
// schema registry (Apicurio Registry, scripts/schema-registry.mjs) answering the Confluent API, and
// records written by Apache Avro's and Google's Protobuf libraries (test/fixtures/records). The
// `registry` tier runs this only when named: `npm test -- registry` (a cold build takes minutes).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { OwnRegistry, ROOT, registryCall, startOwnRegistry, stopOwnRegistry } from '../support/schemaRegistry';

const FIXTURES = join(ROOT, 'test/fixtures/records');
const schemaText = (name: string) => readFileSync(join(FIXTURES, 'schemas', name), 'utf8');

interface FixtureRecord {
  file: string;
  format: 'avro' | 'protobuf';
  schema: string;
  wire: 'raw' | 'confluent';
  schemaId?: number;
  messageIndexes?: number[];
  headerHex?: string;
}
const expected = JSON.parse(readFileSync(join(FIXTURES, 'expected.json'), 'utf8')) as {
  schemas: Record<string, { id: number }>;
  records: FixtureRecord[];
};

/** Reads one zigzag varint at `at` (Confluent's encoding of the Protobuf message indexes). */
function zigzagAt(bytes: Buffer, at: number): [value: number, next: number] {
  let shift = 0;
  let z = 0;
  for (;;) {
    const b = bytes[at++];
    z += (b & 0x7f) * 2 ** shift;
    if (b < 0x80) break;
    shift += 7;
  }
  return [z % 2 === 0 ? z / 2 : -(z + 1) / 2, at];
}

describe('a real schema registry: the Confluent API of Apicurio Registry', () => {
  let registry: OwnRegistry | undefined;
  before(async () => {
    registry = await startOwnRegistry();
    console.log(`registry answered after ${registry.startMs} ms at ${registry.url}`);
  });
  after(() => stopOwnRegistry(registry));

  test('registers an Avro schema and reads it back by id and by subject/version', async () => {
    const r = registry!;
    const v1 = await registryCall(r, '/subjects/orders-avro-value/versions', { schema: schemaText('order-v1.avsc') });
    assert.equal(v1.status, 200, JSON.stringify(v1.body));
    const id = v1.body.id as number;
    assert.ok(Number.isInteger(id) && id > 0, JSON.stringify(v1.body));

    const byId = await registryCall(r, `/schemas/ids/${id}`);
    assert.equal(byId.status, 200);
    assert.deepEqual(JSON.parse(byId.body.schema as string), JSON.parse(schemaText('order-v1.avsc')));

    const byVersion = await registryCall(r, '/subjects/orders-avro-value/versions/1');
    assert.equal(byVersion.status, 200);
    assert.equal(byVersion.body.id, id);
    assert.equal(byVersion.body.subject, 'orders-avro-value');
    assert.equal(byVersion.body.version, 1);

    // The evolved schema is the subject's second version, under a new id.
    const v2 = await registryCall(r, '/subjects/orders-avro-value/versions', { schema: schemaText('order-v2.avsc') });
    assert.equal(v2.status, 200, JSON.stringify(v2.body));
    assert.notEqual(v2.body.id, id);
    const latest = await registryCall(r, '/subjects/orders-avro-value/versions/latest');
    assert.equal(latest.body.version, 2);
    assert.equal(latest.body.id, v2.body.id);
  });

  test('registers a Protobuf schema and reads it back by id and by subject/version, typed PROTOBUF', async () => {
    const r = registry!;
    const text = schemaText('order-v1.proto');
    const v1 = await registryCall(r, '/subjects/orders-proto-value/versions', { schemaType: 'PROTOBUF', schema: text });
    assert.equal(v1.status, 200, JSON.stringify(v1.body));
    const id = v1.body.id as number;

    const byId = await registryCall(r, `/schemas/ids/${id}`);
    assert.equal(byId.status, 200);
    assert.equal(byId.body.schema, text);
    assert.equal(byId.body.schemaType, 'PROTOBUF');

    const byVersion = await registryCall(r, '/subjects/orders-proto-value/versions/1');
    assert.equal(byVersion.body.id, id);
    assert.equal(byVersion.body.schemaType, 'PROTOBUF');
    const subjects = await registryCall(r, '/subjects');
    assert.ok((subjects.body as unknown as string[]).includes('orders-proto-value'), JSON.stringify(subjects.body));
  });

  test('answers the errors a client must show: an id it lacks, a schema that does not parse', async () => {
    const r = registry!;
    const missing = await registryCall(r, '/schemas/ids/987654');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error_code, 40403);
    const bad = await registryCall(r, '/subjects/broken-value/versions', { schema: '{"type": "record", "name": ' });
    assert.ok(bad.status >= 400 && bad.status < 500, `${bad.status} ${JSON.stringify(bad.body)}`);
    assert.equal(typeof bad.body.message, 'string');
  });
});

describe('records written by other implementations (test/fixtures/records)', () => {
  test('generate.py, run again with Apache Avro and Google Protobuf, writes exactly the committed files', () => {
    const out = mkdtempSync(join(tmpdir(), 'ebx-fixtures-'));
    try {
      execFileSync('/usr/bin/python3', [join(FIXTURES, 'generate.py'), out], { stdio: ['ignore', 'ignore', 'inherit'] });
      for (const kind of ['avro', 'protobuf']) {
        const files = readdirSync(join(out, kind)).sort();
        assert.deepEqual(files, readdirSync(join(FIXTURES, kind)).sort(), kind);
        for (const f of files) assert.ok(readFileSync(join(out, kind, f)).equals(readFileSync(join(FIXTURES, kind, f))), `${kind}/${f}`);
      }
      assert.deepEqual(JSON.parse(readFileSync(join(out, 'expected.json'), 'utf8')), expected);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  test('every Confluent-format file is magic byte 0, its schema id, its message indexes, then the raw payload', () => {
    const confluent = expected.records.filter((r) => r.wire === 'confluent');
    assert.ok(confluent.filter((r) => r.format === 'avro').length >= 6 && confluent.filter((r) => r.format === 'protobuf').length >= 10);
    for (const rec of confluent) {
      const bytes = readFileSync(join(FIXTURES, rec.file));
      const raw = readFileSync(join(FIXTURES, rec.file.replace('.confluent.bin', '.raw.bin')));
      assert.equal(bytes[0], 0, `${rec.file}: magic byte`);
      assert.equal(bytes.readUInt32BE(1), expected.schemas[rec.schema].id, `${rec.file}: schema id`);
      assert.equal(rec.schemaId, expected.schemas[rec.schema].id);
      let at = 5;
      if (rec.format === 'protobuf') {
        const [count, next] = zigzagAt(bytes, at);
        at = next;
        // [0] is written as the single byte 0 (a count of 0 means "the first message").
        const indexes: number[] = [];
        for (let i = 0; i < count; i++) {
          const [index, following] = zigzagAt(bytes, at);
          indexes.push(index);
          at = following;
        }
        assert.deepEqual(count === 0 ? [0] : indexes, rec.messageIndexes, `${rec.file}: message indexes`);
      }
      assert.equal(bytes.subarray(0, at).toString('hex'), rec.headerHex, `${rec.file}: header`);
      assert.ok(bytes.subarray(at).equals(raw), `${rec.file}: the payload after the header is the raw file`);
    }
  });
});
