import type { Finding } from './detector';
import { escapeRegExp } from '../text/escape-regexp';

// Values that only the word before them gives away (a date after "date of birth", nine digits
// after "SSN"): one case-insensitive pass finds every such word, and the rule for that word is
// read from the hit on. One pass for all the words, factored by first letter, which V8 runs
// several times faster than one flat alternation; the rules' own patterns run only at hits.

/** The source of a pattern matching `word` in any letter case (keys come as dob, DOB, Dob). */
export function anyCase(word: string): string {
  return word.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`);
}

/** Between a key and its value, on its line: quotes, `:`, `=`, `=>`, `#`, a few spaces, or `is` (German `ist`). */
/**
 * Words as one alternation whose first letter may be a capital (`Kontonummer`, `kontonummer`),
 * longest first so a word is not cut to a shorter one that begins it; `space` stands for each space.
 */
export function capitalisedOrNot(words: readonly string[], space = ' '): string {
  return [...words]
    .sort((a, b) => b.length - a.length)
    .map((w) => `[${w[0]}${w[0].toUpperCase()}]${escapeRegExp(w.slice(1)).replace(/ /g, space)}`)
    .join('|');
}

export const SEP = `["']?[ \\t]{0,3}(?:[:=#]>?|[ \\t][iI][sS][tT]?:?[ \\t])?[ \\t]{0,3}["']?`;
/** Words of a key joined by a space, `_`, `-`, or nothing (dateOfBirth, date_of_birth, date of birth). */
export const J = '[ _-]?';
/** What may follow a key's last word before the separator: no., number, #, id, and the `n°`/`nº` of French, Spanish and Italian. */
export const NUMBER_WORD = `(?:${J}(?:${anyCase('no')}|${anyCase('nr')}|${anyCase('num')}(?:${anyCase('ber')})?|#|${anyCase('id')}|[nN][°º]))?\\.?`;

export interface KeyedRule {
  kind: string;
  /**
   * Read from the keyword's first character (sticky flag `y`). Its `value` group is what is
   * redacted and ends the match but for lookarounds, so its offset needs no `d` flag
   * (indices on every match cost more than the matching).
   */
  pattern: RegExp;
  accept?: (value: string, text: string, start: number) => boolean;
  /** The keyword must not continue a word (`ssn` in `classname`, `vin` in `moving`). */
  standalone?: boolean;
  /** Looks before the keyword at `at` too (`Ann Lee lives at`: the person precedes the verb); run at every hit, before the pattern. */
  before?: (text: string, at: number, out: Omit<Finding, 'priority'>[]) => void;
}

/**
 * Keywords and the rule each starts. A keyword's words are separated by spaces, which the text may
 * write as `_`, `-` or nothing; `sources` (patterns, each starting with a letter) replace the
 * patterns made from the words where the text around them matters (`Mr. `, `Dr. `).
 */
export type KeywordTable = ReadonlyArray<{ words: readonly string[]; rule: KeyedRule; sources?: readonly string[] }>;

const normal = (word: string) => word.toLowerCase().replace(/[ _.-]/g, '');

/** One scanner for a table: its keyword pass, and the rule for each hit. */
export class KeyedScan {
  private readonly keyword: RegExp;
  /** Keywords of the rules that are not standalone, as camelCase writes them after a lower-case letter. */
  private readonly hump: RegExp;
  /** The rules of each keyword, tried in the table's order until one finds a value (`I'm` opens a name and a position). */
  private readonly rules = new Map<string, KeyedRule[]>();
  /** Every kind the table's rules report. */
  readonly kinds: string[];

  constructor(table: KeywordTable) {
    const byFirst = new Map<string, string[]>();
    const humps: string[] = [];
    for (const { words, rule, sources } of table) {
      for (const w of words) this.rules.set(normal(w), [...(this.rules.get(normal(w)) ?? []).filter((r) => r !== rule), rule]);
      for (const source of sources ?? words.map((w) => w.split(' ').map(escapeRegExp).join('[ _-]?'))) {
        // The scan is factored by first character: a source must start with a literal letter.
        if (!/^[a-z]/i.test(source)) throw new Error(`keyword source '${source}' must start with a letter`);
        byFirst.set(source[0], [...(byFirst.get(source[0]) ?? []), source.slice(1)]);
      }
      if (!rule.standalone) humps.push(...words.filter((w) => !w.includes('.')).flatMap(camelSpellings));
    }
    // Keywords start a word or follow `_` (`billing_address`); trying every keyword at every letter inside
    // words cost twice as much. Glued to a lower-case letter, a keyword counts in camelCase (`dateOfBirth`).
    this.keyword = new RegExp(`(?:\\b|_)(?:${alternation(byFirst)})`, 'gi');
    this.hump = new RegExp(`[a-z](?:${[...new Set(humps)].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|')})`, 'g');
    this.kinds = [...new Set(table.map((e) => e.rule.kind))];
  }

  /** Spellings met so far (`Name: `, `SSN`, `tax_id`), each normalised once. */
  private readonly spellings = new Map<string, string>();

  private normalised(hit: string): string {
    let key = this.spellings.get(hit);
    if (key === undefined) {
      key = normal(hit);
      if (this.spellings.size < 10_000) this.spellings.set(hit, key);
    }
    return key;
  }

  find(text: string, out: Omit<Finding, 'priority'>[]): void {
    this.scan(this.keyword, text, out);
    this.scan(this.hump, text, out);
  }

  private scan(keyword: RegExp, text: string, out: Omit<Finding, 'priority'>[]): void {
    keyword.lastIndex = 0;
    for (let m = keyword.exec(text); m !== null; m = keyword.exec(text)) {
      // The `_` before a keyword, or the lower-case letter before a hump, is not part of it.
      const glued = m[0][0] === '_' || keyword === this.hump ? 1 : 0;
      const at = m.index + glued;
      const rules = this.rules.get(this.normalised(glued ? m[0].slice(1) : m[0]));
      if (!rules) continue;
      for (const rule of rules) {
        if (rule.standalone && wordCharAt(text, at - 1)) continue;
        rule.before?.(text, at, out);
        rule.pattern.lastIndex = at;
        const found = rule.pattern.exec(text);
        const value = found?.groups?.value;
        if (!found || !value) continue;
        const end = found.index + found[0].length;
        const start = end - value.length;
        if (rule.accept && !rule.accept(value, text, start)) continue;
        out.push({ kind: rule.kind, start, end });
        keyword.lastIndex = Math.max(keyword.lastIndex, end);
        break;
      }
    }
  }
}

/** A keyword as camelCase writes it inside an identifier: `Birth`, `FirstName`, and `DOB` in capitals. */
function camelSpellings(word: string): string[] {
  const camel = word.split(' ').map((w) => w[0].toUpperCase() + w.slice(1)).join('');
  return word.includes(' ') ? [camel] : [camel, word.toUpperCase()];
}

/** Keywords factored by first letter (V8 runs this several times faster than one flat alternation), longest first. */
function alternation(byFirst: Map<string, string[]>): string {
  // Longest first, so `account number` is not cut to a shorter keyword that shares its start.
  return [...byFirst].map(([c, rests]) => `${escapeRegExp(c)}(?:${rests.sort((a, b) => b.length - a.length).join('|')})`).join('|');
}

/** A letter, digit or `_` at `i` (false before the text's start). */
function wordCharAt(text: string, i: number): boolean {
  if (i < 0) return false;
  const c = text.charCodeAt(i);
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c > 127;
}
