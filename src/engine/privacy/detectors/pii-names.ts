import type { Finding } from '../detector';
import { isCodeWord } from './code-words';
import { isGivenName } from './given-names';

// A person's full name in prose with nothing naming it ("Please forward this to Priya Sharma"):
// a common given name, then a capitalised surname. Names are told apart from code and titles by
// the given name (given-names.ts: common ones, without those that are also ordinary words: Will,
// Mark, Grace, June, Hunter) and by the surname (not a word that follows a name in code or docs: `Jack
// Plugin`, `Julia Set`). A name with a label, key or title before it is found in pii-personal.ts.

/** Capitalised words that follow a given name where no person is meant (`Jack Plugin`, `Julia Set`, `Thomas Theorem`). */
export const NOT_SURNAMES = new Set(
  `The And Or Of In On At To For With From By As Is Are Was Were Be Has Have Had Will Would Can Could Should May Might Must Not No
Yes All Any Some This That These Those Here There When Where What Which Who How Why If Then Else Also Only Just More Most Less Best
First Last Next One Two Three New Old Set Get Map List Type Types String Number Error Node Path File Code Data Test Tests Value Key
Name Object Array Class Function Method Plugin Preset Config Options Option Module Package Server Client App Api Team Group User
Users Admin Support Project Foundation Inc Corp Company University College School Street Road Avenue Park Hall Center Centre
Hospital Church Museum Library Station Airport Bridge River Lake Island County City State Award Prize Day Week Month Year Theorem
Algorithm Equation Problem Effect Law Number Series Transform Distribution Curve Method Prize Medal Says Said Wrote Jr Sr`.split(/\s+/),
);

/** Last words that make a name a group or a company (`The Stdlib Authors`, `Acme Labs`), not a person. */
export const ORGANISATION_WORDS = [
  'Authors', 'Contributors', 'Developers', 'Maintainers', 'Community', 'Foundation', 'Project', 'Group', 'Labs', 'Inc', 'Ltd', 'LLC',
  'Corp', 'Corporation', 'Company', 'GmbH',
];

/** One capitalised word of a name, in any script (`Núñez`, `O'Brien`, `Jean-Luc`). */
export const NAME_WORD = "\\p{Lu}(?:\\p{Ll}|['’-](?=\\p{L})){1,30}";

// Capitals first: V8 skips ahead to them; the given name is checked in the Set, the boundaries in code.
// A particle before the surname (`Van Zandt`, `de la Cruz`, `von Braun`) is part of it.
const CANDIDATE = new RegExp(
  /[A-Z][a-zß-öø-ÿĀ-ž]{1,11}(?:-[A-Z][a-zß-öø-ÿĀ-ž]{1,11})? (?:[A-Z]\. |[B-HJ-Z] )?/.source +
    /(?:(?:[Vv]an|[Vv]on|[Dd]e|[Dd]a|[Dd]i|[Dd]el|[Dd]u|[Dd]os|[Ll]e|[Ll]a|der|den|ter)(?: la| der| den)? )?/.source +
    /(?:Mc|Mac|O'|D')?[A-Z][a-zß-öø-ÿĀ-ž]{1,20}(?:-[A-Z][a-zß-öø-ÿĀ-ž]{1,20})?/.source,
  'g',
);

/** A capitalised word right after a surname: a second surname, if it is no word of NOT_SURNAMES. */
const SECOND_SURNAME = / [A-Z][a-zß-öø-ÿĀ-ž]{1,20}(?:-[A-Z][a-zß-öø-ÿĀ-ž]{1,20})?/y;

