/** One @mention found in a prompt, with its place in the text (`start` inclusive, `end` exclusive; `raw` is exactly that slice). */
export type Mention =
  | { kind: 'file'; path: string; startLine?: number; endLine?: number; raw: string; start: number; end: number }
  | { kind: 'search'; query: string; raw: string; start: number; end: number }
  | { kind: 'grep'; pattern: string; raw: string; start: number; end: number }
  | { kind: 'url'; url: string; raw: string; start: number; end: number }
  | { kind: 'invalid'; reason: string; raw: string; start: number; end: number };

// Every scanner below moves forward only and never rescans what an earlier one consumed (no
// regular expressions with backtracking, no search repeated per position): the whole parse is
// linear in the prompt's length, whatever the prompt.

const BACKTICK = 96;

const isWord = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
/** Characters of a file path: `[\w./@\-+~]`. */
const isPathChar = (c: number) => isWord(c) || c === 46 || c === 47 || c === 64 || c === 45 || c === 43 || c === 126;
/** An `@` right after one of these is inside a word or an e-mail address: `[\w.+\-@]`. */
const isWordBefore = (c: number) => isWord(c) || c === 46 || c === 43 || c === 45 || c === 64;
/** Sentence punctuation that ends a mention rather than belonging to it: `. , ; : ! ? ) ] ' "`. */
const isTrailingPunct = (c: number) => c === 46 || c === 44 || c === 59 || c === 58 || c === 33 || c === 63 || c === 41 || c === 93 || c === 39 || c === 34;
const isDigit = (c: number) => c >= 48 && c <= 57;
const isSpace = (ch: string) => /\s/.test(ch);
/** Where the word starting at `at` ends: the next white space, or the text's end. */
function wordEnd(text: string, at: number): number {
  while (at < text.length && !isSpace(text[at])) at++;
  return at;
}

/**
 * End of `text.slice(start, end)` once trailing punctuation is dropped. A closing parenthesis that
 * closes one opened inside the mention stays (`…/wiki/Foo_(bar)`), one that closes the prose around
 * it goes (`(see @https://x.com/a)`); paths hold no parentheses. One pass each way over the mention.
 */
function trimPunct(text: string, start: number, end: number): number {
  let open = 0;
  let close = 0;
  for (let k = start; k < end; k++) {
    const c = text.charCodeAt(k);
    if (c === 40) open++;
    else if (c === 41) close++;
  }
  while (end > start && isTrailingPunct(text.charCodeAt(end - 1))) {
    if (text.charCodeAt(end - 1) === 41) {
      if (open >= close) break;
      close--;
    }
    end--;
  }
  return end;
}

/** True when `at` starts a line, allowing up to three spaces of indentation (a Markdown fence). */
function atLineStart(text: string, at: number): boolean {
  let k = at - 1;
  while (k >= 0 && at - k <= 3 && text.charCodeAt(k) === 32) k--;
  return k < 0 || text.charCodeAt(k) === 10;
}

/**
 * Where inline code spans and fenced code blocks are: a backtick run is closed by the next run of
 * the same length (CommonMark's rule for spans; a ``` fence closes at the next ```), and a fence
 * at the start of a line that is never closed runs to the end, as in Markdown. The next run of
 * each length is found by one right-to-left pass, so no run is ever searched for twice.
 */
function codeRanges(text: string): [number, number][] {
  const starts: number[] = [];
  const lens: number[] = [];
  for (let i = text.indexOf('`'); i >= 0; i = text.indexOf('`', i)) {
    let j = i;
    while (text.charCodeAt(j) === BACKTICK) j++;
    starts.push(i);
    lens.push(j - i);
    i = j;
  }
  const nextSame = new Int32Array(starts.length).fill(-1);
  const lastOfLength = new Map<number, number>();
  for (let r = starts.length - 1; r >= 0; r--) {
    nextSame[r] = lastOfLength.get(lens[r]) ?? -1;
    lastOfLength.set(lens[r], r);
  }
  const ranges: [number, number][] = [];
  for (let r = 0; r < starts.length;) {
    const close = nextSame[r];
    if (close >= 0) {
      ranges.push([starts[r], starts[close] + lens[close]]);
      r = close + 1;
    } else if (lens[r] >= 3 && atLineStart(text, starts[r])) {
      ranges.push([starts[r], text.length]);
      break;
    } else r++;
  }
  return ranges;
}

/**
 * `@search:word` or `@grep:/regex/` typed without the quotes the syntax needs: the mention is
 * refused, and the message shows it as it should be written (a `/…/` pattern without its slashes,
 * its `i` flag as RE2's `(?i)`), so the fix is a copy away.
 */
function unquoted(kind: 'search' | 'grep', text: string, start: number, open: number, end: number): Mention {
  let arg = text.slice(open, kind === 'search' ? trimPunct(text, open, end) : end);
  const literal = kind === 'grep' ? /^\/(.+)\/([a-z]*)$/.exec(arg) : null;
  if (literal) arg = `${literal[2].includes('i') ? '(?i)' : ''}${literal[1]}`;
  const reason = arg
    ? `needs its argument in double quotes: @${kind}:"${arg.replace(/"/g, '\\"')}".`
    : `needs a quoted argument, e.g. @${kind}:"text".`;
  return { kind: 'invalid', reason, raw: text.slice(start, end), start, end };
}

/** Reads a quoted argument starting at `at` (just after the opening quote); `\"` escapes a quote. */
function quoted(text: string, at: number): { value: string; end: number } | undefined {
  const parts: string[] = [];
  let from = at;
  for (let i = at; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && text[i + 1] === '"') { parts.push(text.slice(from, i), '"'); i++; from = i + 1; continue; }
    if (c === '"') { parts.push(text.slice(from, i)); return { value: parts.join(''), end: i + 1 }; }
  }
  return undefined;
}

