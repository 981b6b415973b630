import { execFileSync } from 'node:child_process';
import { lstatSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { gitText as git, leaveInConflict, writeFiles } from '../../support/fixture';
import { discoverFiles } from '../../../src/engine/workspace/discovery';
import { parseTracked, TRACKED_LISTING } from '../../../src/engine/workspace/git-stat';

/** The paths and the records git's listing trusts, as a map (NaN: no record). */
function parsed(out: string) {
  const { paths, size, mtimeMs } = parseTracked(out);
  assert.equal(size.length, paths.length);
  assert.equal(mtimeMs.length, paths.length);
  const known = new Map(paths.flatMap((p, i) => (Number.isNaN(size[i]) ? [] : [[p, { size: size[i], mtimeMs: mtimeMs[i] }] as const])));
  return { paths, known };
}

const roots: string[] = [];
after(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));


/** A committed repository with one file of each case git's record must not be trusted for. */
function repo(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'grounded-gitstat-'));
  roots.push(root);
  git(root, 'init', '-q');
  const files: Record<string, string> = {
    'same.ts': 'unchanged\n', 'edited.ts': 'before\n', 'gone.ts': 'deleted later\n', 'assumed.ts': 'assume-unchanged\n',
    'sparse/skip.ts': 'skip-worktree\n', 'touched.ts': 'touched, same text\n', 'tab\tand\nnewline.ts': 'odd name\n', 'run.sh': '#!/bin/sh\n',
  };
  writeFiles(root, files);
  execFileSync('chmod', ['+x', path.join(root, 'run.sh')]);
  symlinkSync('same.ts', path.join(root, 'link.ts'));
  git(root, 'add', '-A');
  git(root, 'commit', '-qm', 'init');
  writeFileSync(path.join(root, 'edited.ts'), 'after, longer\n');
  unlinkSync(path.join(root, 'gone.ts'));
  git(root, 'update-index', '--assume-unchanged', 'assumed.ts');
  writeFileSync(path.join(root, 'assumed.ts'), 'changed behind git\n');
  git(root, 'update-index', '--skip-worktree', 'sparse/skip.ts');
  writeFileSync(path.join(root, 'sparse/skip.ts'), 'changed too\n');
  const later = new Date(Date.now() + 60_000);
  utimesSync(path.join(root, 'touched.ts'), later, later);
  writeFileSync(path.join(root, 'untracked.ts'), 'new\n');
  return root;
}

