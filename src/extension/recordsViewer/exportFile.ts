import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import * as vscode from 'vscode';

/**
 * Writes export lines to a file as they come (a million rows never sit in one string). A local file
 * is streamed; a file of another file system (a remote workspace) is written through
 * workspace.fs in one piece.
 */
export async function writeExport(uri: vscode.Uri, lines: Iterable<string>): Promise<void> {
  if (uri.scheme !== 'file') {
    const parts: string[] = [];
    for (const line of lines) parts.push(line);
    await vscode.workspace.fs.writeFile(uri, Buffer.from(parts.join(''), 'utf8'));
    return;
  }
  const out = createWriteStream(uri.fsPath, { encoding: 'utf8' });
  const failed = once(out, 'error').then(([err]) => Promise.reject(err as Error));
  try {
    let pending = '';
    for (const line of lines) {
      pending += line;
      if (pending.length >= 256 * 1024) {
        if (!out.write(pending)) await Promise.race([once(out, 'drain'), failed]);
        pending = '';
      }
    }
    out.end(pending);
    await Promise.race([once(out, 'finish'), failed]);
  } finally {
    out.destroy();
    failed.catch(() => undefined);
  }
}
