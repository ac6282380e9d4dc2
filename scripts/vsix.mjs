#!/usr/bin/env node
// Makes the extension's .vsix from a staging folder that holds exactly what the extension ships.
//
//   node scripts/vsix.mjs [--out FILE] [--root DIR]     # npm run package: ./event-broker-explorer-<version>.vsix
//
// Why a staging folder: package.json's `files` is npm's list (the `ebx` tarball: bin/ and dist/cli/),
// and vsce refuses a package that has both `files` and a .vscodeignore. So the manifest copied here
// drops `files`, and the folder holds only VSIX_ENTRIES: the bundles, media, README, changelog, licence.
//
// The README is also the extension's page in the Extensions view, which shows images only from
// https: or data: URLs (its CSP) and resolves no relative path. vsce would point relative images at
// the repository on GitHub, which a machine without internet (many VAST sites) cannot reach. So the
// staged README carries its screenshots as data: URLs, and its links to docs/ pages point at the
// repository (the README in the repository itself keeps plain relative links for GitHub).
// `--root` packages another checkout's build (bench/footprint.mjs builds into a temporary copy).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What goes into the .vsix besides package.json: each must exist (a build first). */
export const VSIX_ENTRIES = ['dist/extension.js', 'dist/kafka.js', 'dist/webview', 'media', 'README.md', 'CHANGELOG.md', 'LICENSE'];

const IMAGE_TYPES = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif' };
const isRelative = (link) => !/^[a-z][a-z0-9+.-]*:/i.test(link) && !link.startsWith('#');

/**
 * The README as the package carries it: relative images inlined as data: URLs, relative links
 * pointed at `repositoryUrl` (blob/HEAD). Throws for an image that is missing or not PNG/JPEG/GIF.
 */
export function packagedReadme(markdown, root, repositoryUrl) {
  const withImages = markdown.replace(/!\[([^\]]*)\]\(([^)\s]+)\)/g, (all, alt, link) => {
    if (!isRelative(link)) return all;
    const file = path.join(root, link);
    const type = IMAGE_TYPES[path.extname(link).toLowerCase()];
    if (!type || !fs.existsSync(file)) throw new Error(`README.md shows ${link}, which is ${type ? 'missing' : 'not a PNG, JPEG or GIF'}`);
    return `![${alt}](data:${type};base64,${fs.readFileSync(file).toString('base64')})`;
  });
  const base = repositoryUrl.replace(/^git\+/, '').replace(/\.git$/, '');
  return withImages.replace(/(^|[^!])\[([^\]]*)\]\(([^)\s]+)\)/g, (all, before, text, link) =>
    isRelative(link) ? `${before}[${text}](${base}/blob/HEAD/${path.posix.normalize(link)})` : all,
  );
}

/** Packages `root`'s build into `out` with vsce; returns `out`. Throws with vsce's own words when it refuses. */
export function packageVsix({ root = ROOT, out } = {}) {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const target = path.resolve(out ?? path.join(root, `${manifest.name}-${manifest.version}.vsix`));
  const missing = VSIX_ENTRIES.filter((entry) => !fs.existsSync(path.join(root, entry)));
  if (missing.length) throw new Error(`cannot package the extension: ${missing.join(', ')} missing (run npm run build first)`);
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'ebx-vsix-stage-'));
  try {
    delete manifest.files;
    fs.writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    // Empty: everything staged ships (vsce warns when a package has neither this nor `files`).
    fs.writeFileSync(path.join(stage, '.vscodeignore'), '');
    for (const entry of VSIX_ENTRIES) {
      fs.cpSync(path.join(root, entry), path.join(stage, entry), { recursive: true, filter: (src) => !src.endsWith('.map') });
    }
    fs.writeFileSync(path.join(stage, 'README.md'), packagedReadme(fs.readFileSync(path.join(root, 'README.md'), 'utf8'), root, manifest.repository.url));
    const vsce = path.join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
    // No terminal: a vsce prompt ("continue? [y/N]") reads EOF and fails instead of hanging.
    const r = spawnSync(process.execPath, [vsce, 'package', '--no-dependencies', '--no-rewrite-relative-links', '-o', target], { cwd: stage, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 180_000 });
    if (r.status !== 0) throw new Error(`vsce package failed: ${(r.stderr || r.stdout || String(r.error)).trim()}`);
    return target;
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { out: { type: 'string' }, root: { type: 'string' } } });
  try {
    const file = packageVsix({ root: values.root ? path.resolve(values.root) : ROOT, out: values.out });
    process.stderr.write(`[vsix] ${path.relative(process.cwd(), file) || file} (${Math.round(fs.statSync(file).size / 1024)} KB)\n`);
  } catch (e) {
    process.stderr.write(`[vsix] ${e.message}\n`);
    process.exit(1);
  }
}
