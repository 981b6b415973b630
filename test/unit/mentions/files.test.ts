import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { resolveMentions } from '../../../src/engine/mentions/index';
import { HUGE_FACTOR } from '../../../src/engine/mentions/file-load';

/** A temp folder with the given files (string content, or a Buffer for binary). */
function tree(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'grounded-mentions-'));
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), content);
  }
  return root;
}

const numbered = (n: number, width = 40) =>
  Array.from({ length: n }, (_, i) => `line ${String(i + 1).padStart(6, '0')} ${'x'.repeat(width)}`).join('\n') + '\n';

describe('file mentions: paths cannot leave the workspace', () => {
  const outside = tree({ 'x.txt': 'OUTSIDE SECRET\n' });
  const root = tree({ 'src/a.ts': 'export const a = 1;\n' });
  symlinkSync(outside, path.join(root, 'linkdir'));
  symlinkSync(path.join(outside, 'x.txt'), path.join(root, 'link.txt'));
  symlinkSync(path.join(root, 'src'), path.join(root, 'alias'));

  it('refuses a file reached through a directory symlink that leads out, with or without a range', async () => {
    const r = await resolveMentions('@linkdir/x.txt @linkdir/x.txt#L1 @link.txt', { discovery: { root } });
    assert.deepEqual(r.failures.map((f) => f.kind), ['path_outside', 'path_outside', 'path_outside']);
    assert.equal(r.attached.length, 0);
    assert.ok(!JSON.stringify(r).includes('OUTSIDE SECRET'));
  });

  it('still reads a workspace file reached through a link that stays inside', async () => {
    const r = await resolveMentions('@alias/a.ts', { discovery: { root } });
    assert.deepEqual(r.failures, []);
    assert.equal(r.attached[0].text, 'export const a = 1;');
  });
});

