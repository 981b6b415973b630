import { mod97, passesLuhn } from '../checks';
import type { Detector, Finding } from '../detector';
import { anyCase, NUMBER_WORD, SEP, type KeyedRule } from '../keyed-scan';
import { findInNumericRuns, runsOf, type NumericRule } from '../numeric-runs';

// Card numbers and IBANs, accepted only when their checksum holds and their prefix and length
// belong to a real issuer or country, so long numbers in code rarely qualify.

const CARD_BRANDS: Array<[RegExp, number[]]> = [
  [/^4/, [13, 16, 19]], // Visa
  [/^(?:5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/, [16]], // Mastercard
  [/^3[47]/, [15]], // American Express
  [/^(?:6011|65|64[4-9])/, [16, 17, 18, 19]], // Discover
  [/^3(?:0[0-5]|[689])/, [14, 15, 16, 17, 18, 19]], // Diners Club
  [/^35/, [16, 17, 18, 19]], // JCB (3528–3589 issued; issuers' test data spreads over all of 35)
  [/^62/, [16, 17, 18, 19]], // UnionPay
  // Maestro, Dankort (5019), RuPay (60, 65), Verve (5061, 650), Mir: sixteen digits only, as nearly all are printed
  // (a .NET tick count, `631136448000000000`, is eighteen digits and passes Luhn one time in ten).
  [/^(?:50[126-9]|5[6-8]|6\d|220[0-4])/, [16]],
];

/**
 * Under a word that names a card (`card number`, `my card`, `cc`), any issuer's number: Maestro's
 * 12–15 digits, UATP (`1…`, 15), JCB's 15-digit `1800`/`2131`. Bare, such numbers are too often ids.
 */
const CARD_WORD = /(?:\b(?:card|cards|cc|credit|debit|visa|mastercard|maestro|amex|kart[ae]?|carte|tarjeta|cart[aã]o|karte)\b)[^\n]{0,24}$/i;
const namedCard = (text: string, start: number) => CARD_WORD.test(text.slice(Math.max(0, start - 40), start));

/** Card digits grouped as printed: none, 4-4-4-4(-3), 4-4-4-1..3, or 4-6-4/5 (Amex, Diners). */
function isCardGrouping(value: string): boolean {
  const separators = value.replace(/\d/g, '');
  if (separators.length === 0) return true;
  if (new Set(separators).size !== 1) return false;
  const groups = value.split(separators[0]).map((g) => g.length).join(',');
  return /^4,4,4,(?:4|4,3|[1-3])$|^4,6,[45]$/.test(groups);
}

function acceptCard(value: string, text: string, start: number): boolean {
  if (!isCardGrouping(value)) return false;
  const digits = value.replace(/\D/g, '');
  if (!passesLuhn(digits) || /^(\d)\1+$/.test(digits)) return false;
  return CARD_BRANDS.some(([prefix, lengths]) => prefix.test(digits) && lengths.includes(digits.length)) || namedCard(text, start);
}

// Lengths from the SWIFT IBAN registry.
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BR: 29, BY: 28, CH: 21, CR: 22, CY: 28,
  CZ: 24, DE: 22, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18,
  GR: 27, GT: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32,
  LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MD: 24, ME: 22, MK: 19, MR: 27, MT: 31, MU: 30, NL: 18, NO: 15, PK: 24,
  PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, SA: 24, SC: 31, SE: 24, SI: 19, SK: 24, SM: 27, TL: 23, TN: 24,
  TR: 26, UA: 29, VA: 22, VG: 24, XK: 20,
  // Later registry entries, and countries whose banks issue IBANs outside it (Iran, much of Africa); mod 97 still holds.
  BI: 27, DJ: 27, FK: 18, HN: 28, LY: 25, MN: 20, NI: 28, OM: 23, RU: 33, SD: 18, SO: 23, ST: 25, SV: 28, YE: 30,
  IR: 26, DZ: 26, AO: 25, BF: 28, BJ: 28, CI: 28, CM: 27, CV: 25, MG: 27, ML: 28, MZ: 25, SN: 28, TG: 28, GA: 27,
  GQ: 27, CG: 27, CF: 27, TD: 27, KM: 27, GW: 25, NE: 28, MA: 28,
};

