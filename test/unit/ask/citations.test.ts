import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CitationLineStream } from '../../../src/engine/ask/citation-stream';
import { checkCitations, markUnverified, parseCitations } from '../../../src/engine/ask/citations';
import type { BuiltContext } from '../../../src/engine/context/types';
import { scrubText } from '../../../src/engine/privacy/scrubber';

const ctx = {
  chunks: [
    { path: 'src/a.ts', startLine: 10, endLine: 40, text: scrubText('x').text, score: 1, tokens: 1, origin: 'retrieval' },
    { path: 'docs/b.md', startLine: 1, endLine: 5, text: scrubText('y').text, score: 1, tokens: 1, origin: 'retrieval' },
  ],
} as unknown as BuiltContext;

describe('citations', () => {
  it('finds plain, backticked, linked, single-line and -L forms', () => {
    const found = parseCitations('See src/a.ts#L10-24, `docs/b.md#L3`, [here](./src/a.ts#L12-L13) and (src/a.ts#L40).');
    assert.deepEqual(found.map((c) => [c.path, c.startLine, c.endLine]), [['src/a.ts', 10, 24], ['docs/b.md', 3, 3], ['src/a.ts', 12, 13], ['src/a.ts', 40, 40]]);
  });

  it('verifies only lines inside one sent chunk of that path', () => {
    const checked = checkCitations('src/a.ts#L10-40 src/a.ts#L9-12 src/a.ts#L39-41 src/c.ts#L1 docs/b.md#L5 a.ts#L12 src/a.ts#L20-15', ctx);
    assert.deepEqual(checked.map((c) => c.verified), [true, false, false, false, true, false, false]);
  });

  it('marks unverified citations and leaves verified ones untouched', () => {
    assert.equal(markUnverified('A src/a.ts#L11-12, B src/z.ts#L1.', ctx), 'A src/a.ts#L11-12, B src/z.ts#L1 ⚠️(unverified citation).');
  });

  it('streams line by line: nothing shown before its line is complete, then marked as the whole answer would be', () => {
    const answer = 'A src/a.ts#L11-12\nB src/z.ts#L1 and docs/b.md#L3\n\nC src/a.ts#L1';
    const written: string[] = [];
    const lines = new CitationLineStream(ctx, (t) => written.push(t));
    for (const delta of ['A src/a.ts#L1', '1-12\nB src/z', '.ts#L1 and docs/b.md#L3\n', '\nC src/a.ts#', 'L1']) lines.push(delta);
    assert.deepEqual(written, ['A src/a.ts#L11-12\n', 'B src/z.ts#L1 ⚠️(unverified citation) and docs/b.md#L3\n', '\n']);
    lines.flush();
    assert.equal(written.join(''), markUnverified(answer, ctx));
    assert.match(written.at(-1)!, /^C src\/a\.ts#L1 ⚠️\(unverified citation\)$/);
  });
});
