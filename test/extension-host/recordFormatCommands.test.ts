// Value Format… / Key Format… on a topic and Schema Registry… on a connection (issue 23, items 1
// and 2), run as a person would in a real extension host: what lands in the settings files (read
// from disk), what is refused and in which sentence, where the registry's password goes (SecretStorage
// only: not the settings file, not the logs), and the topic row saying how its records are read.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { KafkaSession } from '../../src/core/session';
import type { FieldChoice } from '../../src/core/formats/formatRules';
import type { CommandFailure } from '../../src/extension/runCommand';
import type { ExtensionApi } from '../../src/extension/container';
import type { ExplorerNode } from '../../src/extension/tree/explorerNode';
import { ENVIRONMENT_REGISTRY } from '../../src/extension/connections/connectionStore';
import { registrySecretKey } from '../../src/extension/formats/schemaRegistries';
import { openSession, topicWith, uniqueName } from '../support/kafkaFixtures';
import { ScriptedPrompter } from './scriptedPrompter';
import { extensionApi, findRow, rows, until, withPrompter } from './extensionApi';
import { filesUnder, logsRoot, userSettingsFile, workspaceSettingsFile } from './userDataFiles';

const config = () => vscode.workspace.getConfiguration('eventBroker');
const ENV_NAME = `KAFKA_BOOTSTRAP (${process.env.KAFKA_BOOTSTRAP})`;

/** eventBroker.recordFormats as the workspace's settings file holds it (undefined: not there). */
function workspaceFormats(): unknown {
  const file = workspaceSettingsFile();
  if (!fs.existsSync(file)) return undefined;
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>)['eventBroker.recordFormats'];
}

/** The failures a command run reported through the command wrapper (the sentence the person saw). */
async function failuresOf(api: ExtensionApi, run: () => Thenable<unknown> | Promise<unknown>): Promise<CommandFailure[]> {
  const failures: CommandFailure[] = [];
  const listening = api.commandFailures((f) => failures.push(f));
  try {
    await run();
  } finally {
    listening.dispose();
  }
  return failures;
}

/** A connection's topic row, its Topics folder refreshed so a topic made by the suite is listed. */
async function topicRowOf(api: ExtensionApi, connection: string | RegExp, topic: string) {
  const root = await until(`the connection ${connection}`, async () => (await rows(api)).find((r) => (typeof connection === 'string' ? r.label === connection : connection.test(r.label))));
  const topics = await findRow(api, root.node, /^Topics/);
  await vscode.commands.executeCommand('eventBroker.refresh', topics.node);
  return until(`the row of ${topic}`, async () => (await rows(api, topics.node)).find((r) => r.label === topic));
}

/** Resolves at the next redraw the tree is told of for `node`. */
function nextRedrawOf(api: ExtensionApi, node: ExplorerNode | undefined): Promise<void> {
  return new Promise((resolve) => {
    const listening = api.explorer.onDidChangeTreeData((changed) => {
      if (changed === node) {
        listening.dispose();
        resolve();
      }
    });
  });
}

