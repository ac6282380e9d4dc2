// Scenario 5: footprint. The production bundles (esbuild.mjs --production, built into a temporary
// directory so the dist/ the tests use is left alone), the .vsix that scripts/vsix.mjs makes of them,
// and (with the VS Code scenario) the activation time VS Code reports.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, round, say } from './lib.mjs';

export async function footprintScenario({ quick }) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ebx-bench-footprint-'));
  try {
    // What scripts/vsix.mjs stages besides the bundles: manifest, media, docs.
    for (const entry of ['package.json', 'media', 'docs', 'README.md', 'CHANGELOG.md', 'LICENSE']) {
      const src = path.join(ROOT, entry);
      if (fs.existsSync(src)) fs.cpSync(src, path.join(tmp, entry), { recursive: true });
    }
    // The production build, exactly as `npm run package` runs it, with its output in the copy.
    fs.copyFileSync(path.join(ROOT, 'esbuild.mjs'), path.join(tmp, 'esbuild.mjs'));
    fs.symlinkSync(path.join(ROOT, 'src'), path.join(tmp, 'src'));
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(tmp, 'node_modules'));
    const build = spawnSync(process.execPath, ['esbuild.mjs', '--production'], { cwd: tmp, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`production build failed: ${build.stderr}`);
    const kb = (f) => round(fs.statSync(path.join(tmp, f)).size / 1024, 0);
    // The CLI: its entry and every chunk it may load (dist/cli/*.mjs), and the entry alone (what `ebx --help` parses).
    const cliFiles = fs.readdirSync(path.join(tmp, 'dist', 'cli')).filter((f) => f.endsWith('.mjs'));
    const cliBytes = cliFiles.reduce((sum, f) => sum + fs.statSync(path.join(tmp, 'dist', 'cli', f)).size, 0);
    const result = { extensionKb: kb('dist/extension.js'), cliKb: round(cliBytes / 1024, 0), cliEntryKb: kb('dist/cli/cli.mjs') };
    if (!quick) {
      const out = path.join(tmp, 'ebx.vsix');
      const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'vsix.mjs'), '--root', tmp, '--out', out], { encoding: 'utf8', timeout: 240_000 });
      if (r.status !== 0) throw new Error(`packaging the .vsix failed: ${r.stderr || r.stdout}`);
      result.vsixKb = round(fs.statSync(out).size / 1024, 0);
    }
    say(`footprint: ${JSON.stringify(result)}`);
    return result;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
