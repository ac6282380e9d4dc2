// The tools' view of the extension: the connections of the ConnectionStore (never a password), the
// session of the one the input names — or, without a name, of the connection selected in the tree
// or the only one —, the broker profile, and files of the workspace (an open editor's unsaved text
// wins, as the diagnostics see it), and each topic's record formats (RecordFormats: the settings'
// formats, schema files and the connection's registry).
import * as path from 'node:path';
import * as vscode from 'vscode';
import { UsageError } from '../../core/errors';
import { FILE_KINDS, readBoundedText } from '../../core/files/readBoundedFile';
import type { ConnectionSummary, ToolContext, ToolRecordFormats } from '../../core/tools/toolDefinition';
import type { ConnectionStore } from '../connections/connectionStore';
import type { BrokerConnection } from '../connections/brokerConnection';
import { readSettings } from '../settings';
import type { RecordFormats } from '../formats/recordFormats';

/** Selected tree rows; a row of a connection carries it. */
export type TreeSelection = () => readonly unknown[];

export function connectionSummary(connection: BrokerConnection): ConnectionSummary {
  return {
    name: connection.name,
    bootstrap: connection.bootstrap,
    auth: connection.saslMechanism ?? 'none',
    username: connection.username ?? null,
    tls: connection.tls !== undefined,
    readOnly: connection.readOnly === true,
  };
}

export function extensionToolContext(store: ConnectionStore, selection: TreeSelection, formats?: RecordFormats): ToolContext {
  return {
    ...(formats ? { recordFormats: toolRecordFormats(store, formats) } : {}),
    get profile() {
      return readSettings().brokerProfile;
    },
    connections: () => store.list().map(connectionSummary),
    async session(name) {
      const connection = chooseConnection(store.list(), name, selection());
      const session = await store.session(connection);
      // The session knows when its connection is read-only (it refuses every change itself too).
      return { session, connection: { ...connectionSummary(connection), readOnly: connectionSummary(connection).readOnly || session.readOnly } };
    },
    readTextFile,
  };
}

/** The tools' way to a topic's decoder and encoders: the connection by the name its session summary gave. */
function toolRecordFormats(store: ConnectionStore, formats: RecordFormats): ToolRecordFormats {
  const named = (name: string) => {
    const connection = store.list().find((c) => c.name === name);
    if (!connection) throw new UsageError(`No connection named "${name}".`);
    return connection;
  };
  return {
    decoderFor: (name, topic) => formats.decoderFor(named(name), topic),
    encodersFor: (name, topic) => formats.encodersFor(named(name), topic),
  };
}

export function chooseConnection(connections: BrokerConnection[], name: string | undefined, selected: readonly unknown[]): BrokerConnection {
  if (connections.length === 0) throw new UsageError('No broker connection is configured: add one (Event Broker: Add Connection…) or set KAFKA_BOOTSTRAP.');
  const names = connections.map((c) => c.name).join(', ');
  if (name !== undefined && name.trim() !== '') {
    const named = connections.find((c) => c.name === name) ?? connections.find((c) => c.name.toLowerCase() === name.trim().toLowerCase());
    if (!named) throw new UsageError(`No connection named "${name}": the connections are ${names}.`);
    return named;
  }
  if (connections.length === 1) return connections[0];
  const selectedIds = new Set(selected.map((node) => (node as { connection?: BrokerConnection } | null)?.connection?.id).filter(Boolean));
  const chosen = connections.filter((c) => selectedIds.has(c.id));
  if (chosen.length === 1) return chosen[0];
  throw new UsageError(`Name a connection ("connection"): there are ${connections.length}, ${names}.`);
}

async function readTextFile(file: string): Promise<{ name: string; text: string }> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const uri = path.isAbsolute(file) ? vscode.Uri.file(file) : folder ? vscode.Uri.joinPath(folder, file) : undefined;
  if (!uri) throw new UsageError(`${file} is a relative path and no folder is open: give an absolute path.`);
  const name = vscode.workspace.asRelativePath(uri);
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) return { name, text: open.getText() };
  // A local file goes through core's bounded reader: a FIFO or /dev/zero named by an agent is a sentence, not a hang.
  if (uri.scheme === 'file') return { name, text: readBoundedText(uri.fsPath, FILE_KINDS.settings, { shown: name, capital: true }) };
  try {
    return { name, text: new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)) };
  } catch (err) {
    const code = (err as vscode.FileSystemError).code;
    throw new UsageError(`Cannot read ${name}: ${code === 'FileNotFound' ? 'no such file' : code === 'FileIsADirectory' ? 'it is a directory' : code === 'NoPermissions' ? 'permission denied' : 'the file could not be read'}.`);
  }
}
