#!/usr/bin/env node
// The `ebx` command: the bundled CLI (npm run build makes dist/cli.js).
require('../dist/cli.js');
