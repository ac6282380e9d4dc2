// The language-model tools inside a real VS Code extension host, against the live broker: every
// reading tool through vscode.lm.invokeTool (no model is needed: a tool result is text), its limits
// (50 records, a 6 MiB value cut to a few KB), its errors (unknown topic, broker down: one sentence),
// and that no consumer group appears. Changing tools: VS Code 1.100's invokeTool without a chat
// request opens a modal dialog for any confirmationMessages (the workbench's dialogService.confirm,
// no auto-approve on that path), which nothing in an extension host can answer; so their
// confirmation and apply are checked on a BrokerLanguageModelTool over the extension's own
// ConnectionStore, and through invokeTool only where the plan is refused (no dialog then).
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { applicationKafka, openSession, topicWith, uniqueName } from '../support/kafkaFixtures';
import type { KafkaSession } from '../../src/core/session';
import { describeGroup } from '../../src/core/groups/describeGroup';
import { listGroups } from '../../src/core/groups/listGroups';
import { describePartitions } from '../../src/core/topics/listTopics';
import { produce } from '../../src/core/topics/produce';
import { TOOL_DEFINITIONS, toolNamed } from '../../src/core/tools/toolList';
import { RECORD_LIMIT, VALUE_PREVIEW_BYTES } from '../../src/core/rendering/agentPreview';
import { BrokerLanguageModelTool } from '../../src/extension/tools/brokerLanguageModelTool';
import { extensionToolContext } from '../../src/extension/tools/extensionToolContext';
import { extensionApi, EXTENSION_ID, until } from './extensionApi';
import { kafkaTopicDescription, kafkaTopicNames, kafkaTopicOverrides } from '../support/kafkaAdminTools';

const MiB = 1024 * 1024;
const ENV_CONNECTION = `KAFKA_BOOTSTRAP (${process.env.KAFKA_BOOTSTRAP})`;
const BOOTSTRAP = process.env.KAFKA_BOOTSTRAP!;
const CHANGING_TOOLS = TOOL_DEFINITIONS.filter((t) => t.changes).map((t) => t.name);

interface ContributedTool {
  name: string;
  modelDescription: string;
  inputSchema: unknown;
}

async function invoke(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token);
  return textOf(result);
}

function textOf(result: vscode.LanguageModelToolResult): string {
  assert.equal(result.content.length, 1);
  const part = result.content[0];
  assert.ok(part instanceof vscode.LanguageModelTextPart, 'a tool answers with one text part');
  return part.value;
}

async function groupIds(session: KafkaSession): Promise<string[]> {
  return (await listGroups(session, 'kafka')).groups.map((g) => g.groupId).sort();
}

