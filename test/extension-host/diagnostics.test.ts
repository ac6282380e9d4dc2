// Warnings on client settings VAST ignores or refuses, in the user's own files, with quick fixes.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SettingFinding } from '../../src/core/settings/settingFinding';
import { extensionApi, until } from './extensionApi';

function workspaceFile(name: string, text: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  assert.ok(folder, 'the test window has a workspace folder');
  const file = path.join(folder, 'diagnostics-samples', name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return vscode.Uri.file(file);
}

const ours = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'Event Broker');

suite('client settings diagnostics', () => {
  let api: Awaited<ReturnType<typeof extensionApi>>;
  suiteSetup(async () => {
    api = await extensionApi();
  });
  teardown(async () => {
    await vscode.workspace.getConfiguration('eventBroker').update('brokerProfile', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('a .properties file gets diagnostics on open, and the quick fix removes the problem', async () => {
    const uri = workspaceFile('consumer.properties', 'bootstrap.servers=broker:9092\npartition.assignment.strategy=cooperative-sticky\ngroup.instance.id=worker-1\n');
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    const diagnostics = await until('diagnostics', () => (ours(uri).length === 2 ? ours(uri) : undefined));
    assert.deepEqual(diagnostics.map((d) => [d.range.start.line, d.severity]), [
      [1, vscode.DiagnosticSeverity.Error],
      [2, vscode.DiagnosticSeverity.Warning],
    ]);
    assert.match(diagnostics[0].message, /cooperative/i);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, diagnostics[0].range, vscode.CodeActionKind.QuickFix.value, 10);
    // The API command drops `diagnostics` from the actions it returns: find ours by kind and title.
    const fix = actions.find((a) => a.kind?.value === 'quickfix' && a.title === 'Use range,roundrobin');
    assert.ok(fix?.edit, `a quick fix is offered: ${actions.map((a) => a.title).join(', ')}`);
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    assert.match(doc.getText(), /partition\.assignment\.strategy=range,roundrobin/);
    await until('the fixed diagnostic to go', () => (ours(uri).length === 1 ? true : undefined));
    // Removing group.instance.id deletes its whole line.
    const remove = (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, ours(uri)[0].range, vscode.CodeActionKind.QuickFix.value, 10)).find((a) => a.kind?.value === 'quickfix' && a.edit);
    assert.ok(remove?.edit);
    await vscode.workspace.applyEdit(remove.edit);
    assert.equal(doc.getText(), 'bootstrap.servers=broker:9092\npartition.assignment.strategy=range,roundrobin\n');
    await until('no diagnostics left', () => (ours(uri).length === 0 ? true : undefined));
  });

  test('edits refresh the diagnostics; a kafkajs file is checked', async () => {
    const uri = workspaceFile('producer.ts', "import { Kafka } from 'kafkajs';\nconst producer = kafka.producer({ allowAutoTopicCreation: false });\n");
    const doc = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(doc);
    assert.deepEqual(await until('the file to be checked', () => api.diagnostics.findingsOf(uri)), []);
    assert.equal(ours(uri).length, 0);
    await editor.edit((e) => e.replace(new vscode.Range(1, 0, 1, 200), 'const producer = kafka.producer({ idempotent: true });'));
    const after = await until('a diagnostic after the edit', () => (ours(uri).length === 1 ? ours(uri) : undefined));
    assert.match(after[0].message, /idempoten/i);
  });

  test('under the kafka profile the VAST-only rules stay silent', async () => {
    await vscode.workspace.getConfiguration('eventBroker').update('brokerProfile', 'kafka', vscode.ConfigurationTarget.Global);
    const uri = workspaceFile('kafka-profile.properties', 'enable.idempotence=true\n');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    assert.deepEqual(await until('the file to be checked', () => api.diagnostics.findingsOf(uri)), []);
    assert.equal(ours(uri).length, 0);
  });

  test('Check Client Settings runs on the active file and reports what it found', async () => {
    const clean = workspaceFile('clean.properties', 'bootstrap.servers=broker:9092\n');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(clean));
    assert.deepEqual(await vscode.commands.executeCommand<SettingFinding[]>('eventBroker.checkClientSettings'), []);
    const dirty = workspaceFile('settings.yaml', 'kafka:\n  consumer:\n    isolation.level: read_uncommitted\n');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(dirty));
    const found = await vscode.commands.executeCommand<SettingFinding[]>('eventBroker.checkClientSettings');
    assert.deepEqual(found.map((f) => [f.setting, f.line]), [['isolation.level', 3]]);
  });

  test("the extension's own clientOverrides are checked when they change", async () => {
    const api = await extensionApi();
    const config = vscode.workspace.getConfiguration('eventBroker');
    await config.update('clientOverrides', { 'client.rack': 'rack-1' }, vscode.ConfigurationTarget.Global);
    try {
      const { checkClientOverrides } = await import('../../src/extension/diagnostics/clientOverridesCheck');
      const findings = checkClientOverrides(api.log, false);
      assert.deepEqual(findings.map((f) => f.setting), ['client.rack']);
    } finally {
      await config.update('clientOverrides', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
