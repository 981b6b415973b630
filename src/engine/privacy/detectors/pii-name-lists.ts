import type { Finding } from '../detector';
import { allCodeWords, isCodeWord } from './code-words';
import { isGivenName } from './given-names';
import { NAME_WORD } from './pii-names';
import { readsAsName } from './pii-prose-people';

// People listed together (`Attendees: Ana Pereira, Wiebke Oltmanns, Tom Brandt`, `with Keiko Tanaka
// and Sigrun Halvorsen`): one of them found (a listed given name, a label, a title) says its
// neighbours in the list are people too, whatever their given names. Code lists capitalised words
// as well (`Array, Map and Set`), so a neighbour needs two name words or more, none of them a word
// of code, a role or an organisation, and nothing after it that goes on as code.

/** Two or three name words, maybe an initial or a particle between (`Jan van Dijk`, `Ana M. Ruiz`). */
const LISTED =
  `${NAME_WORD}(?: (?:\\p{Lu}\\. |(?:de|da|do|dos|van|von|der|den|la|le|di|del) (?:la |der |den )?)?${NAME_WORD}){1,2}`;
/** What separates the names of a list: a comma, a semicolon, `and`, `&`, `, and`. */
const SEP = '(?:, and |,? & |[,;] ?| and )';
/** After a name of a list: another separator, the sentence's end, a bracket or the line's end. */
const LIST_GOES_ON = /^(?:[,;)]|\.(?![\p{L}\p{N}])|[ \t]*(?:\r?\n|$)| and | & |,? and |[ \t]+\()/u;

const NEXT = new RegExp(`^(${SEP})(${LISTED})`, 'u');
/**
 * The name before: starting the list's line, its label's value or the item after a separator; or
 * two name words after a space, the list's first item in a sentence (`Thanks to Wiebke Oltmanns;`).
 */
const PREVIOUS = new RegExp(`(?:(?:^|[\\n(:]\\s*|[,;] ?| and | & )(${LISTED})| (${NAME_WORD} ${NAME_WORD}))${SEP}$`, 'u');

/** How far from a name its neighbour in a list may start. */
const REACH = 80;

function listedName(value: string): boolean {
  // `Bridgewater's Parker Suknović`: a possessive names a company's or a team's person, not one of the list.
  return !/['’]s(?: |$)/.test(value) && readsAsName(value, false) && !allCodeWords(value);
}

/** Adds the unfound neighbours, in a list, of the names already found; each found neighbour is looked around in turn. */
export function extendNameLists(text: string, out: Omit<Finding, 'priority'>[]): void {
  const starts = new Set<number>();
  const queue: Omit<Finding, 'priority'>[] = [];
  for (const f of out) {
    if (f.kind !== 'person_name') continue;
    starts.add(f.start);
    queue.push(f);
  }
  const add = (start: number, end: number) => {
    if (starts.has(start)) return;
    starts.add(start);
    const f = { kind: 'person_name', start, end };
    out.push(f);
    queue.push(f);
  };
  for (let i = 0; i < queue.length && i < 200; i++) {
    const { start, end } = queue[i];
    const next = NEXT.exec(text.slice(end, end + REACH));
    if (next) {
      const nextEnd = end + next[0].length;
      // The list's last item (`and Sigrun Halvorsen`) may go on with the sentence (` yesterday`).
      const goesOn = LIST_GOES_ON.test(text.slice(nextEnd, nextEnd + 8)) || (/and |& /.test(next[1]) && / \p{Ll}/u.test(text.slice(nextEnd, nextEnd + 2)));
      if (goesOn && listedName(next[2])) add(nextEnd - next[2].length, nextEnd);
    }
    const from = Math.max(0, start - REACH);
    const prev = PREVIOUS.exec(text.slice(from, start));
    const name = prev?.[1] ?? prev?.[2];
    if (prev && name && listedName(name)) {
      const prevStart = from + prev.index + prev[0].indexOf(name);
      add(prevStart, prevStart + name.length);
    }
  }
}

/** The single words before a list's ` and `: two to nine capitalised words with commas between (and maybe one before ` and `). */
const WORDS_BEFORE_AND = /(?:^|[\s:(])((?:\p{Lu}\p{Ll}{1,20}, ){1,8}\p{Lu}\p{Ll}{1,20}),?$/u;
const WORD_AFTER_AND = /^\p{Lu}\p{Ll}{1,20}(?=[.,;:!?)]|\s|$)/u;

const isSmall = (c: number) => (c >= 97 && c <= 122) || (c >= 0xdf && c <= 0x24f && c !== 0xf7);

/** The word ending at `end` is capitalised and a comma and a space come before it (`…, Anna`): a cheap look before the regex. */
function capitalisedAfterComma(text: string, end: number): boolean {
  let j = end - 1;
  while (j > end - 22 && j > 0 && isSmall(text.charCodeAt(j))) j--;
  const c = text.charCodeAt(j);
  return ((c >= 65 && c <= 90) || (c >= 0xc0 && c <= 0xde)) && text.charCodeAt(j - 1) === 32 && text.charCodeAt(j - 2) === 44;
}

/**
 * People named by their given names alone, in a list (`They had 6: Gaetane, Hannah, Anthony, Derek, Anna
 * and Andrew.`): three words or more, two of them listed given names and none a word of code or of
 * NOT_PEOPLE (`Array, Map, Set and Promise` stays). Run from each ` and `, which such a list ends with.
 */
export function findGivenNameLists(text: string, out: Omit<Finding, 'priority'>[]): void {
  // `and ` without its space first: an indexOf of a string starting with a space takes twice as long.
  for (let and = text.indexOf('and '); and >= 0; and = text.indexOf('and ', and + 4)) {
    const at = and - 1;
    if (text.charCodeAt(at) !== 32) continue;
    // Cheap look first: a capital after ` and `, a small letter or a comma before it.
    const after = text.charCodeAt(at + 5);
    const before = text.charCodeAt(at - 1);
    if ((after < 65 || after > 90) && after < 0xc0) continue;
    if ((before < 97 || before > 122) && before !== 44 && before < 0xc0) continue;
    if (!capitalisedAfterComma(text, before === 44 ? at - 1 : at)) continue;
    const from = Math.max(0, at - 200);
    const m = WORDS_BEFORE_AND.exec(text.slice(from, at));
    const last = m && WORD_AFTER_AND.exec(text.slice(at + 5, at + 30));
    if (!m || !last) continue;
    // `Saint Helena, Ascension and Tristan da Cunha`: the list goes on a capitalised word, a place's name.
    if (/\p{Lu}[\p{L}.]* $/u.test(text.slice(Math.max(0, from + m.index - 30), from + m.index + 1))) continue;
    const words = [...m[1].split(', '), last[0]];
    if (words.filter(isGivenName).length < 2 || words.some((w) => isCodeWord(w) || !readsAsName(w, true))) continue;
    let start = from + m.index + m[0].indexOf(m[1]);
    for (const w of words.slice(0, -1)) {
      out.push({ kind: 'person_name', start, end: start + w.length });
      start += w.length + 2;
    }
    out.push({ kind: 'person_name', start: at + 5, end: at + 5 + last[0].length });
  }
}
