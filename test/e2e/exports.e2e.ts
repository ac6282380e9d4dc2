// The packaged .vsix, installed into code-server as a person installs it, gives other extensions
// nothing: activate() returns the test API only in ExtensionMode.Test (the extension-host tier),
// so no extension can swap our prompter (and read a typed password) or use the connection store.
// A second extension (exportsProbe/) activates ours and reports what it got.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { Workbench, until } from './harness';
import type { ProbeResult } from './exportsProbe/extension';

let wb: Workbench;
let probeDir: string;
let resultFile: string;

function readResult(): ProbeResult | undefined {
  try {
    return JSON.parse(fs.readFileSync(resultFile, 'utf8')) as ProbeResult;
  } catch {
    return undefined; // not written yet
  }
}

/** The probe as an extension folder: its compiled extension.js and a manifest. */
function writeProbe(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(path.join(__dirname, 'exportsProbe', 'extension.js'), path.join(dir, 'extension.js'));
  const manifest = {
    name: 'exports-probe',
    publisher: 'ebx-tests',
    version: '0.0.1',
    engines: { vscode: '^1.100.0' },
    main: './extension.js',
    activationEvents: ['onStartupFinished'],
  };
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
}

before(async () => {
  probeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ebx-exports-probe-'));
  resultFile = path.join(probeDir, 'result.json');
  writeProbe(path.join(probeDir, 'extension'));
  wb = await Workbench.open({ env: { EBX_EXPORTS_PROBE_RESULT: resultFile }, developmentExtension: path.join(probeDir, 'extension') });
});

after(async () => {
  await wb?.close();
  fs.rmSync(probeDir, { recursive: true, force: true });
});

test('the installed .vsix exports nothing to another extension', async () => {
  assert.match(wb.installedAs, /^vsix /, 'this proof needs the packaged .vsix, not an unpacked copy');
  const result = await until('the probe extension to report', () => Promise.resolve(readResult()), 90_000);
  assert.equal(result.error, undefined);
  assert.equal(result.found, true, 'the probe sees our extension');
  assert.equal(result.active, true, 'and activated it');
  assert.equal(result.probeMode, 2, 'the probe ran as a development extension (ExtensionMode.Development), not in Test mode');
  assert.ok(result.extensionPath && !result.extensionPath.startsWith(path.resolve(__dirname, '..', '..', '..')), `ours ran from the installed copy (${result.extensionPath}), not the repository`);
  assert.ok(fs.existsSync(path.join(result.extensionPath, 'dist', 'kafka.js')), 'the .vsix ships dist/kafka.js beside dist/extension.js');
  assert.deepEqual([result.activateResult, result.exportsType, result.exportKeys], ['undefined', 'undefined', []]);
});
