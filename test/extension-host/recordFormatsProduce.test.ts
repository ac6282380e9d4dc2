// Producing and the agent tools with record formats (issue 23, items 3 and 4), inside a real VS Code
// extension host against the live broker: eventBroker.recordFormats names the workspace's .avsc for
// a topic; Produce Test Event… takes JSON and writes it with that schema (read back from the broker
// and decoded); input that does not fit is refused in the input box and nothing is produced (the
// topic's end offset stays put); ebx_readRecords through vscode.lm.invokeTool shows decoded values
// and its `where` sees decoded fields; ebx_produceRecord encodes with the schema. With a REAL schema
// registry (started by this file) on a connection, the same command writes the wire format under
// the subject's id, and the tool reads it back decoded.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { openSession, topicWith } from '../support/kafkaFixtures';
import { startOwnRegistry, stopOwnRegistry, ROOT, type OwnRegistry } from '../support/schemaRegistry';
import type { KafkaSession } from '../../src/core/session';
import type { RawRecord } from '../../src/core/clusterAccess';
import { replayFromBatches } from '../../src/core/replay';
import { describePartitions } from '../../src/core/topics/listTopics';
import { loadSchemaFile } from '../../src/core/formats/schemaFiles';
import { readWireFormat } from '../../src/core/formats/wireFormat';
import { SchemaRegistryClient } from '../../src/core/schemaRegistry/registryClient';
import { toolNamed } from '../../src/core/tools/toolList';
import type { CommandFailure } from '../../src/extension/runCommand';
import type { ReplayResult } from '../../src/extension/commands/replayPartition';
import { BrokerLanguageModelTool } from '../../src/extension/tools/brokerLanguageModelTool';
import { extensionToolContext } from '../../src/extension/tools/extensionToolContext';
import { ScriptedPrompter } from './scriptedPrompter';
import { extensionApi, findRow, withPrompter } from './extensionApi';

const ENV_CONNECTION = `KAFKA_BOOTSTRAP (${process.env.KAFKA_BOOTSTRAP})`;
const FIXTURES = path.join(ROOT, 'test/fixtures/records');
/** As the workspace (a copy of test/fixtures) names it in settings. */
const WORKSPACE_SCHEMA = 'records/schemas/order-v1.avsc';
const SCHEMA_FILE = path.join(FIXTURES, 'schemas/order-v1.avsc');
const codec = loadSchemaFile(SCHEMA_FILE);
const SCHEMA_LABEL = { format: 'avro', id: null, name: 'ebx.fixtures.Order' };

/** The raw payloads Apache Avro wrote with order-v1.avsc, and what our codec reads them as (what a person types back). */
const rawPayloads = (JSON.parse(fs.readFileSync(path.join(FIXTURES, 'expected.json'), 'utf8')) as { records: { file: string; format: string; schema: string; wire: string }[] }).records
  .filter((r) => r.format === 'avro' && r.schema === 'order-v1.avsc' && r.wire === 'raw')
  .map((r) => fs.readFileSync(path.join(FIXTURES, r.file)));
const orders = rawPayloads.map((p) => codec.decode(p));

type ToolLine = { offset: number; key: unknown; value: unknown; valueSchema?: unknown; valueError?: string };

async function invoke(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token);
  return textOf(result);
}

function textOf(result: vscode.LanguageModelToolResult): string {
  const part = result.content[0];
  assert.ok(part instanceof vscode.LanguageModelTextPart);
  return part.value;
}

const recordLines = (text: string): ToolLine[] =>
  text
    .split('\n')
    .slice(1)
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as ToolLine);

/** Every record of partition 0, as the broker holds it. */
async function partitionRecords(session: KafkaSession, topic: string): Promise<RawRecord[]> {
  const records: RawRecord[] = [];
  for await (const batch of replayFromBatches(session, { topic, starts: [{ partition: 0, offset: 0 }] })) records.push(...batch.records);
  return records;
}

async function endOffset(session: KafkaSession, topic: string): Promise<number> {
  return (await describePartitions(session, topic))[0].high;
}

async function topicRow(connectionLabel: string | RegExp, topic: string) {
  const api = await extensionApi();
  api.explorer.refresh();
  const connection = await findRow(api, undefined, connectionLabel);
  const topics = await findRow(api, connection.node, /^Topics/);
  return findRow(api, topics.node, topic);
}

async function setRecordFormats(rules: object[] | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('eventBroker').update('recordFormats', rules, vscode.ConfigurationTarget.Global);
}

