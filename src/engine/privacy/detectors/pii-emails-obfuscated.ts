import type { Finding } from '../detector';
import type { KeyedRule, KeywordTable } from '../keyed-scan';

// E-mail addresses written against harvesters, beyond the ` at … dot ` words of pii-credits.ts:
// the `@` or a dot in any bracket and either case (`jane{at}example{dot}com`,
// `john.doe@protectai[DOT]com`, `kim <AT> mail <DOT> org`), the `@` as an HTML entity
// (`jane&#64;example.com`) or a full-width `＠`, spaces around a real `@` (`jane @ example.com`), and a
// local part whose dots are spelled too (`john(dot)doe(at)…`, `john dot doe at … dot com`).

const LOCAL_PART = '[\\p{L}\\p{N}_%+-]{1,64}';
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?';
/** A dot in brackets, either case, spaces allowed inside and around (`[dot]`, `( DOT )`, `{dot}`, `<dot>`). */
const BRACKET_DOT = ' ?[\\[({<] ?(?:dot|DOT|Dot) ?[\\])}>] ?';
const ANY_DOT = `(?:\\.|${BRACKET_DOT})`;
/** Top-level domains a spaced form must end in: `x @ y.z` is matrix product or a decorator in code. */
const COMMON_TLDS = 'com|org|net|edu|gov|io|dev|co|uk|de|fr|es|it|nl|ru|jp|cn|in|br|au|ca|ch|se|no|fi|dk|pl|be|at|info|me|us|ai|app';

/** The `@` as an HTML entity or a full-width sign; the bracketed `at` is a keyword of the personal-data scan (below). */
const AT_SIGNS = ['&#64;', '&#064;', '&#x40;', '＠'];

/** Before an `@` form, back to the local part's start: words joined by dots, plain or spelled (`john(dot)doe`, `john dot doe`). */
const LOCAL_BEFORE = new RegExp(`(?<![\\p{L}\\p{N}_%+.-])${LOCAL_PART}(?:(?:\\.|${BRACKET_DOT}| (?:dot|DOT) )${LOCAL_PART}){0,4} ?$`, 'u');
/** After it, the domain: labels joined by plain or bracketed dots, then a top-level domain. */
const DOMAIN_AFTER = new RegExp(` ?${LABEL}(?:${ANY_DOT}${LABEL}){0,4}${ANY_DOT}[A-Za-z]{2,24}(?![\\p{L}\\p{N}-])`, 'yu');
/**
 * A bracketed `dot` in the 80 characters after `at`, on its line: a loop, since a regex on a slice
 * at every `@` of a file cost more than the rest of the scan.
 */
function dotAhead(text: string, at: number): boolean {
  const end = Math.min(text.length, at + 80);
  for (let i = at + 1; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) return false;
    // [ ( { <, then `dot` in either case, maybe after a space.
    if (c === 91 || c === 40 || c === 123 || c === 60) {
      const j = text.charCodeAt(i + 1) === 32 ? i + 2 : i + 1;
      if ((text.charCodeAt(j) | 32) === 100 && (text.charCodeAt(j + 1) | 32) === 111 && (text.charCodeAt(j + 2) | 32) === 116) return true;
    }
  }
  return false;
}
/** A real `@` with spaces around it, and a common top-level domain. */
const SPACED_DOMAIN = new RegExp(` ?@ ?${LABEL}(?:\\.${LABEL}){0,4}\\.(?:${COMMON_TLDS})(?![\\p{L}\\p{N}.-])`, 'yu');

function addFrom(text: string, at: number, formEnd: number, domain: RegExp, out: Omit<Finding, 'priority'>[]): void {
  const local = LOCAL_BEFORE.exec(text.slice(Math.max(0, at - 120), at));
  if (!local) return;
  domain.lastIndex = formEnd;
  const d = domain.exec(text);
  if (!d) return;
  out.push({ kind: 'email', start: at - local[0].length, end: formEnd + d[0].length });
}

/**
 * Obfuscated e-mail addresses around a real `@` (a bracketed dot after it, spaces around it), an
 * HTML entity or a full-width sign, each one `email` finding over the whole address.
 */
export function findObfuscatedEmails(text: string, out: Omit<Finding, 'priority'>[]): void {
  for (const sign of AT_SIGNS) {
    for (let at = text.indexOf(sign); at >= 0; at = text.indexOf(sign, at + 1)) addFrom(text, at, at + sign.length, DOMAIN_AFTER, out);
  }
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    if (dotAhead(text, at)) addFrom(text, at, at + 1, DOMAIN_AFTER, out);
    else if (text[at - 1] === ' ' || text[at + 1] === ' ') {
      const start = text[at - 1] === ' ' ? at - 1 : at;
      SPACED_DOMAIN.lastIndex = start;
      const d = SPACED_DOMAIN.exec(text);
      const local = d && LOCAL_BEFORE.exec(text.slice(Math.max(0, start - 120), start));
      // A spaced `@` between a word and a domain: not a decorator (`@ app.get`) nor a local part of `dot` words.
      if (d && local && local[0].trim().length >= 2 && /^[\p{L}\p{N}]/u.test(local[0]) && !/ (?:dot|DOT) /.test(local[0])) {
        out.push({ kind: 'email', start: start - local[0].length, end: start + d[0].length });
      }
    }
  }
}

/** Spelled dots before an address's local part: the words they join belong to it (`john dot doe at …`, `john(dot)doe(at)…`). */
const SPELLED_BEFORE = new RegExp(`(?<![\\p{L}\\p{N}_%+.-])(?:${LOCAL_PART}(?:${BRACKET_DOT}| (?:dot|DOT) )){1,4}$`, 'u');

/** Moves the start of each spelled-out address back over the words its spelled dots join. */
export function extendSpelledLocalParts(text: string, found: Omit<Finding, 'priority'>[]): void {
  for (const f of found) {
    if (f.kind !== 'email' || f.start === 0 || !/[ )\]}>]/.test(text[f.start - 1])) continue;
    const m = SPELLED_BEFORE.exec(text.slice(Math.max(0, f.start - 120), f.start));
    if (m) f.start -= m[0].length;
  }
}

const OPENING: Record<string, string> = { ']': '[', ')': '(', '}': '{', '>': '<' };

/**
 * `jane[at]example[dot]com`, `kim (AT) mail (DOT) org`: the bracketed `at` is found by the one
 * keyword scan of personal data (a search of its own over every text cost 2 % of the scrub); the
 * address around it is read from there.
 */
const bracketedAt: KeyedRule = {
  kind: 'email',
  standalone: true,
  before: (text, at, out) => {
    const close = text[at + 2] === ' ' ? at + 3 : at + 2;
    const open = text[at - 1] === ' ' ? at - 2 : at - 1;
    if (open < 1 || OPENING[text[close]] !== text[open]) return;
    addFrom(text, open, close + 1, DOMAIN_AFTER, out);
  },
  // Everything is done before: the address starts before the keyword.
  pattern: /(?!)/y,
};

/** The keyword of a bracketed `at`, for the one keyword scan of personal data (pii-personal.ts). */
export const bracketedAtKeywords: KeywordTable = [{ words: ['at'], rule: bracketedAt, sources: ['at(?= ?[\\])}>])'] }];
