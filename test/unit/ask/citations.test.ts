import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AnswerStream } from '../../../src/engine/ask/answer-stream';
import { citationsOf, plainText, segmentsOf, type AnswerSegment } from '../../../src/engine/ask/citations';

const seen = [{ path: 'src/a.ts', startLine: 10, endLine: 40 }, { path: 'docs/b.md', startLine: 1, endLine: 5 }];

describe('citations', () => {
  it('finds plain, backticked, linked, single-line and -L forms', () => {
    const found = citationsOf(segmentsOf('See src/a.ts#L10-24, `docs/b.md#L3`, [here](./src/a.ts#L12-L13) and (src/a.ts#L40).', seen));
    assert.deepEqual(found.map((c) => [c.path, c.startLine, c.endLine]), [['src/a.ts', 10, 24], ['docs/b.md', 3, 3], ['src/a.ts', 12, 13], ['src/a.ts', 40, 40]]);
  });

  it('verifies only lines inside one block of that path that the model saw', () => {
    const checked = citationsOf(segmentsOf('src/a.ts#L10-40 src/a.ts#L9-12 src/a.ts#L39-41 src/c.ts#L1 docs/b.md#L5 a.ts#L12 src/a.ts#L20-15', seen));
    assert.deepEqual(checked.map((c) => c.verified), [true, false, false, false, true, false, false]);
  });

  it('marks unverified citations once and leaves verified ones untouched', () => {
    assert.equal(plainText(segmentsOf('A src/a.ts#L11-12, B src/z.ts#L1.', seen)), 'A src/a.ts#L11-12, B src/z.ts#L1 ⚠️(unverified citation).');
  });

  it('streams: a citation split across deltas is recognised, and the stream gives what checking the whole answer gives', () => {
    const answer = 'A src/a.ts#L11-12\nB src/z.ts#L1 and docs/b.md#L3\n\nC src/a.ts#L1';
    const emitted: AnswerSegment[] = [];
    const out = new AnswerStream(seen, (s) => emitted.push(s));
    for (const delta of ['A src/a.ts#L1', '1-12\nB src/z', '.ts#L1 and docs/b.md#L3\n', '\nC src/a.ts#', 'L1']) out.push(delta);
    assert.ok(!emitted.some((s) => s.kind === 'citation' && s.citation.raw === 'src/a.ts#L1'), 'a citation still being written is held back');
    out.flush();
    assert.deepEqual(emitted, out.segments);
    assert.equal(plainText(emitted), plainText(segmentsOf(answer, seen)));
    assert.deepEqual(citationsOf(emitted).map((c) => [c.raw, c.verified]), [['src/a.ts#L11-12', true], ['src/z.ts#L1', false], ['docs/b.md#L3', true], ['src/a.ts#L1', false]]);
  });

  it('verifies a citation of lines a tool showed after it showed them, and keeps notices apart from the model\'s text', () => {
    const out = new AnswerStream([]);
    out.notice('@nope.ts could not be used.');
    out.push('Before: src/x.ts#L2-3. ');
    out.see({ path: 'src/x.ts', startLine: 1, endLine: 9 });
    out.push('After: src/x.ts#L2-3.');
    out.flush();
    assert.deepEqual(citationsOf(out.segments).map((c) => c.verified), [false, true]);
    assert.equal(plainText(out.segments), '@nope.ts could not be used.\n\nBefore: src/x.ts#L2-3 ⚠️(unverified citation). After: src/x.ts#L2-3.');
  });
});
