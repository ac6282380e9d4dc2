import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';

// The extension's side of every webview: the panel options and the page around a bundle.
// One rule for all of them (architecture.md, "Webviews"): a strict Content-Security-Policy with a
// nonce, our own bundled script and stylesheet only (no inline script, nothing remote), and local
// resources limited to the webview bundles and media.

/** Where esbuild puts the webview bundles: dist/webview/<name>.js and, when it imports CSS, <name>.css. */
function bundleRoot(extensionUri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
}

export function webviewPanelOptions(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return {
    enableScripts: true,
    localResourceRoots: [bundleRoot(extensionUri), vscode.Uri.joinPath(extensionUri, 'media')],
    // The page keeps view state only and is rebuilt from the extension when shown again.
    retainContextWhenHidden: false,
  };
}

export interface WebviewPage {
  /** The bundle's name: src/webview/<bundle>/main.ts. */
  bundle: string;
  title: string;
}

/** The HTML of a webview page that runs one bundle. Every load gets a fresh nonce. */
export function webviewHtml(webview: vscode.Webview, extensionUri: vscode.Uri, page: WebviewPage): string {
  const nonce = randomBytes(16).toString('base64');
  const root = bundleRoot(extensionUri);
  const script = webview.asWebviewUri(vscode.Uri.joinPath(root, `${page.bundle}.js`));
  const style = webview.asWebviewUri(vscode.Uri.joinPath(root, `${page.bundle}.css`));
  const csp = [
    "default-src 'none'",
    `img-src ${webview.cspSource} data:`,
    `font-src ${webview.cspSource}`,
    `style-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${style.toString()}">
<title>${escapeHtmlText(page.title)}</title>
</head>
<body>
<script nonce="${nonce}" src="${script.toString()}"></script>
</body>
</html>`;
}

function escapeHtmlText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
