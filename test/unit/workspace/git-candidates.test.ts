import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { discoverFiles } from '../../../src/engine/workspace/discovery';
import { gitListing } from '../../../src/engine/workspace/git-candidates';

const roots: string[] = [];
after(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

function tempDir(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'grounded-gitcand-'));
  roots.push(root);
  return root;
}

function write(root: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', '-c', 'protocol.file.allow=always', ...args], { cwd, stdio: 'pipe' });

/** A repository of one committed file, to add as a submodule. */
function libraryRepo(): string {
  const lib = tempDir();
  git(lib, 'init', '-q');
  write(lib, { 'lib.ts': 'export const lib = 1;\n' });
  git(lib, 'add', '.');
  git(lib, 'commit', '-q', '-m', 'lib');
  return lib;
}

/** Both ways of listing: from `git ls-files` and from the walker, with everything else equal. */
async function both(root: string, opts: { excludedFolders?: string[]; extraIgnore?: string[] } = {}) {
  const fromGit = await discoverFiles({ root, ...opts });
  const walked = await discoverFiles({ root, ...opts, useGit: false });
  return { fromGit: fromGit.files.map((f) => f.path), walked: walked.files.map((f) => f.path) };
}

describe('candidates from git ls-files', () => {
  it('lists what the walker lists: .agentignore, extra patterns, excluded folders, tracked-but-ignored files, nested repositories', async () => {
    const repo = tempDir();
    git(repo, 'init', '-q');
    write(repo, {
      '.gitignore': '*.log\nout/\n',
      'tracked.log': 'kept because tracked\n',
      'src/a.ts': 'export const a = 1;\n',
      'src/private/.agentignore': 'notes.md\n',
      'src/private/notes.md': 'hidden by .agentignore\n',
      'src/private/ok.md': 'visible\n',
      'node_modules/lib/index.js': 'excluded folder\n',
      'drafts/plan.txt': 'hidden by an extra pattern\n',
      'debug.log': 'ignored by git\n',
      'nested/.git/HEAD': 'ref: refs/heads/main\n',
      'nested/inner.ts': 'a nested repository git shows as a folder\n',
    });
    git(repo, 'add', '-f', 'tracked.log');
    const { fromGit, walked } = await both(repo, { excludedFolders: ['node_modules'], extraIgnore: ['drafts/'] });
    assert.deepEqual(fromGit, walked);
    assert.deepEqual(fromGit, ['.gitignore', 'nested/inner.ts', 'src/a.ts', 'src/private/.agentignore', 'src/private/ok.md', 'tracked.log']);
  });

  it('lists a submodule\'s files as the walker does, and never a link leaving the workspace', async () => {
    const lib = libraryRepo();
    const repo = tempDir();
    git(repo, 'init', '-q');
    write(repo, { 'main.ts': 'import "./vendor/lib/lib";\n' });
    git(repo, 'submodule', 'add', '-q', lib, 'vendor/lib');
    const outside = path.join(tempDir(), 'secret.txt');
    writeFileSync(outside, 'outside\n');
    symlinkSync(outside, path.join(repo, 'link.txt'));
    const { fromGit, walked } = await both(repo);
    assert.deepEqual(fromGit, walked);
    assert.ok(fromGit.includes('vendor/lib/lib.ts'));
    assert.ok(!fromGit.includes('link.txt'));
  });

  it('hides tracked files by an .agentignore git does not track (it arrives with the untracked listing)', async () => {
    const repo = tempDir();
    git(repo, 'init', '-q');
    write(repo, { 'src/a.ts': 'a', 'src/keys/prod.ts': 'secret', 'docs/ok.md': 'ok' });
    writeFileSync(path.join(repo, 'src/keys/blob.bin.txt'), Buffer.from([0x41, 0, 0x42]));
    git(repo, 'add', '.');
    git(repo, 'commit', '-q', '-m', 'init');
    write(repo, { '.agentignore': 'keys/\n', 'src/.agentignore': 'a.ts\n' });
    const { fromGit, walked } = await both(repo);
    assert.deepEqual(fromGit, walked);
    assert.deepEqual(fromGit, ['.agentignore', 'docs/ok.md', 'src/.agentignore']);
    const listed = await discoverFiles({ root: repo, sniffBinary: true });
    assert.deepEqual(listed.skipped.map((s) => s.path), [], 'a hidden file is not even reported as skipped');
  });

  it('falls back to the walker when git is not installed', async () => {
    const repo = tempDir();
    git(repo, 'init', '-q');
    write(repo, { '.gitignore': 'secret.txt\n', 'secret.txt': 'x', 'a.ts': 'x' });
    const saved = process.env.PATH;
    process.env.PATH = '';
    try {
      assert.deepEqual((await discoverFiles({ root: repo })).files.map((f) => f.path), ['.gitignore', 'a.ts']);
    } finally {
      process.env.PATH = saved;
    }
  });

  it('lists from a listing started early, and one stopped early ends git and leaves no output behind', async () => {
    const repo = tempDir();
    git(repo, 'init', '-q');
    write(repo, { '.gitignore': 'secret.txt\n', 'secret.txt': 'x', 'a.ts': 'x', 'sub/b.ts': 'x' });
    git(repo, 'add', 'a.ts');
    const listed = await discoverFiles({ root: repo, gitListing: gitListing(repo) });
    assert.deepEqual(listed.files.map((f) => f.path), ['.gitignore', 'a.ts', 'sub/b.ts']);
    // git's output goes to a temporary folder: a private one here, so other processes' folders do not count.
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = tempDir();
    try {
      const stop = new AbortController();
      const listing = gitListing(repo, stop.signal);
      stop.abort();
      assert.deepEqual(await Promise.all([listing.tracked, listing.untracked]), [undefined, undefined]);
      assert.deepEqual(readdirSync(process.env.TMPDIR), []);
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
  });

  it('judges tracked files changed since their commit by the disk: grown too large, turned binary, now a link, deleted; a changed submodule once', async () => {
    const lib = libraryRepo();
    const repo = tempDir();
    git(repo, 'init', '-q');
    write(repo, { 'big.ts': 'small\n', 'bin.dat.ts': 'text\n', 'link.ts': 'file\n', 'gone.ts': 'x\n', 'same.ts': 'same\n', 'target.ts': 't\n' });
    git(repo, 'submodule', 'add', '-q', lib, 'vendor/lib');
    git(repo, 'add', '.');
    git(repo, 'commit', '-q', '-m', 'a');
    write(repo, { 'big.ts': 'y'.repeat(300), 'bin.dat.ts': 'a\0b\n', 'vendor/lib/lib.ts': 'export const lib = 2;\n' });
    rmSync(path.join(repo, 'link.ts'));
    symlinkSync('target.ts', path.join(repo, 'link.ts'));
    rmSync(path.join(repo, 'gone.ts'));
    const listed = await discoverFiles({ root: repo, gitListing: gitListing(repo), maxFileBytes: 250, sniffBinary: true });
    const walked = await discoverFiles({ root: repo, useGit: false, maxFileBytes: 250, sniffBinary: true });
    // (The walker, asking git for tracked files, also reports the deleted one as unreadable.)
    assert.deepEqual(listed.files, walked.files);
    assert.deepEqual(listed.files.map((f) => f.path), ['.gitmodules', 'link.ts', 'same.ts', 'target.ts', 'vendor/lib/lib.ts']);
    assert.deepEqual(listed.skipped.map((f) => [f.path, f.reason]), [['big.ts', 'too-large'], ['bin.dat.ts', 'binary']]);
  });
});
