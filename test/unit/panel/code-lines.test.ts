import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { codeLinesHtml, splitHighlightedLines } from '../../../src/vscode/panel/code-lines';
import { codeBlockHtml, highlightCode } from '../../../src/vscode/panel/highlight';

// A narrow view wraps long code lines; each line is its own element with its indentation apart, so
// the stylesheet can continue a wrapped line under that indentation. Nothing of the code may change.

const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&');
const textOf = (html: string) => unescape(html.replace(/<[^>]*>/g, ''));

const PYTHON = `class Flask(App):
    def __init__(self, import_name: str, static_url_path: str | None = None) -> None:
        """The flask object implements a WSGI application and acts as the central
        object. It is passed the name of the module or package of the application.
        """
\tif self.config["PROPAGATE_EXCEPTIONS"] and "<tag>" != 'x':  # a comment & more
            raise

        return None
`;

/** Opening and closing token spans pair up within every line. */
function balanced(line: string): boolean {
  let depth = 0;
  for (const [t] of line.matchAll(/<span[^>]*>|<\/span>/g)) if ((depth += t === '</span>' ? -1 : 1) < 0) return false;
  return depth === 0;
}

describe('code lines', () => {
  it('keeps every character and line break of highlighted code, in order', () => {
    const { html } = highlightCode(PYTHON, 'python');
    assert.equal(textOf(codeLinesHtml(html)), PYTHON);
    assert.equal(textOf(codeLinesHtml(highlightCode('x = 1', 'python').html)), 'x = 1');
  });

  it('closes a token that runs over lines (a docstring) at each line end and opens it again, so each line keeps its colour', () => {
    const lines = splitHighlightedLines(highlightCode(PYTHON, 'python').html);
    assert.equal(lines.length, PYTHON.split('\n').length);
    for (const line of lines) assert.ok(balanced(line), line);
    // The docstring's second and last lines start inside it.
    for (const i of [3, 4]) assert.ok(lines[i].startsWith('<span class="hljs-string">'), lines[i]);
  });

  it('puts each line in its own element with its leading spaces or tab apart from its code', () => {
    const html = codeLinesHtml(highlightCode(PYTHON, 'python').html);
    const lines = [...html.matchAll(/<span class="line">(?:<span class="indent">([ \t]*)<\/span>)?<span class="text">/g)];
    assert.equal(lines.length, PYTHON.trimEnd().split('\n').length);
    assert.deepEqual(lines.map((m) => m[1] ?? ''), PYTHON.trimEnd().split('\n').map((l) => /^[ \t]*/.exec(l)![0]));
  });

  it('an indented line inside a multi-line string has its indentation apart too, outside the string span', () => {
    const html = codeLinesHtml(highlightCode(PYTHON, 'python').html);
    assert.match(html, /<span class="line"><span class="indent"> {8}<\/span><span class="text"><span class="hljs-string">object\. It is passed/);
  });

  it('the fence\'s final line break ends the last line; no empty line is added', () => {
    assert.equal(codeLinesHtml('a\n'), '<span class="line"><span class="text">a\n</span></span>');
    assert.equal(codeLinesHtml('a\n\nb'), '<span class="line"><span class="text">a\n</span></span><span class="line"><span class="text">\n</span></span>' +
      '<span class="line"><span class="text">b</span></span>');
  });

  it('a whole block: the Copy button, then the lines; unknown languages are escaped plain text in the same lines', () => {
    const block = codeBlockHtml('  <i>x</i>\n', 'brainfuck');
    assert.equal(block, '<pre class="code-block"><button type="button" class="copy-code" title="Copy code" aria-label="Copy code">Copy</button>' +
      '<code class="hljs"><span class="line"><span class="indent">  </span><span class="text">&lt;i&gt;x&lt;/<wbr>i&gt;\n</span></span></code></pre>\n');
  });
});

describe('break opportunities in a long code line', () => {
  it('a wrapped line may break after an expression\'s punctuation, never inside a name, and keeps its text', () => {
    const ruby = 'routes = base.routes[@request.request_method]\nprocess_route(pattern, conditions) do |*args|\n';
    const html = codeLinesHtml(highlightCode(ruby, 'ruby').html);
    assert.equal(textOf(html), ruby, 'what Copy copies is the code');
    const breaks = (text: string) => text.split('\n').map((l) => l.split('<wbr>').map((p) => p.replace(/<[^>]*>/g, '')).filter(Boolean));
    assert.deepEqual(breaks(html.replace(/<\/span><span class="line">/g, '\n'))[0], ['routes = base.', 'routes[', '@request.', 'request_method]']);
    assert.ok(!/request_<wbr>|_<wbr>method/.test(html), 'a name is whole');
  });

  it('keeps a relative path\'s dots, a file\'s extension and an operator whole', () => {
    const html = codeLinesHtml(highlightCode('import x from "../helpers/composeSignals.js";\nif (a === b) {}\n', 'javascript').html);
    assert.doesNotMatch(html, /\.<wbr>\.|\.<wbr>\/|=<wbr>=/);
    assert.match(html, /\.\.\/<wbr>helpers\/<wbr>composeSignals\.js/, 'a path breaks after a folder, never before its extension');
  });

  it('puts none inside a tag or an escaped character', () => {
    const html = codeLinesHtml(highlightCode('if (a.b && c < d) { x = "</span>"; }', 'javascript').html);
    assert.doesNotMatch(html, /<[^>]*<wbr>[^<]*>/, 'no <wbr> inside a tag');
    assert.doesNotMatch(html, /&[a-z]*<wbr>/, 'no <wbr> inside an entity');
    assert.equal(textOf(html), 'if (a.b && c < d) { x = "</span>"; }');
  });
});
