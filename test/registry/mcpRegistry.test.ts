// `ebx mcp` with EBX_SCHEMA_REGISTRY pointing at a REAL registry (Apicurio's Confluent API, started
// for this file) and the real broker (issue 23): ebx_readRecords, called by the MCP SDK's own client,
// shows Apache Avro's payloads — in the wire format under the id the registry gave their schema —
// decoded, with the schema id; its `where` sees the decoded fields; plain text and an id the registry
// lacks stay as they were. The registry's password (EBX_SCHEMA_REGISTRY_PASSWORD) never reaches a
// tool's answer or the server's stderr, also when the registry does not answer.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { KafkaSession } from '../../src/core/session';
import { produce } from '../../src/core/topics/produce';
import { loadSchemaFile } from '../../src/core/formats/schemaFiles';
import { writeWireFormat } from '../../src/core/formats/wireFormat';
import { SchemaRegistryClient } from '../../src/core/schemaRegistry/registryClient';
import { testBroker } from '../support/brokerEnv';
import { EBX } from '../support/ebxProcess';
import { openSession, topicWith } from '../support/kafkaFixtures';
import { ROOT, startOwnRegistry, stopOwnRegistry, type OwnRegistry } from '../support/schemaRegistry';
import { closedPort } from '../support/closedPort';

const FIXTURES = join(ROOT, 'test/fixtures/records');
const SCHEMA_FILE = join(FIXTURES, 'schemas/order-v1.avsc');
const payloads = (JSON.parse(readFileSync(join(FIXTURES, 'expected.json'), 'utf8')) as { records: { file: string; format: string; schema: string; wire: string }[] }).records
  .filter((r) => r.format === 'avro' && r.schema === 'order-v1.avsc' && r.wire === 'raw')
  .map((r) => readFileSync(join(FIXTURES, r.file)));
/** What the workspace file reads each payload as: the registry's schema must read them the same. */
const expected = payloads.map((p) => JSON.parse(JSON.stringify(loadSchemaFile(SCHEMA_FILE).decode(p))) as { status: string });
const PASSWORD = 'registry-secret-Zq7!';

type Line = { key: unknown; value: unknown; valueSchema?: { format: string; id: number | null; name: string | null }; valueError?: string };
const recordLines = (text: string): Line[] =>
  text
    .split('\n')
    .slice(1)
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Line);

describe('ebx mcp with EBX_SCHEMA_REGISTRY: decoded values from a real registry', () => {
  let registry: OwnRegistry | undefined;
  let session: KafkaSession;
  let topic: string;
  let id: number;
  const clients: Client[] = [];

  async function connect(env: NodeJS.ProcessEnv): Promise<{ client: Client; stderr: () => string }> {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [EBX, 'mcp', '--read-only'],
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', KAFKA_BOOTSTRAP: testBroker().bootstrap.join(','), ...env },
      cwd: ROOT,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    const client = new Client({ name: 'ebx-mcp-registry-test', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    return { client, stderr: () => stderr };
  }

  async function read(client: Client, args: Record<string, unknown>): Promise<string> {
    const result = await client.callTool({ name: 'ebx_readRecords', arguments: { topic, fromBeginning: true, ...args } });
    const content = result.content as { type: string; text: string }[];
    assert.equal(result.isError === true, false, content[0].text);
    return content[0].text;
  }

  before(async () => {
    registry = await startOwnRegistry();
    session = openSession();
    topic = await topicWith(session, 'registry-mcp', 1);
    id = await new SchemaRegistryClient({ url: registry.url, timeoutMs: 30_000 }).register(`${topic}-value`, readFileSync(SCHEMA_FILE, 'utf8'), 'AVRO');
    assert.ok(payloads.length >= 2, 'the fixtures have raw Avro records');
    await produce(session, topic, [
      ...payloads.map((p, i) => ({ partition: 0, key: `order-${i}`, value: writeWireFormat(id, p) })),
      { partition: 0, key: 'text', value: 'plain text' },
      { partition: 0, key: 'unknown-id', value: writeWireFormat(id + 1000, payloads[0]) },
    ]);
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    await session?.close();
    await stopOwnRegistry(registry);
  });

  test('ebx_readRecords: wire-format values decoded under their id; plain text and an unknown id as they were; where sees decoded fields; the password nowhere', async () => {
    const { client, stderr } = await connect({ EBX_SCHEMA_REGISTRY: registry!.url, EBX_SCHEMA_REGISTRY_USERNAME: 'ebx-user', EBX_SCHEMA_REGISTRY_PASSWORD: PASSWORD });
    const text = await read(client, {});
    const lines = recordLines(text);
    assert.equal(lines.length, payloads.length + 2, text);
    lines.slice(0, payloads.length).forEach((line, i) => {
      assert.deepEqual(line.value, expected[i], `order-${i}`);
      assert.deepEqual(line.valueSchema, { format: 'avro', id, name: 'ebx.fixtures.Order' });
    });
    const [plain, unknown] = lines.slice(payloads.length);
    assert.equal(plain.value, 'plain text');
    assert.equal(plain.valueSchema, undefined);
    assert.match(unknown.value as string, /^<binary, \d+ bytes, base64 prefix /, 'auto: an id the registry lacks may only look like the wire format');
    assert.equal(unknown.valueError, undefined);

    const status = expected[0].status;
    const where = recordLines(await read(client, { where: `value.status == ${JSON.stringify(status)}` }));
    assert.equal(where.length, expected.filter((v) => v.status === status).length);
    assert.ok(!text.includes(PASSWORD) && !stderr().includes(PASSWORD), 'the registry password is in no answer and no log');
  });

  test('without EBX_SCHEMA_REGISTRY the same records are bytes; with a registry that does not answer, each wire-format record says so, stderr once, the password nowhere', async () => {
    const plain = recordLines(await read((await connect({})).client, {}));
    assert.match(plain[0].value as string, /^<binary, /);
    assert.equal(plain[0].valueSchema, undefined);

    const down = `http://ebx-user:${PASSWORD}@127.0.0.1:${await closedPort()}/apis/ccompat/v7`;
    const { client, stderr } = await connect({ EBX_SCHEMA_REGISTRY: down, EBX_SCHEMA_REGISTRY_USERNAME: 'ebx-user', EBX_SCHEMA_REGISTRY_PASSWORD: PASSWORD });
    const text = await read(client, {});
    const lines = recordLines(text);
    assert.equal(lines.length, payloads.length + 2, 'every record is still shown');
    // Each wire-format record keeps its bytes and says why; plain text stays text; stderr says it once.
    assert.match(lines[0].value as string, /^<binary, /);
    assert.match(lines[0].valueError ?? '', /^the schema registry at 127\.0\.0\.1:\d+ does not answer \(connection refused\)/);
    assert.equal(lines[payloads.length].value, 'plain text');
    const told = stderr().split('\n').filter((l) => /does not answer/.test(l));
    assert.equal(told.length, 1, stderr());
    assert.ok(!text.includes(PASSWORD) && !stderr().includes(PASSWORD), 'the password is in no answer and no log');
  });
});
