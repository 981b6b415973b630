import type { Finding } from '../detector';
import type { KeyedRule, KeywordTable } from '../keyed-scan';
import { allCodeWords, isCodeWord } from './code-words';

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
const UNITS = ['Apt. ', 'Apt ', 'Apartment ', 'Suite ', 'Unit ', 'Flat '];

/**
 * A street named by the flat after it (`28030 Edeby 55` / `Apt. 297`, `Ilichova 23 Suite 274`): a
 * building number before the street, or a line break between, as an address is written; the flat
 * and the lines under it are the address blocks' to add (pii-address-blocks.ts).
 */
export function findStreetsBeforeUnits(text: string, out: Found[]): void {
  for (const unit of UNITS) {
    for (let at = text.indexOf(unit); at >= 0; at = text.indexOf(unit, at + unit.length)) {
      if (!UNIT_NUMBER.test(text.slice(at + unit.length, at + unit.length + 8))) continue;
      const from = Math.max(0, at - 90);
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
