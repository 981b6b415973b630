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
    // The path is one isolated run inside the chip: cite.css cuts a chip too long for the view at its start.
    assert.match(html, /data-end="9" title="[^"]*"><span>src\/a\.ts#L3-9<\/span><\/button>/);
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
    assert.ok(
      long.perSegment <= short.perSegment * 1.2,
      `characters rendered per segment: ${short.perSegment.toFixed(1)} for 5 paragraphs, ${long.perSegment.toFixed(1)} for 50`,
    );
    assert.equal(long.html.split('<p>').length - 1, 50);
  });

  it('boxes Grounded\'s notices apart from the answer, a failed mention\'s as a warning', () => {
    const html = renderAnswerHtml([
      { kind: 'notice', text: '**Mentions**\n- Not attached: @a.ts — no file matches.', warning: true },
      { kind: 'text', text: 'The answer.' },
      { kind: 'notice', text: 'The model did not answer.' },
    ]);
    assert.equal(
      html,
      ('<div class="notice warning"><p><strong>Mentions</strong></p>\n<ul>\n<li>Not attached: @a.ts — no file matches.</li>\n</ul>\n</div>' +
        '<p>The answer.</p>\n<div class="notice"><p>The model did not answer.</p>\n</div>'),
    );
  });

  it('keeps a code fence with blank lines in one block', () => {
    const html = renderAnswerHtml(streamed('Before.\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\nAfter.'));
    assert.equal(html.split('<pre').length - 1, 1, html);
    const code = /<code class="hljs">([\s\S]*)<\/code>/.exec(html)![1];
    assert.equal(code.replace(/<[^>]*>/g, ''), 'const a = 1;\n\nconst b = 2;\n');
    assert.match(code, /<span class="hljs-keyword">const<\/span> a = <span class="hljs-number">1<\/span>;/);
  });

  it('a citation that overlaps what was sent opens the overlapping lines, and says so', () => {
    const html = renderAnswerHtml(streamed('See src/a.ts#L40-80.'));
    assert.match(html, /data-start="40" data-end="50" title="Open lines 40–50: the part of src\/a\.ts#L40-80 that was sent to the model">/);
    assert.match(html, /<span>src\/a\.ts#L40-80<\/span><\/button>/);
  });

  it('highlights fenced code with token classes the stylesheet colours, escapes it, and gives each block a Copy button', () => {
    const html = renderAnswerHtml(streamed('Here:\n\n```ts\nconst x = "<b>"; // note\n```\n\n```\nplain <i>text</i>\n```\n'));
    const blocks = html.match(/<pre class="code-block"/g) ?? [];
    assert.equal(blocks.length, 2, html);
    assert.match(html, /data-language="TypeScript"/);
    assert.match(html, /<span class="hljs-keyword">const<\/span>/);
    assert.match(html, /<span class="hljs-string">&quot;&lt;b&gt;&quot;<\/span>/);
    assert.match(html, /<span class="hljs-comment">\/\/ note<\/span>/);
    assert.equal(html.split('class="copy-code"').length - 1, 2);
    assert.ok(!html.includes('<i>') && !html.includes('<b>'), 'code is escaped, never markup');
  });

  it('shows a very long or unknown-language block plain and escaped', () => {
    const long = `${'let a = 1;\n'.repeat(3000)}`;
    const html = renderAnswerHtml([{ kind: 'text', text: `\`\`\`js\n${long}\`\`\`\n` }]);
    assert.doesNotMatch(html, /hljs-keyword/);
    assert.match(html, /<code class="hljs"><span class="line"><span class="text">let a = 1;/);
    const odd = renderAnswerHtml([{ kind: 'text', text: '```brainfuck\n<+>\n```\n' }]);
    assert.match(odd, /<code class="hljs"><span class="line"><span class="text">&lt;\+&gt;/);
  });
});
