// `ebx mcp` as an agent outside VS Code meets it: the built bin/ebx.js spawned by the MCP SDK's own
// client over stdio (StdioClientTransport). It lists the tools package.json declares, with the same
// descriptions and schemas; a call answers the same text as the core handler for the same input;
// a changing tool asks through elicitation with its exact plan (and changes nothing without it);
// under --read-only the changing tools do not exist. Reading creates no consumer group.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CallToolResultSchema, ElicitRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { openSession, topicWith, uniqueName } from '../support/kafkaFixtures';
import { testBroker } from '../support/brokerEnv';
import { cleanEnv, EBX, exited, ROOT } from '../support/ebxProcess';
import type { KafkaSession } from '../../src/core/session';
import { describeGroup } from '../../src/core/groups/describeGroup';
import { listGroups } from '../../src/core/groups/listGroups';
import { describePartitions } from '../../src/core/topics/listTopics';
import { cliToolContext } from '../../src/cli/actions/mcp';
import { toolNamed } from '../../src/core/tools/toolList';
import { runReadingTool } from '../../src/core/tools/toolRunner';
import type { GlobalOptions } from '../../src/cli/globalOptions';
import { kafkaTopicConfigAll, kafkaTopicDescription, kafkaTopicNames, kafkaTopicOverrides } from '../support/kafkaAdminTools';

interface ContributedTool {
  name: string;
  modelDescription: string;
  displayName: string;
  inputSchema: unknown;
}
const declared = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { contributes: { languageModelTools: ContributedTool[] } }).contributes.languageModelTools;
const TOPIC_TOOLS = ['ebx_createTopic', 'ebx_alterTopicConfig', 'ebx_deleteTopic'];
const CHANGING = ['ebx_deleteGroups', 'ebx_resetOffsets', 'ebx_produceRecord', ...TOPIC_TOOLS];
const bootstrap = () => testBroker().bootstrap.join(',');

let session: KafkaSession;
let topic: string;
let caughtUpGroup: string;
const clients: Client[] = [];

async function connect(args: string[] = [], options: { elicit?: (message: string) => boolean; env?: NodeJS.ProcessEnv } = {}): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [EBX, 'mcp', ...args],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', KAFKA_BOOTSTRAP: testBroker().bootstrap.join(','), ...options.env },
    cwd: ROOT,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  const client = new Client({ name: 'ebx-mcp-test', version: '1.0.0' }, { capabilities: options.elicit ? { elicitation: {} } : {} });
  if (options.elicit) {
    const answer = options.elicit;
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      const yes = answer(request.params.message);
      return yes ? { action: 'accept', content: { confirm: true } } : { action: 'decline' };
    });
  }
  await client.connect(transport);
  clients.push(client);
  return { client, stderr: () => stderr };
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<{ text: string; isError: boolean }> {
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as { type: string; text: string }[];
  assert.equal(content.length, 1);
  assert.equal(content[0].type, 'text');
  return { text: content[0].text, isError: result.isError === true };
}

async function groupIds(): Promise<string[]> {
  return (await listGroups(session, 'kafka')).groups.map((g) => g.groupId).sort();
}

/** Groups that appeared since `before` and touch `topic` (commits or assignments): what a leaking reader would leave. */
async function groupsOnTopicSince(before: string[]): Promise<string[]> {
  const added = (await groupIds()).filter((g) => !before.includes(g));
  const touching = await Promise.all(
    added.map(async (g) => {
      // The broker may be shared with other test runs: their groups are on their own topics.
      const detail = await describeGroup(session, g).catch(() => undefined);
      return detail?.offsets.some((o) => o.topic === topic) ? [g] : [];
    }),
  );
  return touching.flat();
}