/** Letters, digits and the characters of code around a name: `Jack.Smith`, `@Jack Smith`, `JackSmith(`. */
const isWordish = (c: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36 || c === 46 || c === 64 || c === 47 ||
  c === 45 || (c >= 0xc0 && c <= 0x24f);

/** True when what follows a name makes it code: a letter or digit, `(`, or a `.` before a word (`Jack.Smith.run`). */
function continuesAsCode(text: string, end: number): boolean {
  if (end >= text.length) return false;
  const c = text.charCodeAt(end);
  if (c === 40) return true;
  if (c === 46 || c === 45 || c === 47 || c === 64) return end + 1 < text.length && isWordish(text.charCodeAt(end + 1)) && text.charCodeAt(end + 1) !== 46;
  return isWordish(c);
}

/**
 * A middle initial (`Velimir R. Janković`, `Josh W Lewis`): not the letters that enumerate or name
 * variables and languages (`Plan B`, `Appendix A.`, `X Window`, `Traditional C Unix`).
 */
const MIDDLE_INITIAL = / (?:[C-W]\.|[EGHK-PSTUW]) /;
/** Words a letter follows where it numbers something (`Section D. Scope`, `Vitamin K Intake`). */
const LETTERED = new Set(
  `Section Part Plan Option Appendix Annex Figure Table Exhibit Schedule Type Class Grade Group Vitamin Category Level Stage Phase Step
Model Series Block Unit Building Tier Zone Area Room Row Column Track Side Form Chapter Article Item Point Route Highway Interstate Gate
Terminal Platform Wing Floor Division League Pool Hall Lot Batch Lane Sector Region Note Hepatitis Size`.split(/\s+/),
);

/** A name whose given name is not on the lists but whose middle initial says it is one: no code word, no word of NOT_SURNAMES. */
function namedByInitial(candidate: string): boolean {
  if (!MIDDLE_INITIAL.test(candidate)) return false;
  const words = candidate.split(' ');
  if (LETTERED.has(words[0]) || /(?:ing|ed)$/.test(words[0])) return false;
  return !words.some((w) => NOT_SURNAMES.has(w) || isCodeWord(w));
}

/** A given name of two joined by a hyphen (`Marie-Claire`, `Jean-Luc`), each of them listed. */
const compoundGivenName = (given: string) => given.includes('-') && given.split('-').every(isGivenName);

/** A generation's suffix after a full name, with its dot or comma. */
const GENERATION = /^,? (?:Jr\.?|Sr\.?|II|III|IV)(?![\p{L}\p{N}_])/u;

/** Full names in prose (given name from the list, or a middle initial, then a surname), each one finding. */
export function findFullNames(text: string, out: Omit<Finding, 'priority'>[]): void {
  CANDIDATE.lastIndex = 0;
  for (let m = CANDIDATE.exec(text); m !== null; m = CANDIDATE.exec(text)) {
    const start = m.index;
    const space = m[0].indexOf(' ');
    const given = m[0].slice(0, space);
    if (!(isGivenName(given) || compoundGivenName(given) || namedByInitial(m[0])) || (start > 0 && isWordish(text.charCodeAt(start - 1)))) {
      // The surname may be the next pair's given name: `Dear John Smith`.
      CANDIDATE.lastIndex = start + space + 1;
      continue;
    }
    let end = start + m[0].length;
    const surname = m[0].slice(m[0].lastIndexOf(' ') + 1);
    if (NOT_SURNAMES.has(surname) || continuesAsCode(text, end)) continue;
    // A second surname, as Spanish and Portuguese names have (`Homero Guevara Melgar`).
    SECOND_SURNAME.lastIndex = end;
    const second = SECOND_SURNAME.exec(text);
    if (second && !NOT_SURNAMES.has(second[0].trim()) && !continuesAsCode(text, end + second[0].length)) end += second[0].length;
    // A generation after the name is part of it (`Martin Luther King Jr.`, `John Smith, III`).
    const suffix = GENERATION.exec(text.slice(end, end + 6));
    if (suffix) end += suffix[0].length;
    out.push({ kind: 'person_name', start, end });
    CANDIDATE.lastIndex = end;
  }
}

/** `The Kowalski family`, `the de Jong family`: a surname between `the` and `family`. */
const PARTICLES = '(?:de|del|los|las|la|le|da|di|van|von|der|den)';
const FAMILY = new RegExp(
  `(?:^|[^\\p{L}\\p{N}_.])(?:in |of |to |from |a |an )?[Tt]he ((?:${PARTICLES} ){0,2}\\p{Lu}\\p{Ll}{1,30}` +
    `(?:[ -](?:${PARTICLES} ){0,2}\\p{Lu}\\p{Ll}{1,30}){0,3}) $`,
  'u',
);

/**
 * A family named by its surname (`The Wilkinson family booked the cottage`): what a family is
 * called is a person's name. Not a family of things: `in the Lisp family`, `the Unix family of`
 * (after in/of/to/from/a, or before `of`), nor a word of NOT_SURNAMES (`the New family`).
 */
export function findFamilies(text: string, out: Omit<Finding, 'priority'>[]): void {
  for (let at = text.indexOf(' family'); at >= 0; at = text.indexOf(' family', at + 7)) {
    if (/^(?:[\p{L}\p{N}_]| of\b)/u.test(text.slice(at + 7, at + 10))) continue;
    const m = FAMILY.exec(text.slice(Math.max(0, at - 70), at + 1));
    if (!m || /(?:in|of|to|from|a|an) [Tt]he /.test(m[0]) || m[1].split(/[ -]/).some((w) => NOT_SURNAMES.has(w))) continue;
    out.push({ kind: 'person_name', start: at - m[1].length, end: at });
  }
}
