// The tests that need a real VS Code (docs/testing.md):
//  1. integration suites test/integration/suites/*.test.ts (mocha BDD) run inside the extension
//     host of code-server, with test/fixtures/workspaces/basic open; *.untrusted.test.ts run in a
//     second workbench with workspace trust on and the folder untrusted (restricted mode);
//     *.multiroot.test.ts in a multi-root window (basic + second, through a .code-workspace file);
//  2. end-to-end UI tests test/e2e/*.e2e.ts (node:test + playwright-core driving the workbench).
// Sets the machine up first (scripts/vscode/setup.mjs). Ends with "vscode: N passed, N failed".
// Usage: node scripts/run-vscode-tests.mjs [--suite SUBSTR]... [--grep MOCHA_GREP] [--e2e SUBSTR]...
//        [--no-e2e] [--no-integration] [--no-build] [--keep] [--electron]
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as esbuild from 'esbuild';
import { ensureVsCodeSetup, SetupError } from './vscode/setup.mjs';
import { copyLogs, FIXTURE_EXTENSION_ID, repoRoot, startWorkbench } from './vscode/workbench.mjs';

const require = createRequire(import.meta.url);
const RESULTS_TIMEOUT_MS = 5 * 60_000;
const SUITES_DIR = path.join(repoRoot, 'test/integration/suites');
const E2E_DIR = path.join(repoRoot, 'test/e2e');
const OUT_DIR = path.join(repoRoot, '.vscode-test/suites');
const RESULTS_DIR = path.join(repoRoot, 'test-results');

const { values: opts } = parseArgs({
  options: {
    suite: { type: 'string', multiple: true, default: [] },
    grep: { type: 'string' },
    e2e: { type: 'string', multiple: true, default: [] },
    'no-e2e': { type: 'boolean', default: false },
    'no-integration': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    electron: { type: 'boolean', default: false },
  },
});

let counter = 0;
let passed = 0;
let failed = 0;
const timings = {};
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function report(ok, title, detail) {
  counter += 1;
  if (ok) passed += 1;
  else failed += 1;
  console.log(`${ok ? 'ok' : 'not ok'} ${counter} - ${title}`);
  if (detail) console.log(detail.split('\n').map((l) => `  ${l}`).join('\n'));
}

function run(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', process.stderr, process.stderr], ...options });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const pick = (dir, suffix, filters) =>
  existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(suffix) && (filters.length === 0 || filters.some((x) => f.includes(x)))).sort() : [];

/** Bundles each suite to .vscode-test/suites/<name>.js; npm packages stay require()s of node_modules. */
async function bundleSuites(files, outDir = OUT_DIR) {
  rmSync(outDir, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: files.map((f) => path.join(SUITES_DIR, f)),
    outdir: outDir, bundle: true, platform: 'node', format: 'cjs', target: 'node20',
    sourcemap: 'inline', external: ['vscode'], packages: 'external', logLevel: 'warning',
  });
  return files.map((f) => path.join(outDir, f.replace(/\.ts$/, '.js')));
}

function writeRunnerConfig(dir, suites) {
  const results = path.join(dir, 'results.json');
  const config = { mochaPath: require.resolve('mocha'), suites, results, grep: opts.grep, timeoutMs: 60_000 };
  const file = path.join(dir, 'runner-config.json');
  writeFileSync(file, JSON.stringify(config, null, 2));
  return { file, results };
}

