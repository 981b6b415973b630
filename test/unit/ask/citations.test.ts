import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AnswerStream } from '../../../src/engine/ask/answer-stream';
import { citationsOf, plainText, segmentsOf, type AnswerSegment } from '../../../src/engine/ask/citations';

const seen = [{ path: 'src/a.ts', startLine: 10, endLine: 40 }, { path: 'docs/b.md', startLine: 1, endLine: 5 }];

describe('citations', () => {
  it('finds plain, backticked, linked, single-line and -L forms', () => {
    const found = citationsOf(segmentsOf('See src/a.ts#L10-24, `docs/b.md#L3`, [here](./src/a.ts#L12-L13) and (src/a.ts#L40).', seen));
    assert.deepEqual(
      found.map((c) => [c.path, c.startLine, c.endLine]),
      [
        ['src/a.ts', 10, 24],
        ['docs/b.md', 3, 3],
        ['src/a.ts', 12, 13],
        ['src/a.ts', 40, 40],
      ],
    );
  });

  it('verifies lines the model saw, narrows a citation that overlaps them to the overlap, and rejects the rest', () => {
    const checked = citationsOf(
      segmentsOf('src/a.ts#L10-40 src/a.ts#L9-12 src/a.ts#L39-41 src/c.ts#L1 docs/b.md#L5 a.ts#L12 src/a.ts#L20-15 src/a.ts#L41-60', seen),
    );
    assert.deepEqual(checked.map((c) => c.verified), [true, true, true, false, true, false, false, false]);
    assert.deepEqual(checked.map((c) => [c.startLine, c.endLine, c.narrowedFrom]), [
      [10, 40, undefined], [10, 12, { startLine: 9, endLine: 12 }], [39, 40, { startLine: 39, endLine: 41 }],
      [1, 1, undefined], [5, 5, undefined], [12, 12, undefined], [20, 15, undefined], [41, 60, undefined],
    ]);
    assert.equal(checked[1].raw, 'src/a.ts#L9-12', 'the answer\'s text is kept as written');
  });

  it('joins adjacent or overlapping blocks, and narrows to the longest run the model saw', () => {
    const blocks = [{ path: 'x.ts', startLine: 1, endLine: 50 }, { path: 'x.ts', startLine: 51, endLine: 90 }, { path: 'x.ts', startLine: 120, endLine: 300 }];
    const [spans, gap] = citationsOf(segmentsOf('x.ts#L40-60 x.ts#L80-200', blocks));
    assert.deepEqual([spans.verified, spans.narrowedFrom], [true, undefined], 'two adjacent chunks cover lines 40-60');
    assert.deepEqual([gap.startLine, gap.endLine, gap.narrowedFrom], [120, 200, { startLine: 80, endLine: 200 }]);
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
    assert.deepEqual(
      citationsOf(emitted).map((c) => [c.raw, c.verified]),
      [
        ['src/a.ts#L11-12', true],
        ['src/z.ts#L1', false],
        ['docs/b.md#L3', true],
        ['src/a.ts#L1', false],
      ],
    );
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
