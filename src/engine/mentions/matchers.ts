import { RE2JS } from 're2js';
import { MentionError } from './errors';
import { requiredLiterals, structuralError, type StructuralError } from './regex-scan';
import { escapeRegExp } from '../text/escape-regexp';

/** A line of a text: its 0-based number and its bounds (end excludes the newline). */
export interface Line { n: number; start: number; end: number }

/**
 * How @search and @grep find lines. `mayMatch` looks at a file's raw bytes before anything is
 * decoded: false means no line can match (most files, for most patterns), so the file costs one
 * native byte search instead of a UTF-8 decode and a regex pass.
 */
export interface LineMatcher {
  lines: (text: string) => Line[];
  mayMatch?: (bytes: Buffer) => boolean;
}

/** Lines containing `needle` (each line once), by indexOf jumps: no per-line work where it does not occur. */
function linesContaining(text: string, needle: string, out: Line[]): void {
  let n = 0;
  let pos = 0;
  let at = text.indexOf(needle);
  while (at >= 0) {
    let nl = text.indexOf('\n', pos);
    while (nl >= 0 && nl < at) { n++; pos = nl + 1; nl = text.indexOf('\n', pos); }
    out.push({ n, start: pos, end: nl < 0 ? text.length : nl });
    if (nl < 0) return;
    n++;
    pos = nl + 1;
    at = text.indexOf(needle, pos);
  }
}

function allLines(text: string): Line[] {
  const out: Line[] = [];
  let pos = 0;
  for (let n = 0; ; n++) {
    const nl = text.indexOf('\n', pos);
    out.push({ n, start: pos, end: nl < 0 ? text.length : nl });
    if (nl < 0) return out;
    pos = nl + 1;
  }
}

const MESSAGE_KIND: Record<StructuralError['kind'], string> = {
  'unclosed-paren': 'missing closing )',
  'unexpected-paren': 'unexpected )',
  'trailing-backslash': 'trailing backslash',
  'unclosed-class': 'missing closing ]',
};

/** 1-based position of a compile error: from the pattern's structure when RE2 names a structural error, else where RE2's fragment occurs. */
function errorPosition(pattern: string, message: string, fragment: string | null | undefined): number | undefined {
  const s = structuralError(pattern);
  if (s && message.includes(MESSAGE_KIND[s.kind])) return s.at + 1;
  const at = fragment ? pattern.indexOf(fragment) : -1;
  return at >= 0 ? at + 1 : undefined;
}

/**
 * Compiles a user regex with RE2 (linear time: no pattern can hang the host); errors say where.
 * When every match must contain some literal text, files without it are skipped on their bytes
 * and only the lines holding it are given to RE2; otherwise one multi-line RE2 pass over the
 * whole text skips files without a match before lines are tested.
 */
export function compileGrep(pattern: string): LineMatcher {
  let re: RE2JS;
  try {
    re = RE2JS.compile(pattern);
  } catch (err) {
    const detail = ((err as Error).message ?? '').replace(/^error parsing regexp: /, '');
    const at = errorPosition(pattern, detail, (err as { input?: string | null }).input);
    throw new MentionError(
      'parse_error',
      `not a valid regular expression${at !== undefined ? ` at position ${at}` : ''}: ${detail}.`,
      'Fix the pattern (RE2 syntax: no backreferences or lookaround), or use @search:"…" for literal text.',
    );
  }
  const test = (text: string, l: Line) => re.test(text.slice(l.start, l.end));
  const literals = requiredLiterals(pattern);
  if (literals) {
    const bytes = literals.map((l) => Buffer.from(l, 'utf8'));
    return {
      // UTF-8 is self-synchronising: the literal's bytes occur in the file exactly where the literal occurs in its text.
      mayMatch: (buf) => bytes.some((b) => buf.includes(b)),
      lines: (text) => {
        const cand: Line[] = [];
        for (const lit of literals) linesContaining(text, lit, cand);
        if (literals.length > 1) cand.sort((a, b) => a.n - b.n);
        return cand.filter((l, i) => (i === 0 || cand[i - 1].n !== l.n) && test(text, l));
      },
    };
  }
  // The whole-text pass must not miss a line match: with MULTILINE, ^ and $ hold at every line,
  // but \A, \z and flags turning multi-line off would still mean "whole text" there.
  const whole = /\\[Az]|\(\?[a-zA-Z]*[-m]/.test(pattern) ? undefined : RE2JS.compile(pattern, RE2JS.MULTILINE);
  return { lines: (text) => (!whole || whole.test(text) ? allLines(text).filter((l) => test(text, l)) : []) };
}

const LOWERS_TO_ASCII = [Buffer.from('\u0130', 'utf8'), Buffer.from('\u212a', 'utf8')];

/**
 * A literal, case-insensitive matcher for @search (lower-casing keeps newlines, so line numbers
 * agree). An ASCII query is first looked for in the raw bytes read as Latin-1 with an escaped,
 * case-insensitive JavaScript pattern: a plain literal, so no backtracking is possible.
 */
export function literalMatcher(query: string): LineMatcher {
  const q = query.toLowerCase();
  const ascii = /^[\x20-\x7e]+$/.test(query) ? new RegExp(escapeRegExp(query), 'i') : undefined;
  return {
    // The only characters whose lower case is ASCII are İ (→ i̇) and the Kelvin sign (→ k): a file holding either goes on to the exact check.
    mayMatch: ascii && ((buf) => ascii.test(buf.toString('latin1')) || buf.includes(LOWERS_TO_ASCII[0]) || buf.includes(LOWERS_TO_ASCII[1])),
    lines: (text) => {
      const out: Line[] = [];
      if (q.includes('\n')) return out;
      linesContaining(text.toLowerCase(), q, out);
      return out;
    },
  };
}
