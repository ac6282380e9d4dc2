// A second extension that test/e2e/exports.e2e.ts loads beside the packaged .vsix, to see what any
// other extension gets from ours: it activates ours and writes what came back to the file named by
// EBX_EXPORTS_PROBE_RESULT. Loaded as a development extension (ExtensionMode.Development), so
// neither it nor ours runs in Test mode.
import * as fs from 'node:fs';
import * as vscode from 'vscode';

const EXTENSION_ID = 'event-broker-explorer.event-broker-explorer';

export interface ProbeResult {
  found: boolean;
  active?: boolean;
  extensionPath?: string;
  /** typeof what activate() resolved to, and of `exports` afterwards. */
  activateResult?: string;
  exportsType?: string;
  exportKeys?: string[];
  probeMode?: vscode.ExtensionMode;
  error?: string;
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const file = process.env.EBX_EXPORTS_PROBE_RESULT;
  if (!file) return;
  let result: ProbeResult;
  try {
    const ext = vscode.extensions.getExtension<unknown>(EXTENSION_ID);
    if (!ext) {
      result = { found: false };
    } else {
      const returned: unknown = await ext.activate();
      const exported: unknown = ext.exports;
      result = {
        found: true,
        active: ext.isActive,
        extensionPath: ext.extensionPath,
        activateResult: typeof returned,
        exportsType: typeof exported,
        exportKeys: typeof exported === 'object' && exported !== null ? Object.keys(exported) : [],
        probeMode: context.extensionMode,
      };
    }
  } catch (err) {
    result = { found: true, error: String(err) };
  }
  fs.writeFileSync(file, JSON.stringify(result));
}
