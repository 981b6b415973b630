import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// Shared by the tests that compare discovery with git on generated trees (not a test file itself).

/** Deterministic pseudo-random numbers (mulberry32), so a failure reproduces. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Mixed-case names and rules: git on Linux matches case-sensitively, so `*.log` must not hide `A.LOG`.
const NAMES = ['src', 'lib', 'build', 'logs', 'tmp', 'docs', 'cache', 'out', 'keep', 'gen', 'Docs', 'SRC'];
const FILES = [
  'a.ts',
  'b.js',
  'notes.md',
  'debug.log',
  'keep.log',
  'data.json',
  'x.tmp',
  'README',
  'main.py',
  'Cargo.toml',
  'A.LOG',
  'Notes.MD',
  'readme',
  'Keep.Log',
];
const RULES = [
  '*.log',
  '!keep.log',
  'tmp/',
  '/gen',
  'cache',
  '**/logs/*.log',
  'docs/**/*.tmp',
  '!docs/**/keep.tmp',
  '*.tmp',
  'b.js',
  '/lib/out/',
  'out/*',
  '!out/keep/',
  '\\#hash',
  'data.json',
  '!data.json',
  '*.LOG',
  '!A.LOG',
  'Notes.md',
  'SRC/',
  'readme',
  '/Docs/*.MD',
];

function pick<T>(r: () => number, xs: T[]): T {
  return xs[Math.floor(r() * xs.length)];
}

/**
 * A tree of several hundred files with nested ignore files, negations, anchored and dir-only
 * rules, in mixed case. Returns its folders (root-relative, '' for the root).
 */
export function generateTree(root: string, seed: number): string[] {
  const r = rng(seed);
  const dirs = [''];
  for (let i = 0; i < 60; i++) {
    const parent = pick(r, dirs);
    const depth = parent ? parent.split('/').length : 0;
    if (depth >= 4) continue;
    dirs.push(parent ? `${parent}/${pick(r, NAMES)}` : pick(r, NAMES));
  }
  const unique = [...new Set(dirs)];
  for (const d of unique) {
    mkdirSync(path.join(root, d), { recursive: true });
    for (let i = 0; i < 8; i++) writeFileSync(path.join(root, d, pick(r, FILES)), `content ${d} ${i}\n`);
    if (r() < 0.35) {
      const rules = Array.from({ length: 1 + Math.floor(r() * 4) }, () => pick(r, RULES));
      writeFileSync(path.join(root, d, '.gitignore'), `# generated\n${rules.join('\n')}\n`);
    }
  }
  writeFileSync(path.join(root, '#hash'), 'x\n');
  writeFileSync(path.join(root, '.gitignore'), '*.log\n!keep.log\n/gen\n**/cache/\n');
  return unique;
}

/** Runs git with an argument array (never a shell) and returns stdout. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Grounded Test', '-c', 'user.email=test@example.invalid', ...args], { cwd, encoding: 'utf8' });
}

/** What git shows in `cwd`: `git ls-files --cached --others --exclude-standard`, paths relative to `cwd`, sorted. */
export function gitVisible(cwd: string): string[] {
  return git(cwd, 'ls-files', '-z', '--cached', '--others', '--exclude-standard').split('\0').filter(Boolean).sort();
}
