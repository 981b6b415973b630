'use strict';
// `grounded files` in a git repository waits above all for git's walk of the tree for untracked
// files. The launcher starts that walk here, before the CLI bundle is loaded and compiled, and
// the bundle takes it over (engine/workspace/git-candidates.ts, adoptEarlyGit) when it asks for the
// same listing in the same folder; a walk nobody took over is stopped when the process exits.
// The output goes to a temporary file, as the bundle's own listing does (see gitToFile there).
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const KEY = Symbol.for('grounded.earlyGit');
const UNTRACKED = ['ls-files', '--others', '--exclude-standard', '-z'];

/** The folder a `grounded files` command line names (`--root DIR`, `--root=DIR`, else the current one). */
function rootOf(args) {
  let root = '.';
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--') break;
    if (args[i] === '--root' && i + 1 < args.length) root = args[++i];
    else if (args[i].startsWith('--root=')) root = args[i].slice('--root='.length);
  }
  return path.resolve(process.cwd(), root);
}

/** Starts git's untracked listing for the folder of `args`; nothing when anything is unusual. */
function start(args) {
  if (args.some((a) => a === '--explain' || a.startsWith('--explain=') || a === '-h' || a === '--help')) return;
  const cwd = rootOf(args);
  let dir;
  let fd;
  try {
    if (!fs.statSync(cwd).isDirectory()) return;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grounded-git-'));
    fd = fs.openSync(path.join(dir, 'out'), 'w+', 0o600);
  } catch {
    return;
  }
  let removed = false;
  try {
    fs.unlinkSync(path.join(dir, 'out'));
    fs.rmdirSync(dir);
    removed = true;
  } catch {
    // Windows keeps an open file: whoever reads the listing removes it.
  }
  const child = spawn('git', ['-C', cwd, ...UNTRACKED], { stdio: ['ignore', fd, 'ignore'], timeout: 60_000 });
  const done = new Promise((resolve) => {
    child.on('error', () => resolve(null));
    child.on('close', (code) => resolve(code));
  });
  const early = { cwd, args: UNTRACKED, fd, dir, removed, child, done, adopted: false };
  globalThis[KEY] = early;
  process.on('exit', () => {
    if (early.adopted) return;
    child.kill();
    try {
      fs.closeSync(fd);
      if (!removed) fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // Already gone.
    }
  });
}

module.exports = { start };
