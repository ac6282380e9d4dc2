// Smoke test for tier 2: the extension is loaded by a real VS Code extension host, activates, and
// registers its commands. Runs inside the host (see index.ts), so `vscode` is the real API.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

const EXTENSION_ID = 'event-broker-explorer.event-broker-explorer';

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
