// A code block's lines, each its own element, so a narrow view can wrap a long line under its own
// indentation (media/code.css) instead of at the left edge, where it reads as a new, unindented line.

/** The line breaks inside highlight.js HTML: escaped text and `<span class="…">` / `</span>` only. */
const TOKEN = /<span[^>]*>|<\/span>|[^<]+/g;

/**
 * Splits highlighted HTML into one HTML string per line. A token span that runs over several lines
 * (a docstring, a block comment) is closed at each line's end and opened again on the next, so
 * every line is well-formed and keeps its colour.
 */
export function splitHighlightedLines(html: string): string[] {
  const lines: string[] = [];
  const open: string[] = [];
  let line = '';
  for (const [token] of html.matchAll(TOKEN)) {
    if (token.startsWith('<span')) open.push(token);
    else if (token === '</span>') open.pop();
    if (token.startsWith('<')) {
      line += token;
      continue;
    }
    const parts = token.split('\n');
    line += parts[0];
    for (const part of parts.slice(1)) {
      lines.push(line + '</span>'.repeat(open.length));
      line = open.join('') + part;
    }
  }
  lines.push(line);
  return lines;
}

/** A line's leading spaces and tabs (possibly inside its first token spans), and the rest of it. */
function splitIndent(line: string): { indent: string; rest: string } {
  const m = /^((?:<span[^>]*>)*)([ \t]+)/.exec(line);
  return m ? { indent: m[2], rest: m[1] + line.slice(m[0].length) } : { indent: '', rest: line };
}

/**
 * Where a long line may break when a narrow view wraps it: after the punctuation between the parts
 * of an expression (`base.routes[@request.request_method]` breaks after `.` or `[`, not inside
 * `request_method`). A `<wbr>` adds no text: what Copy and a selection copy stays the code.
 */
export function withBreakOpportunities(html: string): string {
  // Only in text between tags (a tag's `/` or `=` is not code); escaped entities end in `;`, never broken;
  // `../`, `//`, `===` and a file's extension (`utils.js`) stay whole.
  return html.replace(/[^<>]+(?=<|$)/g, (text) => text.replace(/(\.(?=\w{4})|[,([{/=:](?![\s/.=]))/g, '$1<wbr>'));
}

/**
 * The `<code>` content of a block: one `.line` per line, its indentation in `.indent` and the code
 * in `.text`. Every character and line break of the code is kept, in order, so the element's text
 * (what Copy and a selection copy) is the code exactly.
 */
export function codeLinesHtml(html: string): string {
  const lines = splitHighlightedLines(html);
  // The fence's own final line break ends the last line rather than opening an empty one.
  const endsWithBreak = lines.length > 1 && lines[lines.length - 1].replace(/<[^>]*>/g, '') === '';
  if (endsWithBreak) lines.pop();
  return lines
    .map((line, i) => {
      const { indent, rest } = splitIndent(line);
      const br = i < lines.length - 1 || endsWithBreak ? '\n' : '';
      return `<span class="line">${indent ? `<span class="indent">${indent}</span>` : ''}<span class="text">${withBreakOpportunities(rest)}${br}</span></span>`;
    })
    .join('');
}