/** `#L10`, `#L10-20` or `#L10-L20` at `at` (digits limited, as before, to a 24-character window). */
function lineRef(text: string, at: number): { start: number; end: number; len: number } | undefined {
  if (text[at] !== '#' || text[at + 1] !== 'L') return undefined;
  const limit = Math.min(text.length, at + 24);
  let k = at + 2;
  while (k < limit && isDigit(text.charCodeAt(k))) k++;
  if (k === at + 2) return undefined;
  const start = Number(text.slice(at + 2, k));
  let n = k;
  if (text[n] === '-' && n + 1 < limit) {
    n++;
    if (text[n] === 'L') n++;
    const d = n;
    while (n < limit && isDigit(text.charCodeAt(n))) n++;
    if (n > d) return { start, end: Number(text.slice(d, n)), len: n - at };
  }
  return { start, end: start, len: k - at };
}

/** True when `http://` or `https://` (any case) starts at `at`: a fixed-length look, never a scan. */
function bareUrl(text: string, at: number): boolean {
  const head = text.slice(at, at + 8).toLowerCase();
  return head.startsWith('http://') || head.startsWith('https://');
}

/**
 * A file mention at `start` whose path begins at `from` (after `@`, or after `@file:`), or
 * undefined with the index to resume from (every `@` up to there would fail the same way).
 */
function fileMention(text: string, start: number, from = start + 1): { mention?: Mention; resume: number } {
  let i = from;
  while (i < text.length && isPathChar(text.charCodeAt(i))) i++;
  const pathEnd = i;
  const line = lineRef(text, pathEnd);
  const end = line ? pathEnd + line.len : trimPunct(text, from, pathEnd);
  const p = text.slice(from, line ? pathEnd : end);
  let hasWord = false;
  for (let k = 0; k < p.length && !hasWord; k++) hasWord = isWord(p.charCodeAt(k));
  if (!hasWord) return { resume: pathEnd };
  return { mention: { kind: 'file', path: p, startLine: line?.start, endLine: line?.end, raw: text.slice(start, end), start, end }, resume: end };
}

/**
 * Finds the @mentions of a prompt in one left-to-right pass (linear in its length): `@path`
 * (or `@file:path`), `@path#L10-20`, `@search:"…"`, `@grep:"…"`, `@url:…` and a bare `@http(s)://…` (the same as
 * `@url:`). An `@` inside a word (e-mail addresses) or inside inline code / code blocks is not a mention.
 */
export function parseMentions(text: string): Mention[] {
  const out: Mention[] = [];
  const code = codeRanges(text);
  let c = 0;
  // Once a quoted argument is found unclosed from some index, none opening later can close.
  let unclosedFrom = Number.POSITIVE_INFINITY;
  for (let i = text.indexOf('@'); i >= 0; ) {
    while (c < code.length && code[c][1] <= i) c++;
    if (c < code.length && code[c][0] <= i) { i = text.indexOf('@', code[c][1]); continue; }
    if (i > 0 && isWordBefore(text.charCodeAt(i - 1))) { i = text.indexOf('@', i + 1); continue; }
    let found: { mention?: Mention; resume: number } | undefined;
    for (const kind of ['search', 'grep'] as const) {
      if (!text.startsWith(`${kind}:`, i + 1)) continue;
      const open = i + kind.length + 2;
      if (text[open] !== '"') {
        const end = wordEnd(text, open);
        found = { mention: unquoted(kind, text, i, open, end), resume: end };
        break;
      }
      const q = open + 1 >= unclosedFrom ? undefined : quoted(text, open + 1);
      if (!q) {
        unclosedFrom = Math.min(unclosedFrom, open + 1);
        found = {
          mention: { kind: 'invalid', reason: 'the quote is never closed.', raw: text.slice(i, open + 1), start: i, end: open + 1 },
          resume: open + 1,
        };
        break;
      }
      const raw = text.slice(i, q.end);
      // An empty search matches every line of every file: never what was meant.
      if (!q.value.trim()) {
        found = { mention: { kind: 'invalid', reason: `is empty: write what to look for, e.g. @${kind}:"parseConfig".`, raw, start: i, end: q.end }, resume: q.end };
        break;
      }
      found = {
        mention: kind === 'search' ? { kind, query: q.value, raw, start: i, end: q.end } : { kind, pattern: q.value, raw, start: i, end: q.end },
        resume: q.end,
      };
    }
    // `@https://…` is what people type for a page: it is the same mention as `@url:https://…`.
    const urlAt = found ? -1 : text.startsWith('url:', i + 1) ? i + 5 : bareUrl(text, i + 1) ? i + 1 : -1;
    if (urlAt >= 0) {
      const end = trimPunct(text, urlAt, wordEnd(text, urlAt));
      found = { mention: { kind: 'url', url: text.slice(urlAt, end), raw: text.slice(i, end), start: i, end }, resume: end };
    }
    // `@file:src/a.ts` is what Copilot's `#file:` and other assistants' `@file` teach: the same
    // mention as `@src/a.ts`. Kotlin's `@file:JvmName("A")` names no file and stays text, like `@Injectable`.
    if (!found && text.startsWith('file:', i + 1) && isPathChar(text.charCodeAt(i + 6))) found = fileMention(text, i, i + 6);
    found ??= fileMention(text, i);
    if (found.mention) out.push(found.mention);
    i = text.indexOf('@', Math.max(found.resume, i + 1));
  }
  return out;
}