suite('record formats: Produce Test Event… and the agent tools with a workspace .avsc', () => {
  let session: KafkaSession;
  let produceTopic: string;
  let readTopic: string;

  suiteSetup(async () => {
    assert.ok(orders.length >= 2, 'the fixtures have raw Avro records');
    session = openSession({ timeoutMs: 30_000 });
    produceTopic = await topicWith(session, 'fmt-produce', 1);
    // Apache Avro's payloads as they are, then one value that is not Avro at all.
    readTopic = await topicWith(session, 'fmt-read', 1, [
      ...rawPayloads.map((value, i) => ({ partition: 0, key: `order-${i}`, value })),
      { partition: 0, key: 'not-avro', value: 'plain text, not Avro' },
    ]);
    await setRecordFormats([
      { topic: produceTopic, valueFormat: 'avro', valueSchema: WORKSPACE_SCHEMA },
      { topic: readTopic, valueSchema: WORKSPACE_SCHEMA },
    ]);
  });
  suiteTeardown(async () => {
    await setRecordFormats(undefined);
    await session?.close();
  });

  test('Produce Test Event…: the value box takes JSON for the schema, and the record on the broker decodes to what was typed', async () => {
    const api = await extensionApi();
    const row = await topicRow(/^KAFKA_BOOTSTRAP/, produceTopic);
    const typed = JSON.stringify(orders[0]);
    const prompter = new ScriptedPrompter([{ input: typed }, { input: 'order-key' }]);
    await withPrompter(api, prompter, () => vscode.commands.executeCommand('eventBroker.produceTestEvent', row.node));
    assert.equal(prompter.asked[0].prompt, 'JSON, encoded as avro ebx.fixtures.Order, raw, no wire-format header');
    assert.equal(prompter.asked[0].validation, undefined, 'the typed order fits the schema');
    const [record] = await partitionRecords(session, produceTopic);
    assert.equal(record.key?.toString(), 'order-key', 'a key without a format goes as typed');
    assert.notEqual(record.value![0], 0, 'a raw payload, no wire-format header: it starts with the id string\'s length');
    assert.deepEqual(codec.decode(record.value!), orders[0], 'the bytes on the broker read back as what was typed');
  });

  test('Produce Test Event…: bad JSON and a value that does not fit are refused in the box, and nothing is produced', async () => {
    const api = await extensionApi();
    const row = await topicRow(/^KAFKA_BOOTSTRAP/, produceTopic);
    const before = await endOffset(session, produceTopic);
    const failures: CommandFailure[] = [];
    const listening = api.commandFailures((f) => failures.push(f));
    try {
      const notJson = new ScriptedPrompter([{ input: '{"id": "order-1", ' }]);
      await withPrompter(api, notJson, () => vscode.commands.executeCommand('eventBroker.produceTestEvent', row.node));
      assert.match(notJson.asked[0].validation ?? '', /^the value is not JSON \(.+\)\.$/);

      const wrong = JSON.stringify({ ...(orders[0] as object), lines: [{ sku: 'A-1', qty: 'two' }] });
      const unfit = new ScriptedPrompter([{ input: wrong }]);
      await withPrompter(api, unfit, () => vscode.commands.executeCommand('eventBroker.produceTestEvent', row.node));
      assert.match(unfit.asked[0].validation ?? '', /^field lines\[0\]\.qty: .*"two".*\.$/, 'the schema\'s own complaint, as the box\'s message');
      assert.equal(unfit.answersLeft, 0);
      assert.equal(unfit.asked.length, 1, 'no key is asked for a value that is refused');
    } finally {
      listening.dispose();
    }
    assert.deepEqual(
      failures.map((f) => [f.command, f.expected]),
      [
        ['eventBroker.produceTestEvent', true],
        ['eventBroker.produceTestEvent', true],
      ],
    );
    assert.match(failures[1].sentence, /^The value does not fit avro ebx\.fixtures\.Order, raw, no wire-format header: field lines\[0\]\.qty: .* Nothing was produced\.$/);
    assert.equal(await endOffset(session, produceTopic), before, 'the topic\'s end offset did not move');
  });

  test('ebx_readRecords through vscode.lm.invokeTool: decoded values with their schema; one that does not decode keeps its bytes and says why; where sees decoded fields', async () => {
    const text = await invoke('ebx_readRecords', { connection: ENV_CONNECTION, topic: readTopic, fromBeginning: true });
    const got = recordLines(text);
    assert.equal(got.length, orders.length + 1, text);
    got.slice(0, orders.length).forEach((line, i) => {
      assert.deepEqual(line.value, JSON.parse(JSON.stringify(orders[i])), `order-${i}`);
      assert.deepEqual(line.valueSchema, SCHEMA_LABEL);
      assert.equal(line.key, `order-${i}`);
    });
    const bad = got[orders.length];
    assert.match(bad.value as string, /^<binary, 20 bytes, base64 prefix /);
    assert.match(bad.valueError ?? '', /^[^\n]+\.$/);
    assert.equal(bad.valueSchema, undefined);

    const status = (orders[0] as { status: string }).status;
    const want = orders.filter((o) => (o as { status: string }).status === status).length;
    const where = recordLines(await invoke('ebx_readRecords', { connection: ENV_CONNECTION, topic: readTopic, fromBeginning: true, where: `value.status == ${JSON.stringify(status)}` }));
    assert.equal(where.length, want);
    assert.ok(where.every((l) => (l.value as { status: string }).status === status));
  });

  test('ebx_produceRecord: JSON encoded with the topic\'s schema, the plan naming the encoding; a value that does not fit is refused with nothing produced', async () => {
    const api = await extensionApi();
    const tool = new BrokerLanguageModelTool(toolNamed('ebx_produceRecord')!, extensionToolContext(api.store, () => [], api.formats));
    const token = new vscode.CancellationTokenSource().token;
    const before = await endOffset(session, produceTopic);

    const wrong = { connection: ENV_CONNECTION, topic: produceTopic, value: JSON.stringify({ id: 'x' }) };
    const refused = await tool.prepareInvocation({ input: wrong }, token);
    assert.equal(refused.confirmationMessages, undefined, 'nothing to confirm');
    const why = textOf(await tool.invoke({ input: wrong, toolInvocationToken: undefined }, token));
    assert.match(why, /^The value does not fit avro ebx\.fixtures\.Order, raw, no wire-format header: .+ Nothing was produced\.$/);
    assert.equal(await endOffset(session, produceTopic), before);

    const input = { connection: ENV_CONNECTION, topic: produceTopic, value: JSON.stringify(orders[1]) };
    const prepared = await tool.prepareInvocation({ input }, token);
    const plan = (prepared.confirmationMessages!.message as vscode.MarkdownString).value;
    assert.match(plan, /\nvalue encoded as avro ebx\.fixtures\.Order, raw, no wire-format header \(\d+ bytes\)\n/);
    assert.equal(textOf(await tool.invoke({ input, toolInvocationToken: undefined }, token)), `Produced 1 record to ${produceTopic}.`);
    const records = await partitionRecords(session, produceTopic);
    assert.deepEqual(codec.decode(records.at(-1)!.value!), orders[1]);
  });
});

