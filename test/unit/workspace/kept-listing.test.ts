import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { discoverFiles } from '../../../src/engine/workspace/discovery';
import { gitListing } from '../../../src/engine/workspace/git-candidates';
import { findGitRepo } from '../../../src/engine/workspace/git-repo';
import { keepPlace, loadKeptListing } from '../../../src/engine/workspace/kept-listing';
import { generateTree, git } from './generated-tree';

// `grounded files` keeps the tracked part of a listing for the next one (kept-listing.ts). Whatever
// happens in between, a listing that uses it must equal one made from scratch.

const roots: string[] = [];
after(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

function tempDir(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'grounded-kept-'));
  roots.push(root);
  return root;
}

const SETTINGS = { maxFileBytes: 200, sniffBinary: true, excludedFolders: ['build'] };

/** Whether a listing kept for `root` under these options would be used now. */
async function keptHolds(root: string, opts: { maxFileBytes: number; excludedFolders: string[] }): Promise<boolean> {
  const settings = { maxBytes: opts.maxFileBytes, sniffBinary: true, extraIgnore: [], excluded: [...opts.excludedFolders].sort() };
  const place = keepPlace(root, await findGitRepo(root), settings);
  return place !== undefined && loadKeptListing(place) !== undefined;
}

/** A listing that keeps (and uses what was kept), and one from scratch: they must agree. */
async function agree(root: string, step: string, opts = SETTINGS): Promise<boolean> {
  const kept = await discoverFiles({ root, ...opts, keepListing: true, gitListing: gitListing(root, undefined, undefined, true) });
  const fresh = await discoverFiles({ root, ...opts });
  // What `grounded files` prints: the kept bytes with the changes spliced in, when it has them.
  const text = kept.pathsText?.();
  if (text) assert.deepEqual([text.text.toString('utf8'), text.count], [fresh.files.map((f) => `${f.path}\n`).join(''), fresh.files.length], step);
  assert.deepEqual({ files: kept.files, skipped: kept.skipped }, { files: fresh.files, skipped: fresh.skipped }, step);
  return text !== undefined;
}

function repo(): string {
  const root = tempDir();
  git(root, 'init', '-q');
  mkdirSync(path.join(root, '.agent', 'state'), { recursive: true });
  writeFileSync(path.join(root, '.agent', 'state', '.gitignore'), '*\n');
  for (const [rel, text] of Object.entries({
    'a.ts': 'a\n', 'b.ts': 'b\n', 'c.ts': 'c\n', 'd.ts': 'd\n', 'e.sh': 'e\n', 'sub/f.ts': 'f\n', 'sub/g.md': 'g\n',
    'sub/.agentignore': 'secret.md\n', 'sub/secret.md': 'tracked, hidden by .agentignore\n', 'build/out.js': 'excluded\n',
    'pic.png': 'not really\n', 'big.txt': 'x'.repeat(300),
  })) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  git(root, 'add', '-A');
  git(root, 'commit', '-qm', 'first');
  return root;
}

