// Bundles the extension and the CLI (the canonical extension-samples config: cjs, node, vscode external).
//
// The extension is two files, so that activating on a JSON or YAML file (settings diagnostics)
// does not load Kafka code:
// - dist/extension.js: all of our code (diagnostics, tree, commands, core). core/session and
//   core/kafka/ are reached only through `await import()` (connectionStore.ts), so esbuild leaves
//   them uninitialised until the first connection.
// - dist/kafka.js: the Kafka client packages (kafkajs and its compression codecs), required from
//   the lazily initialised core/kafka/ modules, i.e. on the first connection.
// The CLI is ES modules split at its dynamic imports (dist/cli/cli.mjs and chunks): `ebx --help`
// loads neither kafkajs nor any command's action.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
// `--only cli`: just the CLI (npm pack's prepack: the tarball ships bin/ and dist/cli/ only).
const onlyCli = process.argv.includes('--only') && process.argv[process.argv.indexOf('--only') + 1] === 'cli';
const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  // jsonc-parser's `main` is a UMD build whose require('./impl/…') calls esbuild cannot follow;
  // its ES module build bundles cleanly.
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
};

/** Packages that go into dist/kafka.js (each imported only under src/core/kafka/), deep imports included. */
const KAFKA_PACKAGES = /^(kafkajs|snappyjs|lz4js|fzstd)(\/.*)?$/;
const KAFKA_BUNDLE = './kafka.js';

/**
 * In dist/extension.js each import of a Kafka package becomes a stub that requires its export of
 * dist/kafka.js; `imported` collects them, so dist/kafka.js holds exactly what the extension uses.
 */
function kafkaPackagesFromKafkaBundle(imported) {
  return {
    name: 'kafka-packages-from-kafka-bundle',
    setup(build) {
      build.onResolve({ filter: KAFKA_PACKAGES }, (args) => {
        imported.add(args.path);
        return { path: args.path, namespace: 'kafka-package' };
      });
      build.onLoad({ filter: /.*/, namespace: 'kafka-package' }, (args) => ({
        contents: `module.exports = require(${JSON.stringify(KAFKA_BUNDLE)})[${JSON.stringify(args.path)}];`,
        loader: 'js',
      }));
      build.onResolve({ filter: /^\.\/kafka\.js$/, namespace: 'kafka-package' }, (args) => ({ path: args.path, external: true }));
    },
  };
}

/**
 * commander requires node:child_process when it loads, for executable subcommands, which ebx has
 * none of; child_process pulls in net, dgram and streams, a good part of `ebx --help`'s start-up.
 * In the CLI bundle commander gets a stand-in that requires it on first use instead.
 */
const childProcessOnFirstUse = {
  name: 'child-process-on-first-use',
  setup(build) {
    build.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      /[\\/]node_modules[\\/]commander[\\/]/.test(args.importer) ? { path: 'child_process', namespace: 'on-first-use' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'on-first-use' }, () => ({
      contents: "let loaded; module.exports = new Proxy({}, { get: (_, key) => (loaded ??= require('node:child_process'))[key] });",
      loader: 'js',
    }));
  },
};

async function buildExtension() {
  const imported = new Set();
  await esbuild.build({ ...common, entryPoints: ['src/extension/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'], plugins: [kafkaPackagesFromKafkaBundle(imported)] });
  const exportsOf = [...imported].sort().map((p) => `${JSON.stringify(p)}: require(${JSON.stringify(p)})`);
  await esbuild.build({
    ...common,
    stdin: { contents: `module.exports = { ${exportsOf.join(', ')} };`, resolveDir: import.meta.dirname, loader: 'js', sourcefile: 'kafka-packages.js' },
    outfile: 'dist/kafka.js',
  });
}

/**
 * The webview pages: each src/webview/<name>/main.ts becomes dist/webview/<name>.js (and <name>.css
 * when it imports CSS), one browser script each, loaded by webviewHtml.ts under a nonce'd CSP.
 */
function buildWebviews() {
  const names = readdirSync('src/webview', { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(`src/webview/${d.name}/main.ts`))
    .map((d) => d.name);
  if (names.length === 0) return Promise.resolve();
  return esbuild.build({
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    sourcemap: !production,
    minify: production,
    logLevel: 'warning',
    entryPoints: Object.fromEntries(names.map((n) => [n, `src/webview/${n}/main.ts`])),
    outdir: 'dist/webview',
  });
}

// Chunk names are content hashes: without this, every build would leave the last one's chunks
// beside the new ones (never loaded, but counted by the bench's size row and shipped).
rmSync('dist/cli', { recursive: true, force: true });

await Promise.all([
  onlyCli ? undefined : buildExtension(),
  onlyCli ? undefined : buildWebviews(),
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
    plugins: [childProcessOnFirstUse],
  }),
]);
