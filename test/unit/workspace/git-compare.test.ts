import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { discoverFiles } from '../../../src/engine/workspace/discovery';
import { generateTree } from './generated-tree';

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
      // The root's `*.log` must not hide `A.LOG` / `Keep.Log`: git on Linux matches case-sensitively.
      assert.ok(expected.some((p) => /\.(LOG|Log)$/.test(p)), 'no upper-case log file visible to git');
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
