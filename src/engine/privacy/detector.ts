import { withoutIndices } from './value-group';
import { escapeRegExp } from '../text/escape-regexp';

/**
 * One span of text a detector wants redacted. `start`/`end` are UTF-16 offsets into the
 * scrubbed text (end exclusive); only this span is replaced, so detectors that find a secret
 * in context (`password = "..."`) report the value alone and the key stays readable.
 */
export interface Finding {
  kind: string;
  start: number;
  end: number;
  /** Higher wins when two findings overlap; set by the registry from the detector. */
  priority: number;
}

/**
 * A family of related rules (cloud keys, tokens, PII, ...). `find` must run in time linear in
 * the text: every regex a detector uses is anchored on a literal or bounded, so a 1 MB line of
 * adversarial input cannot make it backtrack.
 */
export interface Detector {
  /** Family name, for docs and debugging. */
  name: string;
  /** Every kind this detector can report. */
  kinds: readonly string[];
  /** Overlap rank: private keys > provider tokens > URL/header credentials > assignments > PII. */
  priority: number;
  find(text: string): Iterable<Omit<Finding, 'priority'>>;
}

/** A simple rule: one global regex, one kind, an optional check of the matched text. */
export interface PatternRule {
  kind: string;
  /** Must have the `g` flag. With the `d` flag and a `value` group, only that group is redacted. */
  pattern: RegExp;
  /** Return false to drop a match (checksums, placeholders, context). */
  accept?: (value: string, text: string, start: number) => boolean;
  /** Skip the regex entirely when the text contains none of these literals (cheap check). */
  hint?: string | readonly string[];
  /**
   * For patterns built around a literal (`@` in emails, `://` in URLs): find the literal with
   * indexOf, walk back over `back` characters (at most `maxBack`) to where a match must start,
   * and run the pattern there only. The pattern then needs the sticky `y` flag instead of `g`.
   * Much faster than letting the regex try every position of every file.
   */
  anchor?: {
    literal: string;
    back: RegExp;
    maxBack: number;
    /** A cheap look at the characters around the literal; false skips the hit without a regex. */
    quick?: (text: string, at: number) => boolean;
    /** Characters `back` walks over that may not start a match (an opening quote): dropped from the start. */
    skip?: RegExp;
  };
}

type Found = Omit<Finding, 'priority'>;

/** Adds one match's finding (its `value` group when it has one) unless it is empty or refused. */
function take(rule: PatternRule, quick: RegExp | null, m: RegExpExecArray, text: string, out: Found[]): void {
  let start = m.index;
  let value = m[0];
  const group = m.indices?.groups?.value;
  if (group && m.groups?.value !== undefined) {
    start = group[0];
    value = m.groups.value;
  } else if (quick && m.groups?.value !== undefined) {
    // The group ends the match (only lookarounds after it): its offset needs no `d` flag.
    value = m.groups.value;
    start = m.index + m[0].length - value.length;
  }
  if (value.length === 0) return;
  if (rule.accept && !rule.accept(value, text, start)) return;
  out.push({ kind: rule.kind, start, end: start + value.length });
}

/** Runs an anchored rule at one hit of its literal; returns where the rule may next look (after a match, past it). */
function tryAnchoredAt(rule: PatternRule, anchor: NonNullable<PatternRule['anchor']>, text: string, at: number, out: Found[]): number {
  let from = at + anchor.literal.length;
  if (anchor.quick && !anchor.quick(text, at)) return from;
  let start = at;
  while (start > 0 && at - start <= anchor.maxBack && anchor.back.test(text[start - 1])) start--;
  while (anchor.skip && start < at && anchor.skip.test(text[start])) start++;
  if (at - start > anchor.maxBack) return from;
  const re = rule.pattern;
  re.lastIndex = start;
  const m = re.exec(text);
  if (m === null) return from;
  from = Math.max(from, m.index + m[0].length);
  take(rule, null, m, text, out);
  return from;
}

function collectAnchored(rule: PatternRule, anchor: NonNullable<PatternRule['anchor']>, text: string, out: Found[]): void {
  let from = 0;
  for (let at = text.indexOf(anchor.literal, from); at >= 0; at = text.indexOf(anchor.literal, from)) from = tryAnchoredAt(rule, anchor, text, at, out);
}

const signatureScans = new WeakMap<readonly PatternRule[], { re: RegExp; byLiteral: Map<string, PatternRule[]> }>();

/**
 * Anchored rules whose literals are rare and many (signatures inside keys): one regular expression
 * finds every literal in one pass, where an indexOf per literal would read the text once each.
 */
export function findBySignatures(rules: readonly PatternRule[], text: string): Found[] {
  let scan = signatureScans.get(rules);
  if (scan === undefined) {
    const byLiteral = new Map<string, PatternRule[]>();
    for (const rule of rules) {
      if (!rule.anchor) throw new Error(`${rule.kind}: a signature rule needs an anchor`);
      byLiteral.set(rule.anchor.literal, [...(byLiteral.get(rule.anchor.literal) ?? []), rule]);
    }
    const literals = [...byLiteral.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
    scan = { re: new RegExp(literals.join('|'), 'g'), byLiteral };
    signatureScans.set(rules, scan);
  }
  const out: Found[] = [];
  const next = new Map<PatternRule, number>();
  const re = scan.re;
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    for (const rule of scan.byLiteral.get(m[0]) ?? []) {
      if (m.index < (next.get(rule) ?? 0)) continue;
      next.set(rule, tryAnchoredAt(rule, rule.anchor!, text, m.index, out));
    }
    re.lastIndex = m.index + 1;
  }
  return out;
}

function collectGlobal(rule: PatternRule, text: string, out: Found[]): void {
  const quick = withoutIndices(rule.pattern);
  const re = quick ?? rule.pattern;
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (m[0].length === 0) re.lastIndex++;
    take(rule, quick, m, text, out);
  }
}

/**
 * Runs pattern rules over a text and returns their findings. Plain loops into one array, not
 * generators: this runs for every rule of every chunk, and an iterator per rule cost more than
 * most of the rules' own matching.
 */
export function findByRules(rules: readonly PatternRule[], text: string): Found[] {
  const out: Found[] = [];
  hintsSeen = 0;
  for (const rule of rules) {
    if (rule.hint !== undefined && !(typeof rule.hint === 'string' ? hasHint(text, rule.hint) : rule.hint.some((h) => hasHint(text, h)))) continue;
    if (rule.anchor) collectAnchored(rule, rule.anchor, text, out);
    else collectGlobal(rule, text, out);
  }
  return out;
}

// Each hint is looked for once per text and rule list: several rules share one (`uthorization`, `curl`),
// and a search for a word that opens with a common letter costs as much as a pass of a simple regex.
const seenHints: string[] = [];
const seenFound: boolean[] = [];
let hintsSeen = 0;

function hasHint(text: string, hint: string): boolean {
  for (let i = 0; i < hintsSeen; i++) if (seenHints[i] === hint) return seenFound[i];
  const found = text.includes(hint);
  if (hintsSeen < 32) {
    seenHints[hintsSeen] = hint;
    seenFound[hintsSeen++] = found;
  }
  return found;
}
