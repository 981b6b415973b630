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

const WORD_AFTER_AND = /^\p{Lu}\p{Ll}{1,20}(?=[.,;:!?)]|\s|$)/u;

const isSmall = (c: number) => (c >= 97 && c <= 122) || (c >= 0xdf && c <= 0x24f && c !== 0xf7);
const isCapital = (c: number) => (c >= 65 && c <= 90) || (c >= 0xc0 && c <= 0xde && c !== 0xd7);

/** Where the capitalised word ending at `end` starts (`Anna` in `…, Anna`), or -1: two to twenty-one letters. */
function wordStart(text: string, end: number): number {
  let j = end - 1;
  while (j > end - 21 && j > 0 && isSmall(text.charCodeAt(j))) j--;
  return j < end - 1 && isCapital(text.charCodeAt(j)) ? j : -1;
}

/**
 * The words of the list that ends at `end` (`Gaetane, Hannah, Anthony`), read backwards over `, `:
 * up to nine, each a capitalised word; [start, end] of each, first to last. A walk, not a regex
 * anchored at the end, which V8 would try from every position before it.
 */
function wordsBefore(text: string, end: number): [number, number][] {
  const words: [number, number][] = [];
  for (let to = end; words.length < 9; to -= 2) {
    const from = wordStart(text, to);
    if (from < 0) break;
    words.unshift([from, to]);
    to = from;
    if (text.charCodeAt(to - 1) !== 32 || text.charCodeAt(to - 2) !== 44) break;
  }
  return words;
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
    if (text.charCodeAt(at) !== 32 || !isCapital(text.charCodeAt(at + 5))) continue;
    const listed = wordsBefore(text, text.charCodeAt(at - 1) === 44 ? at - 1 : at);
    if (listed.length < 2) continue;
    // The list starts a line, a clause or a bracket; `Saint Helena, Ascension and Tristan da Cunha` goes on a place's name.
    const first = listed[0][0];
    if (first > 0 && !/[\s:(]/.test(text[first - 1])) continue;
    if (/\p{Lu}[\p{L}.]* $/u.test(text.slice(Math.max(0, first - 30), first))) continue;
    const last = WORD_AFTER_AND.exec(text.slice(at + 5, at + 30));
    if (!last) continue;
    const words = [...listed.map(([s, e]) => text.slice(s, e)), last[0]];
    if (words.filter(isGivenName).length < 2 || words.some((w) => isCodeWord(w) || !readsAsName(w, true))) continue;
    for (const [start, end] of listed) out.push({ kind: 'person_name', start, end });
    out.push({ kind: 'person_name', start: at + 5, end: at + 5 + last[0].length });
  }
}
