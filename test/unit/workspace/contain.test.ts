import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isInsidePath, realPathInside, realPathInsideSync } from '../../../src/engine/workspace/contain';
import { explainPath } from '../../../src/engine/workspace/explain';
import { OutsideWorkspaceError, resolveInside } from '../../../src/engine/tools/paths';
import { createNodeWorkspaceHost } from '../../../src/engine/tools/node-host';

// ws/linkdir -> outside/, ws/alias -> ws/src, ws/dangling -> outside/missing.txt, ws/loop1 <-> ws/loop2
const outside = mkdtempSync(path.join(tmpdir(), 'grounded-outside-'));
writeFileSync(path.join(outside, 'x.txt'), 'OUTSIDE\n');
const root = mkdtempSync(path.join(tmpdir(), 'grounded-ws-'));
mkdirSync(path.join(root, 'src'));
writeFileSync(path.join(root, 'src', 'a.ts'), 'inside\n');
writeFileSync(path.join(root, '..foo'), 'a legal name\n');
symlinkSync(outside, path.join(root, 'linkdir'));
symlinkSync(path.join(root, 'src'), path.join(root, 'alias'));
symlinkSync(path.join(outside, 'missing.txt'), path.join(root, 'dangling'));
symlinkSync(path.join(root, 'loop2'), path.join(root, 'loop1'));
symlinkSync(path.join(root, 'loop1'), path.join(root, 'loop2'));
const at = (rel: string) => path.join(root, rel);

describe('workspace containment (every symlink along the path resolved)', () => {
  it('allows real files, links that stay inside, and paths not created yet', async () => {
    const real = realpathSync(root);
    for (const check of [realPathInside, async (r: string, a: string) => realPathInsideSync(r, a)]) {
      assert.equal(await check(root, at('src/a.ts')), path.join(real, 'src', 'a.ts'));
      assert.equal(await check(root, at('alias/a.ts')), path.join(real, 'src', 'a.ts'));
      assert.equal(await check(root, at('src/new/deeper.ts')), path.join(real, 'src', 'new', 'deeper.ts'));
      assert.equal(await check(root, at('..foo')), path.join(real, '..foo'));
    }
  });

  it('refuses a directory link leading out, a dangling link and a link loop', async () => {
    for (const rel of ['linkdir/x.txt', 'linkdir', 'linkdir/new.txt', 'dangling', 'loop1/a.ts']) {
      assert.equal(await realPathInside(root, at(rel)), undefined, rel);
      assert.equal(realPathInsideSync(root, at(rel)), undefined, rel);
    }
    assert.equal(isInsidePath('/w', '/w/..x'), true);
    assert.equal(isInsidePath('/w', '/w/../x'), false);
  });

  it('explainPath reports a file under a linked-out folder as symlink-outside', async () => {
    const e = await explainPath({ root }, 'linkdir/x.txt');
    assert.equal(e.visible, false);
    assert.equal(e.reason, 'symlink-outside');
    assert.equal((await explainPath({ root }, 'alias/a.ts')).visible, true);
  });

  it("plans' resolveInside and the node host refuse reads and writes through a link leading out", async () => {
    assert.throws(() => resolveInside(root, 'linkdir/x.txt'), OutsideWorkspaceError);
    assert.throws(() => resolveInside(root, 'linkdir/new.txt'), OutsideWorkspaceError, 'a create would land outside');
    assert.equal(resolveInside(root, 'alias/a.ts'), at('alias/a.ts'));
    assert.equal(resolveInside(root, 'src/new.ts'), at('src/new.ts'));
    const host = createNodeWorkspaceHost({ root, explain: (p) => explainPath({ root }, p) });
    await assert.rejects(host.readText('linkdir/x.txt'), OutsideWorkspaceError);
    assert.equal(await host.readText('alias/a.ts'), 'inside\n');
  });
});