before(async () => {
  session = openSession();
  topic = await topicWith(session, 'mcp', 3, Array.from({ length: 12 }, (_, i) => ({ key: `k${i}`, value: `{"order":${i}}`, partition: i % 3 })));
  // A group that read everything (committed at each end): its time lag is "caught up", the same at any moment.
  caughtUpGroup = uniqueName('mcp-caught-up');
  const ends = await describePartitions(session, topic);
  await session.cluster().commitOffsets(caughtUpGroup, ends.map((p) => ({ topic, partition: p.partition, offset: p.high })));
});

after(async () => {
  for (const client of clients) await client.close().catch(() => undefined);
  await session?.close();
});

test('tools/list: exactly the tools package.json declares, with the same descriptions and schemas', async () => {
  const { client, stderr } = await connect();
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name), declared.map((t) => t.name));
  for (const tool of tools) {
    const manifest = declared.find((t) => t.name === tool.name)!;
    assert.equal(tool.description, manifest.modelDescription, tool.name);
    assert.equal(tool.title, manifest.displayName, tool.name);
    assert.deepEqual(tool.inputSchema, manifest.inputSchema, tool.name);
    assert.equal(tool.annotations?.readOnlyHint, !CHANGING.includes(tool.name), tool.name);
  }
  for (const name of TOPIC_TOOLS) assert.ok(tools.some((t) => t.name === name && t.annotations?.destructiveHint === true), `${name} is offered, as a changing tool`);
  assert.match(stderr(), /ebx mcp: serving 15 tools on stdio/, 'logs go to stderr (stdout carries only the protocol)');
});

test('a call answers the same text as the core handler for the same input', async () => {
  const { client } = await connect();
  const globals = { bootstrap: testBroker().bootstrap.join(','), profile: 'vast', timeout: 15 } as GlobalOptions;
  const core = cliToolContext(globals, false);
  try {
    const inputs: [string, Record<string, unknown>][] = [
      ['ebx_listTopics', { filter: topic }],
      ['ebx_describeTopic', { topic }],
      ['ebx_readRecords', { topic, partition: 1, fromOffset: 0, maxRecords: 3 }],
      ['ebx_readRecords', { topic, fromBeginning: true, maxRecords: 50, valueContains: '"order":7' }],
      ['ebx_offsetsForTime', { topic, time: '0' }],
      ['ebx_describeGroup', { group: caughtUpGroup }],
      ['ebx_previewOffsetReset', { group: caughtUpGroup, topic, to: 'earliest' }],
      ['ebx_checkClientSettings', { text: 'partition.assignment.strategy=cooperative-sticky\n', fileName: 'consumer.properties' }],
      ['ebx_describeTopic', { topic: `${topic}-missing` }],
    ];
    for (const [name, input] of inputs) {
      const tool = toolNamed(name)!;
      assert.equal(tool.changes, false);
      const expected = await runReadingTool(tool, core.context, input, new AbortController().signal);
      const got = await call(client, name, input);
      assert.equal(got.text, expected.text, `${name} ${JSON.stringify(input)}`);
      assert.equal(got.isError, !expected.ok, name);
    }
  } finally {
    await core.close();
  }
});

