import type { Finding } from '../detector';
import type { KeyedRule, KeywordTable } from '../keyed-scan';
import { allCodeWords, isCodeWord } from './code-words';
import { NAME_WORD } from './pii-names';
import { readsAsName } from './pii-prose-people';

// Streets of countries whose names carry no street word a rule could know (`Jahu 80`, `Edeby 55`,
// `Luite tee 87`, `Μεγάλη Άμμος 184`), found by what stands around them: a verb that says someone
// lives or receives mail there (`lives at 92597 Jahu 80, Liiva`), or the flat after them (`28030
// Edeby 55` / `Apt. 297`). A capitalised word then a number is everywhere in code (`Node 18`,
// `Chapter 3, Unit 4`), so words of code, headings and numbered things are refused.

type Found = Omit<Finding, 'priority'>;

/** A street's first word (capitalised, any script) and the words after it, any case (`tee`, `mnt`, `u.`). */
const FIRST = "\\p{Lu}[\\p{L}'’.-]{1,30}";
const MORE = "[\\p{L}'’.-]{1,30}";
/** The house number (`80`, `12a`, `84/92`, `12.` as Hungarian addresses write it). */
const HOUSE = '\\d{1,5}[a-zA-Z]?(?:/\\d{1,4}[a-zA-Z]?)?';
/** A town's word after the street: no dot, which ends the sentence there. */
const TOWN = "\\p{Lu}[\\p{L}'’-]{1,30}";
const STREET = `(?:\\d{1,6} )?${FIRST}(?: ${MORE}){0,3} ${HOUSE}`;

/** Words that number things, not streets (`Chapter 3`, `Step 2`), and the small words that start a sentence. */
const NUMBERED =
  /^(?:Chapter|Section|Lesson|Part|Module|Level|Step|Phase|Page|Volume|Vol\.?|Test|Tests|Case|Item|Issue|Figure|Fig\.?|Table|Line|Row|Column|Day|Week|Year|Version|Room|Floor|Building|Block|Lot|The|A|An|In|On|At|To|Of|For|And|Or|See|Node|Python|Java|Ruby|Go|Rust|Vue|React|Angular|Windows|Ubuntu|Debian|Fedora|Android|Ios|iOS|Mac|Macos|Firefox|Chrome|Safari|Edge|Opera)$/;

function streetWords(value: string): boolean {
  const words = value.split(' ').filter((w) => /^\p{L}/u.test(w));
  return words.length > 0 && !NUMBERED.test(words[0]) && !words.some(isCodeWord) && !allCodeWords(value);
}

/** `lives at 92597 Jahu 80, Liiva`: the street, maybe a town after a comma, then the clause ends. */
const streetAfterVerb: KeyedRule = {
  kind: 'street_address',
  standalone: true,
  pattern: new RegExp(
    '(?:(?:lives|live|living|resides?) at |(?:ship|send|mail|deliver)(?: it)? to )' +
      `(?<value>${STREET}(?:, ${TOWN}(?:[ -]${TOWN}){0,2})?)(?=[ \\t]*(?:[,.;!?)]|\\r?\\n|$))`,
    'yu',
  ),
  accept: streetWords,
};

/** The keywords of these, for the one keyword scan of personal data (pii-personal.ts). */
export const proseAddressKeywords: KeywordTable = [
  {
    words: ['lives at', 'live at', 'living at', 'resides at', 'reside at', 'ship to', 'ship it to', 'send it to', 'mail it to', 'deliver to', 'deliver it to'],
    rule: streetAfterVerb,
  },
];

/** The street before a flat: at the end of the text before it, then a comma, one or two spaces or a line break. */
const STREET_BEFORE_UNIT = new RegExp(`(?:^|[\\s>?:,])(${STREET})\\.?(?:,[ \\t]?|[ \\t]{1,2}|[ \\t]*\\r?\\n[ \\t>?*-]*)$`, 'u');
const UNIT_NUMBER = /^#?\d{1,5}[A-Za-z]?(?![\p{L}\p{N}])/u;
/** Flats written after their street (a UK `Flat 3` comes before it); each is one indexOf pass over the text. */
const UNITS = ['Apt', 'Suite '];

