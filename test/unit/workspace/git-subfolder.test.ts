import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { discoverFiles, explainPath } from '../../../src/engine/workspace/discovery';
import { main } from '../../../src/cli/main';
import { generateTree, git, gitVisible } from './generated-tree';

const roots: string[] = [];
after(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

function tempDir(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'grounded-gitsub-'));
  roots.push(root);
  return root;
}

function write(root: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
}

/** True when git ignores `sub` or one of its parent folders as a whole (`git check-ignore`, arguments as an array). */
function hiddenAsWhole(repo: string, sub: string): boolean {
  const parts = sub.split('/');
  return parts.some((_, i) => spawnSync('git', ['check-ignore', '-q', `${parts.slice(0, i + 1).join('/')}/`], { cwd: repo }).status === 0);
}

async function visible(root: string): Promise<string[]> {
  return (await discoverFiles({ root, excludedFolders: [] })).files.map((f) => f.path);
}

describe('a workspace root inside a git repository', () => {
  it('hides what the .gitignore above it and the repository info/exclude hide (the reported repro)', async () => {
    const repo = tempDir();
    git(repo, 'init', '-q');
    write(repo, { '.gitignore': 'secret.txt\n', '.git/info/exclude': 'local.md\n', 'proj/sub/secret.txt': 'x', 'proj/sub/a.ts': 'x', 'proj/local.md': 'x' });
    const proj = path.join(repo, 'proj');
    assert.deepEqual(gitVisible(proj), ['sub/a.ts']);
    assert.deepEqual(await visible(proj), ['sub/a.ts']);
    const c = { out: '', io: { stdout: (t: string) => { c.out += t; }, stderr: () => undefined, readStdin: async () => '', env: {}, cwd: repo } };
    assert.equal(await main(['files', '--root', 'proj'], c.io), 0);
    assert.equal(c.out, 'sub/a.ts\n');
  });

  for (const seed of [1, 2, 3, 4]) {
    it(`matches git ls-files run from each subfolder of generated tree #${seed}`, async () => {
      const repo = tempDir();
      const dirs = generateTree(repo, seed);
      git(repo, 'init', '-q');
      // Anchored rules in the top .gitignore and info/exclude reach into subfolders.
      writeFileSync(path.join(repo, '.gitignore'), '*.log\n!keep.log\n/gen\n**/cache/\n/src/*.md\ndocs/**/README\n/lib/b.js\n');
      writeFileSync(path.join(repo, '.git', 'info', 'exclude'), 'main.py\n/keep/a.ts\n');
      const subs = dirs.filter((d) => d && d.split('/').length <= 2);
      assert.ok(subs.length >= 4, `only ${subs.length} subfolders`);
      let hiddenFromAbove = 0;
      let standAlone = 0;
      for (const sub of subs) {
        const root = path.join(repo, ...sub.split('/'));
        // The same folder copied out of the repository keeps only its own rules.
        const copy = path.join(tempDir(), 'copy');
        cpSync(root, copy, { recursive: true });
        const own = await visible(copy);
        if (hiddenAsWhole(repo, sub)) {
          // git shows nothing in a folder it ignores as a whole; Grounded reads it stand-alone.
          standAlone++;
          assert.deepEqual(gitVisible(root), [], `root ${sub}`);
          assert.deepEqual(await visible(root), own, `root ${sub} (ignored as a whole)`);
          continue;
        }
        const expected = gitVisible(root);
        assert.deepEqual(await visible(root), expected, `root ${sub}`);
        // Where the copy shows more, rules from above decided, so the comparison is not vacuous.
        if (own.length > expected.length) hiddenFromAbove++;
      }
      assert.ok(standAlone < subs.length, 'every subfolder was ignored as a whole');
      assert.ok(hiddenFromAbove > 0, 'no subfolder had a file hidden by a rule from above');
    });
  }

  it('names the real file and line of a rule from above the root in explanations', async () => {
    const repo = tempDir();
    git(repo, 'init', '-q');
    write(repo, {
      '.gitignore': '# top\n*.secret\n',
      'a/.gitignore': '\nb/*.tmp\n',
      '.git/info/exclude': '# local\n\nnotes.txt\n',
      'a/b/c/x.secret': 'x',
      'a/b/y.tmp': 'x',
      'a/b/notes.txt': 'x',
      'a/b/ok.ts': 'x',
    });
    const root = path.join(repo, 'a', 'b');
    assert.equal((await explainPath({ root }, 'c/x.secret')).detail, '../../.gitignore:2: *.secret');
    assert.equal((await explainPath({ root }, 'y.tmp')).detail, '../.gitignore:2: b/*.tmp');
    assert.equal((await explainPath({ root }, 'notes.txt')).detail, '../../.git/info/exclude:3: notes.txt');
    assert.equal((await explainPath({ root }, 'ok.ts')).visible, true);
    assert.deepEqual(await visible(root), gitVisible(root));
    assert.deepEqual(await visible(root), ['ok.ts']);
  });

  it('reads a folder the repository ignores as a whole as a stand-alone folder (git would show nothing)', async () => {
    const repo = tempDir();
    git(repo, 'init', '-q');
    write(repo, {
      '.gitignore': 'vendor/\n*.md\n',
      'vendor/lib/.gitignore': '*.map\n',
      'vendor/lib/a.js': 'x',
      'vendor/lib/a.js.map': 'x',
      'vendor/lib/README.md': 'x',
    });
    const root = path.join(repo, 'vendor', 'lib');
    assert.deepEqual(gitVisible(root), []);
    // Its own .gitignore still applies; the repository's (`*.md` included) do not.
    assert.deepEqual(await visible(root), ['.gitignore', 'README.md', 'a.js']);
    assert.equal((await explainPath({ root }, 'a.js.map')).detail, '.gitignore:1: *.map');
  });

  it('applies the rules from above without git installed (the repository is found by its .git)', async () => {
    const repo = tempDir();
    git(repo, 'init', '-q');
    write(repo, { '.gitignore': 'secret.txt\n', '.git/info/exclude': '*.bak\n', 'proj/secret.txt': 'x', 'proj/a.bak': 'x', 'proj/a.ts': 'x' });
    const saved = process.env.PATH;
    process.env.PATH = '';
    try {
      assert.deepEqual(await visible(path.join(repo, 'proj')), ['a.ts']);
    } finally {
      process.env.PATH = saved;
    }
  });

  it('reads a linked worktree: its .git file points at the git dir, info/exclude comes from the common dir', async () => {
    const repo = tempDir();
    git(repo, 'init', '-q');
    write(repo, { '.gitignore': 'out.txt\n', 'pkg/a.ts': 'x' });
    git(repo, 'add', '.');
    git(repo, 'commit', '-q', '-m', 'init');
    const wt = path.join(tempDir(), 'wt');
    git(repo, 'worktree', 'add', '-q', wt);
    write(repo, { '.git/info/exclude': 'draft.md\n' });
    write(wt, { 'pkg/out.txt': 'x', 'pkg/draft.md': 'x', 'pkg/new.ts': 'x' });
    const root = path.join(wt, 'pkg');
    assert.deepEqual(gitVisible(root), ['a.ts', 'new.ts']);
    assert.deepEqual(await visible(root), ['a.ts', 'new.ts']);
  });

  it('honours core.excludesFile and core.ignorecase from the repository config', async () => {
    const repo = tempDir();
    git(repo, 'init', '-q');
    const excludes = path.join(tempDir(), 'global-ignore');
    writeFileSync(excludes, '*.swp\n');
    git(repo, 'config', 'core.excludesFile', excludes);
    write(repo, { '.gitignore': '*.log\n', 'p/a.swp': 'x', 'p/A.LOG': 'x', 'p/b.log': 'x', 'p/c.ts': 'x' });
    const root = path.join(repo, 'p');
    assert.deepEqual(gitVisible(root), ['A.LOG', 'c.ts']);
    assert.deepEqual(await visible(root), ['A.LOG', 'c.ts']);
    assert.match((await explainPath({ root }, 'a.swp')).detail ?? '', /global-ignore:1: \*\.swp$/);
    git(repo, 'config', 'core.ignorecase', 'true');
    assert.deepEqual(gitVisible(root), ['c.ts']);
    assert.deepEqual(await visible(root), ['c.ts']);
  });
});