suite('record formats with a real schema registry on the connection', () => {
  const CONNECTION = 'fmt-registry';
  let registry: OwnRegistry | undefined;
  let session: KafkaSession;
  let topic: string;
  let id: number;
  let savedConnections: unknown;

  suiteSetup(async function () {
    // The registry is built on first use (minutes with a cold cache), then starts in seconds.
    this.timeout(20 * 60_000);
    registry = await startOwnRegistry();
    session = openSession({ timeoutMs: 30_000 });
    topic = await topicWith(session, 'fmt-registry', 1);
    id = await new SchemaRegistryClient({ url: registry.url, timeoutMs: 30_000 }).register(`${topic}-value`, fs.readFileSync(SCHEMA_FILE, 'utf8'), 'AVRO');
    const config = vscode.workspace.getConfiguration('eventBroker');
    savedConnections = config.inspect('connections')?.globalValue;
    await config.update('connections', [{ name: CONNECTION, bootstrap: process.env.KAFKA_BOOTSTRAP, schemaRegistry: { url: registry.url } }], vscode.ConfigurationTarget.Global);
    // Avro from the registry: no workspace file, the subject's latest schema.
    await setRecordFormats([{ topic, connection: CONNECTION, valueFormat: 'avro' }]);
  });
  suiteTeardown(async function () {
    this.timeout(120_000);
    await setRecordFormats(undefined);
    await vscode.workspace.getConfiguration('eventBroker').update('connections', savedConnections, vscode.ConfigurationTarget.Global);
    await session?.close();
    await stopOwnRegistry(registry);
  });

  test('Produce Test Event… writes the wire format under the subject\'s schema id; read back decoded, by the broker\'s bytes and by ebx_readRecords', async () => {
    const api = await extensionApi();
    const row = await topicRow(CONNECTION, topic);
    const prompter = new ScriptedPrompter([{ input: JSON.stringify(orders[0]) }, { input: '' }]);
    await withPrompter(api, prompter, () => vscode.commands.executeCommand('eventBroker.produceTestEvent', row.node));
    assert.equal(prompter.asked[0].prompt, `JSON, encoded as avro ebx.fixtures.Order, schema id ${id} in the wire format`);
    const [record] = await partitionRecords(session, topic);
    assert.equal(record.key, null, 'an empty key is no key');
    const wire = readWireFormat(record.value!, 'avro')!;
    assert.equal(wire.schemaId, id);
    assert.deepEqual(codec.decode(wire.payload), orders[0]);

    const [line] = recordLines(await invoke('ebx_readRecords', { connection: CONNECTION, topic, fromBeginning: true }));
    assert.deepEqual(line.value, JSON.parse(JSON.stringify(orders[0])));
    assert.deepEqual(line.valueSchema, { format: 'avro', id, name: 'ebx.fixtures.Order' });
  });

  test('ebx_produceRecord through the registry: the plan names the schema id; the record reads back decoded', async () => {
    const api = await extensionApi();
    const tool = new BrokerLanguageModelTool(toolNamed('ebx_produceRecord')!, extensionToolContext(api.store, () => [], api.formats));
    const token = new vscode.CancellationTokenSource().token;
    const input = { connection: CONNECTION, topic, key: 'agent', value: JSON.stringify(orders[1]) };
    const plan = (await tool.prepareInvocation({ input }, token)).confirmationMessages!.message as vscode.MarkdownString;
    assert.match(plan.value, new RegExp(`\\nvalue encoded as avro ebx\\.fixtures\\.Order, schema id ${id} in the wire format \\(\\d+ bytes\\)\\n`));
    assert.equal(textOf(await tool.invoke({ input, toolInvocationToken: undefined }, token)), `Produced 1 record to ${topic}.`);
    const lines = recordLines(await invoke('ebx_readRecords', { connection: CONNECTION, topic, key: 'agent', fromBeginning: true }));
    assert.equal(lines.length, 1);
    assert.deepEqual(lines[0].value, JSON.parse(JSON.stringify(orders[1])));
    assert.deepEqual(lines[0].valueSchema, { format: 'avro', id, name: 'ebx.fixtures.Order' });
  });

  test('a rule\'s subjectStrategy: Produce Test Event… looks the workspace schema up under TOPIC-<its full name> and writes that id', async () => {
    const api = await extensionApi();
    const other = await topicWith(session, 'fmt-registry-strategy', 1);
    const otherId = await new SchemaRegistryClient({ url: registry!.url, timeoutMs: 30_000 }).register(`${other}-ebx.fixtures.Order`, fs.readFileSync(SCHEMA_FILE, 'utf8'), 'AVRO');
    await setRecordFormats([
      { topic: other, connection: CONNECTION, valueSchema: SCHEMA_FILE, subjectStrategy: 'topic-record' },
      { topic, connection: CONNECTION, valueFormat: 'avro' },
    ]);
    try {
      const row = await topicRow(CONNECTION, other);
      const prompter = new ScriptedPrompter([{ input: JSON.stringify(orders[0]) }, { input: '' }]);
      await withPrompter(api, prompter, () => vscode.commands.executeCommand('eventBroker.produceTestEvent', row.node));
      assert.equal(prompter.asked[0].prompt, `JSON, encoded as avro ebx.fixtures.Order, schema id ${otherId} in the wire format`);
      const [record] = await partitionRecords(session, other);
      assert.equal(readWireFormat(record.value!, 'avro')!.schemaId, otherId);
    } finally {
      await setRecordFormats([{ topic, connection: CONNECTION, valueFormat: 'avro' }]);
    }
  });

  test('the viewer\'s Produce to… copies the bytes as they are: the plan says so, names the schema id they keep and warns of a target read another way', async () => {
    const api = await extensionApi();
    const source = await partitionRecords(session, topic);
    assert.ok(source.length >= 1, 'the tests above produced to the topic');
    const target = await topicWith(session, 'fmt-registry-copy', 1);
    const partition = await findRow(api, (await topicRow(CONNECTION, topic)).node, 'Partition 0');
    const { viewer } = await withPrompter(api, new ScriptedPrompter([{ pick: 'Beginning' }]), () => vscode.commands.executeCommand<ReplayResult>('eventBroker.replayPartition', partition.node));
    const prompter = new ScriptedPrompter([{ pick: target }, { confirm: true }]);
    await withPrompter(api, prompter, () => viewer!.handle({ type: 'produce', rows: 'loaded' }));
    const detail = prompter.asked[1].detail ?? '';
    assert.match(detail, new RegExp(`\\nKeys and values are copied as their bytes, not re-encoded \\(${topic} is read as value: avro\\)\\.\\n`));
    const many = source.length === 1 ? '1 value is' : `${source.length} values are`;
    assert.ok(detail.includes(`\n${many} in the Confluent wire format and keep${source.length === 1 ? 's' : ''} schema id ${id}: readers of ${target} need the same schema registry.`), detail);
    assert.ok(detail.endsWith(`\nWarning: ${target} is read as wire format: schema registry, not as ${topic} is (value: avro): the copies may not read there as they do here.`), detail);
    const copied = await partitionRecords(session, target);
    assert.deepEqual(
      copied.map((r) => r.value),
      source.map((r) => r.value),
      'the same bytes: wire format and schema id kept, nothing re-encoded',
    );
    viewer!.dispose();
  });
});
