#!/usr/bin/env node
// Thin launcher: the CLI is bundled by esbuild into dist/cli.js; from a source checkout
// without a build, fall back to running the TypeScript through tsx.
const path = require('node:path');
const fs = require('node:fs');
const dist = path.join(__dirname, '..', 'dist');
const command = process.argv[2];
// `grounded files` has a bundle of its own, a seventh the size of the whole CLI: it must start git at once.
const own = command === 'files' ? path.join(dist, 'cli-files.js') : undefined;
const bundled = own && fs.existsSync(own) ? own : path.join(dist, 'cli.js');
if (fs.existsSync(bundled)) {
  // git's walk for untracked files starts before the bundle loads (src/cli/early-git.ts).
  const early = path.join(dist, 'early-git.js');
  if (command === 'files' && fs.existsSync(early)) require(early).start(process.argv.slice(3));
  // One code cache per command: each holds what its own runs compile.
  require('./code-cache').requireWithCodeCache(bundled, module, command);
} else {
  const { spawnSync } = require('node:child_process');
  const entry = path.join(__dirname, '..', 'src', 'cli', 'bin.ts');
  const r = spawnSync(process.execPath, ['--import', 'tsx', entry, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}