describe('stat recorded by git', () => {
  it('is trusted only for regular, merged, unflagged files git finds unchanged', () => {
    const root = repo();
    const { paths, known } = parsed(git(root, ...TRACKED_LISTING));
    assert.deepEqual([...paths].sort(), [
      'assumed.ts',
      'edited.ts',
      'gone.ts',
      'link.ts',
      'run.sh',
      'same.ts',
      'sparse/skip.ts',
      'tab\tand\nnewline.ts',
      'touched.ts',
    ]);
    // Links, flagged entries (assume-unchanged, skip-worktree) and files changed or deleted since never get git's record.
    assert.deepEqual([...known.keys()].sort(), ['run.sh', 'same.ts', 'tab\tand\nnewline.ts', 'touched.ts']);
    for (const rel of ['run.sh', 'same.ts', 'tab\tand\nnewline.ts']) {
      const st = lstatSync(path.join(root, rel));
      assert.deepEqual(known.get(rel), { size: st.size, mtimeMs: st.mtimeMs }, rel);
    }
  });

  it('reads index flags by their meaning: git\'s bookkeeping bits keep a record, assume-unchanged drops it', () => {
    const entry = (name: string, flags: string) =>
      `H 100644 ${'a'.repeat(40)} 0\t${name}\0  ctime: 1700000000:5\n  mtime: 1700000000:5\n  dev: 1\tino: 2\n  uid: 0\tgid: 0\n  size: 12\tflags: ${flags}\n`;
    const out = entry('hashed.ts', '100000') + entry('fsmonitor.ts', '200000') + entry('assumed.ts', '8000') + entry('skip.ts', '40000000');
    const { paths, known } = parsed(out);
    assert.deepEqual(paths, ['hashed.ts', 'fsmonitor.ts', 'assumed.ts', 'skip.ts']);
    assert.deepEqual([...known.keys()], ['hashed.ts', 'fsmonitor.ts']);
    assert.deepEqual(known.get('hashed.ts'), { size: 12, mtimeMs: 1700000000 * 1e3 + 5 / 1e6 });
  });

  it('lists a file in conflict once, without a record, and drops the record of a file git finds changed wherever its line comes', () => {
    const entry = (tag: string, name: string, stage = 0) =>
      `${tag} 100644 ${'a'.repeat(40)} ${stage}\t${name}\0` +
      '  ctime: 1700000000:5\n  mtime: 1700000000:5\n  dev: 1\tino: 2\n  uid: 0\tgid: 0\n  size: 12\tflags: 0\n';
    const out = [
      entry('H', 'a.ts'), entry('C', 'a.ts'),
      entry('M', 'conflict.ts', 1), entry('M', 'conflict.ts', 2), entry('M', 'conflict.ts', 3), entry('C', 'conflict.ts', 3),
      entry('H', 'far.ts'), entry('H', 'same.ts'), entry('C', 'far.ts'),
    ].join('');
    const { paths, known } = parsed(out);
    assert.deepEqual(paths, ['a.ts', 'conflict.ts', 'far.ts', 'same.ts']);
    assert.deepEqual([...known.keys()], ['same.ts']);
  });

  it('lists a file left in conflict by a real merge once, without a record', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'grounded-gitstat-'));
    roots.push(root);
    git(root, 'init', '-q');
    writeFileSync(path.join(root, 'f.txt'), 'a\n');
    writeFileSync(path.join(root, 'calm.txt'), 'same\n');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'a');
    leaveInConflict(root, 'f.txt');
    const { paths, known } = parsed(git(root, ...TRACKED_LISTING));
    assert.deepEqual(paths, ['calm.txt', 'f.txt']);
    assert.deepEqual([...known.keys()], ['calm.txt']);
  });

  it('stops at truncated output, keeps the paths it parsed and trusts no record', () => {
    const root = repo();
    const out = git(root, ...TRACKED_LISTING);
    const { paths, known } = parsed(out.slice(0, Math.floor(out.length / 2)));
    assert.ok(paths.length > 0 && paths.length < 9);
    assert.equal(known.size, 0, 'the line saying the last file changed may be the one cut off');
    assert.deepEqual(parseTracked(''), { paths: [], size: [], mtimeMs: [] });
  });

  it('lists the same files, sizes and content as a walk of the disk', async () => {
    const root = repo();
    const fromGit = await discoverFiles({ root, sniffBinary: true });
    const walked = await discoverFiles({ root, sniffBinary: true, useGit: false });
    const paths = fromGit.files.map((f) => f.path);
    assert.deepEqual(paths, [
      'assumed.ts',
      'edited.ts',
      'link.ts',
      'run.sh',
      'same.ts',
      'sparse/skip.ts',
      'tab\tand\nnewline.ts',
      'touched.ts',
      'untracked.ts',
    ]);
    assert.deepEqual(paths, walked.files.map((f) => f.path));
    // A file touched after the commit keeps git's record (same text); every other size and mtime is the disk's.
    for (const f of fromGit.files) {
      const st = lstatSync(f.absPath, { throwIfNoEntry: true });
      assert.equal(f.size, f.path === 'link.ts' ? lstatSync(path.join(root, 'same.ts')).size : st.size, f.path);
      if (f.path !== 'touched.ts' && f.path !== 'link.ts') assert.equal(f.mtimeMs, st.mtimeMs, f.path);
    }
  });
});

describe('content verdicts from the saved index', () => {
  it('are used while size and mtime match, and a changed file is sniffed again', async () => {
    const root = repo();
    const st = lstatSync(path.join(root, 'same.ts'));
    const claimBinary = new Map([['same.ts', { size: st.size, mtimeMs: st.mtimeMs, binary: true }]]);
    let asked = 0;
    const listed = await discoverFiles({ root, sniffBinary: true, knownContent: () => (asked++, claimBinary) });
    assert.equal(asked, 1);
    assert.deepEqual(listed.skipped.filter((s) => s.reason === 'binary').map((s) => s.path), ['same.ts'], 'the recorded verdict is taken as it is');
    const stale = new Map([['same.ts', { size: st.size + 1, mtimeMs: st.mtimeMs, binary: true }]]);
    const again = await discoverFiles({ root, sniffBinary: true, knownContent: stale });
    assert.ok(again.files.some((f) => f.path === 'same.ts'), 'a record of another size is ignored: the file is sniffed');
  });
});
