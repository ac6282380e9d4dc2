// A read-only connection in the real extension host, against the live broker: the tree marks it
// (description, lock icon, tooltip); its rows carry context values no changing menu item matches;
// every changing command, invoked anyway with a row of it (as a stale menu, a keybinding or another
// extension could) or from the palette, is refused with the one sentence before any question, and
// the broker is the same afterwards: topics, groups, the group's commits, the topic's end offsets.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { openSession, topicWith, uniqueName } from '../support/kafkaFixtures';
import { describeGroup } from '../../src/core/groups/describeGroup';
import { listGroups } from '../../src/core/groups/listGroups';
import { describePartitions, listTopics } from '../../src/core/topics/listTopics';
import type { KafkaSession } from '../../src/core/session';
import type { CommandFailure } from '../../src/extension/runCommand';
import type { CommandId } from '../../src/extension/commandIds';
import { CONTEXT_VALUES } from '../../src/extension/tree/contextValues';
import { connectionOptions, environmentConnection } from '../../src/extension/connections/brokerConnection';
import { ScriptedPrompter } from './scriptedPrompter';
import { EXTENSION_ID, extensionApi, findRow, rows, until, withPrompter } from './extensionApi';
import { viewItemPredicate } from './viewItemClause';

const NAME = 'Read-only test';
const sentence = (what: string) => `Connection "${NAME}" is read-only: ${what} is not allowed.`;

/** Every command that changes the broker; a new one must be added here (and hidden on read-only rows). */
const CHANGING_COMMANDS: CommandId[] = [
  'eventBroker.deleteGroup',
  'eventBroker.deleteIdleGroups',
  'eventBroker.resetOffsets',
  'eventBroker.restoreOffsets',
  'eventBroker.produceTestEvent',
  'eventBroker.createTopic',
  'eventBroker.editTopicConfig',
  'eventBroker.resetTopicConfigEntry',
  'eventBroker.deleteTopic',
  'eventBroker.deleteRecords',
];

