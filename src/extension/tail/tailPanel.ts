import * as vscode from 'vscode';
import type { TextPanel } from './outputBuffer';

/**
 * A tail's output panel, "Event Broker: <topic>". When its buffer starts the panel again (it is
 * full), the text goes to a new output channel of the same name, not to OutputChannel.replace().
 *
 * Why: VS Code keeps each output channel in a log file that only grows (replace and clear remember
 * an offset; nothing is truncated), and on every update of a visible channel the window reads that
 * whole file again and keeps what follows the offset (its file service reads unbuffered: the whole
 * file, then a slice). At 5,000 records/s the file of a one-minute tail reached 25 MB, and by then
 * the window took in 21 MB a second over its connection to the server, most of the browser's 0.8
 * of a core (bench/vscodeTail.mjs, browserCpuCores). A new channel starts a new file: it never
 * holds much more than the panel shows.
 */
export class TailPanel implements TextPanel, vscode.Disposable {
  private channel: vscode.OutputChannel;

  constructor(readonly name: string) {
    this.channel = vscode.window.createOutputChannel(name);
  }

  append(text: string): void {
    this.channel.append(text);
  }

  /** The panel starts again with `text`, in a new channel; shown in place of the old one if that was shown. */
  replace(text: string): void {
    const old = this.channel;
    const wasShown = isShown(this.name);
    this.channel = vscode.window.createOutputChannel(this.name);
    this.channel.append(text);
    // Shown before the old one goes, so the Output view does not jump to some other channel; left
    // alone when the user is looking at another one (or has closed the panel).
    if (wasShown) this.channel.show(true);
    old.dispose();
  }

  show(): void {
    this.channel.show(true);
  }

  dispose(): void {
    this.channel.dispose();
  }
}

/**
 * Whether the Output view shows a channel of this name now. An output channel shown is a visible
 * text editor of scheme "output" whose path ends "-#<n>-<name>" (VS Code 1.100's ids; the
 * extension-host test "a full tail panel…" checks it still is).
 */
export function isShown(name: string): boolean {
  return vscode.window.visibleTextEditors.some((editor) => {
    const uri = editor.document.uri;
    return uri.scheme === 'output' && /#\d+-(.*)$/s.exec(uri.path)?.[1] === name;
  });
}
