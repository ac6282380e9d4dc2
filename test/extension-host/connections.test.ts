// Add and remove a connection as a user would; the password lands in SecretStorage only.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ScriptedPrompter } from './scriptedPrompter';
import { extensionApi, rows, until, withPrompter } from './extensionApi';

suite('connections', () => {
  test('Add Connection… validates input, tests the connection, saves it without the password', async () => {
    const api = await extensionApi();
    // The local broker's SASL listener and its admin user (npm test starts that broker).
    const bootstrap = process.env.KAFKA_SASL_BOOTSTRAP!;
    const password = 'admin-secret';
    const prompter = new ScriptedPrompter([{ input: 'Local test' }, { input: bootstrap }, { pick: 'SASL PLAIN' }, { input: 'admin' }, { input: password }, { pick: 'No TLS' }, { pick: 'Allow changes' }]);
    const connection = await withPrompter(api, prompter, () => vscode.commands.executeCommand<{ id: string; name: string }>('eventBroker.addConnection'));
    assert.equal(connection.name, 'Local test');
    const saved = vscode.workspace.getConfiguration('eventBroker').get<unknown[]>('connections');
    assert.deepEqual(saved, [{ name: 'Local test', bootstrap, saslMechanism: 'plain', username: 'admin' }]);
    assert.equal(prompter.answersLeft, 0, 'the connection test passed: no "Save Anyway" question');
    // Every question says which of the five steps it is (username and password belong to step 3, authentication).
    assert.deepEqual(prompter.asked.map((a) => a.title), [
      'Add Connection (1/5): a name for the tree',
      'Add Connection (2/5): bootstrap servers',
      'Add Connection (3/5): authentication',
      'Add Connection (3/5): username',
      'Add Connection (3/5): password for admin',
      'Add Connection (4/5): transport',
      'Add Connection (5/5): read-only?',
    ]);
    assert.ok(!JSON.stringify(vscode.workspace.getConfiguration('eventBroker')).includes(password));
    await until('the new connection in the tree', async () => ((await rows(api)).some((r) => r.label === 'Local test') ? true : undefined));

    const remove = new ScriptedPrompter([{ pick: 'Local test' }, { confirm: true }]);
    await withPrompter(api, remove, () => vscode.commands.executeCommand('eventBroker.removeConnection'));
    assert.deepEqual(vscode.workspace.getConfiguration('eventBroker').get('connections'), []);
    assert.ok(remove.asked[1].detail!.includes(bootstrap));
  });

  test('bad bootstrap input is refused with a sentence', async () => {
    const api = await extensionApi();
    const prompter = new ScriptedPrompter([{ input: 'Bad one' }, { input: 'broker-without-port' }]);
    await withPrompter(api, prompter, () => vscode.commands.executeCommand('eventBroker.addConnection'));
    assert.equal(prompter.asked[1].validation, '"broker-without-port" is not host:port: add the port, for example broker-without-port:9092.');
    assert.deepEqual(vscode.workspace.getConfiguration('eventBroker').get('connections'), []);
  });

  test('clientOverrides the client understands are applied to the next session', async () => {
    const api = await extensionApi();
    const config = vscode.workspace.getConfiguration('eventBroker');
    const connection = api.store.list()[0];
    await config.update('clientOverrides', { 'client.id': 'ebx-override-test', 'request.timeout.ms': 12345 }, vscode.ConfigurationTarget.Global);
    try {
      const session = await api.store.session(connection);
      assert.equal(session.options.clientId, 'ebx-override-test');
      assert.equal(session.timeoutMs, 12345);
    } finally {
      await config.update('clientOverrides', undefined, vscode.ConfigurationTarget.Global);
    }
    assert.equal((await api.store.session(connection)).options.clientId, 'event-broker-explorer-vscode');
  });
});