test('answers carry what they promise: records group-less and bounded, lag caught up, one sentence for errors', async () => {
  const { client } = await connect();
  const records = await call(client, 'ebx_readRecords', { topic, partition: 1, fromOffset: 0, maxRecords: 3 });
  const lines = records.text.split('\n');
  assert.equal(lines[0], `3 records from ${topic} partition 1, from offset 0; read without a consumer group.`);
  const first = JSON.parse(lines[1]) as { time: string };
  assert.match(first.time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  assert.deepEqual(first, { partition: 1, offset: 0, time: first.time, key: 'k1', value: '{"order":1}' });
  assert.equal(lines.at(-1), 'More may follow: continue with fromOffset 3 (partition 1).');
  const found = await call(client, 'ebx_readRecords', { topic, fromBeginning: true, valueContains: '"order":7' });
  assert.match(found.text, /^1 record from .* \(all 3 partitions\), from the beginning, value containing "\\?"order\\?":7" \(12 scanned\)/);
  const group = await call(client, 'ebx_describeGroup', { group: caughtUpGroup });
  assert.match(group.text, new RegExp(`^Consumer group ${caughtUpGroup}: Empty, 0 members, total lag≈ 0, time lag caught up\\.`));
  const missing = await call(client, 'ebx_readRecords', { topic: `${topic}-missing` });
  assert.equal(missing.isError, true);
  assert.equal(missing.text, `Topic ${topic}-missing does not exist (or this user may not see it): check the name with ebx_listTopics; topics are never created automatically.`);
  const bad = await call(client, 'ebx_readRecords', { topic, maxRecords: 500 });
  assert.deepEqual(bad, { text: '"maxRecords" must be between 1 and 50 (got 500).', isError: true });
});

test('reading tools create no consumer group', async () => {
  const before = await groupIds();
  const { client } = await connect();
  await call(client, 'ebx_readRecords', { topic, last: 5 });
  await call(client, 'ebx_readRecords', { topic, fromTime: '-1d', where: 'value.order > 3' });
  await call(client, 'ebx_describeGroup', { group: caughtUpGroup });
  await call(client, 'ebx_previewOffsetReset', { group: caughtUpGroup, topic, to: 'shift', shift: -2 });
  await call(client, 'ebx_listGroups', {});
  assert.deepEqual(await groupsOnTopicSince(before), []);
});

test('a changing tool without a client that can ask changes nothing and shows the plan', async () => {
  const { client } = await connect();
  const before = await describePartitions(session, topic);
  const answer = await call(client, 'ebx_produceRecord', { topic, partition: 0, key: 'agent', value: 'hello' });
  assert.equal(answer.isError, true);
  assert.match(answer.text, /^Nothing was changed: this MCP client cannot ask the user to confirm \(it does not support elicitation\)\. The plan was:\nProduce 1 record to /);
  assert.match(answer.text, /value: "hello"/);
  assert.deepEqual((await describePartitions(session, topic)).map((p) => p.high), before.map((p) => p.high));
});

test('a changing tool asks with its exact plan; declined changes nothing, accepted does exactly it', async () => {
  const idle = uniqueName('mcp-idle');
  await session.cluster().commitOffsets(idle, [{ topic, partition: 0, offset: 1 }]);
  const asked: string[] = [];
  let accept = false;
  const { client } = await connect([], { elicit: (message) => (asked.push(message), accept) });
  const declined = await call(client, 'ebx_deleteGroups', { groups: [idle] });
  assert.deepEqual(declined, { text: 'Cancelled by the user: nothing was changed.', isError: true });
  assert.equal(asked[0], `Delete consumer group?\nDelete consumer group on ebx (${testBroker().bootstrap.join(',')}), with their committed offsets:\n- ${idle} (Empty)`);
  assert.ok((await groupIds()).includes(idle));
  accept = true;
  const deleted = await call(client, 'ebx_deleteGroups', { groups: [idle] });
  assert.deepEqual(deleted, { text: `1 of 1 deleted.\n${idle}: Deleted, with its committed offsets.`, isError: false });
  assert.ok(!(await groupIds()).includes(idle));
  const gone = await call(client, 'ebx_deleteGroups', { groups: [idle] });
  assert.equal(gone.text, `No consumer group ${idle} on ebx (${testBroker().bootstrap.join(',')}): nothing was deleted.`);
  const neverCreated = uniqueName('mcp-never');
  const reset = await call(client, 'ebx_resetOffsets', { group: neverCreated, topic, to: 'earliest' });
  assert.equal(reset.text, `Consumer group ${neverCreated} does not exist: this tool never creates a group, so nothing was committed.`);
  assert.ok(!(await groupIds()).includes(neverCreated));
});

test('--read-only and EBX_READ_ONLY=1: the changing tools do not exist, and calling one changes nothing', async () => {
  const idle = uniqueName('mcp-ro');
  const neverCreated = uniqueName('mcp-ro-topic');
  await session.cluster().commitOffsets(idle, [{ topic, partition: 0, offset: 1 }]);
  for (const [args, env] of [[['--read-only'], {}], [[], { EBX_READ_ONLY: '1' }]] as const) {
    const { client, stderr } = await connect([...args], { env, elicit: () => true });
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name), declared.map((t) => t.name).filter((n) => !CHANGING.includes(n)));
    const refused = await call(client, 'ebx_deleteGroups', { groups: [idle] });
    assert.deepEqual(refused, { text: 'No tool named ebx_deleteGroups: this server is read-only, so it offers no tool that changes the broker.', isError: true });
    for (const name of TOPIC_TOOLS) assert.ok(!tools.some((t) => t.name === name), `${name} is not offered read-only`);
    const create = await call(client, 'ebx_createTopic', { name: neverCreated, partitions: 1 });
    assert.deepEqual(create, { text: 'No tool named ebx_createTopic: this server is read-only, so it offers no tool that changes the broker.', isError: true });
    const remove = await call(client, 'ebx_deleteTopic', { topics: [topic] });
    assert.deepEqual(remove, { text: 'No tool named ebx_deleteTopic: this server is read-only, so it offers no tool that changes the broker.', isError: true });
    const listed = JSON.parse((await call(client, 'ebx_listConnections', {})).text) as { connections: { readOnly: boolean }[] };
    assert.equal(listed.connections[0].readOnly, true);
    assert.match(stderr(), /serving 9 tools on stdio \(read-only\)/);
  }
  assert.ok((await groupIds()).includes(idle));
  const names = await kafkaTopicNames(bootstrap());
  assert.ok(names.includes(topic) && !names.includes(neverCreated), 'kafka-topics: nothing created or deleted');
});

