// Bundles the extension and the CLI (the canonical extension-samples config: cjs, node, vscode external).
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
};

await Promise.all([
  esbuild.build({ ...common, entryPoints: ['src/extension/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] }),
  // The CLI as ES modules split at its dynamic imports (kafkajs, the settings scanners): `ebx --help`
  // parses commander and the command definitions only. Comments and whitespace go (names stay, for
  // --debug's stack traces). `require` is provided for the CommonJS packages inside the chunks.
  esbuild.build({
    ...common,
    entryPoints: { cli: 'src/cli/main.ts' },
    format: 'esm',
    splitting: true,
    outdir: 'dist/cli',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunk-[hash]',
    minifyWhitespace: true,
    banner: { js: "import { createRequire as __ebxCreateRequire } from 'node:module'; const require = __ebxCreateRequire(import.meta.url);" },
  }),
]);
