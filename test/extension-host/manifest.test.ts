// The manifest and the code agree: every contributed command is implemented and every setting we
// read is contributed, and each command runs in the real host (cancelled prompts end silently).
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { COMMAND_IDS } from '../../src/extension/commandIds';
import { SETTING_KEYS, SETTINGS_SECTION } from '../../src/extension/settings';
import { CancellingPrompter } from './scriptedPrompter';
import { extensionApi, withPrompter, EXTENSION_ID } from './extensionApi';

const manifest = JSON.parse(fs.readFileSync(path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'package.json'), 'utf8'));

suite('manifest', () => {
  test('activates and exposes its services', async () => {
    const api = await extensionApi();
    assert.ok(api.explorer && api.tails && api.diagnostics && api.store);
    assert.equal(vscode.extensions.getExtension(EXTENSION_ID)!.isActive, true);
  });

  test('contributed commands and COMMAND_IDS are the same set, all in the Event Broker category', () => {
    const contributed = (manifest.contributes.commands as { command: string; category: string }[]);
    assert.deepEqual(contributed.map((c) => c.command).sort(), Object.values(COMMAND_IDS).sort());
    assert.ok(contributed.every((c) => c.category === 'Event Broker'));
  });

  test('every setting read is contributed', () => {
    const properties = Object.keys(manifest.contributes.configuration.properties);
    for (const key of Object.values(SETTING_KEYS)) assert.ok(properties.includes(`${SETTINGS_SECTION}.${key}`), `${key} is not contributed`);
    assert.ok(!JSON.stringify(manifest.contributes.configuration).match(/"password"/i), 'no password setting may exist');
  });

  test('every command is registered and runs; cancelling its prompts is silent', async () => {
    const api = await extensionApi();
    await withPrompter(api, new CancellingPrompter(), async () => {
      for (const id of Object.values(COMMAND_IDS)) {
        // An unregistered command rejects with "command not found"; a cancelled one resolves.
        await vscode.commands.executeCommand(id);
      }
    });
  });
});
