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

/** Whether copies of a redacted value are looked for elsewhere (withEchoes, EarlierValues). */
export function echoable(kind: string, value: string): boolean {
  return value.length >= MIN_ECHO_LENGTH && (!WORD_KINDS.has(kind) || /\s/.test(value.trim()));
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
  const copies: Finding[] = [];
  // Each value once, its copies side by side (one that overlaps the copy before it could not be
  // taken either); the places a detector found are findings already.
  for (const [value, kind] of own) {
    for (let at = text.indexOf(value); at >= 0; at = text.indexOf(value, at + value.length)) {
      if (!found.has(at)) copies.push({ kind, start: at, end: at + value.length, priority: 0 });
    }
  }
  const pattern = earlier.regex();
  if (pattern) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
      copies.push({ kind: earlier.kindOf(m[0]) ?? 'secret', start: m.index, end: m.index + m[0].length, priority: 0 });
    }
  }
  return copies.length === 0 ? findings : resolveOverlaps([...findings, ...copies], text.length);
}
