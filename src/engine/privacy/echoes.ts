import type { Finding } from './detector';
import { resolveOverlaps } from './overlaps';
import { escapeRegExp } from '../text/escape-regexp';
import { valueKey } from './titles';

/**
 * A value shorter than this is not looked for again: a CVV, a PIN or a short number occurs
 * everywhere by chance, while a token, a key, an e-mail or a full name does not.
 */
export const MIN_ECHO_LENGTH = 8;

/**
 * Kinds whose values are words. One word alone (`Grounded` under a manifest's `fullName`,
 * `Charlotte`, `Berlin`) is also a product's, a place's or a street's name elsewhere in the text:
 * looked for again, it redacted the extension's own name throughout its package.json. Only values
 * of several words are looked for again.
 */
const WORD_KINDS = new Set(['person_name', 'city']);

/**
 * One plain word (`password`, `changeme`, `Sunshine`): found where its context gave it away (a URL's
 * login, a key's value), it is also a parameter's, a test's or a sentence's word elsewhere; looked
 * for again, it redacted `password` throughout httpx's tests, inside function names too. Tokens mix
 * case, digits or symbols, and are still looked for.
 */
const PLAIN_WORD = /^[A-Za-z][a-z]{0,23}$/;

/** Whether copies of a redacted value are looked for elsewhere (withEchoes, EarlierValues). */
export function echoable(kind: string, value: string): boolean {
  return value.length >= MIN_ECHO_LENGTH && !PLAIN_WORD.test(value) && (!WORD_KINDS.has(kind) || /\s/.test(value.trim()));
}

const isWordCode = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

/**
 * A copy of words (a name, an address) is those words, not the start of a longer one: `John Smithson`
 * holds no copy of `John Smith` (ASCII letters, digits and `_` only: Chinese or Japanese text runs
 * names into the words around them). A token's copy counts anywhere: glued to a word
 * (`TOKEN_ghp_…`), it is the same secret.
 */
function standsAlone(text: string, start: number, value: string): boolean {
  if (!/\s/.test(value)) return true;
  const end = start + value.length;
  const joinedBefore = start > 0 && isWordCode(text.charCodeAt(start - 1)) && isWordCode(text.charCodeAt(start));
  const joinedAfter = end < text.length && isWordCode(text.charCodeAt(end)) && isWordCode(text.charCodeAt(end - 1));
  return !joinedBefore && !joinedAfter;
}

/** How many values of earlier texts are looked for in each later one (a query redacts a handful; one pass of a regular expression finds them all). */
const MAX_EARLIER = 32;


/** The values a query's scrubber redacted in earlier texts, most recent kept, and one pattern that finds any of them. */
export class EarlierValues {
  private readonly kinds = new Map<string, string>();
  private pattern: RegExp | undefined;

  add(kind: string, value: string): void {
    if (!echoable(kind, value) || this.kinds.has(value)) return;
    this.kinds.set(value, kind);
    if (this.kinds.size > MAX_EARLIER) this.kinds.delete(this.kinds.keys().next().value!);
    this.pattern = undefined;
  }

  kindOf(value: string): string | undefined {
    return this.kinds.get(value);
  }

