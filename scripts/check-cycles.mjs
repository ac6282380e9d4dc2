#!/usr/bin/env node
// `npm run lint`'s import-cycle check (madge; why madge: docs/design.md). Exit 1 on any cycle.
// - src/core and src/cli: every import counts, `import type` too. A declaration imports its
//   action's options type, never the reverse; a type-only back-edge is how run-time ones start.
// - src/extension and src/webview: run-time imports only. `CommandId` is the union of every feature
//   file's command ids (featureCommands.ts), so a tree row that names a command closes a loop of
//   types by design; esbuild erases it, and no module waits on another at load.
import madge from 'madge';

const common = { fileExtensions: ['ts'], tsConfig: 'tsconfig.json' };
const checks = [
  { paths: ['src/core', 'src/cli'], what: 'every import', options: common },
  { paths: ['src/extension', 'src/webview'], what: 'run-time imports', options: { ...common, detectiveOptions: { ts: { skipTypeImports: true } } } },
];

let found = 0;
for (const { paths, what, options } of checks) {
  const cycles = (await madge(paths, options)).circular();
  for (const cycle of cycles) console.error(`import cycle (${what}): ${cycle.join(' > ')}`);
  found += cycles.length;
}
if (found > 0) {
  console.error(`${found} import cycle(s): move the shared piece to the module both sides import, or import it as a type.`);
  process.exit(1);
}
console.log('cycles ok: none in src/core and src/cli (type imports included), none at run time in src/extension and src/webview');
