import type { Finding } from '../detector';
import { isCodeWord } from './code-words';
import { isGivenName } from './given-names';
import { readsAsName } from './pii-prose-people';

// A person spoken to at the end of a sentence of a message (`You're welcome, Jessica!`, `Thanks for the
// update, Alice.`, `Congrats, Sarah!`): a listed given name (given-names.ts), maybe a surname, after a
// comma and before the sentence's end. The words before the comma must be prose: plain words whose last
// one is lower case (`Python, Ruby, Julia.` lists languages; `f(a, Julia)` is code), or one word that
// opens a reply (`Thanks`, `Congrats`, `Sure`).

const NAME_WORD = "\\p{Lu}(?:\\p{Ll}|['’-](?=\\p{L})){1,30}";
const ADDRESSED = new RegExp(`, (?<name>${NAME_WORD}(?: ${NAME_WORD})?)(?=[!?.](?:\\s|$))`, 'gu');

/** One word that opens a reply before the person it answers (`Thanks, Anna!`). */
const REPLY_WORDS = new Set([
  'Thanks', 'Congrats', 'Congratulations', 'Sorry', 'Yes', 'No', 'Sure', 'Okay', 'Ok', 'Great', 'Welcome', 'Cheers', 'Bye', 'Goodbye',
  'Hi', 'Hello', 'Hey', 'Morning', 'Evening', 'Absolutely', 'Definitely', 'Perfect', 'Awesome', 'Wow', 'Indeed', 'Agreed', 'Noted',
]);

const CLAUSE_CHARACTER = /[\p{L}'’ ]/u;
const SENTENCE_END = /[.!?:"“\n]/;

/**
 * The clause before the comma, back to its sentence's start (80 characters at most): words, spaces and apostrophes
 * only, after the window's start or a sentence's end and blanks. Walked back once: as a pattern tried at each start
 * (`(?:^|[.!?:"“\n]\s*)[\p{L}'’ ]{1,80}$`) its blanks and spaces were split every way, 80³ steps at each comma.
 */
function clauseBefore(text: string, comma: number): string | undefined {
  const from = Math.max(0, comma - 80);
  let start = comma;
  for (let size = clauseCharacterBefore(text, start, from); size > 0; size = clauseCharacterBefore(text, start, from)) start -= size;
  if (start === comma) return undefined;
  if (start === from) return text.slice(start, comma);
  let blanks = start;
  while (blanks > from && /\s/.test(text[blanks - 1])) blanks--;
  // The sentence's end right before the blanks, or a line break among them.
  const ended = (blanks > from && SENTENCE_END.test(text[blanks - 1])) || text.slice(blanks, start).includes('\n');
  return ended ? text.slice(start, comma) : undefined;
}

/** The length of the clause's character before `at` (2 for a letter outside the BMP), or 0. */
function clauseCharacterBefore(text: string, at: number, from: number): number {
  if (at <= from) return 0;
  const low = text.charCodeAt(at - 1);
  const pair = low >= 0xdc00 && low <= 0xdfff && at - 2 >= from && (text.charCodeAt(at - 2) & 0xfc00) === 0xd800;
  return CLAUSE_CHARACTER.test(text.slice(pair ? at - 2 : at - 1, at)) ? (pair ? 2 : 1) : 0;
}

/** Whether the words before a comma read as a sentence said to someone, not a list or code. */
function proseBefore(text: string, comma: number): boolean {
  const clause = clauseBefore(text, comma)?.trim();
  if (!clause) return false;
  const words = clause.split(/ +/);
  if (words.length === 1) return REPLY_WORDS.has(words[0][0].toUpperCase() + words[0].slice(1));
  return /^\p{Ll}/u.test(words[words.length - 1]);
}

/** People addressed by their given name at the end of a sentence (see above). */
export function findAddressedPeople(text: string, out: Omit<Finding, 'priority'>[]): void {
  ADDRESSED.lastIndex = 0;
  for (let m = ADDRESSED.exec(text); m; m = ADDRESSED.exec(text)) {
    const name = m.groups!.name;
    const words = name.split(' ');
    if (!isGivenName(words[0]) || words.some(isCodeWord) || !readsAsName(name, false)) continue;
    if (!proseBefore(text, m.index)) continue;
    out.push({ kind: 'person_name', start: m.index + 2, end: m.index + 2 + name.length });
  }
}
