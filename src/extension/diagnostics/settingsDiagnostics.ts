import * as vscode from 'vscode';
import { findUnsupportedSettings } from '../../core/settings/findUnsupportedSettings';
import { dialectForFile } from '../../core/settings/dialects';
import type { SettingFinding } from '../../core/settings/settingFinding';
import { readSettings, SETTINGS_SECTION } from '../settings';

export const DIAGNOSTIC_SOURCE = 'Event Broker';

// In general-purpose languages a setting name like `compression` is common outside Kafka code:
// only files that mention a Kafka client are checked there.
const MENTIONS_KAFKA = /kafka|rdkafka|confluent/i;
const GENERAL_PURPOSE = new Set(['python', 'javascript', 'java']);
const MAX_CHECKED_CHARACTERS = 5_000_000;

/**
 * Editor diagnostics (with quick fixes) for client settings the broker ignores or refuses,
 * refreshed on open and edit, for the dialects core knows.
 */
export class SettingsDiagnostics implements vscode.CodeActionProvider, vscode.Disposable {
  static readonly metadata: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] };
  readonly collection = vscode.languages.createDiagnosticCollection('eventBroker');
  private readonly findings = new Map<string, SettingFinding[]>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly disposables: vscode.Disposable[] = [];

  constructor() {
    this.disposables.push(
      this.collection,
      vscode.workspace.onDidOpenTextDocument((doc) => this.check(doc)),
      vscode.workspace.onDidChangeTextDocument((e) => this.checkSoon(e.document)),
      vscode.workspace.onDidCloseTextDocument((doc) => this.forget(doc.uri)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${SETTINGS_SECTION}.brokerProfile`)) this.checkAllOpen();
      }),
      vscode.languages.registerCodeActionsProvider({ scheme: '*' }, this, SettingsDiagnostics.metadata),
    );
    this.checkAllOpen();
  }

  checkAllOpen(): void {
    vscode.workspace.textDocuments.forEach((doc) => this.check(doc));
  }

  /** Checks one document now and returns what it found (undefined when the file type is not one we check). */
  check(document: vscode.TextDocument, force = false): SettingFinding[] | undefined {
    if (document.uri.scheme === 'output' || document.uri.scheme === 'eventbroker-replay') return undefined;
    const dialect = dialectForFile(document.fileName, document.languageId);
    if (!dialect) return undefined;
    const text = document.getText();
    const relevant = text.length <= MAX_CHECKED_CHARACTERS && (force || !GENERAL_PURPOSE.has(dialect) || MENTIONS_KAFKA.test(text));
    const findings = relevant ? findUnsupportedSettings(text, dialect, readSettings().brokerProfile) : [];
    this.findings.set(document.uri.toString(), findings);
    this.collection.set(document.uri, findings.map(toDiagnostic));
    return findings;
  }

  /** What the last check of this file found: undefined until it has been checked (the tests wait on it, not on time). */
  findingsOf(uri: vscode.Uri): SettingFinding[] | undefined {
    return this.findings.get(uri.toString());
  }

  private checkSoon(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.set(key, setTimeout(() => {
      this.timers.delete(key);
      this.check(document);
    }, 300));
  }

  private forget(uri: vscode.Uri): void {
    this.findings.delete(uri.toString());
    this.collection.delete(uri);
  }

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range | vscode.Selection): vscode.CodeAction[] {
    const findings = this.findings.get(document.uri.toString()) ?? [];
    const actions: vscode.CodeAction[] = [];
    for (const finding of findings) {
      const diagnostic = toDiagnostic(finding);
      if (!finding.fix?.edit || !diagnostic.range.intersection(range)) continue;
      const action = new vscode.CodeAction(finding.fix.title, vscode.CodeActionKind.QuickFix);
      const e = finding.fix.edit;
      action.edit = new vscode.WorkspaceEdit();
      action.edit.replace(document.uri, new vscode.Range(e.line - 1, e.column - 1, e.endLine - 1, e.endColumn - 1), e.newText);
      action.diagnostics = [diagnostic];
      action.isPreferred = true;
      actions.push(action);
    }
    return actions;
  }

  dispose(): void {
    this.timers.forEach((t) => clearTimeout(t));
    // vscode types Disposable.dispose() as returning any: a statement body returns nothing.
    for (const d of this.disposables) d.dispose();
  }
}

export function toDiagnostic(finding: SettingFinding): vscode.Diagnostic {
  const range = new vscode.Range(finding.line - 1, finding.column - 1, finding.endLine - 1, finding.endColumn - 1);
  const diagnostic = new vscode.Diagnostic(range, finding.message, finding.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning);
  diagnostic.source = DIAGNOSTIC_SOURCE;
  diagnostic.code = finding.ruleId;
  return diagnostic;
}
