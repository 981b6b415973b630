import type { Finding } from '../detector';
import { isGivenName } from './given-names';

// A person named as the owner of their personal data: `Kate's social security number is …`,
// `Dan May's phone number`, `Send it to Priya's email`. The noun says a person owns what follows;
// the owner must still be a listed given name (one word alone is a name only then), so
// `Python's address space` and `Redis's password` stay.

/** What only a person has: the nouns of the personal data this scrubber hides, after `'s`. */
const OWNED = new RegExp(
  "['’]s (?:social security|ssn|(?:tele|cell|mobile )?phone|mobile|cell|e-?mail|(?:home |postal |street |mailing )?address|" +
    "passport|date of birth|birth ?date|birthday|dob|driver['’]?s? licen[cs]e|credit card|card number|bank account|" +
    'account number|iban|salary|medical record|diagnosis|national id|id number|tax id|licen[cs]e plate)(?![\\p{L}\\p{N}_])',
  'giu',
);

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
    if (first && isGivenName(first.word)) out.push({ kind: 'person_name', start: first.start, end: m.index });
    else if (isGivenName(owner.word)) out.push({ kind: 'person_name', start: owner.start, end: m.index });
  }
}
