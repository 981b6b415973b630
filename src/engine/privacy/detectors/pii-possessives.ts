import type { Finding } from '../detector';
import { isCodeWord } from './code-words';
import { isGivenName } from './given-names';
import { NOT_SURNAMES, ORGANISATION_WORDS } from './pii-names';

// A person named as the owner of their personal data: `Kate's social security number is …`,
// `Dan May's phone number`, `Send it to Priya's email`. The noun says a person owns what follows;
// the owner must still be a listed given name (one word alone is a name only then), so
// `Python's address space` and `Redis's password` stay. Two capitalised words own it as a full name
// whatever the given name (`Vinod Reddy's phone number`, `Pranav Desai's Aadhaar number`) before what
// only a person has (not an address, which servers and companies have too), unless a word is code's or a company's.

/** What only a person has: the nouns of the personal data this scrubber hides, after `'s`. */
const OWNED = new RegExp(
  "['’]s (?:social security|ssn|(?:tele|cell|mobile )?phone|mobile|cell|e-?mail|(?:home |postal |street |mailing )?address|" +
    "passport|date of birth|birth ?date|birthday|dob|driver['’]?s? licen[cs]e|credit card|card number|bank account|" +
    'account number|iban|salary|medical record|diagnosis|national id|id number|tax id|licen[cs]e plate|aadhaa?r|contact details)(?![\\p{L}\\p{N}_])',
  'giu',
);

/** The nouns of what only a person has, for an owner whose given name is not listed. */
const ONLY_A_PERSON = new RegExp(
  "^['’]s (?:social security|ssn|(?:tele|cell|mobile )?phone|e-?mail|passport|date of birth|birth ?date|dob|driver|credit card|bank account|" +
    'medical record|national id|tax id|aadhaa?r|contact details)(?:[ -]?(?:number|no\\.?|address|id))?' +
    // A product's feature is no person's: `Google Cloud's email service`, `Acme Pay's phone API`.
    '(?! (?:service|server|api|provider|client|app|integration|support|settings|template|field|format|validation|feature|gateway|system)s?\\b)',
  'iu',
);
/** Companies whose two-word products own features as persons own data (`Google Cloud's email`). */
const BRANDS = new Set(['Google', 'Microsoft', 'Amazon', 'Apple', 'Meta', 'Facebook', 'Azure', 'Oracle', 'Adobe', 'Cisco', 'Salesforce', 'Twilio']);
const ORGANISATIONS = new Set(ORGANISATION_WORDS);
/** A word that may be part of a person's name: not a word of code, of a company or of a sentence's start (`The Company's`). */
const nameWord = (word: string) => !NOT_SURNAMES.has(word) && !ORGANISATIONS.has(word) && !BRANDS.has(word) && !isCodeWord(word);

/** A capitalised word ending just before `end` (at most 24 letters), or undefined. */
function wordBefore(text: string, end: number): { start: number; word: string } | undefined {
  let start = end;
  while (start > 0 && end - start < 24 && /\p{L}/u.test(text[start - 1])) start--;
  const word = text.slice(start, end);
  if (!/^\p{Lu}\p{Ll}+$/u.test(word)) return undefined;
  // Inside code: `obj.Kate's`, `_Kate's`, a digit glued on.
  if (start > 0 && /[\p{N}_.$@#/\\-]/u.test(text[start - 1])) return undefined;
  return { start, word };
}

/** Given names before `'s` and a noun of personal data: the owner (and a surname before the `'s`, after a given name). */
export function findPossessiveOwners(text: string, out: Omit<Finding, 'priority'>[]): void {
  if (!text.includes('s ')) return;
  OWNED.lastIndex = 0;
  for (let m = OWNED.exec(text); m !== null; m = OWNED.exec(text)) {
    const owner = wordBefore(text, m.index);
    if (!owner) continue;
    const first = owner.start >= 2 && text[owner.start - 1] === ' ' ? wordBefore(text, owner.start - 1) : undefined;
    if (first && (isGivenName(first.word) || (ONLY_A_PERSON.test(text.slice(m.index, m.index + 80)) && nameWord(first.word) && nameWord(owner.word)))) {
      out.push({ kind: 'person_name', start: first.start, end: m.index });
    } else if (isGivenName(owner.word)) out.push({ kind: 'person_name', start: owner.start, end: m.index });
  }
}
