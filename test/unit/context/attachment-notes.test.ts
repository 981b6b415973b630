import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ask } from '../../../src/engine/ask/ask';
import { attachmentNotes } from '../../../src/engine/context/attachment-notes';
import { buildContext } from '../../../src/engine/context/build';
import type { AttachedContext } from '../../../src/engine/context/types';

// A selection larger than the token budget is cut (or left out): the answer must say which lines
// the model saw, so nobody takes an answer about the first 200 lines for one about all 60,000.

const root = mkdtempSync(path.join(tmpdir(), 'grounded-attach-'));
after(() => rmSync(root, { recursive: true, force: true }));
const lines = Array.from({ length: 3000 }, (_, i) => `export const value${i} = compute(${i}, "abcdefghij"); // line ${i + 1}`);
writeFileSync(path.join(root, 'huge.ts'), lines.join('\n'));
writeFileSync(path.join(root, 'small.ts'), 'export const small = 1;\n');
const selection = (startLine: number, endLine: number): AttachedContext => ({
  path: 'huge.ts', startLine, endLine, text: lines.slice(startLine - 1, endLine).join('\n'), origin: 'selection',
});
const budget = { maxContextTokens: 8192, maxFileTokens: 1024 };

describe('attachment notes', () => {
  it('says which lines of a selection too large for the budget were sent, and how to ask about the rest', async () => {
    const attached = [selection(1, 3000)];
    const ctx = await buildContext({ root, question: 'what does this define?', attached, settings: budget });
    const sent = ctx.chunks.find((c) => c.origin === 'selection')!;
    assert.ok(sent.endLine < 3000, 'the budget cut the selection');
    assert.deepEqual(attachmentNotes(attached, ctx.chunks, budget), [
      `Note: only lines 1–${sent.endLine} of your selection huge.ts#L1-3000 were sent: it is larger than the context budget ` +
        '(1,024 tokens per file, 8,192 in all). Select a smaller part to ask about the rest.',
    ]);
  });

  it('says nothing of a selection sent whole, nor of search results, which are partial by nature', async () => {
    const attached: AttachedContext[] = [selection(10, 20), { ...selection(1, 3000), origin: 'search' }];
    const ctx = await buildContext({ root, question: 'what does this define?', attached, settings: budget });
    assert.deepEqual(attachmentNotes(attached, ctx.chunks, budget), []);
  });

  it('says a selection was not sent at all when nothing of it fitted', () => {
    const notes = attachmentNotes([{ ...selection(5, 9), path: 'small.ts', origin: 'reference' }], [], budget);
    assert.deepEqual(notes, [
      'Note: the attached small.ts#L5-9 was not sent: it did not fit the context budget (1,024 tokens per file, 8,192 in all). Select a smaller part to ask about it.',
    ]);
  });

  it('puts the note in the answer as a warning, before the snippets', async () => {
    const r = await ask({ root, question: 'what does this define?', attached: [selection(1, 3000)] }, { settings: budget });
    const notice = r.segments.find((s) => s.kind === 'notice');
    assert.ok(notice && notice.kind === 'notice' && notice.warning, 'a warning notice');
    assert.match(notice.text, /^Note: only lines 1–\d+ of your selection huge\.ts#L1-3000 were sent/);
    assert.ok(r.segments.indexOf(notice) < r.segments.findIndex((s) => s.kind === 'citation'), 'before the snippets');
  });
});
