// Smoke test for tier 2: the extension is loaded by a real VS Code extension host, activates, and
// registers its commands. Runs inside the host (see index.ts), so `vscode` is the real API.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension/container';
import type { ConnectionNode } from '../../src/extension/tree/connectionNode';
import { CONTEXT_VALUES } from '../../src/extension/tree/contextValues';
import { EXTENSION_ID } from './extensionApi';

suite('activation', () => {
  test('the extension is installed in the extension host', () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} not found; loaded: ${vscode.extensions.all.map((e) => e.id).filter((id) => !id.startsWith('vscode.')).join(', ')}`);
  });

  test('it activates and registers eventBroker.* commands', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext);
    await ext.activate();
    assert.equal(ext.isActive, true);
    const commands = (await vscode.commands.getCommands(true)).filter((c) => c.startsWith('eventBroker.'));
    assert.ok(commands.length > 0, 'no eventBroker.* command is registered');
  });
});

// Runs first (files load in name order, and nothing before it opens a connection): activating for
// the settings diagnostics or the tree must not load the Kafka client, only a connection does.
suite('activation loads Kafka code only on the first connection', () => {
  const loaded = (file: string): boolean => Object.keys(require.cache).includes(file);

  test('dist/kafka.js is loaded when a connection first opens, not at activation', async () => {
    const ext = vscode.extensions.getExtension<ExtensionApi | undefined>(EXTENSION_ID);
    assert.ok(ext);
    const api = await ext.activate();
    assert.ok(api, 'the test API (ExtensionMode.Test)');
    const bundle = path.join(ext.extensionPath, 'dist', 'extension.js');
    const kafkaBundle = path.join(ext.extensionPath, 'dist', 'kafka.js');
    assert.ok(loaded(bundle), `${bundle} is in require.cache (so this cache is the one the extension is loaded into)`);
    assert.ok(!loaded(kafkaBundle), `${kafkaBundle} is loaded before any connection was opened`);

    const connection = (await api.explorer.getChildren()).find((n) => api.explorer.getTreeItem(n).contextValue === CONTEXT_VALUES.connectionFromEnvironment);
    assert.ok(connection, 'the KAFKA_BOOTSTRAP connection is in the tree');
    await api.explorer.getChildren(connection); // opens its session: Topics and Consumer Groups start loading
    await api.store.session((connection as ConnectionNode).connection);
    assert.ok(loaded(kafkaBundle), `${kafkaBundle} is not loaded after a session was opened`);
  });
});
