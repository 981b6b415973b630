import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import type { Finding } from '../detector';
import { capitalisedOrNot, type KeyedRule, type KeywordTable } from '../keyed-scan';

// A national phone number without its trunk 0 or country code (`Llámame al 612 34 56 78`,
// `Tel: 512 345 678`, `Ligue (11) 3456-7890`), which has no shape of its own: only the word before
// it says it is a phone. Where one says so, the digits are taken when they are a valid number
// (libphonenumber's full check, not only the length) of one of the countries that write them so.

/** Countries whose national numbers are written without a leading 0. */
const NO_TRUNK_COUNTRIES: CountryCode[] = [
  'ES', 'PL', 'BR', 'IT', 'IN', 'MX', 'PT', 'US', 'CA', 'AR', 'CO', 'CL', 'RU', 'CN', 'DK', 'NO', 'GR', 'CZ', 'SE', 'FR', 'DE', 'GB', 'NL',
];

/** True when the digits are a valid national number of a country writing them without a trunk 0, or a local `451 5986`. */
export function validSomewhere(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  // A local number of seven digits, as printed (`Phone: 451 5986`, `Tel 555-0134`): the label says enough.
  // Not one opening with 1, which no exchange does (`112-3333`: an emergency code, then a count).
  if (/^\d{3}[ -]\d{4}$/.test(value)) return !value.startsWith('1') && !/^(\d)\1\1[ -]\1{4}$/.test(value);
  if (digits.length < 8 || digits.length > 13 || /^(\d)\1+$/.test(digits) || '0123456789012'.includes(digits)) return false;
  if (/^\d{4}[-./]\d{1,2}[-./]\d{1,2}$|^\d{1,2}[-./]\d{1,2}[-./]\d{4}$/.test(value)) return false; // a date
  return NO_TRUNK_COUNTRIES.some((country) => parsePhoneNumberFromString(value, country)?.isValid() ?? false);
}

/** Words for a phone, in English and the languages whose numbers are written without a trunk 0. */
const PHONE_WORDS = [
  'phone', 'telephone', 'tel', 'mobile', 'cell', 'fax', 'telefoon', 'telepono', 'call me at', 'call me on', 'text me at', 'whatsapp', 'whatsApp',
  // Prose that gives a number to reach someone on.
  'my number', 'his number', 'her number', 'reach me at', 'reach me on', 'reach us at', 'reach us on', 'contact me at', 'contact me on',
  'text me on', 'ring me on',
  'teléfono', 'telefono', 'telefone', 'telefon', 'téléphone', 'móvil', 'movil', 'celular', 'cellulare', 'handy', 'llámame al',
  'llamame al', 'ligue', 'chiama', 'zadzwoń', 'numer telefonu', 'tlf', 'tfn',
  // Labels of a line to ring in contact lists and signatures (`Desk: 212 555 0143`, `Hotline 0800 …`).
  'desk', 'landline', 'hotline', 'direct line', 'helpline', 'sms',
];
const PHONE_WORD = capitalisedOrNot(PHONE_WORDS, '[ _-]?');

const labelledPhone: KeyedRule = {
  kind: 'phone',
  standalone: true,
  // The word (its abbreviation's dot too: `Tel. 912 345 678`), an optional `no.`/`number`/`nr`, a separator (a form may put
  // the number on the next line), then digits with the separators numbers are written with.
  pattern: new RegExp(
    `(?:${PHONE_WORD})\\.?(?:[ _-]?(?:[Nn]o\\.?|[Nn]umber|[Nn]r\\.?|#))?["']?[ \\t]{0,3}(?:[:=](?:[ \\t]*\\r?\\n)?|[ \\t](?:is|es|é|è|to))?[ \\t]{0,3}["']?` +
      // A group of up to nine digits: `(0323) 068851647`, `0279472571`; a lone first digit as some countries group them
      // (`6 71 23 45 67`, `9 518 1234`). validSomewhere bounds the whole.
      `(?<value>\\(?\\d{1,5}\\)?(?:[ .-]?\\d{2,9}){1,5})(?![\\w.-]?\\d)`,
    'y',
  ),
  accept: validSomewhere,
};

