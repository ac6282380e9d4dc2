// The manifest and the code agree: every contributed command is implemented and every setting we
// read is contributed, and each command runs in the real host (cancelled prompts end silently, and
// no command ends in an unexpected exception, which the command wrapper reports through the test API).
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { COMMAND_ENTRIES } from '../../src/extension/featureCommands';
import { VIEW_ID, type CommandId } from '../../src/extension/commandIds';
import type { CommandFailure } from '../../src/extension/runCommand';
import { SETTING_KEYS, SETTINGS_SECTION, contributedDefault, readSettings } from '../../src/extension/settings';
import { CONTEXT_VALUES } from '../../src/extension/tree/contextValues';
import type { ConnectionNode } from '../../src/extension/tree/connectionNode';
import { CancellingPrompter, ScriptedPrompter } from './scriptedPrompter';
import { extensionApi, rows, withPrompter, EXTENSION_ID } from './extensionApi';

interface Manifest {
  contributes: {
    commands: { command: string; category?: string }[];
    menus: { commandPalette: { command: string; when?: string }[] };
    configuration: { properties: Record<string, { default?: unknown }> };
  };
}

/** Every registered command's id, from the feature files' entries. */
const commandIds: string[] = COMMAND_ENTRIES.map((entry) => entry.id);

const manifest = JSON.parse(fs.readFileSync(path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'package.json'), 'utf8')) as Manifest;

