// The primitives every value reader shares: a span of text, how far a value is read, and a quoted
// value on one line (also `r"…"`, `@"…"` and JSON-escaped quotes). Pure string walking with bounded looks.

export interface Span {
  start: number;
  end: number;
}

/** A value found after a secret-named key (assignment-values.ts), and how it was written. */
export interface Parsed {
  value: Span;
  quoted: boolean;
  keyQuoted: boolean;
  /** A spaced `=`/`:=` (`password = x`): the syntax of code, where a bare word is a variable. */
  codeAssignment: boolean;
  /** Unquoted in the middle of a line (`… password=x …` in prose or a URL): stricter checks apply. */
  midLine: boolean;
  /** A block scalar's base64 lines after the first (a key's body under `private_key: |`) end here; the first is judged. */
  blockEnd?: number;
}

/** Values are read this far; a longer token (a refresh token, a Docker auth) is followed to its end by `tokenTail`. */
export const MAX_VALUE = 1000;

const TOKEN_TAIL = /[A-Za-z0-9+/=_.~%-]*/y;

/** Where a token-shaped value that reached MAX_VALUE really ends: one pass over the rest of its run. */
export function tokenTail(text: string, end: number): number {
  TOKEN_TAIL.lastIndex = end;
  return end + (TOKEN_TAIL.exec(text)?.[0].length ?? 0);
}

/** A quoted value at `at` (also `r"…"`, `@"…"`, and JSON-escaped `\"…\"`), on one line. */
export function quotedValue(text: string, at: number): Span | undefined {
  let open = at;
  if (/[rbuf@]/i.test(text[open] ?? '') && /["'`]/.test(text[open + 1] ?? '')) open++; // r"..." @"..."
  if (text[open] === '\\' && /["']/.test(text[open + 1] ?? '')) {
    // JSON inside a string: \"value\"
    const quote = text[open + 1];
    for (let i = open + 2; i < text.length && i - open <= MAX_VALUE; i++) {
      if (text[i] === '\n') return undefined;
      if (text[i] === '\\' && text[i + 1] === quote) return { start: open + 2, end: i };
    }
    return undefined;
  }
  const quote = text[open];
  if (quote !== '"' && quote !== "'" && quote !== '`') return undefined;
  let spaced = false;
  for (let i = open + 1; i < text.length && i - open <= MAX_VALUE; i++) {
    const ch = text[i];
    if (ch === '\\') i++;
    else if (ch === quote) return { start: open + 1, end: i };
    else if (ch === '\n') return undefined;
    else if (ch === ' ' || ch === '\t') spaced = true;
  }
  // No closing quote within MAX_VALUE: a long token (no spaces) is still a value, its first MAX_VALUE characters given.
  return !spaced && text.length - open > MAX_VALUE ? { start: open + 1, end: open + 1 + MAX_VALUE } : undefined;
}