  /** Longest first: where two values start at one place, the longer is the one redacted. */
  regex(): RegExp | undefined {
    if (this.kinds.size === 0) return undefined;
    this.pattern ??= new RegExp([...this.kinds.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|'), 'g');
    return this.pattern;
  }
}

/** Up to this many values are each looked for with its own pass over the text (a native search); more share one pass. */
const FEW_VALUES = 16;
/** Children beyond this many are looked up in a map rather than a list. */
const WIDE = 8;
/**
 * Every occurrence of a set of strings in a text in one pass, whatever they share (Aho-Corasick):
 * a trie of the strings with, for each node, the longest proper suffix that is also in the trie.
 * The trie lives in typed arrays (a child list per node, a table for the root's children): a map
 * of transitions took 1.6 s to build for 30 K e-mail addresses. A node with many children also
 * keeps them in a map: its list was read through at each step, and 20 K addresses differing in
 * their second letter (`a中b@…`) made every `a` in the text cost 20 K steps (256 KB: 2.3 s).
 */
class ValueMatcher {
  private readonly rootChild = new Int32Array(0x10000).fill(-1);
  private readonly char: Uint16Array;
  private readonly firstChild: Int32Array;
  private readonly nextSibling: Int32Array;
  private readonly fail: Int32Array;
  /** The nearest node along the suffix links that ends a string, or -1. */
  private readonly out: Int32Array;
  private readonly word = new Map<number, string>();
  /** Children counted up to WIDE + 1; a node past WIDE has its children in `wide` too. */
  private readonly degree: Uint8Array;
  private readonly wide = new Map<number, Map<number, number>>();
  private size = 1;

  constructor(values: readonly string[]) {
    const capacity = values.reduce((n, v) => n + v.length, 1);
    this.char = new Uint16Array(capacity);
    this.firstChild = new Int32Array(capacity).fill(-1);
    this.nextSibling = new Int32Array(capacity).fill(-1);
    this.fail = new Int32Array(capacity);
    this.out = new Int32Array(capacity).fill(-1);
    this.degree = new Uint8Array(capacity);
    for (const v of values) {
      let node = 0;
      for (let k = 0; k < v.length; k++) node = this.childOrNew(node, v.charCodeAt(k));
      this.word.set(node, v);
    }
    // Breadth first, so each node's suffix link is set before its children's.
    const queue = new Int32Array(this.size);
    let tail = 0;
    for (let c = 0; c < 0x10000; c++) if (this.rootChild[c] >= 0) queue[tail++] = this.rootChild[c];
    for (let head = 0; head < tail; head++) {
      const node = queue[head];
      for (let child = this.firstChild[node]; child >= 0; child = this.nextSibling[child]) {
        const link = this.step(this.fail[node], this.char[child]);
        this.fail[child] = link;
        this.out[child] = this.word.has(link) ? link : this.out[link];
        queue[tail++] = child;
      }
    }
  }

  private child(node: number, c: number): number {
    if (node === 0) return this.rootChild[c];
    if (this.degree[node] > WIDE) return this.wide.get(node)!.get(c) ?? -1;
    let child = this.firstChild[node];
    while (child >= 0 && this.char[child] !== c) child = this.nextSibling[child];
    return child;
  }

  private childOrNew(node: number, c: number): number {
    const found = this.child(node, c);
    if (found >= 0) return found;
    const child = this.size++;
    this.char[child] = c;
    if (node === 0) this.rootChild[c] = child;
    else {
      this.nextSibling[child] = this.firstChild[node];
      this.firstChild[node] = child;
      const d = this.degree[node];
      if (d > WIDE) this.wide.get(node)!.set(c, child);
      else if (d < WIDE) this.degree[node] = d + 1;
      else {
        // The list stays (the breadth-first walk reads it); lookups go to the map from now on.
        const byChar = new Map<number, number>();
        for (let k = this.firstChild[node]; k >= 0; k = this.nextSibling[k]) byChar.set(this.char[k], k);
        this.wide.set(node, byChar);
        this.degree[node] = WIDE + 1;
      }
    }
    return child;
  }

  /** The node reached from `node` by `c`, following suffix links where it has no such child. */
  private step(node: number, c: number): number {
    for (;;) {
      const next = this.child(node, c);
      if (next >= 0) return next;
      if (node === 0) return 0;
      node = this.fail[node];
    }
  }

  /** Calls `each` with every occurrence (overlapping ones too), in the order they end. */
  scan(text: string, each: (value: string, start: number) => void): void {
    let node = 0;
    for (let i = 0; i < text.length; i++) {
      node = this.step(node, text.charCodeAt(i));
      for (let o = this.word.has(node) ? node : this.out[node]; o >= 0; o = this.out[o]) {
        const v = this.word.get(o)!;
        each(v, i - v.length + 1);
      }
    }
  }
}

/**
 * The copies of many values in one pass: one search per value read the whole text once each, and a
 * file of thousands of distinct e-mail addresses (1 MB) took 15 s. The same copies as one search
 * per value: each value's copies left to right, none overlapping the one before it.
 */
function copiesInOnePass(text: string, values: ReadonlyMap<string, string>, found: ReadonlySet<number>): Finding[] {
  const freeFrom = new Map<string, number>();
  const copies: Finding[] = [];
  new ValueMatcher([...values.keys()]).scan(text, (v, at) => {
    if ((freeFrom.get(v) ?? 0) > at) return;
    if (!standsAlone(text, at, v)) return;
    freeFrom.set(v, at + v.length);
    if (!found.has(at)) copies.push({ kind: values.get(v)!, start: at, end: at + v.length, priority: 0 });
  });
  return copies;
}

/** The copies of a few values, one native search each: a value's copies side by side (one overlapping the copy before it could not be taken either). */
function copiesOneByOne(text: string, values: ReadonlyMap<string, string>, found: ReadonlySet<number>): Finding[] {
  const copies: Finding[] = [];
  for (const [value, kind] of values) {
    for (let at = text.indexOf(value); at >= 0; ) {
      if (!standsAlone(text, at, value)) {
        at = text.indexOf(value, at + 1);
        continue;
      }
      if (!found.has(at)) copies.push({ kind, start: at, end: at + value.length, priority: 0 });
      at = text.indexOf(value, at + value.length);
    }
  }
  return copies;
}

/**
 * The findings of a text, plus every other place in it that holds a value already redacted: in
 * this text (`token = 'S' | 'S'`, a key pasted twice) or earlier in the same query (a key found
 * under its name in `.env`, then bare in a test). A detector sees a value only where its context
 * gives it away; the copy without that context is the same secret. The copies go through the
 * registry's one overlap rule at the lowest priority: places already redacted stay as they are,
 * and where two copies overlap the longer is taken.
 */
export function withEchoes(text: string, findings: readonly Finding[], earlier: EarlierValues): readonly Finding[] {
  const own = new Map<string, string>();
  const found = new Set<number>();
  for (const f of findings) {
    found.add(f.start);
    const value = valueKey(f.kind, text.slice(f.start, f.end));
    if (echoable(f.kind, value)) own.set(value, f.kind);
  }
  // The places a detector found are findings already.
  const copies = own.size > FEW_VALUES ? copiesInOnePass(text, own, found) : copiesOneByOne(text, own, found);
  const pattern = earlier.regex();
  if (pattern) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
      if (!standsAlone(text, m.index, m[0])) continue;
      copies.push({ kind: earlier.kindOf(m[0]) ?? 'secret', start: m.index, end: m.index + m[0].length, priority: 0 });
    }
  }
  return copies.length === 0 ? findings : resolveOverlaps([...findings, ...copies], text.length);
}