suite('manifest', () => {
  test('activates and exposes its services', async () => {
    const api = await extensionApi();
    assert.ok(api.explorer && api.tails && api.diagnostics && api.store);
    assert.equal(vscode.extensions.getExtension(EXTENSION_ID)!.isActive, true);
  });

  test('the extension host runs these tests in ExtensionMode.Test (the only mode that gets the test API)', async () => {
    // extensionApi() fails when activate() returned nothing; this names the mode it saw.
    const api = await extensionApi();
    assert.equal(api.extensionMode, vscode.ExtensionMode.Test);
  });

  test('contributed commands, the command entries and the registered commands are the same set, all in the Event Broker category', async () => {
    await extensionApi();
    const contributed = manifest.contributes.commands;
    assert.deepEqual(contributed.map((c) => c.command).sort(), [...commandIds].sort());
    assert.ok(contributed.every((c) => c.category === 'Event Broker'));
    assert.deepEqual(commandIds.filter((id, i) => commandIds.indexOf(id) !== i), [], 'ids in more than one entry');
    // Nothing registers a command beside the entries. (VS Code adds the view's own, eventBroker.explorer.focus…)
    const registered = (await vscode.commands.getCommands(true)).filter((c) => c.startsWith('eventBroker.') && !c.startsWith(`${VIEW_ID}.`));
    assert.deepEqual(registered.sort(), [...commandIds].sort());
  });

  test('commands that only work on a tree row are hidden from the palette', () => {
    const hidden = manifest.contributes.menus.commandPalette.filter((m) => m.when === 'false').map((m) => m.command);
    const rowOnly: CommandId[] = [
      'eventBroker.clearPartitionFilter',
      'eventBroker.copyBootstrap',
      'eventBroker.copyName',
      'eventBroker.filterPartitions',
      'eventBroker.loadMore',
      'eventBroker.removeConnection',
      'eventBroker.replayFromCommitted',
      'eventBroker.resetTopicConfigEntry',
      'eventBroker.openSchema',
      'eventBroker.filterSubjects',
    ];
    assert.deepEqual(hidden.sort(), rowOnly.sort());
  });

  test('Replay Topic… is in the palette on read-only connections too (it only reads)', () => {
    const title = manifest.contributes.commands.find((c) => c.command === 'eventBroker.replayTopic') as { title?: string } | undefined;
    assert.equal(title?.title, 'Replay Topic…');
    assert.deepEqual(manifest.contributes.menus.commandPalette.filter((m) => m.command === 'eventBroker.replayTopic'), [], 'no when clause hides or gates it');
  });

  test('every setting read is contributed', () => {
    const properties = Object.keys(manifest.contributes.configuration.properties);
    for (const key of Object.values(SETTING_KEYS)) assert.ok(properties.includes(`${SETTINGS_SECTION}.${key}`), `${key} is not contributed`);
    assert.ok(!/"password"/i.test(JSON.stringify(manifest.contributes.configuration)), 'no password setting may exist');
  });

  test('setting defaults come from contributes.configuration, and the accessor reads them', () => {
    const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
    const read = readSettings();
    const fields = Object.keys(SETTING_KEYS) as (keyof typeof SETTING_KEYS)[];
    for (const field of fields) {
      const key = SETTING_KEYS[field];
      const declared = manifest.contributes.configuration.properties[`${SETTINGS_SECTION}.${key}`]?.default;
      assert.notEqual(declared, undefined, `package.json declares no default for ${key}`);
      assert.deepEqual(contributedDefault(field), declared, key);
      assert.deepEqual(config.inspect(key)?.defaultValue, declared, `VS Code's default for ${key}`);
      const inspected = config.inspect(key);
      const setSomewhere = [inspected?.globalValue, inspected?.workspaceValue, inspected?.workspaceFolderValue].some((v) => v !== undefined);
      if (!setSomewhere) assert.deepEqual(read[field], declared, `readSettings().${field} unset reads as the declared default`);
    }
  });

  test('a setting of the wrong type reads as its declared default', async () => {
    const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
    const key = SETTING_KEYS.treePageSize;
    const before = config.inspect(key)?.globalValue;
    await config.update(key, 'many', vscode.ConfigurationTarget.Global);
    try {
      assert.equal(vscode.workspace.getConfiguration(SETTINGS_SECTION).get(key), 'many');
      assert.equal(readSettings().treePageSize, manifest.contributes.configuration.properties[`${SETTINGS_SECTION}.${key}`].default);
    } finally {
      await config.update(key, before, vscode.ConfigurationTarget.Global);
    }
  });

  test('every command is registered and runs; cancelling its prompts is silent, and none throws unexpectedly', async () => {
    const api = await extensionApi();
    const failures: CommandFailure[] = [];
    const listening = api.commandFailures((f) => failures.push(f));
    const ran: string[] = [];
    try {
      await withPrompter(api, new CancellingPrompter(), async () => {
        for (const id of commandIds) {
          // An unregistered command rejects with "command not found"; a cancelled one resolves.
          await vscode.commands.executeCommand(id);
          ran.push(id);
        }
      });
    } finally {
      listening.dispose();
    }
    assert.deepEqual(ran, commandIds);
    // A command that needs input ends as cancelled or with its one sentence (UsageError, EbxError,
    // BrokerError); anything else is a bug the wrapper would otherwise only have logged.
    const unexpected = failures.filter((f) => !f.expected).map((f) => `${f.command}: ${f.error instanceof Error ? (f.error.stack ?? f.error.message) : String(f.error)}`);
    assert.deepEqual(unexpected, []);
  });

  test('the wrapper reports a failure with the sentence it showed (so the test above can fail)', async () => {
    const api = await extensionApi();
    const environment = (await rows(api)).find((r) => r.contextValue === CONTEXT_VALUES.connectionFromEnvironment);
    assert.ok(environment, 'the KAFKA_BOOTSTRAP connection is in the tree');
    const failures: CommandFailure[] = [];
    const listening = api.commandFailures((f) => failures.push(f));
    try {
      // Removing the environment's connection is refused with a sentence: a failure, but an expected one.
      await withPrompter(api, new ScriptedPrompter([{ confirm: true }]), () => vscode.commands.executeCommand('eventBroker.removeConnection', environment.node));
    } finally {
      listening.dispose();
    }
    assert.deepEqual(
      failures.map((f) => [f.command, f.expected, f.sentence]),
      [['eventBroker.removeConnection', true, 'This connection comes from the KAFKA_BOOTSTRAP environment variable: unset it to remove the connection.']],
    );
  });

  test('Copy Name copies a connection\'s name, Copy Bootstrap Servers its bootstrap', async () => {
    const api = await extensionApi();
    const environment = (await rows(api)).find((r) => r.contextValue === CONTEXT_VALUES.connectionFromEnvironment);
    assert.ok(environment, 'the KAFKA_BOOTSTRAP connection is in the tree');
    const connection = (environment.node as ConnectionNode).connection;
    assert.notEqual(connection.name, connection.bootstrap);
    assert.equal(await vscode.commands.executeCommand('eventBroker.copyName', environment.node), connection.name);
    assert.equal(await vscode.env.clipboard.readText(), connection.name);
    assert.equal(await vscode.commands.executeCommand('eventBroker.copyBootstrap', environment.node), connection.bootstrap);
    assert.equal(await vscode.env.clipboard.readText(), connection.bootstrap);
  });
});
