// Where the extension host writes what a secret must never reach: the settings files and every log
// file (the Event Broker log channel, output panels, the host's own logs). The security tests grep them.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';

export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f)).filter((f) => fs.statSync(f).isFile());
}

/** The user-data directory's `logs` folder (every session, window, extension host and output panel). */
export function logsRoot(logUri: vscode.Uri): string {
  for (let dir = logUri.fsPath; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (path.basename(dir) === 'logs') return dir;
  }
  return path.resolve(logUri.fsPath, '../../..');
}

/** User/settings.json, found upwards from the extension's global storage (User/globalStorage/<id>). */
export function userSettingsFile(globalStorageUri: vscode.Uri): string | undefined {
  for (let dir = globalStorageUri.fsPath; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'settings.json');
    if (path.basename(dir) === 'User' && fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** The open folder's .vscode/settings.json (where workspace settings are written). */
export function workspaceSettingsFile(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('the extension-host tests run with a workspace folder open');
  return path.join(folder.uri.fsPath, '.vscode', 'settings.json');
}