test('describeTopic shows the entries set on the topic, as kafka-configs reports them, and counts the rest', async () => {
  const configured = uniqueName('mcp-configured');
  await session.cluster().createTopic({ name: configured, partitions: 1, configs: { 'retention.ms': '5400000', 'cleanup.policy': 'compact' } });
  const overrides = await kafkaTopicOverrides(bootstrap(), configured);
  assert.deepEqual(Object.fromEntries(overrides), { 'cleanup.policy': 'compact', 'retention.ms': '5400000' }, 'kafka-configs: the topic has these two');
  const { client } = await connect();
  const described = await call(client, 'ebx_describeTopic', { topic: configured });
  assert.equal(described.isError, false);
  const lines = described.text.split('\n');
  const heading = lines.findIndex((l) => l.startsWith('Configuration: '));
  const counts = /^Configuration: (\d+) entr(?:y|ies) set on the topic, (\d+) entr(?:y|ies) set on the brokers, (\d+) Kafka defaults? \(not listed\)\.$/.exec(lines[heading]);
  assert.ok(counts, lines[heading]);
  assert.equal(Number(counts[1]), overrides.size);
  assert.deepEqual(lines.slice(heading + 1, heading + 3), ['cleanup.policy=compact (topic)', 'retention.ms=5400000 (topic)']);
  assert.equal(lines.length, heading + 1 + Number(counts[1]) + Number(counts[2]), 'each entry set on the topic or the brokers is one line, the defaults only counted');
  const all = await kafkaTopicConfigAll(bootstrap(), configured);
  assert.equal(Number(counts[1]) + Number(counts[2]) + Number(counts[3]), all.size, 'kafka-configs --all: every entry is listed or counted');
  for (const line of lines.slice(heading + 1)) {
    const name = line.slice(0, line.indexOf('='));
    assert.ok(all.has(name), `${line}: an entry kafka-configs knows`);
    const value = all.get(name) ?? '(hidden)';
    assert.ok(line.startsWith(`${name}=${value} (`), `${line}: the value kafka-configs reports, ${value}`);
  }
});

