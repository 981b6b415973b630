#!/usr/bin/env node
// Thin launcher: the CLI is bundled by esbuild into dist/cli.js; from a source checkout
// without a build, fall back to running the TypeScript through tsx.
const path = require('node:path');
const fs = require('node:fs');
const bundled = path.join(__dirname, '..', 'dist', 'cli.js');
if (fs.existsSync(bundled)) {
  // One code cache per command: each holds what its own runs compile.
  require('./code-cache').requireWithCodeCache(bundled, module, process.argv[2]);
} else {
  const { spawnSync } = require('node:child_process');
  const entry = path.join(__dirname, '..', 'src', 'cli', 'bin.ts');
  const r = spawnSync(process.execPath, ['--import', 'tsx', entry, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}