suite('language-model tools', () => {
  let session: KafkaSession;
  let topic: string;
  let bigTopic: string;
  let groupsBefore: string[];

  suiteSetup(async () => {
    await extensionApi();
    session = openSession({ timeoutMs: 30_000 });
    topic = await topicWith(session, 'lm-tools', 2, Array.from({ length: 120 }, (_, i) => ({ key: `order-${i}`, value: JSON.stringify({ order: i, status: i % 10 === 3 ? 'failed' : 'ok' }), partition: i % 2 })));
    // A 6 MiB value needs a topic that takes it (Apache Kafka's default is ~1 MB; VAST caps at 1 MB).
    bigTopic = uniqueName('lm-tools-big');
    const admin = applicationKafka().admin();
    await admin.connect();
    try {
      await admin.createTopics({ waitForLeaders: true, topics: [{ topic: bigTopic, numPartitions: 1, configEntries: [{ name: 'max.message.bytes', value: String(16 * MiB) }] }] });
    } finally {
      await admin.disconnect();
    }
    await produce(session, bigTopic, [{ key: 'huge', value: 'z'.repeat(6 * MiB), partition: 0 }]);
    await produce(session, bigTopic, [{ key: 'binary', value: Buffer.from([0xff, 0x00, 0xfe, 0x01]), partition: 0 }]);
    groupsBefore = await groupIds(session);
  });
  suiteTeardown(() => session?.close());

  test('VS Code lists every core tool with the description and schema package.json declares', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'package.json'), 'utf8')) as { contributes: { languageModelTools: ContributedTool[] } };
    const ours = vscode.lm.tools.filter((t) => t.name.startsWith('ebx_'));
    assert.deepEqual(ours.map((t) => t.name).sort(), TOOL_DEFINITIONS.map((t) => t.name).sort());
    for (const tool of ours) {
      const declared = manifest.contributes.languageModelTools.find((t) => t.name === tool.name)!;
      assert.equal(tool.description, declared.modelDescription, tool.name);
      assert.deepEqual(tool.inputSchema, declared.inputSchema, tool.name);
      assert.equal(tool.description, toolNamed(tool.name)!.modelDescription, tool.name);
    }
  });

  test('list connections: bootstrap and auth, never a password', async () => {
    const text = await invoke('ebx_listConnections', {});
    const listed = JSON.parse(text) as { connections: { name: string; bootstrap: string; auth: string; readOnly: boolean }[] };
    const env = listed.connections.find((c) => c.name === ENV_CONNECTION);
    assert.deepEqual(env, { name: ENV_CONNECTION, bootstrap: process.env.KAFKA_BOOTSTRAP, auth: 'none', username: null, tls: false, readOnly: false });
    assert.ok(!/password/i.test(text));
  });

  test('list topics, describe a topic, offsets for a time', async () => {
    assert.equal(await invoke('ebx_listTopics', { connection: ENV_CONNECTION, filter: topic }), `1 topic whose name contains "${topic}" on ${ENV_CONNECTION}:\n${topic} (2 partitions)`);
    const described = await invoke('ebx_describeTopic', { connection: ENV_CONNECTION, topic });
    assert.match(described, new RegExp(`^Topic ${topic}: 2 partitions, offsets summed 0…120≈\\.\\np0: 0…60≈ leader \\d+ replicas \\[\\d+\\] isr \\[\\d+\\]\\np1: 0…60≈ leader`));
    assert.match(described, /≈: the end offset a broker reports can trail the newest events/);
    assert.match(described, /\nConfiguration: 0 entries set on the topic, \d+ entr(y|ies) set on the brokers, \d+ Kafka defaults \(not listed\)\./);
    // The suite made bigTopic with max.message.bytes: the topic's own entry, as kafka-configs reports it.
    assert.equal((await kafkaTopicOverrides(BOOTSTRAP, bigTopic)).get('max.message.bytes'), String(16 * MiB));
    assert.match(await invoke('ebx_describeTopic', { connection: ENV_CONNECTION, topic: bigTopic }), new RegExp(`\\nConfiguration: 1 entry set on the topic, .*\\nmax\\.message\\.bytes=${16 * MiB} \\(topic\\)`));
    assert.equal(await invoke('ebx_offsetsForTime', { connection: ENV_CONNECTION, topic, time: '-1d' }).then((t) => t.split('\n').length), 3);
  });

  test('read records: at most 50, from an offset, the newest N, filtered by text and by a where expression', async () => {
    const fifty = (await invoke('ebx_readRecords', { connection: ENV_CONNECTION, topic, fromBeginning: true, maxRecords: RECORD_LIMIT })).split('\n');
    assert.equal(fifty[0], `50 records from ${topic} (all 2 partitions), from the beginning; read without a consumer group.`);
    assert.equal(fifty.length, 1 + RECORD_LIMIT + 1, 'heading, 50 records, where to go on');
    assert.match(fifty.at(-1)!, /^More may follow: continue with fromOffset \d+ in partition 0, \d+ in partition 1\.$/);
    const tooMany = await invoke('ebx_readRecords', { connection: ENV_CONNECTION, topic, maxRecords: 51 }).catch((err: Error) => err.message);
    // VS Code validates the schema before the tool runs; either way the answer is one sentence, nothing read.
    assert.ok(!tooMany.includes('\n'), tooMany);
    const newest = (await invoke('ebx_readRecords', { connection: ENV_CONNECTION, topic, partition: 1, last: 2 })).split('\n');
    assert.equal(newest[0], `2 records from ${topic} partition 1, the newest 2; read without a consumer group.`);
    assert.deepEqual(newest.slice(1).map((l) => (JSON.parse(l) as { offset: number }).offset), [58, 59]);
    const failed = (await invoke('ebx_readRecords', { connection: ENV_CONNECTION, topic, fromBeginning: true, where: 'value.status == "failed"', maxRecords: 50 })).split('\n');
    assert.match(failed[0], /^12 records from .*, where value.status == "failed" \(120 scanned\); read without a consumer group\.$/);
    const byKey = (await invoke('ebx_readRecords', { connection: ENV_CONNECTION, topic, key: 'order-7', fromBeginning: true })).split('\n');
    assert.equal(byKey.length, 2);
    assert.equal((JSON.parse(byKey[1]) as { value: string }).value, '{"order":7,"status":"ok"}');
  });

  test('a 6 MiB value is cut to a few KB with its size; binary is summarised', async () => {
    const text = await invoke('ebx_readRecords', { connection: ENV_CONNECTION, topic: bigTopic, fromBeginning: true });
    const [, huge, binary] = text.split('\n').map((l, i) => (i === 0 ? l : (JSON.parse(l) as { key: string; value: string })));
    assert.ok(typeof huge === 'object' && typeof binary === 'object');
    assert.equal(huge.key, 'huge');
    assert.equal(huge.value, `${'z'.repeat(VALUE_PREVIEW_BYTES)}… <truncated: ${6 * MiB} bytes in all, the first ${VALUE_PREVIEW_BYTES} shown>`);
    assert.equal(binary.value, '<binary, 4 bytes, base64 prefix /wD+AQ==>');
    assert.ok(text.length < 3 * VALUE_PREVIEW_BYTES, `the whole answer stays small (${text.length} characters)`);
  });

  test('errors are one sentence: unknown topic, bad time, unknown connection, broker down', async () => {
    assert.equal(
      await invoke('ebx_readRecords', { connection: ENV_CONNECTION, topic: `${topic}-missing` }),
      `Topic ${topic}-missing does not exist (or this user may not see it): check the name with ebx_listTopics; topics are never created automatically.`,
    );
    assert.match(await invoke('ebx_readRecords', { connection: ENV_CONNECTION, topic, fromTime: 'soon' }), /^"soon" is not a time: use ISO 8601/);
    assert.match(await invoke('ebx_listTopics', { connection: 'nowhere' }), /^No connection named "nowhere": the connections are /);
    const config = vscode.workspace.getConfiguration('eventBroker');
    const saved = config.inspect('connections')?.globalValue;
    await config.update('connections', [{ name: 'tools-down', bootstrap: '127.0.0.1:1' }], vscode.ConfigurationTarget.Global);
    try {
      for (const name of ['ebx_listTopics', 'ebx_listGroups']) {
        const down = await invoke(name, { connection: 'tools-down' });
        assert.match(down, /^Broker unreachable at 127\.0\.0\.1:1: /, `${name}: ${down}`);
        assert.ok(!down.includes('\n') && !/\bat .*\.js:\d+/.test(down), `one sentence, no stack: ${down}`);
      }
    } finally {
      await config.update('connections', saved, vscode.ConfigurationTarget.Global);
    }
  });

  test('groups: list against the cap, describe with lag and time lag, preview a reset', async () => {
    const group = uniqueName('lm-tools-group');
    await session.cluster().commitOffsets(group, [{ topic, partition: 0, offset: 50 }, { topic, partition: 1, offset: 60 }]);
    assert.match(await invoke('ebx_listGroups', { connection: ENV_CONNECTION, filter: group }), new RegExp(`^\\d+/256 consumer groups on .*; 1 whose id contains "${group}":\\n${group}: Empty, 0 members$`));
    const described = await invoke('ebx_describeGroup', { connection: ENV_CONNECTION, group });
    assert.match(described, new RegExp(`^Consumer group ${group}: Empty, 0 members, total lag≈ 10, time lag (< 1 s|\\d+ (s|min)) behind\\.`));
    assert.match(described, new RegExp(`${topic} p0: committed 50, end≈ 60, lag≈ 10, time lag .* behind \\(next unread written `));
    assert.match(described, new RegExp(`${topic} p1: committed 60, end≈ 60, lag≈ 0, time lag caught up`));
    const preview = await invoke('ebx_previewOffsetReset', { connection: ENV_CONNECTION, group, topic, to: 'shift', shift: -5 });
    assert.equal(preview.split('\n').slice(0, 4).join('\n'), [`Preview only, nothing committed.`, `Consumer group ${group} (Empty), 2 partitions:`, `${topic} p0: 50 → 45 (re-reads 5)`, `${topic} p1: 60 → 55 (re-reads 5)`].join('\n'));
    const committed = await session.cluster().committedOffsets(group);
    assert.deepEqual(committed.map((c) => c.offset).sort((a, b) => a - b), [50, 60], 'the preview committed nothing');
  });

  test('check client settings of a workspace file and of text', async () => {
    const folder = vscode.workspace.workspaceFolders![0].uri;
    const file = vscode.Uri.joinPath(folder, `${uniqueName('lm-consumer')}.properties`);
    await vscode.workspace.fs.writeFile(file, Buffer.from('bootstrap.servers=x:9092\npartition.assignment.strategy=cooperative-sticky\n'));
    try {
      const text = await invoke('ebx_checkClientSettings', { path: vscode.workspace.asRelativePath(file) });
      assert.match(text, /^1 client setting in .*\.properties that VAST Event Broker ignores or refuses:\n.*\.properties:2:1 error partition\.assignment\.strategy=cooperative-sticky — /);
    } finally {
      await vscode.workspace.fs.delete(file);
    }
    assert.equal(await invoke('ebx_checkClientSettings', { text: 'print(1)\n', fileName: 'app.py' }), 'No client settings in app.py that VAST Event Broker ignores or refuses.');
    assert.match(await invoke('ebx_checkClientSettings', { path: 'no-such-file.properties' }), /^Cannot read no-such-file\.properties: no such file\.$/);
  });

  test('changing tools: the confirmation is the exact plan, and invoke does exactly it', async () => {
    const api = await extensionApi();
    const context = extensionToolContext(api.store, () => []);
    const idle = uniqueName('lm-tools-idle');
    await session.cluster().commitOffsets(idle, [{ topic, partition: 0, offset: 3 }]);
    const deleteTool = new BrokerLanguageModelTool(toolNamed('ebx_deleteGroups')!, context);
    const token = new vscode.CancellationTokenSource().token;
    const input = { connection: ENV_CONNECTION, groups: [idle] };
    const prepared = await deleteTool.prepareInvocation({ input }, token);
    assert.equal(prepared.confirmationMessages?.title, 'Delete consumer group?');
    const message = prepared.confirmationMessages.message as vscode.MarkdownString;
    assert.equal(message.value, `\n\`\`\`text\nDelete consumer group on ${ENV_CONNECTION}, with their committed offsets:\n- ${idle} (Empty)\n\`\`\`\n`);
    assert.ok((await groupIds(session)).includes(idle), 'preparing changed nothing');
    assert.equal(textOf(await deleteTool.invoke({ input, toolInvocationToken: undefined }, token)), `1 of 1 deleted.\n${idle}: Deleted, with its committed offsets.`);
    assert.ok(!(await groupIds(session)).includes(idle));
    // Without a prepared (and so confirmed) plan, invoke changes nothing.
    assert.equal(textOf(await deleteTool.invoke({ input, toolInvocationToken: undefined }, token)), 'Nothing was changed: ebx_deleteGroups runs only after its plan was shown and confirmed.');

    const produceTool = new BrokerLanguageModelTool(toolNamed('ebx_produceRecord')!, context);
    const record = { connection: ENV_CONNECTION, topic, partition: 1, key: 'agent', value: '{"order":999}' };
    const plan = await produceTool.prepareInvocation({ input: record }, token);
    assert.match((plan.confirmationMessages!.message as vscode.MarkdownString).value, new RegExp(`Produce 1 record to ${topic} on .*, partition 1:\\nkey: "agent"\\nvalue: "\\{\\\\"order\\\\":999\\}"`));
    const before = (await describePartitions(session, topic))[1].high;
    assert.equal(textOf(await produceTool.invoke({ input: record, toolInvocationToken: undefined }, token)), `Produced 1 record to ${topic} partition 1.`);
    assert.equal((await describePartitions(session, topic))[1].high, before + 1);
  });

  test('topic tools: create → alter → delete, each confirmation the exact plan, each change as kafka-topics and kafka-configs see it', async () => {
    const api = await extensionApi();
    const context = extensionToolContext(api.store, () => []);
    const token = new vscode.CancellationTokenSource().token;
    const name = uniqueName('lm-tools-made');
    const plan = (prepared: vscode.PreparedToolInvocation) => (prepared.confirmationMessages!.message as vscode.MarkdownString).value;
    const code = (...lines: string[]) => `\n\`\`\`text\n${lines.join('\n')}\n\`\`\`\n`;

    const createTool = new BrokerLanguageModelTool(toolNamed('ebx_createTopic')!, context);
    const create = { connection: ENV_CONNECTION, name, partitions: 3, configs: { 'retention.ms': '7200000' } };
    const createPlan = await createTool.prepareInvocation({ input: create }, token);
    assert.equal(createPlan.confirmationMessages?.title, `Create topic ${name}?`);
    assert.equal(
      plan(createPlan),
      code(
        `Create a topic on ${ENV_CONNECTION}:`,
        `topic:              ${name}`,
        'partitions:         3',
        "replication factor: the broker's default",
        'configuration:      retention.ms=7200000',
        "Note: VAST cannot change a topic's partition count after it is created: choose it for the most consumers you will run at once.",
      ),
    );
    assert.ok(!(await kafkaTopicNames(BOOTSTRAP)).includes(name), 'kafka-topics: preparing created nothing');
    assert.equal(textOf(await createTool.invoke({ input: create, toolInvocationToken: undefined }, token)), `Created topic ${name} with 3 partitions on ${ENV_CONNECTION}.`);
    const described = await kafkaTopicDescription(BOOTSTRAP, name);
    assert.equal(described?.partitions, 3, 'kafka-topics: 3 partitions');
    assert.deepEqual(Object.fromEntries(await kafkaTopicOverrides(BOOTSTRAP, name)), { 'retention.ms': '7200000' });

    const alterTool = new BrokerLanguageModelTool(toolNamed('ebx_alterTopicConfig')!, context);
    const alter = { connection: ENV_CONNECTION, topic: name, set: { 'retention.ms': '3600000' }, reset: ['cleanup.policy'] };
    const alterPlan = await alterTool.prepareInvocation({ input: alter }, token);
    assert.equal(alterPlan.confirmationMessages?.title, `Change this entry of ${name}?`);
    assert.equal(plan(alterPlan), code(`Change the configuration of ${name} on ${ENV_CONNECTION}:`, 'retention.ms: 7200000 → 3600000', 'cleanup.policy: already the default (not sent)'));
    assert.deepEqual(Object.fromEntries(await kafkaTopicOverrides(BOOTSTRAP, name)), { 'retention.ms': '7200000' }, 'kafka-configs: preparing changed nothing');
    assert.equal(textOf(await alterTool.invoke({ input: alter, toolInvocationToken: undefined }, token)), `Changed 1 entry of ${name}:\nretention.ms: 7200000 → 3600000`);
    assert.deepEqual(Object.fromEntries(await kafkaTopicOverrides(BOOTSTRAP, name)), { 'retention.ms': '3600000' }, 'kafka-configs: changed');
    // Already as asked: no confirmation to show, so invokeTool answers at once and sends nothing.
    assert.equal(
      await invoke('ebx_alterTopicConfig', { connection: ENV_CONNECTION, topic: name, set: { 'retention.ms': '3600000' } }),
      `Nothing to change on ${name}: every entry is already as asked, so nothing was sent.\nretention.ms: already 3600000 (not sent)`,
    );

    const group = uniqueName('lm-tools-group-made');
    await session.cluster().commitOffsets(group, [{ topic: name, partition: 2, offset: 0 }]);
    const deleteTool = new BrokerLanguageModelTool(toolNamed('ebx_deleteTopic')!, context);
    const remove = { connection: ENV_CONNECTION, topics: [name] };
    const deletePlan = await deleteTool.prepareInvocation({ input: remove }, token);
    assert.equal(deletePlan.confirmationMessages?.title, `Delete topic ${name}?`);
    assert.equal(
      plan(deletePlan),
      code("Deleting a topic also deletes every group's committed offsets for it.", `Delete on ${ENV_CONNECTION}, with all their events:`, `${name}: the committed offsets of 1 group go with it: ${group}`),
    );
    assert.ok((await kafkaTopicNames(BOOTSTRAP)).includes(name), 'kafka-topics: preparing deleted nothing');
    assert.equal(textOf(await deleteTool.invoke({ input: remove, toolInvocationToken: undefined }, token)), `${name}: deleted.`);
    assert.ok(!(await kafkaTopicNames(BOOTSTRAP)).includes(name), 'kafka-topics --list no longer shows it');
    assert.equal(textOf(await deleteTool.invoke({ input: remove, toolInvocationToken: undefined }, token)), 'Nothing was changed: ebx_deleteTopic runs only after its plan was shown and confirmed.');
  });

  test('topic tools whose plan is refused ask nothing and say why (through invokeTool)', async () => {
    const missing = uniqueName('lm-tools-never');
    assert.equal(await invoke('ebx_createTopic', { connection: ENV_CONNECTION, name: topic, partitions: 1 }), `A topic named ${topic} already exists.`);
    assert.equal(await invoke('ebx_deleteTopic', { connection: ENV_CONNECTION, topics: [topic, missing] }), `There is no topic ${missing} (or this user may not see it). Nothing was deleted.`);
    assert.match(await invoke('ebx_alterTopicConfig', { connection: ENV_CONNECTION, topic, set: { 'no.such.entry': '1' } }), /^VAST does not offer no\.such\.entry for topics: /);
    assert.equal(await invoke('ebx_alterTopicConfig', { connection: ENV_CONNECTION, topic }), 'Name at least one entry in "set" (with its new value) or in "reset".');
    const names = await kafkaTopicNames(BOOTSTRAP);
    assert.ok(names.includes(topic) && !names.includes(missing), 'kafka-topics: nothing created or deleted');
    assert.deepEqual(Object.fromEntries(await kafkaTopicOverrides(BOOTSTRAP, topic)), {}, 'kafka-configs: nothing changed');
  });

  test('a changing tool whose plan is refused asks nothing and says why (through invokeTool)', async () => {
    const missing = uniqueName('lm-tools-never');
    assert.equal(
      await invoke('ebx_resetOffsets', { connection: ENV_CONNECTION, group: missing, topic, to: 'earliest' }),
      `Consumer group ${missing} does not exist: this tool never creates a group, so nothing was committed.`,
    );
    assert.equal(await invoke('ebx_deleteGroups', { connection: ENV_CONNECTION, groups: [missing] }), `No consumer group ${missing} on ${ENV_CONNECTION}: nothing was deleted.`);
    assert.ok(!(await groupIds(session)).includes(missing));
  });

  test('a read-only connection: reading works, every changing tool is refused with one sentence, nothing changes', async () => {
    const idle = uniqueName('lm-tools-group-ro');
    const neverCreated = uniqueName('lm-tools-ro-topic');
    await session.cluster().commitOffsets(idle, [{ topic, partition: 0, offset: 2 }]);
    const config = vscode.workspace.getConfiguration('eventBroker');
    const saved = config.inspect('connections')?.globalValue;
    await config.update('connections', [{ name: 'tools-ro', bootstrap: process.env.KAFKA_BOOTSTRAP, readOnly: true }], vscode.ConfigurationTarget.Global);
    try {
      const listed = JSON.parse(await invoke('ebx_listConnections', {})) as { connections: { name: string; readOnly: boolean }[] };
      assert.equal(listed.connections.find((c) => c.name === 'tools-ro')?.readOnly, true);
      assert.match(await invoke('ebx_listTopics', { connection: 'tools-ro', filter: topic }), /^1 topic whose name/);
      const high = (await describePartitions(session, topic))[0].high;
      const refusals: [string, object, string][] = [
        ['ebx_deleteGroups', { connection: 'tools-ro', groups: [idle] }, 'deleting consumer groups'],
        ['ebx_resetOffsets', { connection: 'tools-ro', group: idle, topic, to: 'earliest' }, 'resetting offsets'],
        ['ebx_produceRecord', { connection: 'tools-ro', topic, partition: 0, value: 'no' }, 'producing records'],
        ['ebx_createTopic', { connection: 'tools-ro', name: neverCreated, partitions: 1 }, `creating topic "${neverCreated}"`],
        ['ebx_alterTopicConfig', { connection: 'tools-ro', topic, set: { 'retention.ms': '1000' } }, `changing the configuration of topic "${topic}"`],
        ['ebx_deleteTopic', { connection: 'tools-ro', topics: [topic] }, `deleting topic "${topic}"`],
      ];
      for (const [name, input, what] of refusals) {
        // Refused before any plan exists, so VS Code asks nothing: invokeTool answers at once.
        assert.equal(await invoke(name, input), `Connection "tools-ro" is read-only: ${what} is not allowed.`, name);
      }
      assert.ok((await groupIds(session)).includes(idle), 'the group is still there');
      assert.deepEqual((await session.cluster().committedOffsets(idle)).filter((c) => c.offset >= 0).map((c) => c.offset), [2], 'its offset did not move');
      assert.equal((await describePartitions(session, topic))[0].high, high, 'nothing was produced');
      const names = await kafkaTopicNames(BOOTSTRAP);
      assert.ok(names.includes(topic) && !names.includes(neverCreated), 'kafka-topics: nothing created or deleted');
      assert.deepEqual(Object.fromEntries(await kafkaTopicOverrides(BOOTSTRAP, topic)), {}, 'kafka-configs: nothing changed');
    } finally {
      await config.update('connections', saved, vscode.ConfigurationTarget.Global);
    }
  });

  test('when every connection is read-only, VS Code offers none of the changing tools (the manifest\'s when clause)', async () => {
    const offered = () => vscode.lm.tools.map((t) => t.name).filter((n) => n.startsWith('ebx_'));
    assert.deepEqual(CHANGING_TOOLS.filter((n) => !offered().includes(n)), [], 'offered while a connection may change the broker');
    // The key the container sets when every connection is read-only; here the KAFKA_BOOTSTRAP connection never is, so the test sets it.
    await vscode.commands.executeCommand('setContext', 'eventBroker.allConnectionsReadOnly', true);
    try {
      await until('the changing tools to leave vscode.lm.tools', () => CHANGING_TOOLS.every((n) => !offered().includes(n)));
      assert.deepEqual(offered().sort(), TOOL_DEFINITIONS.filter((t) => !t.changes).map((t) => t.name).sort(), 'the reading tools stay');
    } finally {
      await vscode.commands.executeCommand('setContext', 'eventBroker.allConnectionsReadOnly', false);
    }
    await until('the changing tools to come back', () => CHANGING_TOOLS.every((n) => offered().includes(n)));
  });

  test('no consumer group appeared on the topics read, except those the tests committed themselves', async () => {
    const added = (await groupIds(session)).filter((g) => !groupsBefore.includes(g));
    const onOurTopics = await Promise.all(
      added.map(async (g) => {
        // Another run may share the broker: only groups on this suite's topics say anything about the tools.
        const detail = await describeGroup(session, g).catch(() => undefined);
        return detail?.offsets.some((o) => o.topic === topic || o.topic === bigTopic) ? [g] : [];
      }),
    );
    const leaked = onOurTopics.flat().filter((g) => !g.startsWith('lm-tools-group-'));
    assert.deepEqual(leaked, []);
  });
});
