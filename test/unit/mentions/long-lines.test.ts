import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { resolveMentions } from '../../../src/engine/mentions/index';
import { ask } from '../../../src/engine/ask/ask';
import { mentionResolver } from '../../../src/engine/mentions/index';

const roots: string[] = [];
after(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

function workspace(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'grounded-lines-'));
  roots.push(root);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
  return root;
}

describe('mentions of files made of one long line (issue 14, item 8)', () => {
  const max = 1024;
  // Twice the limit (cut), and 200 times it (refused whole, served as a range).
  const root = workspace({ 'two.txt': `hello world ${'x'.repeat(2 * max)}`, 'wide.txt': `hello world ${'x'.repeat(200 * max)}` });
  const opts = { discovery: { root, maxFileBytes: max } };

  it('cuts a one-line file over the limit at the limit, and says so', async () => {
    const r = await resolveMentions('@two.txt', opts);
    assert.deepEqual(r.failures, []);
    assert.match(r.attached[0].text, /^hello world x+$/);
    assert.ok(Buffer.byteLength(r.attached[0].text) <= max);
    assert.match(r.summary.files[0].note ?? '', /^truncated: @two\.txt is/);
  });

  it('serves line 1 of such a file as a range (its head), not "outside the file"', async () => {
    const r = await resolveMentions('@two.txt#L1 @wide.txt#L1-3', opts);
    assert.deepEqual(r.failures, []);
    for (const a of r.attached) {
      assert.deepEqual([a.startLine, a.endLine], [1, 1]);
      assert.match(a.text, /^hello world x+$/);
      assert.ok(Buffer.byteLength(a.text) <= max);
    }
    assert.match(r.summary.files[0].note ?? '', /only the first 1\.0 KB of the range was attached/);
  });

  it('still counts lines of a file without a final newline, and refuses a range past its end', async () => {
    const big = workspace({ 'big.txt': `${'a'.repeat(2000)}\nlast` });
    const r = await resolveMentions('@big.txt#L2 @big.txt#L3', { discovery: { root: big, maxFileBytes: max } });
    assert.equal(r.attached[0].text, 'last');
    assert.equal(r.failures[0].kind, 'bad_range');
    assert.match(r.failures[0].message, /\(2 lines\)/);
  });

  it('answers a question that mentions a 2 MB one-line file with the default limit (1 MiB): its head is in the context', { timeout: 120_000 }, async () => {
    const w = workspace({ 'two.txt': `hello world ${'x'.repeat(2_000_000)}` });
    const r = await ask({ root: w, question: 'what is in @two.txt' }, { resolveMentions: mentionResolver({ discovery: { root: w } }) });
    const chunk = r.context.chunks.find((c) => c.origin === 'mention');
    assert.ok(chunk, 'the mention is in the context');
    assert.equal(chunk.truncated, true);
    assert.match(chunk.text, /^hello world x+$/);
    assert.ok(r.context.totalTokens <= r.context.budget.maxContextTokens);
  });

  it('reads line 1 of a 50 MB one-line file, cut at the limit, in one pass', { timeout: 120_000 }, async () => {
    const w = workspace({ 'fifty.txt': `hello ${'z'.repeat(50_000_000)}` });
    const r = await resolveMentions('@fifty.txt#L1', { discovery: { root: w } });
    assert.deepEqual(r.failures, []);
    assert.ok(Buffer.byteLength(r.attached[0].text) <= 1024 * 1024);
    assert.match(r.attached[0].text, /^hello z+$/);
  });
});