async function waitForFile(file, session) {
  const deadline = Date.now() + RESULTS_TIMEOUT_MS;
  while (!existsSync(file)) {
    if (Date.now() > deadline)
      throw new Error(`no results after ${RESULTS_TIMEOUT_MS / 60_000} min: the test-runner extension did not finish (see the extension host log)`);
    if (session.serverExitCode() !== null) throw new Error(`code-server exited with ${session.serverExitCode()} before the suites finished`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

function printResults(results) {
  for (const t of results.tests) {
    if (t.state === 'pending') console.log(`ok ${++counter} - ${t.title} # SKIP`);
    else if (t.state === 'passed') report(true, `${t.title} (${t.file}, ${t.durationMs} ms)`);
    else report(false, `${t.title} (${t.file})`, t.stack ?? t.message);
  }
}

const MULTIROOT_FOLDERS = ['basic', 'second'].map((f) => path.join(repoRoot, 'test/fixtures/workspaces', f));

/** One workbench running `files`; `kind` 'untrusted': trust on and the folder not trusted; 'multiroot': two folders. */
async function runIntegration(files, kind = 'trusted') {
  const label = kind;
  const untrusted = kind === 'untrusted';
  const suites = await bundleSuites(files, kind === 'trusted' ? OUT_DIR : `${OUT_DIR}-${kind}`);
  const work = mkdtempSync(path.join(os.tmpdir(), 'grounded-suites-'));
  const { file, results } = writeRunnerConfig(work, suites);
  console.log(
    (`# vscode: ${files.length} integration suite file(s) in ` +
      `code-server${untrusted ? ' (restricted mode: workspace trust on, folder untrusted)' : kind === 'multiroot' ? ' (multi-root window)' : ''}`),
  );
  const started = Date.now();
  const session = await startWorkbench({
    env: { GROUNDED_VSCODE_TEST_CONFIG: file },
    keep: opts.keep,
    untrusted,
    folders: kind === 'multiroot' ? MULTIROOT_FOLDERS : undefined,
  });
  timings[`workbench ${label}`] = session.timings.workbenchReadyMs;
  let ok = false;
  try {
    const out = await waitForFile(results, session);
    timings[`suites ${label}`] = Date.now() - started - session.timings.workbenchReadyMs;
    printResults(out);
    ok = out.failures.length === 0;
  } catch (err) {
    report(false, 'integration suites', err.message);
  } finally {
    if (!ok) {
      const dest = copyLogs(session, path.join(RESULTS_DIR, 'vscode-logs', `integration-${label}-${Date.now()}`));
      if (dest) console.log(`# extension host logs: ${path.relative(repoRoot, dest)}`);
    }
    await session.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** The `error:` line of the YAML block after a failing TAP test line. */
function tapError(text, from) {
  const block = text.slice(from).split(/^  \.\.\.$/m)[0];
  const error = /^\s+error: ?\|?-?\s*\n?\s*(.+)$/m.exec(block);
  return `${error ? error[1].replace(/^'|'$/g, '') : 'failed'}\n(full output on stderr above; screenshots and logs in test-results/)`;
}

/** Runs one e2e file with node:test; per-test lines come from its TAP output. */
async function runE2e(file) {
  const work = mkdtempSync(path.join(os.tmpdir(), 'grounded-e2e-'));
  const tap = path.join(work, 'out.tap');
  console.log(`# vscode e2e: test/e2e/${file}`);
  const code = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      '--test-reporter=spec',
      '--test-reporter-destination=stderr',
      '--test-reporter=tap',
      `--test-reporter-destination=${tap}`,
      path.join(E2E_DIR, file),
    ],
    { cwd: repoRoot, env: { ...process.env, GROUNDED_TEST: '1', GROUNDED_VSCODE_READY: '1' } },
  );
  const text = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
  rmSync(work, { recursive: true, force: true });
  const lines = [...text.matchAll(/^(not ok|ok) \d+ - (.*)$/gm)];
  for (const m of lines) report(m[1] === 'ok', `${m[2]} (${file})`, m[1] === 'ok' ? undefined : tapError(text, m.index));
  if (lines.length === 0 || (code !== 0 && lines.every((m) => m[1] === 'ok'))) report(false, `${file}`, `exited with ${code} (see stderr above)`);
}

async function runElectron(files) {
  const { runTests } = require('@vscode/test-electron');
  const suites = await bundleSuites(files);
  const work = mkdtempSync(path.join(os.tmpdir(), 'grounded-electron-'));
  const { file, results } = writeRunnerConfig(work, suites);
  const folder = path.join(work, 'workspace');
  cpSync(path.join(repoRoot, 'test/fixtures/workspaces/basic'), folder, { recursive: true });
  try {
    await runTests({
      extensionDevelopmentPath: [repoRoot, path.join(repoRoot, 'test/fixtures/vscode-fixture-extension')],
      extensionTestsPath: path.join(repoRoot, 'test/fixtures/vscode-test-runner/electron-entry.js'),
      launchArgs: [folder, '--disable-workspace-trust', '--enable-proposed-api', FIXTURE_EXTENSION_ID],
      extensionTestsEnv: { GROUNDED_VSCODE_TEST_CONFIG: file, GROUNDED_TEST: '1' },
    });
  } catch (err) {
    if (!existsSync(results)) report(false, 'integration suites (electron)', String(err.message ?? err));
  }
  if (existsSync(results)) printResults(JSON.parse(readFileSync(results, 'utf8')));
}

async function main() {
  const allSuites = opts['no-integration'] ? [] : pick(SUITES_DIR, '.test.ts', opts.suite);
  const isUntrusted = (f) => f.endsWith('.untrusted.test.ts');
  const isMultiroot = (f) => f.endsWith('.multiroot.test.ts');
  const suiteFiles = allSuites.filter((f) => !isUntrusted(f) && !isMultiroot(f));
  const untrustedFiles = allSuites.filter(isUntrusted);
  const multirootFiles = allSuites.filter(isMultiroot);
  const e2eFiles = opts['no-e2e'] || opts.electron ? [] : pick(E2E_DIR, '.e2e.ts', opts.e2e);
  if (!opts['no-build']) {
    const code = await run(process.execPath, ['esbuild.mjs'], { cwd: repoRoot });
    if (code !== 0) return report(false, 'build (node esbuild.mjs)', `exited with ${code}`);
  }
  if (opts.electron) return runElectron(suiteFiles); // restricted-mode suites need code-server's trust settings
  try {
    timings.setup = (await ensureVsCodeSetup()) * 1000;
  } catch (err) {
    return report(false, 'set up code-server and Chromium', err instanceof SetupError ? err.message : err.stack);
  }
  mkdirSync(RESULTS_DIR, { recursive: true });
  if (suiteFiles.length) await runIntegration(suiteFiles);
  if (untrustedFiles.length) await runIntegration(untrustedFiles, 'untrusted');
  if (multirootFiles.length) await runIntegration(multirootFiles, 'multiroot');
  for (const file of e2eFiles) await runE2e(file);
}

const started = Date.now();
try {
  await main();
} catch (err) {
  report(false, 'vscode test runner', err.stack ?? String(err));
}
const parts = Object.entries(timings).map(([k, v]) => `${k} ${seconds(v)}`);
console.log(`# vscode timings: ${[...parts, `total ${seconds(Date.now() - started)}`].join(', ')}`);
console.log(`vscode: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
