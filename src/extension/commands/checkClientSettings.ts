import * as vscode from 'vscode';
import type { SettingFinding } from '../../core/settings/settingFinding';
import type { Logger } from '../../core/logger';
import { counted } from '../../core/counted';
import type { SettingsDiagnostics } from '../diagnostics/settingsDiagnostics';
import { checkClientOverrides } from '../diagnostics/clientOverridesCheck';
import { commandEntries } from '../commandEntry';

const KNOWN_TYPES = '.properties, Python, JavaScript/TypeScript, Java, JSON and YAML';

/**
 * Check Client Settings: the active file now (even without a Kafka import), plus the extension's
 * own overrides (which warn by themselves when they hold a setting the broker ignores). Each
 * message says what was checked: a README or a preview tab has no client settings to check.
 */
export function checkClientSettingsCommand(diagnostics: SettingsDiagnostics, logger: Logger): SettingFinding[] {
  const overrides = checkClientOverrides(logger);
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    void vscode.window.showInformationMessage(
      // What matters first: toasts cut off the end.
      tab ? `No client settings in "${tab.label}" (the check reads ${KNOWN_TYPES} files).` : `Open a file that configures a Kafka client to check it (${KNOWN_TYPES}).`,
    );
    return overrides;
  }
  const name = vscode.workspace.asRelativePath(editor.document.uri);
  const findings = diagnostics.check(editor.document, true);
  if (findings === undefined) {
    void vscode.window.showInformationMessage(`No client settings in ${name} (the check reads ${KNOWN_TYPES} files).`);
    return [];
  }
  if (findings.length === 0) {
    void vscode.window.showInformationMessage(`No client settings in ${name} that VAST Event Broker ignores or refuses.`);
  } else {
    void vscode.commands.executeCommand('workbench.actions.view.problems');
    void vscode.window.showWarningMessage(`${counted(findings.length, 'client setting')} in ${name} that VAST Event Broker ignores or refuses: see Problems.`);
  }
  return findings;
}

export const checkClientSettingsCommands = commandEntries({ id: 'eventBroker.checkClientSettings', run: ({ diagnostics, logger }) => checkClientSettingsCommand(diagnostics, logger) });