suite('read-only connections', () => {
  let session: KafkaSession;
  let topic: string;
  let group: string;
  let savedConnections: unknown;

  /** This suite's topics and groups (by prefix: other suites share the broker), the group's commits, the topic's end offsets. */
  const brokerState = async () => ({
    topics: (await listTopics(session)).map((t) => t.name).filter((n) => n.startsWith('host-ro-')).sort(),
    groups: (await listGroups(session, 'kafka')).groups.map((g) => `${g.groupId} ${g.state}`).filter((g) => g.startsWith('host-ro-')).sort(),
    committed: (await describeGroup(session, group)).offsets.map((o) => [o.topic, o.partition, o.committed]),
    ends: (await describePartitions(session, topic)).map((p) => [p.partition, p.low, p.high]),
  });

  suiteSetup(async () => {
    session = openSession();
    topic = await topicWith(session, 'host-ro', 2, Array.from({ length: 8 }, (_, i) => ({ value: `v${i}`, partition: i % 2 })));
    group = uniqueName('host-ro-idle');
    await session.cluster().commitOffsets(group, [
      { topic, partition: 0, offset: 1 },
      { topic, partition: 1, offset: 2 },
    ]);
    const config = vscode.workspace.getConfiguration('eventBroker');
    savedConnections = config.get('connections');
    await config.update('connections', [{ name: NAME, bootstrap: process.env.KAFKA_BOOTSTRAP!, readOnly: true }], vscode.ConfigurationTarget.Global);
    const api = await extensionApi();
    await until('the read-only connection in the tree', async () => ((await rows(api)).some((r) => r.label === NAME) ? true : undefined));
  });
  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('eventBroker').update('connections', savedConnections, vscode.ConfigurationTarget.Global);
    await session?.close();
  });

  /** The read-only connection's rows down to the group: each as the tree gives it. */
  async function readOnlyRows() {
    const api = await extensionApi();
    const connection = await findRow(api, undefined, NAME);
    const topicsFolder = await findRow(api, connection.node, /^Topics/);
    const topicRow = await until(`the row of ${topic}`, async () => {
      await vscode.commands.executeCommand('eventBroker.refresh', topicsFolder.node);
      return (await rows(api, topicsFolder.node)).find((r) => r.label === topic);
    });
    const topicChildren = await rows(api, topicRow.node);
    const partition = topicChildren.find((r) => r.label === 'Partition 0')!;
    const configuration = topicChildren.find((r) => r.label === 'Configuration')!;
    const configEntries = await rows(api, configuration.node);
    const groupsFolder = await findRow(api, connection.node, /^Consumer Groups/);
    const groupRow = await until(`the row of ${group}`, async () => {
      await vscode.commands.executeCommand('eventBroker.refresh', groupsFolder.node);
      return (await rows(api, groupsFolder.node)).find((r) => r.label === group);
    });
    const groupChildren = await rows(api, groupRow.node);
    return { api, connection, topicsFolder, topicRow, partition, configuration, configEntries, groupsFolder, groupRow, groupChildren };
  }

  test('the tree marks the connection: "read-only", a lock, a tooltip that says changes are disabled', async () => {
    const { api, connection, topicRow, groupsFolder, groupRow } = await readOnlyRows();
    const item = api.explorer.getTreeItem(connection.node);
    assert.match(connection.description, /^read-only · /);
    assert.equal((item.iconPath as vscode.ThemeIcon).id, 'lock');
    assert.match((item.tooltip as vscode.MarkdownString).value, /\*\*Read-only\*\*: changes are disabled/);
    assert.equal(connection.contextValue, CONTEXT_VALUES.connectionFromSettingsReadOnly);
    assert.equal(topicRow.contextValue, CONTEXT_VALUES.topicReadOnly);
    assert.equal(groupsFolder.contextValue, CONTEXT_VALUES.groupsFolderReadOnly);
    assert.equal(groupRow.contextValue, CONTEXT_VALUES.groupReadOnly);
    assert.match((api.explorer.getTreeItem(groupRow.node).tooltip as vscode.MarkdownString).value, /The connection is read-only/);
    // The environment's connection, on the same broker, is not marked.
    const environment = await findRow(api, undefined, /^KAFKA_BOOTSTRAP/);
    assert.doesNotMatch(environment.description, /read-only/);
    assert.equal(environment.contextValue, CONTEXT_VALUES.connectionFromEnvironment);
  });

  test('no row of the connection offers a changing command; its read commands are still offered', async () => {
    const { connection, topicsFolder, topicRow, partition, configuration, configEntries, groupsFolder, groupRow, groupChildren } = await readOnlyRows();
    const manifest = JSON.parse(fs.readFileSync(path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'package.json'), 'utf8')) as {
      contributes: { menus: Record<string, { command: string; when?: string }[]> };
    };
    const itemMenus = manifest.contributes.menus['view/item/context'];
    const offered = (contextValue: string) => itemMenus.filter((m) => viewItemPredicate(m.when ?? '')(contextValue)).map((m) => m.command);
    const all = [connection, topicsFolder, topicRow, partition, configuration, ...configEntries, groupsFolder, groupRow, ...groupChildren];
    for (const row of all) {
      const changing = offered(row.contextValue).filter((c) => (CHANGING_COMMANDS as string[]).includes(c));
      assert.deepEqual(changing, [], `${row.label} (${row.contextValue}) offers ${changing.join(', ')}`);
    }
    assert.ok(offered(topicRow.contextValue).includes('eventBroker.tailTopic'));
    assert.ok(offered(groupRow.contextValue).includes('eventBroker.saveOffsetsSnapshot'));
    // The same rows of a writable connection do offer them (so the check above can fail).
    assert.ok(offered(CONTEXT_VALUES.topic).includes('eventBroker.produceTestEvent'));
    assert.ok(offered(CONTEXT_VALUES.groupEmpty).includes('eventBroker.deleteGroup'));
    assert.ok(offered(CONTEXT_VALUES.groupsFolder).includes('eventBroker.deleteIdleGroups'));
    assert.ok(offered(CONTEXT_VALUES.topicsFolder).includes('eventBroker.createTopic'));
    assert.ok(offered(CONTEXT_VALUES.topic).includes('eventBroker.deleteTopic'));
    assert.ok(offered(CONTEXT_VALUES.partition).includes('eventBroker.deleteRecords'));
    assert.ok(offered(CONTEXT_VALUES.configEntryOverride).includes('eventBroker.resetTopicConfigEntry'));
  });

  test('every changing command invoked on its rows anyway is refused with the sentence, asks nothing, and changes nothing', async () => {
    const { api, topicsFolder, topicRow, partition, configEntries, groupsFolder, groupRow } = await readOnlyRows();
    const before = await brokerState();
    assert.deepEqual(before.committed, [[topic, 0, 1], [topic, 1, 2]], 'the set-up committed');
    const calls: [CommandId, unknown[], string][] = [
      ['eventBroker.deleteGroup', [groupRow.node], `deleting consumer group "${group}"`],
      ['eventBroker.deleteGroup', [groupRow.node, [groupRow.node]], `deleting consumer group "${group}"`],
      ['eventBroker.deleteIdleGroups', [groupsFolder.node], 'deleting idle consumer groups'],
      ['eventBroker.resetOffsets', [groupRow.node], 'resetting offsets'],
      ['eventBroker.restoreOffsets', [groupRow.node], 'restoring offsets'],
      ['eventBroker.restoreOffsets', [groupsFolder.node], 'restoring offsets'],
      ['eventBroker.produceTestEvent', [topicRow.node], 'producing records'],
      ['eventBroker.createTopic', [topicsFolder.node], 'creating topics'],
      ['eventBroker.editTopicConfig', [topicRow.node], `changing the configuration of topic "${topic}"`],
      ['eventBroker.editTopicConfig', [configEntries[0].node], `changing the configuration of topic "${topic}"`],
      ['eventBroker.resetTopicConfigEntry', [configEntries[0].node], `changing the configuration of topic "${topic}"`],
      ['eventBroker.deleteTopic', [topicRow.node], `deleting topic "${topic}"`],
      ['eventBroker.deleteTopic', [topicRow.node, [topicRow.node]], `deleting topic "${topic}"`],
      ['eventBroker.deleteRecords', [partition.node], `deleting records of topic "${topic}"`],
      ['eventBroker.deleteRecords', [topicRow.node], `deleting records of topic "${topic}"`],
    ];
    assert.deepEqual([...new Set(calls.map((c) => c[0]))].sort(), [...CHANGING_COMMANDS].sort(), 'every changing command is tried');
    for (const [command, args, what] of calls) {
      // No answers: a command that asked anything would fail with "the test gave no answer".
      const prompter = new ScriptedPrompter([]);
      const failures = await failuresOf(api, () => withPrompter(api, prompter, () => vscode.commands.executeCommand(command, ...args)));
      assert.deepEqual(
        failures.map((f) => [f.command, f.expected, f.sentence]),
        [[command, true, sentence(what)]],
        command,
      );
      assert.equal(prompter.asked.length, 0, `${command} asked ${prompter.asked.map((a) => a.title).join(', ')}`);
    }
    assert.deepEqual(await brokerState(), before);
  });

  test('from the palette, choosing the read-only connection is refused before anything else is asked', async () => {
    const api = await extensionApi();
    const before = await brokerState();
    for (const [command, what] of [
      ['eventBroker.deleteGroup', 'deleting consumer groups'],
      ['eventBroker.deleteIdleGroups', 'deleting idle consumer groups'],
      ['eventBroker.resetOffsets', 'resetting offsets'],
      ['eventBroker.restoreOffsets', 'restoring offsets'],
      ['eventBroker.produceTestEvent', 'producing records'],
      ['eventBroker.createTopic', 'creating topics'],
      ['eventBroker.editTopicConfig', 'changing topic configuration'],
      ['eventBroker.deleteTopic', 'deleting topics'],
      ['eventBroker.deleteRecords', 'deleting records'],
    ] as const satisfies readonly (readonly [CommandId, string])[]) {
      const prompter = new ScriptedPrompter([{ pick: NAME }]);
      const failures = await failuresOf(api, () => withPrompter(api, prompter, () => vscode.commands.executeCommand(command)));
      assert.deepEqual(
        failures.map((f) => [f.command, f.sentence]),
        [[command, sentence(what)]],
      );
      assert.equal(prompter.asked.length, 1, `${command}: only the connection was asked`);
    }
    assert.deepEqual(await brokerState(), before);
  });

  test('Toggle Read-Only: allowing changes is confirmed first (declining keeps it read-only); making it read-only again asks nothing', async () => {
    const api = await extensionApi();
    const rowOf = () => until(`the row of ${NAME}`, async () => (await rows(api)).find((r) => r.label === NAME));
    const declined = new ScriptedPrompter([{ confirm: false }]);
    const first = (await rowOf()).node;
    await withPrompter(api, declined, () => vscode.commands.executeCommand('eventBroker.toggleReadOnly', first));
    assert.equal(declined.asked[0].message, `Allow changes on "${NAME}"?`);
    assert.equal(api.store.list().find((c) => c.name === NAME)?.readOnly, true, 'declined: still read-only');

    const second = (await rowOf()).node;
    await withPrompter(api, new ScriptedPrompter([{ confirm: true }]), () => vscode.commands.executeCommand('eventBroker.toggleReadOnly', second));
    await until('the connection writable in the tree', async () => ((await rowOf()).contextValue === CONTEXT_VALUES.connectionFromSettings ? true : undefined));
    assert.deepEqual(vscode.workspace.getConfiguration('eventBroker').get('connections'), [{ name: NAME, bootstrap: process.env.KAFKA_BOOTSTRAP! }]);

    // Back to read-only: no question, and the setting says so.
    const asked = new ScriptedPrompter([]);
    const third = (await rowOf()).node;
    await withPrompter(api, asked, () => vscode.commands.executeCommand('eventBroker.toggleReadOnly', third));
    assert.equal(asked.asked.length, 0);
    await until('the connection read-only in the tree', async () => ((await rowOf()).contextValue === CONTEXT_VALUES.connectionFromSettingsReadOnly ? true : undefined));
    assert.deepEqual(vscode.workspace.getConfiguration('eventBroker').get('connections'), [{ name: NAME, bootstrap: process.env.KAFKA_BOOTSTRAP!, readOnly: true }]);
    const { groupRow } = await readOnlyRows();
    assert.equal(groupRow.contextValue, CONTEXT_VALUES.groupReadOnly);
  });

  test('the palette\'s connection picker marks a read-only connection (description and lock icon)', async () => {
    const api = await extensionApi();
    const prompter = new ScriptedPrompter([{ cancel: true }]);
    await withPrompter(api, prompter, () => vscode.commands.executeCommand('eventBroker.replayTopic'));
    const picker = prompter.asked[0];
    assert.equal(picker.title, 'Event Broker: choose a connection');
    const readOnly = picker.labels!.indexOf(NAME);
    const writable = picker.labels!.findIndex((l) => l.startsWith('KAFKA_BOOTSTRAP'));
    assert.ok(readOnly >= 0 && writable >= 0, picker.labels!.join(' | '));
    assert.equal(picker.descriptions![readOnly], `read-only · ${process.env.KAFKA_BOOTSTRAP}`);
    assert.equal(picker.icons![readOnly], 'lock');
    assert.equal(picker.descriptions![writable], process.env.KAFKA_BOOTSTRAP);
    assert.notEqual(picker.icons![writable], 'lock');
  });

  test('Add Connection… asks "read-only?" and saves the answer', async () => {
    const api = await extensionApi();
    const bootstrap = process.env.KAFKA_BOOTSTRAP!;
    const prompter = new ScriptedPrompter([{ input: 'Added read-only' }, { input: bootstrap }, { pick: 'None' }, { pick: 'No TLS' }, { pick: 'Read-only' }]);
    await withPrompter(api, prompter, () => vscode.commands.executeCommand('eventBroker.addConnection'));
    assert.equal(prompter.asked[4].title, 'Add Connection (5/5): read-only?');
    assert.deepEqual(prompter.asked[4].labels, ['Allow changes', 'Read-only']);
    const saved = vscode.workspace.getConfiguration('eventBroker').get<{ name: string }[]>('connections')!;
    assert.deepEqual(saved.find((c) => c.name === 'Added read-only'), { name: 'Added read-only', bootstrap, saslMechanism: 'none', readOnly: true });
    const row = await until('the added connection in the tree', async () => (await rows(api)).find((r) => r.label === 'Added read-only'));
    assert.equal(row.contextValue, CONTEXT_VALUES.connectionFromSettingsReadOnly);
  });

  test('the environment connection is read-only with EBX_READ_ONLY=1 (and its sessions are)', () => {
    const readOnly = environmentConnection({ KAFKA_BOOTSTRAP: 'b:9092', EBX_READ_ONLY: '1' })!;
    assert.equal(readOnly.readOnly, true);
    assert.deepEqual(
      [connectionOptions(readOnly, undefined, 1000).readOnly, connectionOptions(readOnly, undefined, 1000).name],
      [true, 'KAFKA_BOOTSTRAP (b:9092)'],
    );
    assert.equal(environmentConnection({ KAFKA_BOOTSTRAP: 'b:9092' })!.readOnly, false);
    assert.equal(environmentConnection({ KAFKA_BOOTSTRAP: 'b:9092', EBX_READ_ONLY: '0' })!.readOnly, false);
  });

  test('a session of the connection refuses a change even past the commands (core applies it to every request)', async () => {
    const api = await extensionApi();
    const connection = api.store.list().find((c) => c.name === NAME)!;
    const roSession = await api.store.session(connection);
    await assert.rejects(roSession.cluster().deleteGroups(1, [group]), { message: sentence(`deleting consumer group "${group}"`) });
    await assert.rejects(roSession.cluster().produce(topic, [{ key: null, value: 'x' }]), { message: sentence(`producing to topic "${topic}"`) });
    assert.deepEqual((await describeGroup(session, group)).offsets.map((o) => o.committed), [1, 2]);
  });
});

async function failuresOf(api: Awaited<ReturnType<typeof extensionApi>>, work: () => Thenable<unknown> | Promise<unknown>): Promise<CommandFailure[]> {
  const failures: CommandFailure[] = [];
  const listening = api.commandFailures((f) => failures.push(f));
  try {
    await work();
  } finally {
    listening.dispose();
  }
  return failures;
}