/** Verbs a number to ring follows in prose (`call 212-555-0143`, `text me on 07700 900123`, `dial 0800 123 4567`). */
const PHONE_VERBS = ['call', 'text', 'dial', 'ring', 'phone', 'reach'];

/**
 * A number after a verb that rings it: the verb is common in code (`call 12345678` counts
 * arguments), so only a whole national number is taken, ten digits or more, valid in a country that
 * writes it so; seven-digit local numbers need a label.
 */
const verbPhone: KeyedRule = {
  kind: 'phone',
  standalone: true,
  pattern: new RegExp(
    `(?:${capitalisedOrNot(PHONE_VERBS)})(?: (?:me|us|him|her|them))?(?: (?:at|on))?[ \\t]{1,3}` +
      `(?<value>\\(?\\d{2,5}\\)?(?:[ .-]?\\d{2,9}){1,4})(?![\\w.-]?\\d)`,
    'y',
  ),
  accept: (value) => value.replace(/\D/g, '').length >= 10 && validSomewhere(value),
};

/** The keywords of a labelled phone number, for the one keyword scan of personal data (pii-personal.ts). */
export const phoneKeywords: KeywordTable = [{ words: PHONE_WORDS, rule: labelledPhone }, { words: PHONE_VERBS, rule: verbPhone }];

/**
 * A validity check for a text's candidates, each distinct value checked once, at most 32 times and once more per KB of the
 * text: libphonenumber tries each country (~0.7 ms a number), a list repeats its numbers, and a file of thousands of distinct
 * candidates would take seconds. Undefined once the budget is spent: the caller stops looking.
 */
export function budgetedCheck(text: string, check: (value: string) => boolean): (value: string) => boolean | undefined {
  const checked = new Map<string, boolean>();
  let budget = 32 + (text.length >> 10);
  return (value) => {
    let ok = checked.get(value);
    if (ok === undefined) {
      if (budget-- <= 0) return undefined;
      checked.set(value, (ok = check(value)));
    }
    return ok;
  };
}

/** The line a number rings, written after it in contact blocks and signatures (`416 60 039 office`, `3660170548-Fax`). */
// Read from the number's last digit: a search that opens with a digit skips text fast, one that opens with an optional space
// tries every character (it cost 7 s over 80 MB of code, where `home` and `work` are everywhere).
const LINE_AFTER = /\d[ \t]?[-(]?(?:[Oo]ffice|OFFICE|[Ff]ax|FAX|[Mm]obile|MOBILE|[Cc]ell|CELL|[Hh]ome|HOME|[Ww]ork|WORK)\)?(?![\w\u00c0-\u024f])/g;

/** The number right before such a label: groups apart by spaces, dots or dashes (the first may be in parentheses), or one run. */
const NUMBER_BEFORE = /(?<![\w+.-])(?:\(?\d{2,5}\)?(?:[ .-]\d{2,9}){1,4}|\d{7,13})$/;

/** Years side by side (`2019 2020 work`), or one run of digits too short to be more than an id (`1234567 home`). */
const yearsOrOneRun = (value: string) => /^(?:(?:19|20)\d\d[ .-]?)+$/.test(value) || /^\d{7,8}$/.test(value);

/**
 * A national number without its trunk 0 or country code (`416 60 039 office`, `781 1704 office`) has no shape of its own,
 * but the line it rings, written after it, says it is a phone: taken when valid in a country that writes it so.
 */
export function findPhonesBeforeLines(text: string): Array<Omit<Finding, 'priority'>> {
  const out: Array<Omit<Finding, 'priority'>> = [];
  const valid = budgetedCheck(text, (n) => !yearsOrOneRun(n) && validSomewhere(n));
  LINE_AFTER.lastIndex = 0;
  for (let m = LINE_AFTER.exec(text); m !== null; m = LINE_AFTER.exec(text)) {
    const at = m.index + 1;
    const n = NUMBER_BEFORE.exec(text.slice(Math.max(0, at - 24), at));
    if (!n) continue;
    const ok = valid(n[0]);
    if (ok === undefined) break;
    if (ok) out.push({ kind: 'phone', start: at - n[0].length, end: at });
  }
  return out;
}
