/**
 * Static reading of an RE2 pattern's text, without compiling it: where a structural error is (RE2
 * reports `missing closing )` with the whole pattern as the fragment, so the fragment alone cannot
 * place it), and which literal text every match must contain (a cheap prefilter before RE2 runs).
 */

/** One top-level piece of a pattern: a literal character, a quantifier, a `|`, or anything else (class, group, escape class, anchor). */
type Atom = { t: 'lit'; ch: string } | { t: 'quant' } | { t: 'alt' } | { t: 'other' };

export interface StructuralError { at: number; kind: 'unclosed-paren' | 'unexpected-paren' | 'trailing-backslash' | 'unclosed-class' }

/** End (exclusive) of the character class opening at `i`, or -1 when it is never closed. */
function classEnd(p: string, i: number): number {
  let j = i + 1;
  if (p[j] === '^') j++;
  if (p[j] === ']') j++; // a `]` first in a class is literal
  while (j < p.length && p[j] !== ']') {
    if (p[j] === '\\') j += 2;
    else if (p[j] === '[' && p[j + 1] === ':') {
      const close = p.indexOf(':]', j + 2);
      j = close < 0 ? j + 1 : close + 2;
    } else j++;
  }
  return j < p.length ? j + 1 : -1;
}

/** End (exclusive) of the escape starting at `i` (`\x{…}`, `\p{…}`, `\Q…\E` included). */
function escapeEnd(p: string, i: number): number {
  const c = p[i + 1];
  if (c === 'Q') {
    const e = p.indexOf('\\E', i + 2);
    return e < 0 ? p.length : e + 2;
  }
  if ((c === 'x' || c === 'p' || c === 'P') && p[i + 2] === '{') {
    const e = p.indexOf('}', i + 3);
    return e < 0 ? p.length : e + 1;
  }
  return i + 2;
}

/** The first structural error of a pattern (0-based index), in one left-to-right pass. */
export function structuralError(p: string): StructuralError | undefined {
  const open: number[] = [];
  for (let i = 0; i < p.length;) {
    const c = p[i];
    if (c === '\\') {
      if (i + 1 >= p.length) return { at: i, kind: 'trailing-backslash' };
      i = escapeEnd(p, i);
    } else if (c === '[') {
      const e = classEnd(p, i);
      if (e < 0) return { at: i, kind: 'unclosed-class' };
      i = e;
    } else {
      if (c === '(') open.push(i);
      else if (c === ')' && open.pop() === undefined) return { at: i, kind: 'unexpected-paren' };
      i++;
    }
  }
  return open.length ? { at: open[open.length - 1], kind: 'unclosed-paren' } : undefined;
}

const QUANT = new Set(['*', '+', '?', '{']);

function topLevelAtoms(p: string): Atom[] {
  const atoms: Atom[] = [];
  let depth = 0;
  for (let i = 0; i < p.length;) {
    const c = p[i];
    if (c === '\\') {
      const e = escapeEnd(p, i);
      const nx = p[i + 1] ?? '';
      // `\.` `\(` … are literal punctuation; letters and digits are classes, anchors or codes.
      if (depth === 0) atoms.push(e === i + 2 && /[^\p{L}\p{N}\s]/u.test(nx) ? { t: 'lit', ch: nx } : { t: 'other' });
      i = e;
    } else if (c === '[') {
      const e = classEnd(p, i);
      if (depth === 0) atoms.push({ t: 'other' });
      i = e < 0 ? p.length : e;
    } else if (c === '(') {
      if (depth === 0) atoms.push({ t: 'other' });
      depth++;
      i++;
    } else if (c === ')') {
      depth = Math.max(0, depth - 1);
      i++;
    } else if (depth > 0) i++;
    else if (c === '|') { atoms.push({ t: 'alt' }); i++; }
    else if (QUANT.has(c)) {
      atoms.push({ t: 'quant' });
      const close = c === '{' ? p.indexOf('}', i) : -1;
      i = close > i ? close + 1 : i + 1;
    } else {
      // A whole code point: a quantifier after an astral character applies to both its halves.
      const ch = String.fromCodePoint(p.codePointAt(i)!);
      atoms.push(ch === '.' || ch === '^' || ch === '$' ? { t: 'other' } : { t: 'lit', ch });
      i += ch.length;
    }
  }
  return atoms;
}

/** Longest run of literal characters that no quantifier touches. */
function longestRun(atoms: Atom[]): string {
  let best = '';
  let run = '';
  for (let k = 0; k < atoms.length; k++) {
    const a = atoms[k];
    const quantified = atoms[k + 1]?.t === 'quant';
    if (a.t === 'lit' && !quantified) { run += a.ch; if (run.length > best.length) best = run; }
    else run = '';
  }
  return best;
}

/**
 * Literals of which every match contains at least one (one per top-level alternative), or
 * undefined when no useful set exists: a branch without a literal of 2+ characters, or any
 * case-insensitive flag (RE2's case folding is wider than JavaScript's toLowerCase).
 */
export function requiredLiterals(pattern: string): string[] | undefined {
  if (/\(\?[a-zA-Z-]*i/.test(pattern)) return undefined;
  const branches: Atom[][] = [[]];
  for (const a of topLevelAtoms(pattern)) {
    if (a.t === 'alt') branches.push([]);
    else branches[branches.length - 1].push(a);
  }
  const lits = branches.map(longestRun);
  return lits.every((l) => l.length >= 2) ? [...new Set(lits)] : undefined;
}
