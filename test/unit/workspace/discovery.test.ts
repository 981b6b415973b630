import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { discoverFiles, explainPath } from '../../../src/engine/workspace/discovery';
import { readWorkspaceText } from '../../../src/engine/workspace/read';
import { main } from '../../../src/cli/main';

const roots: string[] = [];
after(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

function tree(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'grounded-ws-'));
  roots.push(root);
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), content);
  }
  return root;
}

async function visible(root: string, extra: object = {}): Promise<string[]> {
  return (await discoverFiles({ root, ...extra })).files.map((f) => f.path);
}

describe('discovery', () => {
  it('applies a nested .gitignore to its own folder only', async () => {
    const root = tree({
      'sub/.gitignore': 'secret.txt\n/anchored.md\n',
      'sub/secret.txt': 'x',
      'sub/deep/anchored.md': 'x',
      'sub/anchored.md': 'x',
      'secret.txt': 'x',
    });
    assert.deepEqual(await visible(root), ['secret.txt', 'sub/.gitignore', 'sub/deep/anchored.md']);
  });

  it('lets .agentignore hide what git shows, but never un-hide what git hides', async () => {
    const root = tree({ '.gitignore': '*.log\n', '.agentignore': 'private/\n!app.log\n', 'private/a.ts': 'x', 'app.log': 'x', 'b.ts': 'x' });
    assert.deepEqual(await visible(root), ['.agentignore', '.gitignore', 'b.ts']);
  });

  it('hides .git, .agent/secrets and .agent/state always, and excluded folders by name', async () => {
    const root = tree({
      '.agent/secrets/openai_api_key': 'sk',
      '.agent/state/x.db': 'x',
      '.agent/etc/query.yaml': 'model: x\n',
      'node_modules/p/i.js': 'x',
      'pkg/node_modules/q.js': 'x',
      'a.ts': 'x',
    });
    const result = await discoverFiles({ root });
    assert.deepEqual(result.files.map((f) => f.path), ['.agent/etc/query.yaml', 'a.ts']);
    assert.deepEqual(result.skipped.map((s) => [s.path, s.reason]), [['node_modules', 'excluded-folder'], ['pkg/node_modules', 'excluded-folder']]);
    assert.deepEqual(await visible(root, { excludedFolders: [] }), ['.agent/etc/query.yaml', 'a.ts', 'node_modules/p/i.js', 'pkg/node_modules/q.js']);
  });

  it('applies extra ignore patterns from the settings', async () => {
    const root = tree({ 'a.ts': 'x', 'gen/b.ts': 'x' });
    assert.deepEqual(await visible(root, { extraIgnore: ['gen/'] }), ['a.ts']);
  });

  it('reports binary and too-large files with the reason', async () => {
    const root = tree({ 'logo.png': Buffer.from([0x89, 0x50]), 'blob.dat2': Buffer.from([1, 0, 2]), 'big.txt': 'y'.repeat(3000), 'ok.txt': 'fine' });
    const result = await discoverFiles({ root, maxFileBytes: 2048, sniffBinary: true });
    assert.deepEqual(result.files.map((f) => f.path), ['ok.txt']);
    assert.deepEqual(result.skipped, [
      { path: 'big.txt', reason: 'too-large', detail: '2.9 KB > 2.0 KB' },
      { path: 'blob.dat2', reason: 'binary', detail: 'binary content (NUL byte or invalid UTF-8)' },
      { path: 'logo.png', reason: 'binary', detail: 'binary file type' },
    ]);
  });

  it('follows symlinks inside the workspace and refuses those leaving it', async () => {
    const outside = tree({ 'passwd': 'root:x' });
    const root = tree({ 'real.ts': 'x' });
    symlinkSync(path.join(root, 'real.ts'), path.join(root, 'alias.ts'));
    symlinkSync(path.join(outside, 'passwd'), path.join(root, 'leak'));
    const result = await discoverFiles({ root });
    assert.deepEqual(result.files.map((f) => f.path), ['alias.ts', 'real.ts']);
    assert.deepEqual(result.skipped.map((s) => [s.path, s.reason]), [['leak', 'symlink-outside']]);
  });
});

