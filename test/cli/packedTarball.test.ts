// `ebx` installed the way people install a CLI: `npm pack` (its prepack builds the bundle), then
// `npm install -g` of the tarball into a fresh prefix, with an empty npm cache and --offline, so
// the install succeeds only if it needs nothing from the registry; then the installed `ebx` run
// from another folder against the broker. npm pack runs in a copy of the checkout (source and
// node_modules linked), so its prepack build does not replace the dist/ the other tests use.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { testBroker } from '../support/brokerEnv';
import { ROOT, cleanEnv } from '../support/ebxProcess';
import { uniqueName } from '../support/kafkaFixtures';

const run = promisify(execFile);
let tmp: string;
let tarball: string;
let packedFiles: string[];

before(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ebx-packed-'));
  const checkout = path.join(tmp, 'checkout');
  fs.mkdirSync(checkout);
  for (const entry of ['package.json', 'bin', 'esbuild.mjs', 'tsconfig.json', 'README.md', 'LICENSE', 'CHANGELOG.md']) {
    fs.cpSync(path.join(ROOT, entry), path.join(checkout, entry), { recursive: true });
  }
  for (const entry of ['src', 'node_modules']) fs.symlinkSync(path.join(ROOT, entry), path.join(checkout, entry));
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', tmp], { cwd: checkout, timeout: 180_000, maxBuffer: 1 << 24 });
  const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as Array<{ filename: string; files: Array<{ path: string }> }>;
  tarball = path.join(tmp, packed.filename);
  packedFiles = packed.files.map((f) => f.path).sort();
});

after(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

test('npm pack builds first and ships bin/, dist/cli/ and the docs files, nothing else', () => {
  assert.ok(fs.existsSync(tarball), tarball);
  assert.ok(packedFiles.includes('dist/cli/cli.mjs'), packedFiles.join(' '));
  assert.ok(packedFiles.includes('bin/ebx.js'), packedFiles.join(' '));
  const unexpected = packedFiles.filter((f) => !/^dist\/cli\/[\w-]+\.mjs$/.test(f) && !['bin/ebx.js', 'package.json', 'README.md', 'LICENSE', 'CHANGELOG.md'].includes(f));
  assert.deepEqual(unexpected, [], 'only the CLI bundle (no source maps, no extension bundle, no sources)');
});

test('the tarball installs with an empty cache, offline: it has no dependencies to fetch', async () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  assert.deepEqual(manifest.dependencies ?? {}, {}, 'everything ebx loads is in its bundle');
  const prefix = path.join(tmp, 'prefix');
  const { stdout } = await run('npm', ['install', '-g', '--prefix', prefix, '--cache', path.join(tmp, 'empty-cache'), '--offline', '--no-audit', '--no-fund', tarball], { timeout: 120_000 });
  assert.match(stdout, /added 1 package/);
  assert.ok(fs.existsSync(path.join(prefix, 'bin', 'ebx')));
});

test('the installed ebx works from another folder: --help, create-topic, topics', async () => {
  const ebx = path.join(tmp, 'prefix', 'bin', 'ebx');
  const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'ebx-elsewhere-'));
  try {
    const opts = { cwd: elsewhere, env: cleanEnv(), timeout: 60_000 };
    const help = await run(ebx, ['--help'], opts);
    assert.match(help.stdout, /^Usage: ebx /m);
    const bootstrap = testBroker().bootstrap.join(',');
    const topic = uniqueName('packed');
    await run(ebx, ['--bootstrap', bootstrap, 'create-topic', topic, '--partitions', '2'], opts);
    const topics = JSON.parse((await run(ebx, ['--bootstrap', bootstrap, 'topics', '--json'], opts)).stdout) as Array<{ name: string; partitions: number }>;
    assert.equal(topics.find((t) => t.name === topic)?.partitions, 2, JSON.stringify(topics));
  } finally {
    fs.rmSync(elsewhere, { recursive: true, force: true });
  }
});
