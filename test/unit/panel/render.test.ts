import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AnswerStream } from '../../../src/engine/ask/answer-stream';
import type { AnswerSegment } from '../../../src/engine/ask/citations';
import { PanelAnswerRenderer, renderAnswerHtml } from '../../../src/vscode/panel/render';

const seen = [{ path: 'src/a.ts', startLine: 1, endLine: 50 }];

/** The segments of an answer streamed in small deltas. */
function streamed(answer: string): AnswerSegment[] {
  const out = new AnswerStream(seen);
  for (let i = 0; i < answer.length; i += 7) out.push(answer.slice(i, i + 7));
  out.flush();
  return out.segments;
}

describe('the panel answer renderer', () => {
  it('renders verified citations as buttons and an unverified one marked once, never raw HTML', () => {
    const html = renderAnswerHtml(streamed('See src/a.ts#L3-9 and src/b.ts#L1 <img src=x>.'));
    assert.match(html, /<button class="cite" data-path="src\/a\.ts" data-start="3" data-end="9"/);
    assert.equal(html.split('badge-unverified').length - 1, 1, html);
    assert.match(html, /src\/b\.ts#L1 <span class="badge-unverified">unverified<\/span><\/span>/);
    assert.doesNotMatch(html, /⚠/, 'no emoji');
    assert.ok(!html.includes('<img'), 'markup in the answer is escaped');
  });

  it('does work per segment that does not grow with the answer: finished paragraphs are rendered once', () => {
    const paragraph = 'The store seals each key, see src/a.ts#L3-9, before it writes it.\n\n';
    const work = (paragraphs: number) => {
      const r = new PanelAnswerRenderer();
      const segments = streamed(paragraph.repeat(paragraphs));
      for (const s of segments) r.add(s);
      return { perSegment: r.renderedChars / segments.length, html: r.html };
    };
    const short = work(5);
    const long = work(50);
    assert.ok(long.perSegment <= short.perSegment * 1.2, `characters rendered per segment: ${short.perSegment.toFixed(1)} for 5 paragraphs, ${long.perSegment.toFixed(1)} for 50`);
    assert.equal(long.html.split('<p>').length - 1, 50);
  });

  it('keeps a code fence with blank lines in one block', () => {
    const html = renderAnswerHtml(streamed('Before.\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\nAfter.'));
    assert.match(html, /<pre><code class="language-ts">const a = 1;\n\nconst b = 2;\n<\/code><\/pre>/);
  });
});
