/** One @mention found in a prompt, with its place in the text (`start` inclusive, `end` exclusive). */
export type Mention =
  | { kind: 'file'; path: string; startLine?: number; endLine?: number; raw: string; start: number; end: number }
  | { kind: 'search'; query: string; raw: string; start: number; end: number }
  | { kind: 'grep'; pattern: string; raw: string; start: number; end: number }
  | { kind: 'url'; url: string; raw: string; start: number; end: number }
  | { kind: 'invalid'; reason: string; raw: string; start: number; end: number };

const PATH_CHAR = /[\w./@\-+~]/;
const TRAILING_PUNCT = /[.,;:!?)\]'"]+$/;

/** Where inline code spans and fenced code blocks are: mentions inside them are code, not mentions. */
function codeRanges(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  // Once no closing run of length r exists after some point, none of length >= r can: skip those
  // searches, which keeps the scan linear-ish on hostile input made of unmatched backticks.
  let noCloseAtOrAbove = Number.POSITIVE_INFINITY;
  let i = 0;
  while (i < text.length) {
    if (text[i] !== '`') { i++; continue; }
    let run = 0;
    while (text[i + run] === '`') run++;
    const close = run >= noCloseAtOrAbove ? -1 : text.indexOf('`'.repeat(run), i + run);
    if (close < 0) { noCloseAtOrAbove = Math.min(noCloseAtOrAbove, run); i += run; continue; }
    ranges.push([i, close + run]);
    i = close + run;
  }
  return ranges;
}

/** Reads a quoted argument starting at `at` (just after the opening quote); `\"` escapes a quote. */
function quoted(text: string, at: number): { value: string; end: number } | undefined {
  let value = '';
  for (let i = at; i < text.length; i++) {
    if (text[i] === '\\' && text[i + 1] === '"') { value += '"'; i++; continue; }
    if (text[i] === '"') return { value, end: i + 1 };
    value += text[i];
  }
  return undefined;
}

function fileMention(text: string, start: number): Mention | undefined {
  let i = start + 1;
  while (i < text.length && PATH_CHAR.test(text[i])) i++;
  let raw = text.slice(start, i);
  let line: RegExpExecArray | null = null;
  if (text[i] === '#') {
    line = /^#L(\d+)(?:-L?(\d+))?/.exec(text.slice(i, i + 24));
    if (line) { raw += line[0]; i += line[0].length; }
  }
  if (!line) {
    const trimmed = raw.replace(TRAILING_PUNCT, '');
    i -= raw.length - trimmed.length;
    raw = trimmed;
  }
  const p = raw.slice(1).replace(/#L.*$/, '');
  if (!p || !/[\w]/.test(p)) return undefined;
  const startLine = line ? Number(line[1]) : undefined;
  const endLine = line ? Number(line[2] ?? line[1]) : undefined;
  return { kind: 'file', path: p, startLine, endLine, raw, start, end: start + raw.length };
}

/**
 * Finds the @mentions of a prompt in one left-to-right pass (linear in its length): `@path`,
 * `@path#L10-20`, `@search:"…"`, `@grep:"…"`, `@url:…`. An `@` inside a word (e-mail addresses)
 * or inside inline code / code blocks is not a mention.
 */
export function parseMentions(text: string): Mention[] {
  const out: Mention[] = [];
  const code = codeRanges(text);
  let c = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '@') continue;
    while (c < code.length && code[c][1] <= i) c++;
    if (c < code.length && code[c][0] <= i) { i = code[c][1] - 1; continue; }
    if (i > 0 && /[\w.+\-@]/.test(text[i - 1])) continue;
    const rest = text.slice(i + 1, i + 8);
    let m: Mention | undefined;
    for (const kind of ['search', 'grep'] as const) {
      if (!rest.startsWith(`${kind}:`)) continue;
      const open = i + kind.length + 2;
      if (text[open] !== '"') { m = { kind: 'invalid', reason: `@${kind}: needs a quoted argument, e.g. @${kind}:"text"`, raw: text.slice(i, open), start: i, end: open }; break; }
      const q = quoted(text, open + 1);
      if (!q) { m = { kind: 'invalid', reason: `@${kind}: the quote is never closed`, raw: text.slice(i, Math.min(text.length, open + 40)), start: i, end: text.length }; break; }
      const raw = text.slice(i, q.end);
      m = kind === 'search' ? { kind, query: q.value, raw, start: i, end: q.end } : { kind, pattern: q.value, raw, start: i, end: q.end };
    }
    if (!m && rest.startsWith('url:')) {
      let j = i + 5;
      while (j < text.length && !/\s/.test(text[j])) j++;
      const raw = text.slice(i, j).replace(/[.,;:!?)\]'"]+$/, '');
      m = { kind: 'url', url: raw.slice(5), raw, start: i, end: i + raw.length };
    }
    m ??= fileMention(text, i);
    if (!m) continue;
    out.push(m);
    i = m.end - 1;
  }
  return out;
}