test('create → alter → delete a topic through MCP: each plan asked with elicitation, each change as kafka-topics and kafka-configs see it', async () => {
  const name = uniqueName('mcp-made');
  const asked: string[] = [];
  let accept = false;
  const { client } = await connect([], { elicit: (message) => (asked.push(message), accept) });
  const on = `ebx (${bootstrap()})`;

  const declined = await call(client, 'ebx_createTopic', { name, partitions: 2, configs: { 'retention.ms': '7200000' } });
  assert.deepEqual(declined, { text: 'Cancelled by the user: nothing was changed.', isError: true });
  assert.equal(
    asked.at(-1),
    [`Create topic ${name}?`, `Create a topic on ${on}:`, `topic:              ${name}`, 'partitions:         2', "replication factor: the broker's default", 'configuration:      retention.ms=7200000', "Note: VAST cannot change a topic's partition count after it is created: choose it for the most consumers you will run at once."].join('\n'),
  );
  assert.ok(!(await kafkaTopicNames(bootstrap())).includes(name), 'kafka-topics: declined, not created');

  accept = true;
  const created = await call(client, 'ebx_createTopic', { name, partitions: 2, replicationFactor: 1, configs: { 'retention.ms': '7200000' } });
  assert.deepEqual(created, { text: `Created topic ${name} with 2 partitions on ${on}.`, isError: false });
  const described = await kafkaTopicDescription(bootstrap(), name);
  assert.ok(described, 'kafka-topics knows the topic');
  assert.equal(described.partitions, 2);
  assert.equal(described.replicationFactor, 1);
  assert.equal(described.configs.get('retention.ms'), '7200000');
  assert.deepEqual(Object.fromEntries(await kafkaTopicOverrides(bootstrap(), name)), { 'retention.ms': '7200000' }, 'kafka-configs: the one entry asked for');
  const again = await call(client, 'ebx_createTopic', { name, partitions: 1 });
  assert.deepEqual(again, { text: `A topic named ${name} already exists.`, isError: true });

  const asking = asked.length;
  const altered = await call(client, 'ebx_alterTopicConfig', { topic: name, set: { 'retention.ms': '3600000', 'cleanup.policy': 'compact' } });
  assert.equal(altered.isError, false, altered.text);
  assert.equal(asked.length, asking + 1);
  assert.equal(asked.at(-1), [`Change these 2 entries of ${name}?`, `Change the configuration of ${name} on ${on}:`, 'retention.ms: 7200000 → 3600000', 'cleanup.policy: delete → compact'].join('\n'));
  assert.equal(altered.text, [`Changed 2 entries of ${name}:`, 'retention.ms: 7200000 → 3600000', 'cleanup.policy: delete → compact'].join('\n'));
  assert.deepEqual(Object.fromEntries(await kafkaTopicOverrides(bootstrap(), name)), { 'cleanup.policy': 'compact', 'retention.ms': '3600000' });

  const reset = await call(client, 'ebx_alterTopicConfig', { topic: name, reset: ['cleanup.policy'] });
  assert.equal(reset.text, [`Changed 1 entry of ${name}:`, 'cleanup.policy: compact → (default)'].join('\n'));
  assert.deepEqual(Object.fromEntries(await kafkaTopicOverrides(bootstrap(), name)), { 'retention.ms': '3600000' }, 'kafka-configs: reset, and the entry not named kept');

  const settled = asked.length;
  const nothing = await call(client, 'ebx_alterTopicConfig', { topic: name, set: { 'retention.ms': '3600000' }, reset: ['cleanup.policy'] });
  assert.deepEqual(nothing, {
    text: [`Nothing to change on ${name}: every entry is already as asked, so nothing was sent.`, 'retention.ms: already 3600000 (not sent)', 'cleanup.policy: already the default (not sent)'].join('\n'),
    isError: false,
  });
  assert.equal(asked.length, settled, 'nothing to change: nothing asked');
  const unknown = await call(client, 'ebx_alterTopicConfig', { topic: name, set: { 'no.such.entry': '1' } });
  assert.equal(unknown.isError, true);
  assert.match(unknown.text, /^VAST does not offer no\.such\.entry for topics: /);

  const group = uniqueName('mcp-made-group');
  await session.cluster().commitOffsets(group, [{ topic: name, partition: 1, offset: 0 }]);
  accept = false;
  const kept = await call(client, 'ebx_deleteTopic', { topics: [name] });
  assert.deepEqual(kept, { text: 'Cancelled by the user: nothing was changed.', isError: true });
  assert.equal(
    asked.at(-1),
    [`Delete topic ${name}?`, "Deleting a topic also deletes every group's committed offsets for it.", `Delete on ${on}, with all their events:`, `${name}: the committed offsets of 1 group go with it: ${group}`].join('\n'),
  );
  assert.ok((await kafkaTopicNames(bootstrap())).includes(name), 'kafka-topics: declined, still there');
  accept = true;
  const missing = uniqueName('mcp-missing');
  const refused = await call(client, 'ebx_deleteTopic', { topics: [name, missing] });
  assert.deepEqual(refused, { text: `There is no topic ${missing} (or this user may not see it). Nothing was deleted.`, isError: true });
  assert.ok((await kafkaTopicNames(bootstrap())).includes(name), 'kafka-topics: one missing, none deleted');
  const deleted = await call(client, 'ebx_deleteTopic', { topics: [name] });
  assert.deepEqual(deleted, { text: `${name}: deleted.`, isError: false });
  assert.ok(!(await kafkaTopicNames(bootstrap())).includes(name), 'kafka-topics --list no longer shows it');
  assert.equal(await kafkaTopicDescription(bootstrap(), name), undefined);
});

