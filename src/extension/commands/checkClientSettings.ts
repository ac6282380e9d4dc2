import * as vscode from 'vscode';
import type { SettingFinding } from '../../core/settings/settingFinding';
import type { Logger } from '../../core/logger';
import type { SettingsDiagnostics } from '../diagnostics/settingsDiagnostics';
import { checkClientOverrides } from '../diagnostics/clientOverridesCheck';

/** Check Client Settings: the active file now (even without a Kafka import), plus the extension's own overrides. */
export async function checkClientSettingsCommand(diagnostics: SettingsDiagnostics, logger: Logger): Promise<SettingFinding[]> {
  const overrides = checkClientOverrides(logger);
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    if (overrides.length === 0) void vscode.window.showInformationMessage('Open a file that configures a Kafka client to check it. The extension\'s own client overrides are fine.');
    return overrides;
  }
  const name = vscode.workspace.asRelativePath(editor.document.uri);
  const findings = diagnostics.check(editor.document, true);
  if (findings === undefined) {
    void vscode.window.showInformationMessage(`${name} is not a file type the check knows (.properties, Python, JavaScript/TypeScript, Java, JSON, YAML).`);
    return [];
  }
  if (findings.length === 0) {
    void vscode.window.showInformationMessage(`No client settings in ${name} that VAST Event Broker ignores or refuses.`);
  } else {
    void vscode.commands.executeCommand('workbench.actions.view.problems');
    void vscode.window.showWarningMessage(`${findings.length} client setting${findings.length === 1 ? '' : 's'} in ${name} that VAST Event Broker ignores or refuses: see Problems.`);
  }
  return findings;
}