describe('file mentions: size and content', () => {
  const max = 1024;
  const root = tree({
    'mid.txt': numbered(100),
    'huge.log': numbered(HUGE_FACTOR * 25),
    'logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    'data.txt': Buffer.from('text\0more'),
    'ok.txt': 'one\ntwo\n',
  });
  const opts = { discovery: { root, maxFileBytes: max } };

  it('loads a file over the limit cut at a line end, and says it was truncated', async () => {
    const r = await resolveMentions('@mid.txt', opts);
    assert.deepEqual(r.failures, []);
    assert.ok(Buffer.byteLength(r.attached[0].text) <= max);
    assert.match(r.attached[0].text, /^line 000001 x+$/m);
    assert.match(r.attached[0].text, /x$/, 'ends with a whole line');
    assert.match(r.summary.files[0].note ?? '', /^truncated: @mid\.txt is [\d.]+ KB; only the first 1\.0 KB was attached/);
    const ranged = await resolveMentions('@mid.txt#L50-100', opts);
    assert.match(ranged.attached[0].text, /^line 000050 /);
    assert.ok(Buffer.byteLength(ranged.attached[0].text) <= max);
    assert.match(ranged.summary.files[0].note ?? '', /only the first 1\.0 KB of the range was attached/);
  });

  it('refuses a huge file as too_large, suggesting a line range, and serves a range from it', async () => {
    const r = await resolveMentions('@huge.log @huge.log#L10-12 @huge.log#L799', opts);
    assert.equal(r.failures[0].kind, 'too_large');
    assert.match(r.failures[0].suggestion, /@huge\.log#L1-200/);
    assert.equal(r.attached[0].text.split('\n').length, 3);
    assert.match(r.attached[0].text, /^line 000010 /);
    assert.deepEqual([r.attached[0].startLine, r.attached[0].endLine], [10, 12]);
    assert.equal(r.failures[1].kind, 'too_large', 'line 799 lies past the part of the file that is scanned');
    assert.match(r.failures[1].suggestion, /earlier line range/);
  });

  it('finds a too-large file by its basename', async () => {
    const r = await resolveMentions('@mid', opts);
    assert.deepEqual(r.failures, [], '@mid has no dot: plain text');
    const byName = await resolveMentions('@id.txt', opts);
    assert.equal(byName.failures[0].kind, 'file_not_found');
    const big = await resolveMentions('@HUGE.LOG#L1', opts);
    assert.deepEqual(big.attached.map((a) => a.path), ['huge.log']);
  });

  it('calls binaries binary (by extension or content), with advice that fits', async () => {
    const r = await resolveMentions('@logo.png @data.txt', opts);
    assert.deepEqual(r.failures.map((f) => f.kind), ['binary', 'binary']);
    for (const f of r.failures) {
      assert.doesNotMatch(f.suggestion, /Remove the rule/);
      assert.match(f.suggestion, /text/);
    }
  });

  it('checks line ranges against the file', async () => {
    const r = await resolveMentions('@ok.txt#L2 @ok.txt#L3 @ok.txt#L2-9', opts);
    assert.equal(r.attached[0].text, 'two');
    assert.equal(r.failures[0].kind, 'bad_range');
    assert.match(r.failures[0].message, /\(2 lines\)/);
    assert.match(r.summary.files[1].note ?? '', /has 2 lines; the range was cut there/);
  });

  it('says a range written backwards is backwards, and how to write it', async () => {
    const r = await resolveMentions('@ok.txt#L2-1', opts);
    assert.equal(r.failures[0].kind, 'bad_range');
    assert.match(r.failures[0].message, /ends before it starts \(#L2-1\)/);
    assert.match(r.failures[0].suggestion, /#L1-2/);
    const zero = await resolveMentions('@ok.txt#L0-1', opts);
    assert.match(zero.failures[0].message, /numbered from 1/);
  });
});

describe('file mentions: bare words are text unless they name a file', () => {
  const root = tree({ Makefile: 'all:\n', 'docs/alice': 'Alice notes\n', 'src/app.ts': 'x\n' });

  it('leaves @Injectable, @types/node and @bob as plain text, but keeps @missing.ts as an error', async () => {
    const r = await resolveMentions('use @Injectable() from @types/node, ask @bob; see @missing.ts', { discovery: { root } });
    assert.deepEqual(r.failures.map((f) => [f.raw, f.kind]), [['@missing.ts', 'file_not_found']]);
    assert.deepEqual(r.attached, []);
  });

  it('attaches a bare word that names a file exactly (path or basename) or an open editor', async () => {
    const r = await resolveMentions('@Makefile and @alice', { discovery: { root } });
    assert.deepEqual(r.attached.map((a) => a.path), ['Makefile', 'docs/alice']);
    const lower = await resolveMentions('@makefile', { discovery: { root } });
    assert.deepEqual([lower.attached, lower.failures], [[], []], 'a bare word must match exactly, case included');
  });
});

describe('file mentions across several workspace folders', () => {
  const front = tree({ 'src/index.ts': 'front index\n', 'src/view.ts': 'view\n' });
  const back = tree({ 'src/index.ts': 'back index\n', 'src/api.ts': 'api\n' });
  const roots = [{ name: 'front', path: front }, { name: 'back', path: back }];
  const opts = { discovery: { root: front }, roots };

  it('picks the folder named first with @folder/path', async () => {
    const r = await resolveMentions('@back/src/index.ts @front/src/index.ts', opts);
    assert.deepEqual(r.attached.map((a) => [a.path, a.text]), [['back/src/index.ts', 'back index'], ['front/src/index.ts', 'front index']]);
  });

  it('lists candidates with their folder when a path is ambiguous across folders', async () => {
    const r = await resolveMentions('@src/index.ts @index.ts', opts);
    assert.deepEqual(r.failures.map((f) => f.kind), ['ambiguous', 'ambiguous']);
    assert.match(r.failures[0].message, /front\/src\/index\.ts/);
    assert.match(r.failures[0].message, /back\/src\/index\.ts/);
    assert.match(r.failures[0].suggestion, /@(front|back)\/src\/index\.ts/);
  });

  it('resolves a unique suffix in any folder, and open editors first', async () => {
    const r = await resolveMentions('@api.ts @view.ts', opts);
    assert.deepEqual(r.attached.map((a) => a.path), ['back/src/api.ts', 'front/src/view.ts']);
    const overlay = { get: () => undefined, openPaths: () => [path.join(back, 'src/index.ts')] };
    const open = await resolveMentions('@index.ts', { ...opts, overlay });
    assert.deepEqual(open.attached.map((a) => a.text), ['back index']);
  });

  it('searches every folder, labelling results with the folder', async () => {
    const r = await resolveMentions('@search:"index"', opts);
    assert.deepEqual(r.attached.map((a) => a.path).sort(), ['back/src/index.ts', 'front/src/index.ts']);
  });

  it('suggests across folders when nothing matches', async () => {
    const r = await resolveMentions('@apii.ts', opts);
    assert.equal(r.failures[0].kind, 'file_not_found');
    assert.match(r.failures[0].suggestion, /@back\/src\/api\.ts/);
  });
});

describe('file mentions: a folder is named as a folder', () => {
  const root = tree({ 'src/lib/a.ts': 'a\n', 'src/lib/b.ts': 'b\n', 'src/c.ts': 'c\n' });

  it('says a ranged folder mention is a folder and offers files inside it', async () => {
    const r = await resolveMentions('@src/lib/#L1-2', { discovery: { root } });
    assert.equal(r.failures[0].kind, 'file_not_found');
    assert.match(r.failures[0].message, /is a folder, not a file/);
    assert.match(r.failures[0].suggestion, /@src\/lib\/a\.ts or @src\/lib\/b\.ts/);
    assert.doesNotMatch(r.failures[0].suggestion, /c\.ts/);
  });
});
