// The front door's promise: no step of `npm run demo` or `npm test` needs a program the README does
// not list. The list lives in scripts/system-packages.mjs; the README's "What it needs" names each
// of its packages, .ci/run installs it through the same script, and the demo needs only its part.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';

const ROOT = join(__dirname, '../../..');
const packagesFor = (what: string): string[] =>
  execFileSync(process.execPath, [join(ROOT, 'scripts/system-packages.mjs'), 'list', what], { encoding: 'utf8' }).trim().split(' ');

/** The README's "What it needs" section, up to the next heading of its level. */
function whatItNeeds(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## What it needs');
  assert.ok(start >= 0, 'README.md has a "What it needs" section');
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

test('the README names every Debian package npm test, the demo and the registry tier use', () => {
  const section = whatItNeeds();
  const tests = packagesFor('test');
  const registry = packagesFor('registry');
  assert.ok(tests.length >= 5, tests.join(' '));
  assert.ok(registry.length >= 3, registry.join(' '));
  for (const name of [...tests, ...registry]) assert.ok(section.includes(`\`${name}\``), `README's "What it needs" names \`${name}\``);
});

test('the demo needs only code-server\'s packages, never kcat', () => {
  const demo = packagesFor('demo');
  assert.deepEqual(demo, packagesFor('code-server'));
  assert.ok(!demo.includes('kcat'), demo.join(' '));
  const seed = readFileSync(join(ROOT, 'scripts/demo/seed.mjs'), 'utf8');
  assert.doesNotMatch(seed, /spawn\(|'kcat'/, 'the demo writes its compressed batches itself');
});

test('.ci/run installs the README\'s list through the same script, and no other apt package', () => {
  const ci = readFileSync(join(ROOT, '.ci/run'), 'utf8');
  assert.match(ci, /node scripts\/system-packages\.mjs install test/);
  assert.doesNotMatch(ci, /apt-get install/, '.ci/run names no package of its own');
});

test('apt-get waits up to two minutes for a busy package lock instead of failing at once', () => {
  // The script is an ES module: asked through node, as the tests above ask for the lists.
  const script = `import { aptGetCommands } from ${JSON.stringify(pathToFileURL(join(ROOT, 'scripts/system-packages.mjs')).href)}; process.stdout.write(JSON.stringify(aptGetCommands(['ripgrep', 'libkrb5-dev'])));`;
  const commands = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as string[][];
  assert.deepEqual(commands, [
    ['-o', 'DPkg::Lock::Timeout=120', 'update', '-q'],
    ['-o', 'DPkg::Lock::Timeout=120', 'install', '-y', '-q', 'ripgrep', 'libkrb5-dev'],
  ]);
});