// ---- Hostile input and long calls (issue 39) ----

// eslint-disable-next-line no-control-regex -- the raw characters a terminal would obey
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const HOSTILE = '\u001b]0;pwned\u0007\u001b[2J\u009b31m\r\u202eevil\u2028\u0085end';

/** `ebx mcp` spoken to line by line, for what the SDK's client would never send (or wait for). */
function rawMcp() {
  const child = spawn(process.execPath, [EBX, 'mcp'], { cwd: ROOT, env: cleanEnv({ KAFKA_BOOTSTRAP: bootstrap() }), stdio: ['pipe', 'pipe', 'pipe'] });
  const messages: { id?: unknown; result?: unknown; error?: { code: number; message: string } }[] = [];
  let waiting: (() => void)[] = [];
  let pending = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    pending += d;
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) messages.push(JSON.parse(line) as (typeof messages)[number]);
    for (const check of waiting.splice(0)) check();
  });
  const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
  const answerTo = (id: number) =>
    new Promise<(typeof messages)[number]>((resolve) => {
      const check = () => {
        const found = messages.find((m) => m.id === id);
        if (found) resolve(found);
        else waiting.push(check);
      };
      check();
    });
  send({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return { child, messages, send, answerTo, stderr: () => stderr, exit: exited(child), cleanup: () => (waiting = []) };
}

test('tools/call without params, without a name, or with arguments that are not an object: invalid params (-32602), one sentence', async () => {
  const { client } = await connect();
  const asked: [unknown, string][] = [
    [undefined, 'tools/call needs "params" with the tool\'s "name" (a string) and its "arguments" (an object).'],
    [{}, 'tools/call needs "params" with the tool\'s "name" (a string) and its "arguments" (an object).'],
    [{ name: 7 }, 'tools/call needs "params" with the tool\'s "name" (a string) and its "arguments" (an object).'],
    [{ name: 'ebx_readRecords', arguments: 'topic' }, 'The "arguments" of tools/call must be an object of ebx_readRecords\'s input fields.'],
    [{ name: 'ebx_readRecords', arguments: ['topic'] }, 'The "arguments" of tools/call must be an object of ebx_readRecords\'s input fields.'],
  ];
  for (const [params, sentence] of asked) {
    const request = (params === undefined ? { method: 'tools/call' } : { method: 'tools/call', params }) as never;
    await assert.rejects(client.request(request, CallToolResultSchema), (err: unknown) => {
      assert.ok(err instanceof McpError, String(err));
      assert.equal(err.code, -32602, JSON.stringify(params));
      assert.equal(err.message, `MCP error -32602: ${sentence}`);
      return true;
    });
  }
  // A call without "arguments" at all is the tool's own sentence, as before.
  assert.deepEqual(await call(client, 'ebx_readRecords', undefined as never), { text: '"topic" is required.', isError: true });
});

test('broker-controlled names and record text reach the agent escaped: ebx_listGroups, ebx_describeGroup, ebx_readRecords', async () => {
  const group = `${uniqueName('mcp-hostile')}${HOSTILE}`;
  await session.cluster().commitOffsets(group, [{ topic, partition: 0, offset: 1 }]);
  const hostileTopic = await topicWith(session, 'mcp-hostile', 1, [{ key: `k${HOSTILE}`, value: `v${HOSTILE}`, headers: { [`h${HOSTILE}`]: `x${HOSTILE}` } }]);
  const { client } = await connect();
  const groups = await call(client, 'ebx_listGroups', { filter: 'mcp-hostile' });
  const described = await call(client, 'ebx_describeGroup', { group });
  const records = await call(client, 'ebx_readRecords', { topic: hostileTopic, fromBeginning: true });
  for (const [name, answer] of [['ebx_listGroups', groups], ['ebx_describeGroup', described], ['ebx_readRecords', records]] as const) {
    assert.equal(answer.isError, false, `${name}: ${answer.text}`);
    assert.doesNotMatch(answer.text, RAW_CONTROL, `${name}: no raw control, separator or bidi character`);
  }
  const shown = '\\u001b]0;pwned\\u0007\\u001b[2J\\u009b31m\\r\\u202eevil\\u2028\\u0085end';
  assert.ok(groups.text.includes(`${group.slice(0, -HOSTILE.length)}${shown}`), groups.text);
  assert.ok(described.text.includes(`${group.slice(0, -HOSTILE.length)}${shown}`), described.text);
  // Each record line is still JSON, and parses back to exactly what was written.
  const line = JSON.parse(records.text.split('\n')[1]) as { key: string; value: string; headers: Record<string, string> };
  assert.deepEqual([line.key, line.value, line.headers], [`k${HOSTILE}`, `v${HOSTILE}`, { [`h${HOSTILE}`]: `x${HOSTILE}` }]);
});

test('a message over 10 MiB, a line that is not JSON, JSON that is not JSON-RPC: each refused, said on stderr, and the server goes on', { timeout: 60_000 }, async () => {
  const mcp = rawMcp();
  try {
    await mcp.answerTo(0);
    // As the SDK's client writes a request: its id at the end.
    const big = { method: 'tools/call', params: { name: 'ebx_listTopics', arguments: { filter: 'x'.repeat(11 * 1024 * 1024) } }, jsonrpc: '2.0', id: 1 };
    const size = Buffer.byteLength(JSON.stringify(big)).toLocaleString('en-US');
    mcp.send(big);
    mcp.send({ jsonrpc: '2.0', id: 2, method: 'ping' });
    const refused = await mcp.answerTo(1);
    assert.deepEqual(refused.error, { code: -32600, message: `A message of ${size} bytes was refused: at most 10,485,760 bytes are read as one message.` });
    assert.deepEqual((await mcp.answerTo(2)).result, {});
    mcp.child.stdin.write('{"jsonrpc":"2.0","id":3,"method":\n');
    mcp.send({ id: 4, hello: 'world' });
    mcp.send({ jsonrpc: '2.0', id: 5, method: 'ping' });
    assert.deepEqual((await mcp.answerTo(4)).error, { code: -32600, message: 'The message is not a JSON-RPC 2.0 request, notification or response.' });
    assert.deepEqual((await mcp.answerTo(5)).result, {});
    mcp.child.stdin.end();
    assert.equal(await mcp.exit, 0);
    assert.ok(mcp.stderr().includes(`ebx mcp: a message of ${size} bytes was refused: at most 10,485,760 bytes are read as one message (request id 1).\n`), mcp.stderr());
    assert.ok(mcp.stderr().includes('ebx mcp: a line of 33 bytes on stdin is not JSON; it was skipped.\n'), mcp.stderr());
    assert.ok(mcp.stderr().includes('ebx mcp: a message on stdin is not JSON-RPC 2.0 (id 4); it was skipped.\n'), mcp.stderr());
    assert.equal(mcp.messages.some((m) => m.id === 3), false, 'a line that is not JSON has no id to answer');
  } finally {
    mcp.child.kill();
  }
});

test('stdin closed while a long answer is written: the whole answer comes out before ebx exits', { timeout: 60_000 }, async () => {
  const mcp = rawMcp();
  try {
    await mcp.answerTo(0);
    // An answer of ~1 MB (the unknown tool's name is quoted), far more than a pipe holds.
    const name = `ebx_${'n'.repeat(1_000_000)}`;
    mcp.child.stdout.pause();
    mcp.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: {} } });
    mcp.child.stdin.end();
    // A slow reader: before issue 39, ebx exited within this time and the answer was cut at 64 KiB.
    await Promise.race([mcp.exit, new Promise((resolve) => setTimeout(resolve, 1_000))]);
    mcp.child.stdout.resume();
    assert.equal(await mcp.exit, 0);
    const answer = await mcp.answerTo(1);
    assert.deepEqual(answer.result, { content: [{ type: 'text', text: `No tool named ${name}.` }], isError: true });
  } finally {
    mcp.child.kill();
  }
});

