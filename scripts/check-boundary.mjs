// Fails the build when a layer reaches past its boundary:
// - src/core must run in plain Node: no `vscode`, no adapter (src/extension, src/cli) imports;
// - kafkajs (and its internals) may be imported only under src/core/kafka/, behind ClusterAccess;
// - src/webview runs in a browser page: it imports only src/webview (no vscode, Node or adapters;
//   from src/core only types).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';

const editorOrAdapter = [/from\s+['"]vscode['"]/, /require\(\s*['"]vscode['"]\s*\)/, /from\s+['"](\.\.\/)+(extension|cli)\//];
const kafkajs = [/from\s+['"]kafkajs(\/[^'"]*)?['"]/, /require\(\s*['"]kafkajs(\/[^'"]*)?['"]\s*\)/, /import\(\s*['"]kafkajs(\/[^'"]*)?['"]\s*\)/];

// (`import type` from src/core is allowed: a webview's messages may name core's data shapes.)
const outsideWebview = [/from\s+['"]vscode['"]/, /from\s+['"]node:/, /^import\s+(?!type\b)[^;]*from\s+['"](\.\.\/)+core\//m, /from\s+['"](\.\.\/)+(extension|cli)\//];

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (path.endsWith('.ts')) yield path;
  }
}

const problems = [];
for (const file of files('src')) {
  const text = readFileSync(file, 'utf8');
  const inCore = file.startsWith(`src${sep}core${sep}`);
  const inKafka = file.startsWith(`src${sep}core${sep}kafka${sep}`);
  if (inCore && editorOrAdapter.some((p) => p.test(text))) problems.push(`${file}: src/core must not import vscode, src/extension or src/cli`);
  const inWebview = file.startsWith(`src${sep}webview${sep}`);
  if (inWebview && outsideWebview.some((p) => p.test(text))) problems.push(`${file}: src/webview runs in the browser: import only from src/webview (and types from src/core)`);
  if (!inKafka && kafkajs.some((p) => p.test(text))) problems.push(`${file}: only src/core/kafka/ may import kafkajs (use the ClusterAccess interface)`);
}
if (problems.length > 0) {
  console.error(`Layer boundary broken:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('boundary ok: src/core imports neither vscode nor the adapters; kafkajs only under src/core/kafka/; src/webview imports only src/webview');