describe('explainPath', () => {
  const root = tree({
    '.gitignore': '# logs\n*.log\n!keep.log\ngen/\n',
    'sub/.gitignore': 'local.json\n',
    '.agentignore': 'private/**\n',
    'a.log': 'x', 'keep.log': 'x', 'gen/out.js': 'x', 'sub/local.json': '{}', 'private/notes.md': 'x', 'src/a.ts': 'x',
  });

  it('quotes the deciding rule with its file and line', async () => {
    const e = await explainPath({ root }, 'a.log');
    assert.equal(e.visible, false);
    assert.deepEqual(e.rule, { source: '.gitignore', line: 2, pattern: '*.log', negated: false });
    assert.equal(e.detail, '.gitignore:2: *.log');
    assert.deepEqual(await explainPath({ root }, 'sub/local.json').then((x) => x.detail), 'sub/.gitignore:1: local.json');
    assert.deepEqual(await explainPath({ root }, 'private/notes.md').then((x) => x.detail), '.agentignore:1: private/**');
  });

  it('names the folder rule when a parent folder is hidden', async () => {
    const e = await explainPath({ root }, 'gen/out.js');
    assert.equal(e.detail, 'its folder gen/ is hidden by .gitignore:4: gen/');
  });

  it('says visible for re-included and ordinary files, and why otherwise', async () => {
    assert.equal((await explainPath({ root }, 'keep.log')).visible, true);
    assert.equal((await explainPath({ root }, 'src/a.ts')).visible, true);
    assert.equal((await explainPath({ root }, 'nope.ts')).reason, 'not-found');
    assert.equal((await explainPath({ root }, '../etc/passwd')).reason, 'outside-workspace');
    assert.equal((await explainPath({ root }, '.git/config')).reason, 'ignored');
  });
});

describe('readWorkspaceText', () => {
  it('prefers the open editor text, refuses binaries, truncates at a line end', async () => {
    const root = tree({ 'a.ts': 'disk\n', 'b.bin': Buffer.from([0x61, 0, 0x62]), 'c.txt': 'line one\nline two\nline three\n', 'u.txt': 'caf\u00e9\n' });
    const overlay = { get: (p: string) => (p === path.join(root, 'a.ts') ? 'unsaved\n' : undefined), openPaths: () => [] };
    assert.deepEqual(await readWorkspaceText(path.join(root, 'a.ts'), { overlay }), {
      ok: true,
      text: 'unsaved\n',
      truncated: false,
      bytes: 8,
      fromEditor: true,
    });
    assert.equal((await readWorkspaceText(path.join(root, 'b.bin'))).ok, false);
    const cut = await readWorkspaceText(path.join(root, 'c.txt'), { maxFileBytes: 15 });
    assert.deepEqual(cut, { ok: true, text: 'line one\n', truncated: true, bytes: 29, fromEditor: false });
    assert.equal((await readWorkspaceText(path.join(root, 'u.txt'))).ok, true);
    assert.deepEqual(await readWorkspaceText(path.join(root, 'missing')), { ok: false, reason: 'unreadable', detail: 'ENOENT: cannot read the file' });
  });
});

describe('grounded files', () => {
  function io() {
    const out = { stdout: '', stderr: '' };
    return {
      out,
      io: {
        stdout: (t: string) => {
          out.stdout += t;
        },
        stderr: (t: string) => {
          out.stderr += t;
        },
        readStdin: async () => '',
        env: {},
        cwd: process.cwd(),
      },
    };
  }
  const root = tree({ '.gitignore': '*.log\n', 'b.ts': 'x', 'a/z.md': 'x', 'x.log': 'x' });

  it('prints visible files sorted, one per line', async () => {
    const c = io();
    assert.equal(await main(['files', '--root', root], c.io), 0);
    assert.equal(c.out.stdout, '.gitignore\na/z.md\nb.ts\n');
  });

  it('--explain exits 1 with the rule for a hidden file and 0 for a visible one', async () => {
    const c = io();
    assert.equal(await main(['files', '--root', root, '--explain', 'x.log'], c.io), 1);
    assert.equal(c.out.stdout, 'hidden: x.log\n  ignored: .gitignore:1: *.log\n');
    const d = io();
    assert.equal(await main(['files', '--root', root, '--explain', 'b.ts', '--json'], d.io), 0);
    assert.equal(JSON.parse(d.out.stdout).visible, true);
  });

  it('fails with exit 2 and a clear message for a missing folder or a bad option', async () => {
    const c = io();
    assert.equal(await main(['files', '--root', path.join(root, 'nope')], c.io), 2);
    assert.match(c.out.stderr, /does not exist/);
    assert.equal(await main(['files', '--bogus'], io().io), 2);
  });
});
