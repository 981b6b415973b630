import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildContext } from '../../../src/engine/context/build';
import { countTokens, cutToTokens, MAX_TOKENIZER_RUN, tokenizerPieces } from '../../../src/engine/context/tokens';

const roots: string[] = [];
after(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

function workspace(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'grounded-runs-'));
  roots.push(root);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
  return root;
}

/** The longest run of non-space (or space) characters in `text`. */
function longestRun(text: string): number {
  return Math.max(0, ...[...text.matchAll(/\S+|\s+/g)].map((m) => m[0].length));
}

describe('token counting of hostile text (issue 14, item 4)', () => {
  it('never hands the tokenizer a run longer than MAX_TOKENIZER_RUN, and the pieces join back to the text', () => {
    for (const text of ['api keys stored ' + 'y'.repeat(300_000), ' '.repeat(50_000) + 'x', '='.repeat(9_999) + ' end', '😀'.repeat(40_000)]) {
      const pieces = tokenizerPieces(text);
      assert.equal(pieces.join(''), text);
      for (const p of pieces) assert.ok(longestRun(p) <= MAX_TOKENIZER_RUN + 1, `a piece with a run of ${longestRun(p)}`);
    }
  });

  it('counts ordinary text in one piece, exactly as before', () => {
    const text = 'export function handler(req: Request) {\n  return json({ ok: true });\n}\n'.repeat(200);
    assert.deepEqual(tokenizerPieces(text), [text]);
  });

  it('counts a 1 MiB line without trapping the tokenizer, and cuts it to a budget', () => {
    const line = 'x'.repeat(1024 * 1024);
    const n = countTokens(line, 'o200k_base');
    assert.ok(n > 1000, `${n} tokens`);
    const cut = cutToTokens(`head ${line}`, 500, 'o200k_base');
    assert.ok(cut.text.startsWith('head x'));
    assert.ok(cut.tokens <= 500 && countTokens(cut.text, 'o200k_base') === cut.tokens);
  });

  it('answers from a file whose matching line is a 300 KB run of one character: its head is sent, marked truncated', { timeout: 120_000 }, async () => {
    const root = workspace({ 'keys.txt': `api keys stored ${'y'.repeat(300_000)}\n`, 'other.md': 'nothing here\n' });
    const ctx = await buildContext({ root, question: 'how are api keys stored?' });
    const chunk = ctx.chunks.find((c) => c.path === 'keys.txt');
    assert.ok(chunk, 'the matching file is in the context');
    assert.equal(chunk.startLine, 1);
    assert.equal(chunk.truncated, true);
    assert.match(chunk.text, /^api keys stored y+$/);
    assert.ok(ctx.totalTokens <= ctx.budget.maxContextTokens);
    assert.ok(chunk.tokens <= ctx.budget.maxFileTokens);
  });
});