function validIban(compact: string): boolean {
  return IBAN_LENGTHS[compact.slice(0, 2)] === compact.length && mod97(compact.slice(4) + compact.slice(0, 4)) === 1;
}

/**
 * The IBAN a match holds: the whole of it, or without the word that followed it on the line
 * (`VG96 VPVG 0000 0123 4567 8901 X in a sentence`, `AL47…8741 ALL CAPS`); undefined if none holds.
 */
function ibanLength(value: string): number | undefined {
  let end = value.length;
  for (let drops = 0; drops < 2; drops++) {
    if (validIban(value.slice(0, end).replace(/[ -]/g, ''))) return end;
    const cut = Math.max(value.lastIndexOf(' ', end - 1), value.lastIndexOf('-', end - 1));
    if (cut < 8) return undefined;
    end = cut;
  }
  return undefined;
}

// Groups of four joined by one kind of separator (space, dash or none), a shorter group last.
const IBAN = /(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?:([ -]?)[A-Z0-9]{4}(?:\1[A-Z0-9]{4}){1,6}(?:\1[A-Z0-9]{1,4})?)(?![A-Za-z0-9])/g;

function findIbans(text: string, out: Array<Omit<Finding, 'priority'>>): void {
  for (const run of runsOf(text, 'upper')) {
    const from = Math.max(0, run.start - 1);
    const window = text.slice(from, Math.min(text.length, run.end + 1));
    IBAN.lastIndex = 0;
    for (let m = IBAN.exec(window); m !== null; m = IBAN.exec(window)) {
      const length = ibanLength(m[0]);
      if (length !== undefined) out.push({ kind: 'iban', start: from + m.index, end: from + m.index + length });
    }
  }
}

/**
 * An IBAN under its name in any case (`my iban is gb42nawi0445…`): upper-cased, it must have its country's length. The
 * name says what it is, so a check that fails (a digit mistyped on a form, an account made up for a fixture) keeps it.
 */
export const ibanKeyed: KeyedRule = {
  kind: 'iban',
  standalone: true,
  pattern: new RegExp(
    `${anyCase('iban')}${NUMBER_WORD}${SEP}(?<value>[A-Za-z]{2}\\d{2}(?:[ -]?[A-Za-z0-9]{4}){2,7}(?:[ -]?[A-Za-z0-9]{1,3})?)(?![A-Za-z0-9])`,
    'y',
  ),
  accept: (value) => {
    const compact = value.replace(/[ -]/g, '').toUpperCase();
    return IBAN_LENGTHS[compact.slice(0, 2)] === compact.length;
  },
};

const numberRules: NumericRule[] = [
  {
    kind: 'credit_card',
    minDigits: 12,
    // Only the printed groupings (see isCardGrouping): a run such as `1 1 1 1 …` then fails at
    // its second character instead of trying 13–19 digits from every position.
    pattern: /(?<![\w.+-])(?:\d{12,19}|\d{4}([ .-])\d{4}\1\d{4}\1(?:\d{4}(?:\1\d{3})?|\d{1,3})|\d{4}([ -])\d{6}\2\d{4,5})(?![\w.-]?\d)/g,
    accept: acceptCard,
  },
];

/** Payment card numbers (Luhn and issuer prefix) and IBANs (country length and mod 97). */
export const financialDetector: Detector = {
  name: 'pii-financial',
  kinds: ['credit_card', 'iban'],
  priority: 50,
  find: (text) => {
    const out = findInNumericRuns(numberRules, text);
    findIbans(text, out);
    return out;
  },
};
