import * as vscode from 'vscode';

export const REPLAY_SCHEME = 'eventbroker-replay';

/**
 * Replays open as read-only documents of their own scheme (Save As… keeps a copy). The content
 * lives here until the document is closed.
 */
export class ReplayDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly subscription = vscode.workspace.onDidCloseTextDocument((doc) => {
    if (doc.uri.scheme === REPLAY_SCHEME) this.contents.delete(doc.uri.toString());
  });
  private counter = 0;
  /** How often each name was opened: a second replay of the same start gets "(2)", so tabs differ. */
  private readonly names = new Map<string, number>();

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }

  async open(name: string, content: string): Promise<vscode.TextDocument> {
    const document = await this.prepare(name, content);
    await vscode.window.showTextDocument(document, { preview: false });
    return document;
  }

  /** The document, ready but not shown (the records viewer shows it on "Open as JSON Lines"). */
  async prepare(name: string, content: string): Promise<vscode.TextDocument> {
    const seen = (this.names.get(name) ?? 0) + 1;
    this.names.set(name, seen);
    const title = seen === 1 ? name : `${name} (${seen})`;
    const uri = vscode.Uri.from({ scheme: REPLAY_SCHEME, path: `/${++this.counter}/${title}.jsonl` });
    this.contents.set(uri.toString(), content);
    let document = await vscode.workspace.openTextDocument(uri);
    const languages = await vscode.languages.getLanguages();
    if (languages.includes('jsonl')) document = await vscode.languages.setTextDocumentLanguage(document, 'jsonl');
    return document;
  }

  dispose(): void {
    this.subscription.dispose();
    this.contents.clear();
  }
}
