import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { discoverFiles, explainPath } from '../../../src/engine/workspace/discovery';
import { isTooDeep, MAX_FOLDER_DEPTH } from '../../../src/engine/workspace/hidden';
import { rebasePattern, tamePattern } from '../../../src/engine/workspace/ignore-rules';

// A repository can hold ignore patterns and folder chains that make the `ignore` library's
// regular expressions backtrack for minutes (six `**` against a path 60 folders deep). These
// tests finish only because such patterns and paths are tamed: a hang fails them by the runner's timeout.

const roots: string[] = [];
after(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

const MANY_GLOBSTARS = `${'**/a/'.repeat(6)}**/b`;

describe('ignore rules a repository could use to hang every listing', () => {
  it('keeps a pattern of two `**` or fewer, and one with more hides by its last part (more, never less)', () => {
    for (const p of ['node_modules/', '**/dist/**', '**/a/**/b', '!**/keep/**', '*.log']) assert.equal(tamePattern(p), p);
    assert.equal(tamePattern('**/a/**/b/**/c'), '**/c');
    assert.equal(tamePattern(MANY_GLOBSTARS), '**/b');
    assert.equal(tamePattern('x/**/y/**/z/**/w/**'), '**/w/**');
    assert.equal(tamePattern(`!${MANY_GLOBSTARS}`), undefined, 'an un-hiding pattern is dropped: it would show what it cannot be trusted to show');
  });

  it('drops a line that needs a path longer than any system allows, and keeps the one that just fits', () => {
    assert.equal(tamePattern(`${'*a'.repeat(4097)}`), undefined);
    assert.equal(tamePattern(`!${'a/'.repeat(2049)}`), undefined);
    const fits = `${'[ab]'.repeat(2000)}${'\\*'.repeat(2000)}${' '.repeat(9000)}`;
    assert.equal(tamePattern(fits), fits, 'classes and escapes count one character each; trailing spaces none');
    assert.equal(tamePattern(`${'[a'.repeat(2049)}`), undefined, 'an unclosed [ is a character');
  });

  it('lists a workspace whose .gitignore holds lines too long for the ignore library to compile (it threw while matching)', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'grounded-long-rule-'));
    roots.push(root);
    writeFileSync(path.join(root, 'app.log'), 'hidden\n');
    writeFileSync(path.join(root, 'kept.md'), 'kept\n');
    // 16 K `*a` overflowed V8's regex compiler; 64 K letters were "too large". Both match no path a system can hold.
    writeFileSync(path.join(root, '.gitignore'), `*.log\n${'*a'.repeat(16_384)}b\n${'a'.repeat(65_536)}\n!${'k/'.repeat(40_000)}\n`);
    const files = (await discoverFiles({ root })).files.map((f) => f.path).sort();
    assert.deepEqual(files, ['.gitignore', 'kept.md']);
    assert.equal((await explainPath({ root }, 'app.log')).visible, false);
  });

  it('lists a workspace whose nested .gitignore holds megabytes of inner slash runs (10 s per listing when a regex trimmed them)', async () => {
    const slashes = `a${'/'.repeat(4000)}b`;
    assert.equal(rebasePattern(slashes, 'sub'), `sub/${slashes}`, 'an inner slash anchors the pattern to its folder');
    assert.equal(rebasePattern('gen///', 'sub'), 'sub/**/gen///', 'trailing slashes alone do not');
    assert.equal(tamePattern(`**/x/**/${'/'.repeat(3000)}**/y///`), '**/y/');
    const root = mkdtempSync(path.join(tmpdir(), 'grounded-slash-runs-'));
    roots.push(root);
    mkdirSync(path.join(root, 'sub', 'deeper', 'gen'), { recursive: true });
    for (const f of ['sub/x.log', 'sub/kept.ts', 'sub/deeper/gen/y.ts']) writeFileSync(path.join(root, f), 'x\n');
    writeFileSync(path.join(root, 'sub', '.gitignore'), `*.log\ngen/\n${`${slashes}\n`.repeat(1000)}`);
    const files = (await discoverFiles({ root })).files.map((f) => f.path).sort();
    assert.deepEqual(files, ['sub/kept.ts']);
  });

  it('never lists a path more than MAX_FOLDER_DEPTH folders deep', () => {
    assert.equal(isTooDeep(`${'a/'.repeat(MAX_FOLDER_DEPTH)}f.txt`), false);
    assert.equal(isTooDeep(`${'a/'.repeat(MAX_FOLDER_DEPTH + 1)}f.txt`), true);
    assert.equal(isTooDeep('short/path.ts'), false);
  });

  it('lists a workspace with such a pattern and a chain of 400 folders, hiding what the pattern hides', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'grounded-deep-'));
    roots.push(root);
    const deep = path.join(root, ...Array.from({ length: 400 }, () => 'a'));
    mkdirSync(deep, { recursive: true });
    writeFileSync(path.join(deep, 'c.txt'), 'deep\n');
    mkdirSync(path.join(root, 'a', 'a', 'a', 'a', 'a', 'a'), { recursive: true });
    writeFileSync(path.join(root, 'a', 'a', 'a', 'a', 'a', 'a', 'b'), 'hidden by the pattern\n');
    writeFileSync(path.join(root, 'a', 'shallow.txt'), 'kept\n');
    writeFileSync(path.join(root, '.agentignore'), `${MANY_GLOBSTARS}\n`);
    writeFileSync(path.join(root, '.gitignore'), '**/a/**/a/**/a/**/a/**/x\n');
    const files = (await discoverFiles({ root })).files.map((f) => f.path).sort();
    assert.deepEqual(files, ['.agentignore', '.gitignore', 'a/shallow.txt']);
    const verdict = await explainPath({ root }, `${'a/'.repeat(400)}c.txt`);
    assert.equal(verdict.visible, false);
    assert.match(verdict.detail ?? '', /folders deep/);
  });
});
