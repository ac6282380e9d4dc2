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

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }

  async open(name: string, content: string): Promise<vscode.TextDocument> {
    const uri = vscode.Uri.from({ scheme: REPLAY_SCHEME, path: `/${++this.counter}/${name}.jsonl` });
    this.contents.set(uri.toString(), content);
    let document = await vscode.workspace.openTextDocument(uri);
    const languages = await vscode.languages.getLanguages();
    if (languages.includes('jsonl')) document = await vscode.languages.setTextDocumentLanguage(document, 'jsonl');
    await vscode.window.showTextDocument(document, { preview: false });
    return document;
  }

  dispose(): void {
    this.subscription.dispose();
    this.contents.clear();
  }
}
