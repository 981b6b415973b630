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

/** The clause before the comma, back to its sentence's start (80 characters at most): words, spaces and apostrophes only. */
const PROSE_CLAUSE = /(?:^|[.!?:"“\n]\s*)(?<clause>[\p{L}'’ ]{1,80})$/u;

/** Whether the words before a comma read as a sentence said to someone, not a list or code. */
function proseBefore(text: string, comma: number): boolean {
  const clause = PROSE_CLAUSE.exec(text.slice(Math.max(0, comma - 80), comma))?.groups?.clause.trim();
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
