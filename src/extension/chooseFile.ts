// Choosing a file to read or write: VS Code's own dialogs (through the Prompter, so tests answer
// them), the matching files already in the workspace offered first, and one sentence for a file
// that cannot be used — never the Node error string (EISDIR, ENOENT) the file system throws.
import * as vscode from 'vscode';
import { UsageError } from '../core/errors';
import { FILE_KINDS, readBoundedText } from '../core/files/readBoundedFile';
import type { Prompter } from './prompter';
import { Cancelled } from './runCommand';

/** How many workspace files a picker offers before "Browse…" is the way to the others. */
const MOST_OFFERED = 50;

/** The first workspace folder, else the home directory: where dialogs open. */
export function defaultFolderUri(): vscode.Uri {
  return vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(process.env.HOME ?? '/');
}

export interface FileKind {
  /** What the file is, for titles and sentences: "offsets snapshot". */
  noun: string;
  /** The file name ending that marks it ("offsets.json"), searched for in the workspace. */
  ending: string;
  /** The dialog's filter: label and extensions without dots. */
  filters: Record<string, string[]>;
}

/**
 * The files of this kind in the workspace (newest first), then "Browse…" (the open dialog); with
 * none in the workspace, the open dialog at once. Cancelling either ends the command silently.
 */
export async function chooseFileToRead(prompter: Prompter, kind: FileKind, title: string): Promise<vscode.Uri> {
  const found = vscode.workspace.workspaceFolders?.length ? await vscode.workspace.findFiles(`**/*.${kind.ending}`, '**/node_modules/**', MOST_OFFERED) : [];
  if (found.length > 0) {
    const dated = await Promise.all(found.map(async (uri) => ({ uri, mtime: await vscode.workspace.fs.stat(uri).then((s) => s.mtime, () => 0) })));
    dated.sort((a, b) => b.mtime - a.mtime);
    const picked = await prompter.pickOne<vscode.Uri | 'browse'>(
      [
        ...dated.map(({ uri, mtime }) => ({ label: vscode.workspace.asRelativePath(uri), description: mtime ? `saved ${new Date(mtime).toLocaleString()}` : undefined, value: uri })),
        { label: 'Browse…', description: `another ${kind.noun}`, value: 'browse' as const },
      ],
      { title, placeHolder: `The ${kind.noun}s in this workspace, or Browse… for another file` },
    );
    if (picked === undefined) throw new Cancelled();
    if (picked !== 'browse') return picked;
  }
  const uri = await prompter.openFile({ title, defaultUri: defaultFolderUri(), filters: kind.filters, openLabel: 'Choose' });
  if (!uri) throw new Cancelled();
  return uri;
}

/** The save dialog, starting at `fileName` in the workspace folder. */
export async function chooseFileToWrite(prompter: Prompter, kind: FileKind, title: string, fileName: string): Promise<vscode.Uri> {
  const uri = await prompter.saveFile({ title, defaultUri: vscode.Uri.joinPath(defaultFolderUri(), fileName), filters: kind.filters, saveLabel: 'Save' });
  if (!uri) throw new Cancelled();
  return uri;
}

/** A file's text, or one sentence saying why it cannot be read. */
export async function readChosenFile(uri: vscode.Uri, kind: FileKind): Promise<string> {
  const where = uri.scheme === 'file' ? uri.fsPath : uri.toString();
  const stat = await vscode.workspace.fs.stat(uri).then(
    (s) => s,
    (err: unknown) => {
      throw sentenceFor(err, where, kind, 'read');
    },
  );
  if (stat.type & vscode.FileType.Directory) throw new UsageError(`${where} is a folder: choose the ${kind.noun} file inside it (*.${kind.ending}).`);
  // A local file goes through core's bounded reader: a FIFO or a device is one sentence, not a hang.
  if (uri.scheme === 'file') return readBoundedText(uri.fsPath, { noun: `${/^[aeiou]/.test(kind.noun) ? 'an' : 'a'} ${kind.noun}`, maxBytes: FILE_KINDS.snapshot.maxBytes }, { capital: true });
  const bytes = await vscode.workspace.fs.readFile(uri).then(
    (b) => b,
    (err: unknown) => {
      throw sentenceFor(err, where, kind, 'read');
    },
  );
  return Buffer.from(bytes).toString('utf8');
}

/** Writes the text, or throws one sentence saying why it could not be written. */
export async function writeChosenFile(uri: vscode.Uri, text: string, kind: FileKind): Promise<void> {
  const where = uri.scheme === 'file' ? uri.fsPath : uri.toString();
  await vscode.workspace.fs.writeFile(uri, Buffer.from(text, 'utf8')).then(undefined, (err: unknown) => {
    throw sentenceFor(err, where, kind, 'write');
  });
}

/** One sentence for a file-system error met while reading or writing `uri`. */
export function fileProblem(err: unknown, uri: vscode.Uri, kind: FileKind, doing: 'read' | 'write'): UsageError {
  return sentenceFor(err, uri.scheme === 'file' ? uri.fsPath : uri.toString(), kind, doing);
}

function sentenceFor(err: unknown, where: string, kind: FileKind, doing: 'read' | 'write'): UsageError {
  const code = err instanceof vscode.FileSystemError ? err.code : (err as { code?: string } | undefined)?.code;
  switch (code) {
    case 'FileNotFound':
    case 'ENOENT':
      return new UsageError(doing === 'read' ? `${where} does not exist: choose an existing ${kind.noun}.` : `The folder of ${where} does not exist: choose another place for the ${kind.noun}.`);
    case 'FileIsADirectory':
    case 'EISDIR':
      return new UsageError(`${where} is a folder: choose a file name for the ${kind.noun} (*.${kind.ending}).`);
    case 'NoPermissions':
    case 'EACCES':
    case 'EPERM':
      return new UsageError(`This session may not ${doing} ${where}: choose a file it can ${doing}.`);
    default:
      return new UsageError(`${where} could not be ${doing === 'read' ? 'read' : 'written'}: choose another file for the ${kind.noun}.`);
  }
}
