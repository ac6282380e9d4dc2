// Fails the build when anything under src/core reaches for the editor: core must run in plain Node.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const forbidden = [/from\s+['"]vscode['"]/, /require\(\s*['"]vscode['"]\s*\)/, /from\s+['"](\.\.\/)+(extension|cli)\//];

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (path.endsWith('.ts')) yield path;
  }
}

const offenders = [];
for (const file of files('src/core')) {
  const text = readFileSync(file, 'utf8');
  if (forbidden.some((pattern) => pattern.test(text))) offenders.push(file);
}
if (offenders.length > 0) {
  console.error(`src/core must not import vscode, src/extension or src/cli:\n  ${offenders.join('\n  ')}`);
  process.exit(1);
}
console.log('boundary ok: src/core imports neither vscode nor the adapters');
