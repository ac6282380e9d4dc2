import * as vscode from 'vscode';
import { parseBootstrap } from '../../core/connection';
import { UsageError, explainError } from '../../core/errors';
import { listTopics } from '../../core/topics/listTopics';
import { settingsConnection, type BrokerConnection } from '../connections/brokerConnection';
import type { Prompter } from '../prompter';
import type { ConnectionSetting } from '../settings';
import { readSettings } from '../settings';
import { Cancelled } from '../runCommand';
import { ConnectionNode } from '../tree/connectionNode';
import type { CommandContext } from './commandContext';
import { connectionStep } from './targetSteps';
import { commandEntries } from '../commandEntry';

/**
 * Add Connection…: validated inputs, a connection test under a progress notification, then the
 * connection is saved to settings and its password (if any) to SecretStorage.
 */
export async function addConnectionCommand({ store, prompter }: CommandContext): Promise<BrokerConnection> {
  // Five numbered steps; the username and password are part of step 3 (authentication), asked only for SASL.
  const taken = new Set(readSettings().connections.map((c) => c.name));
  const name = await ask(prompter, {
    title: 'Add Connection (1/5): a name for the tree',
    placeHolder: 'VAST production',
    validateInput: (v) => (v.trim() === '' ? 'A name is required.' : taken.has(v.trim()) ? `A connection named "${v.trim()}" exists already.` : undefined),
  });
  const bootstrap = await ask(prompter, {
    title: 'Add Connection (2/5): bootstrap servers',
    placeHolder: 'host:port[,host:port]',
    value: process.env.KAFKA_BOOTSTRAP ?? '',
    validateInput: (v) => problemOf(() => parseBootstrap(v)),
  });
  const mechanism = await prompter.pickOne(
    [
      { label: 'None', description: 'PLAINTEXT', value: 'none' as const },
      { label: 'SASL PLAIN', description: 'what VAST Event Broker uses', value: 'plain' as const },
      { label: 'SASL SCRAM-SHA-256', value: 'scram-sha-256' as const },
      { label: 'SASL SCRAM-SHA-512', value: 'scram-sha-512' as const },
    ],
    { title: 'Add Connection (3/5): authentication' },
  );
  if (!mechanism) throw new Cancelled();
  let username: string | undefined;
  let password: string | undefined;
  if (mechanism !== 'none') {
    username = await ask(prompter, { title: 'Add Connection (3/5): username', value: process.env.KAFKA_USERNAME ?? '', validateInput: (v) => (v.trim() === '' ? 'A username is required.' : undefined) });
    password = await ask(prompter, { title: `Add Connection (3/5): password for ${username.trim()}`, prompt: 'Kept in VS Code SecretStorage, never in settings.', password: true });
  }
  const tls = await prompter.pickOne(
    [
      { label: 'No TLS', value: false },
      { label: 'TLS', description: 'certificate verified; CA and client certificate files can be set in settings', value: true },
    ],
    { title: 'Add Connection (4/5): transport' },
  );
  if (tls === undefined) throw new Cancelled();
  const readOnly = await prompter.pickOne(
    [
      { label: 'Allow changes', description: 'deleting groups, resetting offsets, producing: each after a confirmation', value: false },
      { label: 'Read-only', description: 'every change to the broker is refused and changing commands are hidden (for production)', value: true },
    ],
    { title: 'Add Connection (5/5): read-only?' },
  );
  if (readOnly === undefined) throw new Cancelled();
  const setting: ConnectionSetting = {
    name: name.trim(),
    bootstrap: parseBootstrap(bootstrap).join(','),
    saslMechanism: mechanism,
    ...(username ? { username: username.trim() } : {}),
    ...(tls ? { tls: true } : {}),
    ...(readOnly ? { readOnly: true } : {}),
  };

  const problem = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Testing the connection to ${setting.bootstrap}…` }, async () => {
    const session = await store.testSession(settingsConnection(setting), password);
    try {
      await listTopics(session);
      return undefined;
    } catch (err) {
      return explainError(err);
    } finally {
      await session.close();
    }
  });
  if (problem && !(await prompter.confirm(`The connection test failed: ${problem}`, 'Save the connection anyway?', 'Save Anyway'))) throw new Cancelled();
  const connection = await store.add(setting, password);
  void vscode.window.showInformationMessage(`Connection "${setting.name}" saved${problem ? '' : ' and working'}.`);
  return connection;
}

export async function removeConnectionCommand(ctx: CommandContext, node?: unknown): Promise<void> {
  const { store, prompter } = ctx;
  const connection = await connectionStep(ctx, node instanceof ConnectionNode ? node : undefined);
  const confirmed = await prompter.confirm(`Remove the connection "${connection.name}"?`, `${connection.bootstrap}\nIts saved password is deleted too. Tails on it stop.`, 'Remove');
  if (!confirmed) throw new Cancelled();
  await store.remove(connection);
}

/**
 * Toggle Read-Only: a settings connection becomes read-only at once; allowing changes again is
 * confirmed first, since it re-enables deleting and resetting on what may be production.
 */
export async function toggleReadOnlyCommand(ctx: CommandContext, node?: unknown): Promise<boolean> {
  const { store, prompter } = ctx;
  const connection = await connectionStep(ctx, node instanceof ConnectionNode ? node : undefined);
  const readOnly = connection.readOnly !== true;
  if (!readOnly) {
    const confirmed = await prompter.confirm(
      `Allow changes on "${connection.name}"?`,
      `${connection.bootstrap}\nDeleting groups, resetting and restoring offsets and producing become possible again (each still asks first).`,
      'Allow Changes',
    );
    if (!confirmed) throw new Cancelled();
  }
  await store.setReadOnly(connection, readOnly);
  void vscode.window.showInformationMessage(readOnly ? `Connection "${connection.name}" is read-only now.` : `Connection "${connection.name}" allows changes now.`);
  return readOnly;
}

async function ask(prompter: Prompter, options: vscode.InputBoxOptions & { title: string }): Promise<string> {
  const value = await prompter.input(options);
  if (value === undefined) throw new Cancelled();
  const problem = options.validateInput ? await options.validateInput(value) : undefined;
  if (problem) throw new UsageError(typeof problem === 'string' ? problem : problem.message);
  return value;
}

function problemOf(check: () => unknown): string | undefined {
  try {
    check();
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

export const connectionCommands = commandEntries(
  { id: 'eventBroker.addConnection', run: addConnectionCommand },
  { id: 'eventBroker.removeConnection', run: removeConnectionCommand },
  { id: 'eventBroker.toggleReadOnly', run: toggleReadOnlyCommand },
);
