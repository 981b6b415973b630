import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { contextUse, describeCited, describeContextUse } from '../../../src/engine/context/use-summary';
import type { BuiltContext } from '../../../src/engine/context/types';

// ANCHORS.md (11, 12, 14): a budget the user can see, what did not fit, and which excerpts sent the
// answer did not use. The chat footer and the panel's Sources line say these in the same words.

const chunk = (path: string, startLine: number, endLine: number) => ({ path, startLine, endLine, text: '', score: 1, tokens: 10, origin: 'retrieval' });
const ctx = (chunks: ReturnType<typeof chunk>[], dropped = 0, more: Partial<BuiltContext> = {}): BuiltContext =>
  ({
    queryId: 'q', terms: [], chunks, totalTokens: 8073, budget: { maxContextTokens: 8192, maxFileTokens: 4096, encoding: 'o200k_base' },
    redactions: {}, skipped: [], droppedChunks: dropped, filesSearched: 27612, timings: {}, ...more,
  }) as unknown as BuiltContext;

describe('what an answer was built from, in words', () => {
  const chunks = [chunk('src/a.ts', 1, 20), chunk('src/a.ts', 40, 60), chunk('src/b.ts', 5, 9)];

  it('says the budget used, what did not fit and the files searched', () => {
    assert.equal(describeContextUse(contextUse(ctx(chunks, 6), true)), '3 excerpts of 2 files (8,073 of 8,192 tokens; 6 more did not fit), 27,612 files searched');
    assert.equal(describeContextUse(contextUse(ctx(chunks.slice(2)), true)), '1 excerpt of 1 file (8,073 of 8,192 tokens), 27,612 files searched');
  });

  it('leaves tokens out when nothing was sent, but still says what did not fit', () => {
    assert.equal(describeContextUse(contextUse(ctx(chunks, 1), false)), '3 excerpts of 2 files (1 more did not fit), 27,612 files searched');
    assert.equal(describeContextUse(contextUse(ctx(chunks), false)), '3 excerpts of 2 files, 27,612 files searched');
  });

  it('names the folders an @folder/ mention kept the search to (the chat footer said nothing of it)', () => {
    const scoped = ctx(chunks, 0, { filesSearched: 23, searchedWithin: ['src/auth/', 'lib/'] });
    assert.equal(describeContextUse(contextUse(scoped, false)), '3 excerpts of 2 files, 23 files searched in src/auth/, lib/');
  });

  it('says an answer came from an index still being built, and how much was left to read', () => {
    const partial = ctx(chunks, 0, { filesSearched: 12736, indexing: { indexed: 12736, total: 27612 } });
    assert.equal(describeContextUse(contextUse(partial, false)), '3 excerpts of 2 files, 12,736 files searched (still indexing: 14,876 more files to read)');
    const scoped = ctx(chunks, 0, { filesSearched: 40, searchedWithin: ['src/'], indexing: { indexed: 704, total: 705 } });
    assert.equal(describeContextUse(contextUse(scoped, false)), '3 excerpts of 2 files, 40 files searched in src/ (still indexing: 1 more file to read)');
    // A run that has not listed its files yet has no count to give (seen on a run resumed after a stop).
    const listing = ctx(chunks, 0, { filesSearched: 2314, indexing: { indexed: 0, total: 0 } });
    assert.equal(describeContextUse(contextUse(listing, false)), '3 excerpts of 2 files, 2,314 files searched (still indexing)');
    // Caught as it ended: every file was read, so the search was complete.
    const ending = ctx(chunks, 0, { filesSearched: 27609, indexing: { indexed: 27610, total: 27610 } });
    assert.equal(describeContextUse(contextUse(ending, false)), '3 excerpts of 2 files, 27,609 files searched');
  });

  it('counts an excerpt as cited when a verified citation overlaps its lines', () => {
    const cite = (path: string, startLine: number, endLine: number, verified = true) => ({ raw: `${path}#L${startLine}-${endLine}`, path, startLine, endLine, verified });
    assert.equal(describeCited(contextUse(ctx(chunks), true, [cite('src/a.ts', 18, 22)])), 'the answer cites 1 of them');
    assert.equal(describeCited(contextUse(ctx(chunks), true, [cite('src/a.ts', 1, 60), cite('src/b.ts', 9, 9)])), 'the answer cites all of them');
    assert.equal(describeCited(contextUse(ctx(chunks), true, [cite('src/a.ts', 21, 39), cite('src/c.ts', 1, 5)])), 'the answer cites none of them');
    assert.equal(describeCited(contextUse(ctx(chunks), true, [cite('src/b.ts', 5, 9, false)])), 'the answer cites none of them', 'an unverified citation counts for nothing');
  });

  it('says nothing of citations when no model answered', () => {
    assert.equal(describeCited(contextUse(ctx(chunks), true)), '');
    assert.equal(describeCited(contextUse(ctx(chunks), false, [])), '');
  });
});
