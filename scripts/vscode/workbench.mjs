// A real VS Code for tests: code-server (from scripts/vscode/setup.mjs) with a fresh profile,
// the product extension and the test fixtures installed, a copy of a fixture workspace, and a
// headless Chromium showing the workbench (the extension host only starts when a client connects).
// Used by scripts/run-vscode-tests.mjs (integration suites) and test/e2e/harness.ts (UI tests).
// No top-level await here: the e2e tests (CommonJS through tsx) load this file with require().
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumPath, codeServerEntry } from './setup.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const FIXTURE_EXTENSION_ID = 'grounded-test.fixture-chat';
const FIXTURE_DIRS = ['test/fixtures/vscode-fixture-extension', 'test/fixtures/vscode-test-runner'];
/** What the product's .vsix holds (see .vscodeignore); node_modules is not needed: dist/ is bundled. */
const PRODUCT_FILES = ['package.json', 'dist', 'media', 'README.md', 'CHANGELOG.md', 'LICENSE'];
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** With `untrusted`: workspace trust on, no prompt, so the folder opens in restricted mode. */
export const UNTRUSTED_SETTINGS = {
  'security.workspace.trust.enabled': true,
  'security.workspace.trust.startupPrompt': 'never',
  'security.workspace.trust.banner': 'always',
};

export const BASE_SETTINGS = {
  'security.workspace.trust.enabled': false,
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'git.openRepositoryInParentFolders': 'never',
};

/**
 * Opens the workbench at `url` in `page` and returns once it is drawn (`.monaco-workbench`). It does
 * not wait for the page's `load` event: that waits for every script, style and font the workbench
 * pulls, and at a load average of 20 it took longer than Playwright's 30 s default (a newcomer run
 * failed there, reopening a folder) although the workbench was on its way. The deadline only
 * bounds a workbench that never comes.
 */
export async function loadWorkbench(page, url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
  await page.waitForSelector('.monaco-workbench', { timeout: Math.max(1_000, deadline - Date.now()) });
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function manifest(dir) {
  return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
}

/** Unpacks an extension folder as EXTS/publisher.name-version/ (what installing a .vsix does). */
export function installUnpacked(sourceDir, extensionsDir, files) {
  const m = manifest(sourceDir);
  const target = path.join(extensionsDir, `${m.publisher}.${m.name}-${m.version}`);
  mkdirSync(target, { recursive: true });
  for (const name of files ?? readdirSync(sourceDir)) {
    const from = path.join(sourceDir, name);
    if (existsSync(from)) cpSync(from, path.join(target, name), { recursive: true });
  }
  return target;
}

/** The product as a user installs it; throws when it was not built (run `node esbuild.mjs`). */
export function installProduct(extensionsDir) {
  if (!existsSync(path.join(repoRoot, 'dist', 'extension.js'))) {
    throw new Error('dist/extension.js is missing\n  → build the extension first: node esbuild.mjs');
  }
  return installUnpacked(repoRoot, extensionsDir, PRODUCT_FILES);
}

function waitForHealth(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = async () => {
      if (child.exitCode !== null) return reject(new Error(`code-server exited with ${child.exitCode} before it was ready`));
      try {
        const res = await fetch(`${url}/healthz`);
        if (res.ok) return resolve();
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) return reject(new Error(`code-server was not ready within ${timeoutMs / 1000} s`));
      setTimeout(attempt, 200);
    };
    attempt();
  });
}

