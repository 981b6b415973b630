import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { gitText as git, leaveInConflict, writeFiles } from '../../support/fixture';
import { parseGitIndex, readTrackedFromIndex } from '../../../src/engine/workspace/git-index';
import { gitListing } from '../../../src/engine/workspace/git-candidates';
import { discoverFiles } from '../../../src/engine/workspace/discovery';
import { parseTracked } from '../../../src/engine/workspace/git-stat';

const roots: string[] = [];
after(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));


/** git's own account of the index: every entry with its record, none compared with the disk. */
const gitSays = (cwd: string) => parseTracked(git(cwd, 'ls-files', '--cached', '-t', '--stage', '--debug', '-z'));
const indexOf = (root: string) => readFileSync(path.join(root, '.git', 'index'));

/** A repository whose index holds every kind of entry a reader must get right, including a conflict. */
function repo(initArgs: string[] = []): string {
  const root = mkdtempSync(path.join(tmpdir(), 'grounded-gitindex-'));
  roots.push(root);
  git(root, 'init', '-q', ...initArgs);
  const files: Record<string, string> = {
    'a.ts': 'a\n', 'run.sh': '#!/bin/sh\n', 'sub/deep/b.ts': 'b\n', 'sub/c.ts': 'c\n', 'süß/ünï.ts': 'utf-8 name\n',
    'tab\tand\nnewline.ts': 'odd name\n', [`long/${'x'.repeat(4200)}.ts`.slice(0, 250)]: 'long name\n', 'f.txt': 'a\n',
    'assumed.ts': 'assume-unchanged\n', 'sparse/skip.ts': 'skip-worktree\n',
  };
  writeFiles(root, files);
  execFileSync('chmod', ['+x', path.join(root, 'run.sh')]);
  symlinkSync('a.ts', path.join(root, 'link.ts'));
  git(root, 'add', '-A');
  git(root, 'commit', '-qm', 'a');
  leaveInConflict(root, 'f.txt');
  git(root, 'update-index', '--assume-unchanged', 'assumed.ts');
  writeFileSync(path.join(root, 'added-later.ts'), 'intent to add\n');
  git(root, 'add', '-N', 'added-later.ts');
  return root;
}

describe('git index read in place', () => {
  for (const version of [2, 3, 4]) {
    it(`reads an index of version ${version} as git lists it: the same paths, order and records`, () => {
      const root = repo();
      // An intent-to-add entry needs the extended flags of version 3.
      if (version === 2) git(root, 'rm', '-q', '--cached', 'added-later.ts');
      git(root, 'update-index', '--index-version', String(version));
      assert.equal(indexOf(root).readUInt32BE(4), version);
      const read = parseGitIndex(indexOf(root), '');
      assert.ok(read, 'understood');
      assert.deepEqual(read, gitSays(root));
      assert.ok(read.paths.includes('f.txt') && read.paths.filter((p) => p === 'f.txt').length === 1, 'a conflict is listed once');
      assert.ok(read.paths.some((p) => p.startsWith('long/')) && read.paths.includes('süß/ünï.ts'));
      const trusted = read.paths.filter((_, i) => !Number.isNaN(read.size[i]));
      assert.deepEqual(trusted.sort(), ['a.ts', `long/${'x'.repeat(245)}`, 'run.sh', 'sparse/skip.ts', 'sub/c.ts', 'sub/deep/b.ts', 'süß/ünï.ts', 'tab\tand\nnewline.ts'].sort());
    });
  }

  it('a skip-worktree entry (index v3) keeps no record, as git does not compare it with the disk', () => {
    const root = repo();
    git(root, 'update-index', '--skip-worktree', 'sparse/skip.ts');
    const read = parseGitIndex(indexOf(root), '')!;
    assert.equal(indexOf(root).readUInt32BE(4), 3);
    assert.deepEqual(read, gitSays(root));
    assert.ok(Number.isNaN(read.size[read.paths.indexOf('sparse/skip.ts')]));
  });

  it('lists a subfolder relative to it, as git run there does', async () => {
    const root = repo();
    const sub = path.join(root, 'sub');
    assert.deepEqual(parseGitIndex(indexOf(root), 'sub/'), gitSays(sub));
    assert.deepEqual((await readTrackedFromIndex(path.join(root, '.git'), root, sub))?.paths, ['c.ts', 'deep/b.ts']);
  });

  it('gives up, for git to answer, on what it does not know for certain', () => {
    const root = repo();
    const buf = indexOf(root);
    assert.equal(parseGitIndex(buf.subarray(0, buf.length - 40), ''), undefined, 'cut short');
    assert.equal(parseGitIndex(Buffer.concat([buf.subarray(0, 8), Buffer.from([0, 0, 0x10, 0]), buf.subarray(12)]), ''), undefined, 'wrong count');
    assert.equal(parseGitIndex(Buffer.from('not an index at all, just text'), ''), undefined);
    git(root, 'update-index', '--split-index');
    assert.equal(parseGitIndex(indexOf(root), ''), undefined, 'a split index keeps its entries in another file');
    const sha256 = repo(['--object-format=sha256']);
    assert.equal(parseGitIndex(indexOf(sha256), ''), undefined, 'SHA-256 object names');
  });

  it('a listing from it lists what git lists; the walk names the files changed on disk, and discovery reads those from the disk', async () => {
    const root = repo();
    writeFileSync(path.join(root, 'sub/c.ts'), 'changed, longer\n');
    rmSync(path.join(root, 'a.ts'));
    const listing = gitListing(root);
    const tracked = (await listing.tracked)!;
    const untracked = await listing.untracked;
    assert.deepEqual(tracked.paths, gitSays(root).paths);
    assert.equal(tracked.size[tracked.paths.indexOf('sub/deep/b.ts')], 2);
    assert.deepEqual([untracked?.paths, untracked?.folders], [[], []]);
    // Besides these two, the file in conflict (once per stage) and the one added with --intent-to-add.
    assert.ok(['a.ts', 'sub/c.ts'].every((p) => untracked?.changed.includes(p)), String(untracked?.changed));
    // The records of the changed files were out of date: what discovery lists comes from the disk.
    const listed = await discoverFiles({ root, gitListing: gitListing(root) });
    assert.ok(!listed.files.some((f) => f.path === 'a.ts'), 'deleted: not listed');
    assert.equal(listed.files.find((f) => f.path === 'sub/c.ts')?.size, 'changed, longer\n'.length);
  });
});
