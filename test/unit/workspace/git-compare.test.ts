import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { discoverFiles } from '../../../src/engine/workspace/discovery';

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

const NAMES = ['src', 'lib', 'build', 'logs', 'tmp', 'docs', 'cache', 'out', 'keep', 'gen'];
const FILES = ['a.ts', 'b.js', 'notes.md', 'debug.log', 'keep.log', 'data.json', 'x.tmp', 'README', 'main.py', 'Cargo.toml'];
const RULES = ['*.log', '!keep.log', 'tmp/', '/gen', 'cache', '**/logs/*.log', 'docs/**/*.tmp', '!docs/**/keep.tmp', '*.tmp', 'b.js', '/lib/out/', 'out/*', '!out/keep/', '\\#hash', 'data.json', '!data.json'];

function pick<T>(r: () => number, xs: T[]): T {
  return xs[Math.floor(r() * xs.length)];
}

/** A tree of several hundred files with nested ignore files, negations, anchored and dir-only rules. */
function generateTree(root: string, seed: number): void {
  const r = rng(seed);
  const dirs = [''];
  for (let i = 0; i < 60; i++) {
    const parent = pick(r, dirs);
    const depth = parent ? parent.split('/').length : 0;
    if (depth >= 4) continue;
    dirs.push(parent ? `${parent}/${pick(r, NAMES)}` : pick(r, NAMES));
  }
  for (const d of new Set(dirs)) {
    mkdirSync(path.join(root, d), { recursive: true });
    for (let i = 0; i < 8; i++) writeFileSync(path.join(root, d, pick(r, FILES)), `content ${d} ${i}\n`);
    if (r() < 0.35) {
      const rules = Array.from({ length: 1 + Math.floor(r() * 4) }, () => pick(r, RULES));
      writeFileSync(path.join(root, d, '.gitignore'), `# generated\n${rules.join('\n')}\n`);
    }
  }
  writeFileSync(path.join(root, '#hash'), 'x\n');
  writeFileSync(path.join(root, '.gitignore'), '*.log\n!keep.log\n/gen\n**/cache/\n');
}

function gitLsFiles(root: string): string[] {
  execFileSync('git', ['init', '-q'], { cwd: root });
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  return out.split('\0').filter(Boolean).sort();
}

describe('discovery matches git ls-files --cached --others --exclude-standard', () => {
  const roots: string[] = [];
  after(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`on generated tree #${seed}`, async () => {
      const root = mkdtempSync(path.join(tmpdir(), 'grounded-git-'));
      roots.push(root);
      generateTree(root, seed);
      mkdirSync(path.join(root, '.git', 'info'), { recursive: true });
      const expected = gitLsFiles(root);
      writeFileSync(path.join(root, '.git', 'info', 'exclude'), 'README\n');
      const expectedWithExclude = execFileSync('git', ['ls-files', '-z', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
        .split('\0').filter(Boolean).sort();
      assert.ok(expected.length > 40, `tree too small: ${expected.length}`);
      assert.ok(expectedWithExclude.length < expected.length, 'info/exclude hid nothing');
      const got = (await discoverFiles({ root, excludedFolders: [] })).files.map((f) => f.path);
      assert.deepEqual(got, expectedWithExclude);
    });
  }

  it('also lists files git tracks although an ignore rule matches them', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'grounded-git-'));
    roots.push(root);
    execFileSync('git', ['init', '-q'], { cwd: root });
    writeFileSync(path.join(root, 'tracked.log'), 'kept\n');
    execFileSync('git', ['add', 'tracked.log'], { cwd: root });
    writeFileSync(path.join(root, '.gitignore'), '*.log\n');
    writeFileSync(path.join(root, 'other.log'), 'hidden\n');
    const expected = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
      .split('\0').filter(Boolean).sort();
    const got = (await discoverFiles({ root })).files.map((f) => f.path);
    assert.deepEqual(got, expected);
    assert.deepEqual(got, ['.gitignore', 'tracked.log']);
  });
});
