#!/usr/bin/env node
// The `ebx` command: the bundled CLI (npm run build makes dist/cli/cli.mjs and the chunks it loads on demand).
import('../dist/cli/cli.mjs').catch((err) => {
  process.stderr.write(`ebx: could not start (${err.message}); run npm run build first.\n`);
  process.exit(1);
});
