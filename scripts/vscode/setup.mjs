// Prepares this machine for the real-VS-Code tests (see docs/testing.md): Debian packages
// (native-module headers, ripgrep, chromium) and code-server from npm in .vscode-test/code-server.
// Idempotent and cached: a second run only checks. Usage: node scripts/vscode/setup.mjs
// Imported by scripts/run-vscode-tests.mjs as `ensureVsCodeSetup()`.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CODE_SERVER_VERSION = '4.100.3';
const RIPGREP_CACHE_VERSION = '1.15.11';
const RIPGREP_ASSET = 'ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz';
const APT_PACKAGES = ['libkrb5-dev', 'libsecret-1-dev', 'libx11-dev', 'libxkbfile-dev', 'ripgrep', 'chromium'];

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const codeServerPrefix = path.join(repoRoot, '.vscode-test', 'code-server');
export const codeServerEntry = path.join(codeServerPrefix, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
export const chromiumPath = process.env.GROUNDED_CHROMIUM || '/usr/bin/chromium';

export class SetupError extends Error {
  constructor(message, suggestion) {
    super(`${message}\n  → ${suggestion}`);
    this.name = 'SetupError';
  }
}

function log(message) {
  console.log(`[vscode-setup] ${message}`);
}

/** Runs a command with its output streamed to ours; rejects with the exit code. */
function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    log(`$ ${cmd} ${args.join(' ')}`);
    // stdout goes to stderr so the test summary on stdout stays parseable by scripts/test-all.mjs.
    const child = spawn(cmd, args, { stdio: ['ignore', process.stderr, process.stderr], ...opts });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited with ${code}`))));
  });
}

function missingAptPackages() {
  if (!existsSync('/usr/bin/dpkg-query')) return [];
  return APT_PACKAGES.filter((pkg) => {
    const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
    return r.status !== 0 || !r.stdout.includes('install ok installed');
  });
}

async function ensureAptPackages() {
  const missing = missingAptPackages();
  if (missing.length === 0) return log('Debian packages: present');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new SetupError(
      `missing Debian packages: ${missing.join(', ')} (needed to build code-server and to run Chromium)`,
      `run as root: apt-get update && apt-get install -y ${APT_PACKAGES.join(' ')}   (or set GROUNDED_SKIP_VSCODE=1 to skip these tests)`,
    );
  }
  log(`installing Debian packages: ${missing.join(', ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update'], { env });
  await run('apt-get', ['install', '-y', '--no-install-recommends', ...APT_PACKAGES], { env });
}

/**
 * code-server's postinstall fetches ripgrep from GitHub, which these machines cannot reach;
 * @vscode/ripgrep looks in its download cache first, so Debian's rg is put there.
 */
async function seedRipgrepCache() {
  const dir = path.join(os.tmpdir(), `vscode-ripgrep-cache-${RIPGREP_CACHE_VERSION}`);
  const archive = path.join(dir, RIPGREP_ASSET);
  if (existsSync(archive)) return;
  const rg = spawnSync('sh', ['-c', 'command -v rg'], { encoding: 'utf8' }).stdout.trim();
  if (!rg) throw new SetupError('ripgrep (rg) is not on PATH', 'apt-get install -y ripgrep');
  mkdirSync(path.join(dir, 'x'), { recursive: true });
  cpSync(rg, path.join(dir, 'x', 'rg'));
  await run('tar', ['czf', archive, '-C', path.join(dir, 'x'), 'rg']);
}

/** True when the cached code-server is the pinned version and starts. */
export function codeServerWorks() {
  const pkg = path.join(codeServerPrefix, 'node_modules', 'code-server', 'package.json');
  if (!existsSync(pkg) || !existsSync(codeServerEntry)) return false;
  if (JSON.parse(readFileSync(pkg, 'utf8')).version !== CODE_SERVER_VERSION) return false;
  const r = spawnSync(process.execPath, [codeServerEntry, '--version'], { encoding: 'utf8', timeout: 60_000 });
  return r.status === 0 && r.stdout.includes(CODE_SERVER_VERSION);
}

async function ensureCodeServer() {
  if (codeServerWorks()) return log(`code-server ${CODE_SERVER_VERSION}: cached in ${path.relative(repoRoot, codeServerPrefix)}`);
  await seedRipgrepCache();
  mkdirSync(codeServerPrefix, { recursive: true });
  // A package.json of its own, so npm does not walk up and treat the project as the install root.
  const own = path.join(codeServerPrefix, 'package.json');
  if (!existsSync(own)) writeFileSync(own, JSON.stringify({ name: 'grounded-code-server-cache', private: true }, null, 2));
  log(`installing code-server@${CODE_SERVER_VERSION} (about a minute, ~300 MB)`);
  // --unsafe-perm: its postinstall refuses to run as root otherwise; npm_config_yes: node-pty's
  // postinstall runs `npx node-gyp`, which would wait for a "yes".
  await run('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--unsafe-perm', '--prefix', codeServerPrefix, `code-server@${CODE_SERVER_VERSION}`], {
    env: { ...process.env, npm_config_yes: 'true' },
  });
  if (!codeServerWorks()) {
    throw new SetupError(
      'code-server was installed but does not start',
      `remove ${codeServerPrefix} and run node scripts/vscode/setup.mjs again; read the npm output above`,
    );
  }
}

function ensureChromium() {
  if (!existsSync(chromiumPath))
    throw new SetupError(`Chromium not found at ${chromiumPath}`, 'apt-get install -y chromium (or set GROUNDED_CHROMIUM to a Chromium binary)');
}

/** Installs whatever is missing; resolves with the seconds it took. */
export async function ensureVsCodeSetup() {
  const started = Date.now();
  if (process.platform !== 'linux') {
    throw new SetupError('the code-server launcher is set up for Linux only', 'use node scripts/run-vscode-tests.mjs --electron on other systems');
  }
  await ensureAptPackages();
  ensureChromium();
  await ensureCodeServer();
  const seconds = (Date.now() - started) / 1000;
  log(`ready in ${seconds.toFixed(1)} s`);
  return seconds;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  ensureVsCodeSetup().catch((err) => {
    console.error(`[vscode-setup] ${err instanceof SetupError ? err.message : err.stack}`);
    process.exit(1);
  });
}