test('a long tool call: ping is answered meanwhile, and a cancel stops it (the server then ends at once)', { timeout: 30_000 }, async () => {
  // 500 records whose `where` costs ~0.2 s of CPU each and never matches, in one fetched batch:
  // a minute and more of work uncancelled, past this test's time limit.
  const zeros = Array.from({ length: 1000 }, () => 0);
  const heavyTopic = await topicWith(session, 'mcp-heavy', 1, Array.from({ length: 500 }, () => ({ value: JSON.stringify({ l: zeros }) })));
  const mcp = rawMcp();
  try {
    await mcp.answerTo(0);
    mcp.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'ebx_readRecords', arguments: { topic: heavyTopic, fromBeginning: true, where: 'value.l.exists(x, value.l.exists(y, y < 0))' } } });
    // Reading the batch takes a fraction of this: once ebx has used a second of CPU more, it is matching.
    await busyFor(mcp.child.pid!, 100);
    mcp.send({ jsonrpc: '2.0', id: 2, method: 'ping' });
    assert.deepEqual((await mcp.answerTo(2)).result, {});
    assert.equal(mcp.messages.some((m) => m.id === 1), false, 'the call is still running');
    mcp.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, reason: 'the user stopped it' } });
    // The server ends once the calls under way have ended: a call that ignored the cancel would
    // keep it running past this test's time limit.
    mcp.child.stdin.end();
    assert.equal(await mcp.exit, 0);
    assert.equal(mcp.messages.some((m) => m.id === 1), false, 'a cancelled call is not answered');
  } finally {
    mcp.child.kill();
  }
});

/** CPU time (user + system) a process has used, in clock ticks (Linux's /proc; 100 a second). */
function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** Resolves once the process has used `ticks` more CPU than when asked: it is computing, not waiting. */
async function busyFor(pid: number, ticks: number): Promise<void> {
  const from = cpuTicks(pid);
  while (cpuTicks(pid) - from < ticks) await new Promise((resolve) => setTimeout(resolve, 20));
}