/** Ends code-server and everything it started (it runs in its own process group). */
function killGroup(child) {
  if (!child.pid || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

/** Every file under DATA/logs, copied to dest (exthost logs say why an extension failed). */
export function copyLogs(session, dest) {
  const logs = path.join(session.dataDir, 'logs');
  if (!existsSync(logs)) return undefined;
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  cpSync(logs, dest, { recursive: true });
  writeFileSync(path.join(dest, 'code-server.out.log'), session.serverOutput());
  return dest;
}

/**
 * Starts code-server on a fresh profile with the product and fixtures installed and a copy of
 * `workspace` open, then opens the workbench in headless Chromium.
 * Options: workspace (folder to copy; default test/fixtures/workspaces/basic), settings (merged
 * into the user settings), env (extra environment for the server and its extension host),
 * extraExtensions (folders to install unpacked), openBrowser (default true), keep (leave temp files),
 * untrusted (workspace trust enabled and the folder left untrusted: restricted mode), folders
 * (a multi-root window instead: each folder copied under its own name and opened through a
 * `.code-workspace` file; `folder` is then the first copy, `workspaceFile` the file).
 */
export async function startWorkbench(options = {}) {
  const started = Date.now();
  const root = mkdtempSync(path.join(os.tmpdir(), 'grounded-vscode-'));
  const dataDir = path.join(root, 'data');
  const extensionsDir = path.join(root, 'extensions');
  const folder = path.join(root, 'workspace');
  mkdirSync(path.join(dataDir, 'User'), { recursive: true });
  mkdirSync(extensionsDir, { recursive: true });
  const settings = { ...BASE_SETTINGS, ...(options.untrusted ? UNTRUSTED_SETTINGS : {}), ...options.settings };
  writeFileSync(path.join(dataDir, 'User', 'settings.json'), JSON.stringify(settings, null, 2));
  const multi = options.folders?.length ? options.folders.map((f) => path.join(root, path.basename(f))) : undefined;
  const workspaceFile = multi ? path.join(root, 'grounded.code-workspace') : undefined;
  if (multi) {
    options.folders.forEach((f, i) => cpSync(f, multi[i], { recursive: true }));
    writeFileSync(workspaceFile, JSON.stringify({ folders: multi.map((f) => ({ path: path.basename(f) })), settings: {} }, null, 2));
  } else cpSync(options.workspace ?? path.join(repoRoot, 'test/fixtures/workspaces/basic'), folder, { recursive: true });
  installProduct(extensionsDir);
  for (const dir of [...FIXTURE_DIRS.map((d) => path.join(repoRoot, d)), ...(options.extraExtensions ?? [])]) installUnpacked(dir, extensionsDir);

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = [
    codeServerEntry,
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--user-data-dir',
    dataDir,
    '--extensions-dir',
    extensionsDir,
    '--disable-telemetry',
    '--disable-update-check',
    ...(options.untrusted ? [] : ['--disable-workspace-trust']),
    '--enable-proposed-api',
    FIXTURE_EXTENSION_ID,
    workspaceFile ?? folder,
  ];
  // XDG_*: code-server keeps its own config there; a temp folder leaves the user's home untouched.
  const env = {
    ...process.env,
    XDG_CONFIG_HOME: path.join(root, 'xdg-config'),
    XDG_DATA_HOME: path.join(root, 'xdg-data'),
    GROUNDED_TEST: '1',
    ...options.env,
  };
  const child = spawn(process.execPath, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));

  let browser;
  const session = {
    root, dataDir, extensionsDir, folder: multi?.[0] ?? folder, workspaceFile, port, url, page: undefined, browser: undefined,
    serverOutput: () => output,
    serverExitCode: () => child.exitCode,
    timings: { serverReadyMs: 0, workbenchReadyMs: 0 },
    async stop() {
      await browser?.close().catch(() => undefined);
      killGroup(child);
      if (!options.keep) rmSync(root, { recursive: true, force: true, maxRetries: 3 });
    },
  };
  // code-server runs detached (its own process group), so it must be ended on every way out.
  process.once('exit', () => killGroup(child));
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      killGroup(child);
      process.exit(130);
    });
  }
  try {
    await waitForHealth(url, child, 60_000);
    session.timings.serverReadyMs = Date.now() - started;
    if (options.openBrowser !== false) {
      browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS, headless: true });
      // The clipboard as a desktop VS Code has it (Copy buttons, vscode.env.clipboard): no permission prompt.
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
      await loadWorkbench(page, `${url}/?${workspaceFile ? `workspace=${encodeURIComponent(workspaceFile)}` : `folder=${encodeURIComponent(folder)}`}`);
      session.browser = browser;
      session.page = page;
      session.timings.workbenchReadyMs = Date.now() - started;
    }
  } catch (err) {
    await session.stop();
    throw err;
  }
  return session;
}
