// Bundles the extension, the CLI, the index server (src/server/, a language server the extension
// starts through vscode-languageclient) and the webview script.
// `--watch` rebuilds on change; `--production` minifies (source maps are always written).
import * as esbuild from 'esbuild';
import { cpSync, mkdirSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** WASM files that bundled libraries load from their own folder at run time. */
function copyWasm() {
  mkdirSync('dist', { recursive: true });
  const wasm = [
    join(dirname(require.resolve('tiktoken')), 'tiktoken_bg.wasm'),
    join(dirname(require.resolve('sql.js')), 'sql-wasm.wasm'),
  ];
  for (const file of wasm) if (existsSync(file)) cpSync(file, join('dist', file.split('/').pop()));
}

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: true,
  minify: production,
  logLevel: 'info',
  external: ['vscode'],
};

const entries = [
  { ...common, entryPoints: { extension: 'src/vscode/extension.ts' }, outdir: 'dist' },
  { ...common, entryPoints: { cli: 'src/cli/bin.ts' }, outdir: 'dist' },
  // `grounded files` on its own: 0.5 MB to load instead of the whole CLI (bin/grounded.js picks it).
  { ...common, entryPoints: { 'cli-files': 'src/cli/files-bin.ts' }, outdir: 'dist' },
  // The launcher's head start on git's walk for `grounded files` (bin/grounded.js loads it before the CLI).
  { ...common, entryPoints: { 'early-git': 'src/cli/early-git.ts' }, outdir: 'dist' },
  // memory SQL runs in a worker thread so a runaway query can be terminated.
  { ...common, entryPoints: { 'sql-worker': 'src/engine/audit/sql-worker.cjs' }, outdir: 'dist' },
];
entries.push({ ...common, entryPoints: { server: 'src/server/main.ts' }, outdir: 'dist' });
// A cold index build of a large tree reads and tokenizes in worker threads (src/engine/retrieval/parallel-build.ts).
entries.push({ ...common, entryPoints: { 'index-worker': 'src/engine/retrieval/index-worker.ts' }, outdir: 'dist' });
// A large refresh on one thread reads its files in a worker thread while it tokenizes (src/engine/retrieval/read-ahead.ts).
entries.push({ ...common, entryPoints: { 'read-worker': 'src/engine/retrieval/read-worker.ts' }, outdir: 'dist' });
// A one-shot question builds and runs the tokenizer in a worker thread while it loads the index (src/engine/context/token-thread.ts).
entries.push({ ...common, entryPoints: { 'token-worker': 'src/engine/context/token-worker.ts' }, outdir: 'dist' });
// A user's regular expression (@grep, the file_search tool) runs in a worker thread with a time limit (src/engine/mentions/grep-runner.ts).
entries.push({ ...common, entryPoints: { 'grep-worker': 'src/engine/mentions/grep-worker.ts' }, outdir: 'dist' });
if (existsSync('media/src/webview.ts')) {
  entries.push({ bundle: true, platform: 'browser', format: 'iife', target: 'es2022', sourcemap: true, minify: production,
    entryPoints: { webview: 'media/src/webview.ts' }, outdir: 'media/dist', logLevel: 'info' });
}

if (existsSync('media/src/plan-view.ts')) {
  entries.push({ bundle: true, platform: 'browser', format: 'iife', target: 'es2022', sourcemap: true, minify: production,
    entryPoints: { 'plan-view': 'media/src/plan-view.ts' }, outdir: 'media/dist', logLevel: 'info' });
}

copyWasm();
if (watch) {
  for (const e of entries) await (await esbuild.context(e)).watch();
} else {
  await Promise.all(entries.map((e) => esbuild.build(e)));
}