suite('record formats: Value Format…, Key Format…, Schema Registry…', () => {
  let session: KafkaSession;
  let topic: string;
  const written: string[] = [];

  suiteSetup(async () => {
    session = openSession();
    topic = await topicWith(session, 'ext-formats', 1, [{ value: 'first' }]);
  });
  teardown(async () => {
    await config().update('recordFormats', undefined, vscode.ConfigurationTarget.Workspace);
    await config().update('recordFormats', undefined, vscode.ConfigurationTarget.Global);
    await config().update('connections', undefined, vscode.ConfigurationTarget.Global);
  });
  suiteTeardown(async () => {
    for (const file of written) fs.rmSync(file, { force: true });
    await session?.close();
  });

  test('Value Format… writes exactly one entry for the topic into the workspace settings file, and leaves the entries it cannot use as they were', async () => {
    const api = await extensionApi();
    const unusable = { topic: 'orders', valueFormat: 'avrox' };
    const other = { topic: 'payments.*', valueFormat: 'json' };
    await config().update('recordFormats', [unusable, other], vscode.ConfigurationTarget.Workspace);
    const row = await topicRowOf(api, 'KAFKA_BOOTSTRAP', topic);

    const avro = new ScriptedPrompter([{ pick: 'avro' }, { pick: 'records/schemas/order-v1.avsc' }]);
    const saved = await withPrompter(api, avro, () => vscode.commands.executeCommand<FieldChoice>('eventBroker.valueFormat', row.node));
    assert.deepEqual(saved, { format: 'avro', schemaFile: 'records/schemas/order-v1.avsc' });
    assert.deepEqual(avro.asked.map((a) => a.title), [`Value Format of ${topic}`, `The Avro schema of ${topic}'s values`]);
    // The workspace's .avsc files (newest first, so in either order), then Browse….
    const offered = avro.asked[1].labels!;
    assert.deepEqual([offered.slice(0, -1).sort(), offered.at(-1)], [['records/schemas/order-v1.avsc', 'records/schemas/order-v2.avsc'], 'Browse…']);
    assert.deepEqual(workspaceFormats(), [{ topic, connection: ENV_NAME, valueFormat: 'avro', valueSchema: 'records/schemas/order-v1.avsc' }, unusable, other]);

    // Again on the same topic: its entry is replaced, never a second one.
    await withPrompter(api, new ScriptedPrompter([{ pick: 'string' }]), () => vscode.commands.executeCommand('eventBroker.valueFormat', row.node));
    assert.deepEqual(workspaceFormats(), [{ topic, connection: ENV_NAME, valueFormat: 'string' }, unusable, other]);

    // Key Format… joins the same entry; the value's choice stays.
    const key = new ScriptedPrompter([{ pick: 'int64' }]);
    assert.deepEqual(await withPrompter(api, key, () => vscode.commands.executeCommand('eventBroker.keyFormat', row.node)), { format: 'int64' });
    assert.equal(key.asked[0].title, `Key Format of ${topic}`);
    assert.deepEqual(workspaceFormats(), [{ topic, connection: ENV_NAME, valueFormat: 'string', keyFormat: 'int64' }, unusable, other]);

    // Both back to auto: an entry that says nothing is removed.
    await withPrompter(api, new ScriptedPrompter([{ pick: 'auto' }]), () => vscode.commands.executeCommand('eventBroker.valueFormat', row.node));
    await withPrompter(api, new ScriptedPrompter([{ pick: 'auto' }]), () => vscode.commands.executeCommand('eventBroker.keyFormat', row.node));
    assert.deepEqual(workspaceFormats(), [unusable, other]);
  });

  test('Value Format… keeps the user-settings entries in force when the workspace has none yet', async () => {
    const api = await extensionApi();
    const userEntry = { topic: 'payments.*', valueFormat: 'json' };
    await config().update('recordFormats', [userEntry], vscode.ConfigurationTarget.Global);
    const row = await topicRowOf(api, 'KAFKA_BOOTSTRAP', topic);
    await withPrompter(api, new ScriptedPrompter([{ pick: 'string' }]), () => vscode.commands.executeCommand('eventBroker.valueFormat', row.node));
    // A workspace list replaces the user's list whole (VS Code does not merge arrays): it must carry it on.
    assert.deepEqual(workspaceFormats(), [{ topic, connection: ENV_NAME, valueFormat: 'string' }, userEntry]);
    assert.deepEqual(config().get('recordFormats'), [{ topic, connection: ENV_NAME, valueFormat: 'string' }, userEntry]);
  });

  test('a .proto that does not parse is refused in one sentence and nothing is saved', async () => {
    const api = await extensionApi();
    const bad = path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, 'broken', 'bad.proto');
    fs.mkdirSync(path.dirname(bad), { recursive: true });
    fs.writeFileSync(bad, 'syntax = "proto3";\nmessage Order {\n  string id = 1\n');
    written.push(bad);
    await config().update('recordFormats', [{ topic: 'orders', valueFormat: 'json' }], vscode.ConfigurationTarget.Workspace);
    const before = fs.readFileSync(workspaceSettingsFile(), 'utf8');
    const row = await topicRowOf(api, 'KAFKA_BOOTSTRAP', topic);

    const prompter = new ScriptedPrompter([{ pick: 'protobuf' }, { pick: 'broken/bad.proto' }]);
    const failures = await failuresOf(api, () => withPrompter(api, prompter, () => vscode.commands.executeCommand('eventBroker.valueFormat', row.node)));
    assert.equal(failures.length, 1);
    assert.equal(failures[0].expected, true, 'a sentence for the person, not a bug');
    assert.equal(failures[0].sentence, "Nothing was saved: bad.proto does not parse: line 4: the file ends early, ';' expected.");
    assert.doesNotMatch(failures[0].sentence, /\n|Error:|at .*\.js/, 'one sentence, no stack');
    assert.equal(prompter.answersLeft, 0, 'nothing more was asked');
    assert.equal(fs.readFileSync(workspaceSettingsFile(), 'utf8'), before, 'the settings file is unchanged');
  });

  test('a .proto of several messages: the message type is picked (the first is the default and is not written)', async () => {
    const api = await extensionApi();
    const row = await topicRowOf(api, 'KAFKA_BOOTSTRAP', topic);
    const customer = new ScriptedPrompter([{ pick: 'protobuf' }, { pick: 'records/schemas/order-v1.proto' }, { pick: 'ebx.fixtures.v1.Customer' }]);
    const saved = await withPrompter(api, customer, () => vscode.commands.executeCommand<FieldChoice>('eventBroker.valueFormat', row.node));
    assert.deepEqual(saved, { format: 'protobuf', schemaFile: 'records/schemas/order-v1.proto', message: 'ebx.fixtures.v1.Customer' });
    assert.deepEqual(customer.asked[2].labels, ['ebx.fixtures.v1.Order', 'ebx.fixtures.v1.Order.Line', 'ebx.fixtures.v1.Customer']);
    assert.equal(customer.asked[2].title, `The message type of ${topic}'s records`);
    assert.deepEqual(workspaceFormats(), [{ topic, connection: ENV_NAME, valueFormat: 'protobuf', valueSchema: 'records/schemas/order-v1.proto', valueMessage: 'ebx.fixtures.v1.Customer' }]);

    const first = new ScriptedPrompter([{ pick: 'protobuf' }, { pick: 'records/schemas/order-v1.proto' }, { pick: 'ebx.fixtures.v1.Order' }]);
    await withPrompter(api, first, () => vscode.commands.executeCommand('eventBroker.valueFormat', row.node));
    assert.deepEqual(workspaceFormats(), [{ topic, connection: ENV_NAME, valueFormat: 'protobuf', valueSchema: 'records/schemas/order-v1.proto' }]);
  });

  test('a topic row names how its records are read, and is redrawn when eventBroker.recordFormats changes', async () => {
    const api = await extensionApi();
    const row = await topicRowOf(api, 'KAFKA_BOOTSTRAP', topic);
    const plain = api.explorer.getTreeItem(row.node);
    assert.equal(plain.description, '1 partition');
    assert.doesNotMatch(plain.tooltip as string, /Records:/);

    const redrawn = nextRedrawOf(api, row.node.parent);
    await config().update('recordFormats', [{ topic, valueFormat: 'avro', valueSchema: 'records/schemas/order-v1.avsc', keyFormat: 'string' }], vscode.ConfigurationTarget.Workspace);
    await redrawn;
    const item = api.explorer.getTreeItem(row.node);
    assert.equal(item.description, '1 partition · avro · key string');
    assert.match(item.tooltip as string, /\nRecords: key: string · value: avro \(order-v1\.avsc\)$/);

    const again = nextRedrawOf(api, row.node.parent);
    await config().update('recordFormats', undefined, vscode.ConfigurationTarget.Workspace);
    await again;
    assert.equal(api.explorer.getTreeItem(row.node).description, '1 partition');
  });

  test('Schema Registry… saves the URL and authentication in settings and the password only in SecretStorage; an empty URL removes it', async function () {
    this.timeout(120_000);
    const api = await extensionApi();
    const name = 'Formats registry';
    const password = `Reg-pa55-${uniqueName('secret')}`;
    await config().update('connections', [{ name, bootstrap: process.env.KAFKA_BOOTSTRAP }], vscode.ConfigurationTarget.Global);
    const root = await until(`the ${name} connection`, async () => (await rows(api)).find((r) => r.label === name));
    const id = `settings:${name}`;
    // Nothing listens on port 9: the setting is kept (a registry can be down for a while) and the message says it did not answer.
    const url = 'http://127.0.0.1:9/apis/ccompat/v7';
    const prompter = new ScriptedPrompter([{ input: url }, { pick: 'Basic' }, { input: 'reg-user' }, { input: password }]);
    const saved = await withPrompter(api, prompter, () => vscode.commands.executeCommand('eventBroker.schemaRegistry', root.node));
    assert.deepEqual(saved, { url, auth: 'basic', username: 'reg-user' });
    assert.deepEqual(prompter.asked.map((a) => a.title), [`Schema Registry of ${name} (1/2)`, `Schema Registry of ${name} (2/2): authentication`, `Schema registry user name (${name})`, 'Schema registry password for reg-user']);
    assert.deepEqual(config().get('connections'), [{ name, bootstrap: process.env.KAFKA_BOOTSTRAP, schemaRegistry: { url, auth: 'basic', username: 'reg-user' } }]);
    assert.equal(await api.secrets.get(registrySecretKey(id)), password);
    const settingsFile = userSettingsFile(api.globalStorageUri)!;
    const settingsText = fs.readFileSync(settingsFile, 'utf8');
    assert.match(settingsText, /"url": "http:\/\/127\.0\.0\.1:9\/apis\/ccompat\/v7"/);
    assert.ok(!settingsText.includes(password), 'the settings file holds no password');

    // Every log file written so far, the Event Broker channel flushed first.
    const flushed = uniqueName('registry-log-flush');
    api.log.info(flushed);
    const logs = await until('the log channel on disk', () => {
      const all = filesUnder(logsRoot(api.logUri));
      return all.some((f) => fs.readFileSync(f, 'latin1').includes(flushed)) ? all : undefined;
    });
    for (const f of logs) assert.ok(!fs.readFileSync(f, 'latin1').includes(password), `${f} holds the password`);

    // An empty URL removes the registry from the connection, and its secret from SecretStorage.
    // From the row drawn before the registry was saved (a menu still open, another extension): the command reads the setting as saved now.
    const remove = new ScriptedPrompter([{ input: '' }]);
    assert.equal(await withPrompter(api, remove, () => vscode.commands.executeCommand('eventBroker.schemaRegistry', root.node)), undefined);
    assert.deepEqual(config().get('connections'), [{ name, bootstrap: process.env.KAFKA_BOOTSTRAP }]);
    assert.equal(await api.secrets.get(registrySecretKey(id)), undefined);
    assert.ok(!fs.readFileSync(settingsFile, 'utf8').includes('127.0.0.1:9/'), 'the URL is gone from the settings file');
  });

  test('the environment\'s connection refuses Schema Registry… with its one sentence and asks nothing', async () => {
    const api = await extensionApi();
    const environment = await findRow(api, undefined, 'KAFKA_BOOTSTRAP');
    const prompter = new ScriptedPrompter([]);
    const failures = await failuresOf(api, () => withPrompter(api, prompter, () => vscode.commands.executeCommand('eventBroker.schemaRegistry', environment.node)));
    assert.deepEqual(failures.map((f) => [f.command, f.expected, f.sentence]), [['eventBroker.schemaRegistry', true, ENVIRONMENT_REGISTRY]]);
    assert.deepEqual(prompter.asked, []);
  });

  test('a read-only connection may still set record formats and its schema registry: they are settings, not the broker', async () => {
    const api = await extensionApi();
    const name = 'Formats read-only';
    await config().update('connections', [{ name, bootstrap: process.env.KAFKA_BOOTSTRAP, readOnly: true }], vscode.ConfigurationTarget.Global);
    const row = await topicRowOf(api, name, topic);
    assert.equal(row.contextValue, 'topic.readonly');
    const failures = await failuresOf(api, async () => {
      await withPrompter(api, new ScriptedPrompter([{ pick: 'json' }]), () => vscode.commands.executeCommand('eventBroker.valueFormat', row.node));
      const root = await findRow(api, undefined, name);
      await withPrompter(api, new ScriptedPrompter([{ input: 'http://127.0.0.1:9' }, { pick: 'None' }]), () => vscode.commands.executeCommand('eventBroker.schemaRegistry', root.node));
    });
    assert.deepEqual(failures, []);
    assert.deepEqual(workspaceFormats(), [{ topic, connection: name, valueFormat: 'json' }]);
    assert.deepEqual(config().get('connections'), [{ name, bootstrap: process.env.KAFKA_BOOTSTRAP, readOnly: true, schemaRegistry: { url: 'http://127.0.0.1:9', auth: 'none' } }]);
  });
});