/**
 * Where the house number before a flat ends, its separators aside (`55\nApt.`, `23 Suite`, `12a, Apt`),
 * or -1: a cheap look before the regex.
 */
function houseNumberEnd(text: string, at: number): number {
  let j = at - 1;
  while (j > at - 8 && j > 0 && /[ \t\r\n>?*,-]/.test(text[j])) j--;
  const end = j + 1;
  if (text[j] === '.' || /[a-zA-Z]/.test(text[j])) j--;
  return /\d/.test(text[j]) ? end : -1;
}

/** Where a street ending at `end` may start at the earliest: six words back, on its line and clause (the regex then tries those starts only). */
function streetReach(text: string, end: number): number {
  let k = end;
  for (let spaces = 0; k > end - 80 && k > 0; k--) {
    const c = text[k - 1];
    if (c === '\n' || c === ',' || c === ':' || c === '>' || (c === ' ' && ++spaces > 6)) break;
  }
  return k;
}

/**
 * A street named by the flat after it (`28030 Edeby 55` / `Apt. 297`, `Ilichova 23 Suite 274`): a
 * building number before the street, or a line break between, as an address is written; the flat
 * and the lines under it are the address blocks' to add (pii-address-blocks.ts).
 */
export function findStreetsBeforeUnits(text: string, out: Found[]): void {
  for (const unit of UNITS) {
    for (let at = text.indexOf(unit); at >= 0; at = text.indexOf(unit, at + unit.length)) {
      // `Apt. 297`, `Apt 4`, `Suite 501`: the number right after.
      const after = unit === 'Apt' ? at + (text[at + 3] === '.' ? 5 : 4) : at + unit.length;
      const c = text.charCodeAt(after);
      if (!((c >= 48 && c <= 57) || c === 35) || text.charCodeAt(after - 1) !== 32 || !UNIT_NUMBER.test(text.slice(after, after + 8))) continue;
      const house = houseNumberEnd(text, at);
      if (house < 0) continue;
      const from = Math.max(0, streetReach(text, house) - 1);
      const m = STREET_BEFORE_UNIT.exec(text.slice(from, at));
      if (!m) continue;
      const street = m[1];
      const numbered = /^\d{1,6} /.test(street);
      if (!numbered && !/\n/.test(m[0])) continue;
      if (!streetWords(numbered ? street.slice(street.indexOf(' ') + 1) : street)) continue;
      const start = from + m.index + m[0].indexOf(street);
      out.push({ kind: 'street_address', start, end: start + street.length });
    }
  }
}

/** The line above a street: two or three name words, maybe an initial, alone on it (after a letter's or a mail's quoting). */
const ADDRESSEE = new RegExp(
  `(?:^|\\n)[ \\t>?*-]*(${NAME_WORD}(?: (?:\\p{Lu}\\.? )?${NAME_WORD}){1,2})[ \\t]*\\r?\\n[ \\t>?*-]*$`,
  'u',
);
/** Headings and companies an address block may have above it instead of a person. */
const HEADING_WORDS = new RegExp(
  '\\b(?:Address|Addresses|Street|Office|Offices|Headquarters|Contact|Contacts|Billing|Shipping|Mailing|Postal|Home|Work|Location|Branch|' +
    'Technologies|Technology|Agency|Solutions|Services|Systems|Partners|Holdings|Consulting|Associates|Bank|Media|Software|Enterprises|' +
    'Industries|Ventures|Capital|Networks|Studio|Studios|Group|Company|Corporation|Limited|Logistics|Health|Insurance|Research)\\b',
);

/** The person an address is written to: the line right above its street, as letters, labels and signatures put them. */
export function findAddressees(text: string, out: Found[]): void {
  const streets = out.filter((f) => f.kind === 'street_address');
  for (const f of streets) {
    const m = ADDRESSEE.exec(text.slice(Math.max(0, f.start - 100), f.start));
    if (!m || HEADING_WORDS.test(m[1]) || !readsAsName(m[1], false) || m[1].split(' ').some(isCodeWord)) continue;
    const start = f.start - m[0].length + m[0].indexOf(m[1]);
    out.push({ kind: 'person_name', start, end: start + m[1].length });
  }
}
