import * as vscode from 'vscode';
import { findUnsupportedSettings } from '../../core/settings/findUnsupportedSettings';
import type { SettingFinding } from '../../core/settings/settingFinding';
import type { Logger } from '../../core/logger';
import { readSettings, SETTINGS_SECTION } from '../settings';

/**
 * `eventBroker.clientOverrides` are client settings the extension itself uses; they are checked
 * with the same rules as a properties file whenever they change, and reported in a warning.
 */
export function checkClientOverrides(logger: Logger, notify = true): SettingFinding[] {
  const settings = readSettings();
  const text = Object.entries(settings.clientOverrides)
    .map(([key, value]) => `${key}=${String(value)}`)
    .join('\n');
  const findings = findUnsupportedSettings(text, 'properties', settings.brokerProfile);
  for (const f of findings) logger.warn(`eventBroker.clientOverrides: ${f.setting}=${f.value}: ${f.message}`);
  if (notify && findings.length > 0) {
    const list = findings.map((f) => `${f.setting}=${f.value}`).join(', ');
    void vscode.window.showWarningMessage(`eventBroker.clientOverrides has settings VAST ignores or refuses: ${list}. ${findings[0].message}`, 'Open Settings').then((choice) => {
      if (choice) void vscode.commands.executeCommand('workbench.action.openSettings', `${SETTINGS_SECTION}.clientOverrides`);
    });
  }
  return findings;
}

export function watchClientOverrides(logger: Logger): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((e) => {
    if (e.affectsConfiguration(`${SETTINGS_SECTION}.clientOverrides`) || e.affectsConfiguration(`${SETTINGS_SECTION}.brokerProfile`)) checkClientOverrides(logger);
  });
}