describe('a kept listing (grounded files)', () => {
  it('equals a listing from scratch after each change to the tree, and is used while git\'s index is the same', async () => {
    const root = repo();
    const steps: [string, () => void][] = [
      ['nothing changed', () => undefined],
      ['a file grown past the limit', () => writeFileSync(path.join(root, 'a.ts'), 'y'.repeat(250))],
      ['a file turned binary', () => writeFileSync(path.join(root, 'b.ts'), 'b\0\n')],
      ['a file deleted', () => rmSync(path.join(root, 'c.ts'))],
      ['a file now a link inside', () => (rmSync(path.join(root, 'd.ts')), symlinkSync('sub/f.ts', path.join(root, 'd.ts')))],
      ['a link leading outside', () => symlinkSync(tmpdir(), path.join(root, 'out-link'))],
      ['an untracked file', () => writeFileSync(path.join(root, 'new.ts'), 'new\n')],
      ['an untracked .agentignore hiding a tracked file', () => writeFileSync(path.join(root, '.agentignore'), 'e.sh\n')],
      ['that .agentignore edited', () => writeFileSync(path.join(root, '.agentignore'), 'sub/f.ts\n')],
      ['the tracked .agentignore edited', () => writeFileSync(path.join(root, 'sub/.agentignore'), 'g.md\n')],
      ['a mode changed', () => chmodSync(path.join(root, 'e.sh'), 0o755)],
      ['a file shrunk back under the limit', () => writeFileSync(path.join(root, 'big.txt'), 'small\n')],
      ['a file restored as committed', () => git(root, 'checkout', '--', 'a.ts', 'b.ts', 'c.ts')],
      ['files added to git', () => git(root, 'add', '-A')],
      ['a commit', () => git(root, 'commit', '-qm', 'second')],
      ['a file edited after the commit', () => writeFileSync(path.join(root, 'sub/f.ts'), 'f, edited\n')],
    ];
    let [used, printed] = [0, 0];
    for (const [step, change] of steps) {
      change();
      if (await keptHolds(root, SETTINGS)) used++;
      if (await agree(root, step)) printed++;
    }
    // Kept for every step but the first and those that changed git's index (add, commit, checkout rewrites it).
    assert.ok(used >= steps.length - 5, `a kept listing was used in ${used} of ${steps.length} steps`);
    // All of those but the three steps that changed an .agentignore (the kept part no longer holds) used it and printed it as text.
    assert.equal(printed, used - 3, `${printed} listings printed kept text, ${used} had a kept listing to use`);
    await agree(root, 'another size limit', { ...SETTINGS, maxFileBytes: 10 });
    assert.equal(await keptHolds(root, SETTINGS), false, 'a listing kept under other settings is not used');
  });

  it('equals a listing from scratch on generated trees changed at random', async () => {
    for (const seed of [3, 11]) {
      const root = tempDir();
      git(root, 'init', '-q');
      mkdirSync(path.join(root, '.agent', 'state'), { recursive: true });
      const dirs = generateTree(root, seed);
      git(root, 'add', '-A');
      git(root, 'commit', '-qm', 'tree');
      await agree(root, `seed ${seed}: first`);
      let r = seed;
      const next = () => ((r = (r * 1103515245 + 12345) % 2147483648), r);
      for (let i = 0; i < 12; i++) {
        const dir = dirs[next() % dirs.length];
        const file = path.join(root, dir, ['a.ts', 'b.js', 'notes.md', 'keep.log', 'x.tmp'][next() % 5]);
        const what = next() % 4;
        if (what === 0) writeFileSync(file, 'z'.repeat(next() % 400));
        else if (what === 1) rmSync(file, { force: true });
        else if (what === 2) writeFileSync(path.join(root, dir, '.agentignore'), `${path.basename(file)}\n`);
        else writeFileSync(file, 'bin\0ary\n');
        await agree(root, `seed ${seed}: step ${i}`, { ...SETTINGS, excludedFolders: ['cache'] });
      }
    }
  });

  it('is not used, and the listing is still right, when the kept file is damaged', async () => {
    const root = repo();
    await agree(root, 'first');
    assert.equal(await keptHolds(root, SETTINGS), true);
    const file = path.join(root, '.agent', 'state', 'listing.bin');
    writeFileSync(file, 'garbage');
    assert.equal(await keptHolds(root, SETTINGS), false);
    await agree(root, 'after damage');
    assert.equal(await keptHolds(root, SETTINGS), true, 'kept again');
  });

  it('is kept where Grounded keeps state already, or in a state folder made for a large listing', async () => {
    const root = tempDir();
    git(root, 'init', '-q');
    writeFileSync(path.join(root, 'a.ts'), 'a\n');
    writeFileSync(path.join(root, 'b.ts'), 'b\n');
    git(root, 'add', '-A');
    await agree(root, 'no state folder');
    assert.equal(await keptHolds(root, SETTINGS), false);
    assert.equal(existsSync(path.join(root, '.agent')), false, 'a small listing makes no state folder');
    await discoverFiles({ root, ...SETTINGS, keepListing: true, keepListingFrom: 2 });
    assert.equal(await keptHolds(root, SETTINGS), true);
    // The state folder made for it hides itself from git.
    assert.equal(readFileSync(path.join(root, '.agent', 'state', '.gitignore'), 'utf8'), '*\n');
    assert.ok(!git(root, 'status', '--porcelain', '--untracked-files=all').includes('.agent'));
    await agree(root, 'kept in the folder made for it');
  });
});
