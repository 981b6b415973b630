import { linePrefix } from '../checks';
import type { Finding } from '../detector';
import { isCodeWord } from './code-words';
import { isGivenName } from './given-names';
import { NOT_SURNAMES, ORGANISATION_WORDS } from './pii-names';

// A name the e-mail address beside it spells: `Satya Nadella satya@microsoft.com`, `User Laura sent
// … laura@domain.ai`, `Jose Alvarez can be reached at jose.alvarez@…`. The address's local part says
// which capitalised words on its line are the person's, whatever list their name is on. An address
// in angle brackets has its name found in pii-credits.ts; a role's address (`support@`, `info@`)
// spells nobody, and neither does a project's (`flask@…` beside `Flask`) unless the word is a given
// name or a second name word stands beside it.

/** Local parts (and their pieces) that name a role, a list or a product's inbox, not a person. */
const ROLES = new Set(
  `info support admin administrator contact contacts sales help helpdesk noreply reply team hello test tests user users example mail
email webmaster security abuse postmaster office billing jobs careers press service services marketing dev devs developer developers
root git github gitlab bot bots notifications notification list lists announce maintainers maintainer feedback hr legal privacy news
newsletter orders order accounts account enquiries inquiries donotreply bounce bounces alerts alert ops owner owners staff all everyone
team core project projects opensource community the and for`.split(/\s+/),
);

const NOT_NAME = new Set([...NOT_SURNAMES, ...ORGANISATION_WORDS]);

/** The plain form of a word for comparing with an address (`José` → `jose`). */
const plain = (w: string) => w.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

const LOCAL_CHAR = /[A-Za-z0-9._%+-]/;
const DOMAIN = /^@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,24}/;
const NON_ASCII = /[^\x00-\x7f]/;
const NAME_WORD = /\p{Lu}\p{Ll}+(?:['’-]\p{Lu}\p{Ll}+)?/gu;

/** The pieces of a local part that may be a name (`jose.alvarez` → jose, alvarez); none for a role's address. */
function nameTokens(local: string): string[] {
  const pieces = local.toLowerCase().split(/[._%+-]|\d+/).filter((p) => p.length >= 3);
  if (pieces.length === 0 || ROLES.has(local.toLowerCase()) || pieces.every((p) => ROLES.has(p))) return [];
  return pieces.filter((p) => !ROLES.has(p));
}

/** Where code goes on around a word: `Laura.config`, `obj.Laura`, `Laura(`. */
function inCode(text: string, start: number, end: number): boolean {
  const before = text[start - 1] ?? ' ';
  const after = text.slice(end, end + 2);
  return /[\p{L}\p{N}_.@/$#]/u.test(before) || /^(?:[(\[<_@/]|\.[\p{L}\d_]|[\p{L}\p{N}])/u.test(after);
}

/** Whether a name word can stand beside the one an address spells: not a code word, not in code. */
function canStandBeside(text: string, word: string, start: number, end: number): boolean {
  return !NOT_NAME.has(word) && !isCodeWord(word) && !inCode(text, start, end);
}

/** Names on an address's line that its local part spells, each one `person_name` finding (with the name word beside it). */
export function findNamesOfAddresses(text: string, out: Omit<Finding, 'priority'>[]): void {
  // Addresses close together share their lines: each name is reported once, not once per address near it.
  // A span is at most a line's window long (under 1024), so start and length make one exact number.
  const reported = new Set<number>();
  // Lines of addresses close together are read again for each address: a word's plain form is worked out once.
  const plainOf = new Map<string, string>();
  const words: string[] = [];
  const starts: number[] = [];
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    let from = at;
    while (from > 0 && at - from < 64 && LOCAL_CHAR.test(text[from - 1])) from--;
    if (from === at || !DOMAIN.test(text.slice(at, at + 260))) continue;
    const tokens = nameTokens(text.slice(from, at));
    if (tokens.length === 0) continue;
    // At most 200 characters either side, each looked for within them: on one long line of addresses,
    // a search for the line's ends from every `@` would go over the whole line each time.
    const lineStart = from - linePrefix(text, from, 200).prefix.length;
    const nl = text.slice(at, at + 201).indexOf('\n');
    const lineEnd = nl >= 0 ? at + nl : Math.min(text.length, at + 200);
    const line = text.slice(lineStart, lineEnd);
    // On a line of ASCII a word the address spells is the token with a capital (`Deuser` for `deuser@`):
    // without one, the line's words need no look.
    if (!NON_ASCII.test(line) && !tokens.some((t) => line.includes(t[0].toUpperCase() + t.slice(1)))) continue;
    words.length = 0;
    starts.length = 0;
    let spelt = false;
    NAME_WORD.lastIndex = 0;
    for (let m = NAME_WORD.exec(line); m !== null; m = NAME_WORD.exec(line)) {
      const word = m[0];
      words.push(word);
      starts.push(lineStart + m.index);
      let p = plainOf.get(word);
      if (p === undefined) plainOf.set(word, (p = plain(word)));
      if (!spelt && tokens.includes(p)) spelt = true;
    }
    // Most lines hold no word the address spells: nothing more to look at.
    if (!spelt) continue;
    for (let i = 0; i < words.length; i++) {
      const word = words[i];
      const wStart = starts[i];
      const wEnd = wStart + word.length;
      if (wStart >= from && wStart <= at + 260) continue;
      if (!tokens.includes(plainOf.get(word)!) || NOT_NAME.has(word) || isCodeWord(word) || inCode(text, wStart, wEnd)) continue;
      // The name word beside it, one space away: `Satya Nadella`, `Laura Kim`.
      const before = i > 0 && canStandBeside(text, words[i - 1], starts[i - 1], starts[i - 1] + words[i - 1].length) &&
        text.slice(starts[i - 1] + words[i - 1].length, wStart) === ' ';
      const after = i + 1 < words.length && canStandBeside(text, words[i + 1], starts[i + 1], starts[i + 1] + words[i + 1].length) &&
        text.slice(wEnd, starts[i + 1]) === ' ';
      const start = before ? starts[i - 1] : wStart;
      const end = after ? starts[i + 1] + words[i + 1].length : wEnd;
      if (start === wStart && end === wEnd && !isGivenName(word)) continue;
      const key = start * 1024 + (end - start);
      if (reported.has(key)) continue;
      reported.add(key);
      out.push({ kind: 'person_name', start, end });
    }
  }
}
