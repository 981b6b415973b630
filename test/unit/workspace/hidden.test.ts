import path from 'node:path';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hasBinaryExtension, isAlwaysHidden } from '../../../src/engine/workspace/hidden';
import { underExcludedFolder } from '../../../src/engine/workspace/excluded';

describe('names Grounded never reads, judged without a copy per path', () => {
  it('takes the extension as path.posix.extname does', () => {
    const names = [
      'a.png', 'dir/b.PNG', '.png', 'dir/.png', 'x.tar.gz', 'file.', '..png', 'a/..png', 'noext', 'a.png/readme', 'a.b/c.wasm', 'c.Wasm', 'd.pngx',
    ];
    for (const rel of names) {
      const ext = path.posix.extname(rel).slice(1).toLowerCase();
      const expected = ['png', 'gz', 'wasm'].includes(ext);
      assert.equal(hasBinaryExtension(rel), expected, rel);
    }
  });

  it('hides .git and Grounded\'s secrets and state in any case, and nothing that only looks like them', () => {
    for (const rel of ['.git/config', 'sub/.git/HEAD', '.GIT/config', 'mod/.git', '.agent/secrets/openai_api_key', '.Agent/State/index.bin', '.agent/state'])
      assert.equal(isAlwaysHidden(rel), true, rel);
    for (const rel of ['.github/workflows/ci.yml', 'src/git.ts', '.gitignore', 'a.git/x', '.agent/etc/query.yaml', 'docs/.agent/state/x', 'agent/state/x'])
      assert.equal(isAlwaysHidden(rel), false, rel);
  });

  it('finds an excluded name among the folders of a path, as splitting it would, and never in its last part', () => {
    const names = new Set(['node_modules', 'dist', '.venv', 'c++', 'a.b', '', 'x/y']);
    const bySplit = (rel: string) => rel.split('/').slice(0, -1).some((part) => part !== '' && names.has(part));
    const paths = [
      'dist', 'dist/x.js', 'src/dist', 'src/dist/a.ts', 'a/node_modules/b/c.js', 'node_modules_x/y.js', 'xnode_modules/y.js',
      '.venv/lib/site.py', 'venv/lib/a.py', 'c++/main.cc', 'cxx/main.cc', 'a.b/c', 'aXb/c', 'x/y/z', 'src/a.b', 'deep/er/dist/z/w.ts',
    ];
    const test = underExcludedFolder(names);
    for (const rel of paths) assert.equal(test(rel), bySplit(rel), rel);
    assert.equal(underExcludedFolder(new Set())('node_modules/a.js'), false);
  });
});
