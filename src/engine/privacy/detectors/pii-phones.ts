import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import type { Detector, Finding } from '../detector';
import { findInNumericRuns, type NumericRule } from '../numeric-runs';
import { findPhonesBeforeLines } from './pii-phones-labelled';
import { findInternationalLayouts, findPhonesAfterWorldLabels, findSlashedNationals } from './pii-phones-world';

// Phone numbers. Candidates are found by shape (a `+` or `00` international prefix, or a national
// number written with separators), never a bare run of digits, so timestamps, ids, ports and array
// literals stay untouched; libphonenumber-js then decides whether the digits can be a number of
// that country (right country code, right length for it).

/** Countries whose national numbers start with a trunk `0`, tried for `0…` numbers without `+`. */
const TRUNK_ZERO_COUNTRIES: CountryCode[] = ['GB', 'DE', 'FR', 'NL', 'BE', 'CH', 'AT', 'AU', 'NZ', 'IN', 'JP', 'BR', 'SE', 'IE', 'ZA', 'IL', 'TR', 'IT'];

function digitCount(value: string): number {
  let n = 0;
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) >= 48 && value.charCodeAt(i) <= 57) n++;
  return n;
}

function possibleInternational(value: string): boolean {
  const n = digitCount(value);
  const compact = !/[ .()-]/.test(value);
  if (compact ? n < 10 || n > 15 : n < 8 || n > 15) return false;
  const normalized = value.startsWith('00') ? `+${value.slice(2)}` : value;
  return parsePhoneNumberFromString(normalized)?.isPossible() ?? false;
}

function possibleNational(value: string): boolean {
  // An SSN's shape; no area 0; `00` dials abroad, so no national number starts with it (a ZIP+4: `CO 00130-2947`).
  if (/^\d{3}-\d{2}-\d{4}$/.test(value) || /^\(?0+[ .)-]/.test(value) || /^\(?00/.test(value)) return false;
  const n = digitCount(value);
  if (n < 9 || n > 11) return false;
  return TRUNK_ZERO_COUNTRIES.some((country) => parsePhoneNumberFromString(value, country)?.isPossible() ?? false);
}

/**
 * Countries whose mobiles are written as a trunk 0 and ten digits, with no separator (`09171234567`,
 * `05321234567`, `07700900123`). Ten digits in all (`0612345678`) are a mobile in too many countries to tell.
 */
const MOBILE_COUNTRIES: CountryCode[] = ['GB', 'DE', 'TR', 'PH', 'NG', 'IN', 'PK', 'ID', 'JP', 'KR', 'EG', 'MY', 'VN'];

/** A bare run of digits is a phone only when it is a valid mobile number of one of these countries. */
function validMobile(value: string): boolean {
  if ('012345678901234567890'.includes(value) || /^0(\d)\1+$/.test(value)) return false;
  return MOBILE_COUNTRIES.some((country) => {
    const parsed = parsePhoneNumberFromString(value, country);
    return parsed !== undefined && parsed.isValid() && parsed.getType() === 'MOBILE';
  });
}

/** `0 532 123 45 67`, `0 (917) 123 4567`: the trunk 0 apart (Turkey, the Philippines); valid there or in the trunk-0 countries. */
function validTrunkApart(value: string): boolean {
  return ['TR', 'PH', ...TRUNK_ZERO_COUNTRIES].some((country) => parsePhoneNumberFromString(value, country as CountryCode)?.isValid() ?? false);
}

/** Sizes and dimensions rather than a number to dial: every group a multiple of ten, or a power of two last (`800 600 1024`). */
function roundSizes(value: string): boolean {
  const groups = value.match(/\d+/g) ?? [];
  return groups.every((g) => g.endsWith('0')) || ['1024', '2048', '4096', '8192'].includes(groups[groups.length - 1]);
}

/**
 * Pairs of digits that count up or repeat, each at most two above the last (`05 06 07 08 09`, `01 03 05 07 09`,
 * `01 01 02 02 03`): a range, a list of fields or a test's data. A number to dial has no such order.
 */
function countsUp(value: string): boolean {
  const groups = value.match(/\d+/g) ?? [];
  if (groups.length < 4 || groups.some((g) => g.length !== 2)) return false;
  return groups.every((g, i) => i === 0 || (Number(g) - Number(groups[i - 1]) >= 0 && Number(g) - Number(groups[i - 1]) <= 2));
}

// Not a digit after the number, nor a letter or dot before one: but `x123` is its extension (withExtensions).
const numberRules: NumericRule[] = [
  {
    // +44 20 7946 0958, +1 (415) 555-2671, +33 1 23 45 67 89, +14155552671
    kind: 'phone', minDigits: 8,
    hint: '+',
    // The country code may run into the first group (`+91676-887-3224`); a group may hold a whole
    // French or Spanish number (`+33 438183046`): libphonenumber still checks the length per country.
    pattern: /(?<![\w+)\].])\+[1-9](?:\d{7,14}|\d{0,5}(?:[ .-]?\(\d{1,4}\)[ .-]?\d{1,5})?(?:[ .-]\d{1,10}){1,6})(?![0-9A-Za-wyz_.+-]?\d)/g,
    accept: possibleInternational,
  },
  {
    // The country code in parentheses: (+44) 20 7946 0958, (+1) 415-555-2671
    kind: 'phone', minDigits: 8,
    hint: '(+',
    pattern: /(?<![\w+)\].])\(\+[1-9]\d{0,2}\)[ .-]?\d{1,5}(?:[ .-]\d{1,8}){1,5}(?![0-9A-Za-wyz_.+-]?\d)/g,
    accept: (value) => possibleInternational(value.replace(/^\((\+\d+)\)/, '$1')),
  },
  {
    // 0044 20 7946 0958, 0033 1 23 45 67 89
    kind: 'phone', minDigits: 8,
    hint: '00',
    pattern: /(?<![\w+.-])00[1-9]\d{0,2}(?:[ .-]\d{1,5}){2,6}(?![0-9A-Za-wyz_.-]?\d)/g,
    accept: possibleInternational,
  },
  {
    // North American: (415) 555-2671, 415-555-2671, 415.555.2671, 1-800-555-0199, 1 (800) 555-0199
    kind: 'phone', minDigits: 8,
    pattern: /(?<![\w+.-])(?:1[ .-]?)?(?:\(\d{3}\)[ ]?|\d{3}([-.]))\d{3}[-.]\d{4}(?![0-9A-Za-wyz_.-]?\d)/g,
    accept: (value) => {
      const bare = value.replace(/^1(?:[ .-]|(?=\()|(?=\d{3}[-.]\d{3}[-.]\d{4}$))/, '');
      if (/^\d{3}[-.]/.test(bare) && bare[3] !== bare[7]) return false; // 415-555.2671: not one number
      return /^[2-9]/.test(bare.replace('(', '')); // area codes never start with 0 or 1
    },
  },
  {
    // North American with spaces: (425) 882 9090, 425 882 9090. Spaces also part numbers in tables (`512 256 1024`), so
    // not in a longer run of numbers, and only a valid number (area code and exchange in service), not only a possible one.
    kind: 'phone', minDigits: 10,
    pattern: /(?<![\w+.-]|\d )(?:\(\d{3}\) ?|\d{3} )\d{3} \d{4}(?![0-9A-Za-wyz_.-]?\d| \d)/g,
    accept: (value) => /^\(?[2-9]/.test(value) && !roundSizes(value) && (parsePhoneNumberFromString(value, 'US')?.isValid() ?? false),
  },
  {
    // National numbers with a trunk 0 and separators: 020 7946 0958, 06 12 34 56 78, (03) 1234 5678
    kind: 'phone', minDigits: 8,
    // A trunk group of 0 and five digits too: UK `016977 3753`, Indian `098191 81484`, German `(09770) 2696423`.
    // Not inside a longer run of small numbers apart by spaces: `r hset h18 01 01 02 02 03 03 …` (Tcl tests) lists arguments;
    // a list of whole numbers (`052 5552606 074-7111234`) is still read.
    pattern: /(?<![\w+.-]|(?<!\d)\d{1,2} )(?:\(0\d{1,5}\)[ .-]?|0\d{1,5}[ .-])\d{2,8}(?:[ .-]\d{2,4}){0,3}(?![0-9A-Za-wyz_.-]?\d| \d{1,2}(?!\d))/g,
    // A US ZIP+4 after its state (`CO 00130-2947`, `DE 03910-4215`) is no number to dial.
    accept: (value, text, start) =>
      possibleNational(value) && !countsUp(value) && !(/^\d{5}-\d{4}$/.test(value) && /[A-Z]{2} $/.test(text.slice(Math.max(0, start - 3), start))),
  },
  {
    kind: 'phone', minDigits: 10,
    pattern: /(?<![\w+.-])(?:0[ -]\(\d{3}\)[ ]?\d{3}[ -]?\d{2}[ -]?\d{2}|0([ -])\d{3}\1\d{3}\1\d{2}\1?\d{2})(?![0-9A-Za-wyz_.-]?\d)/g,
    accept: validTrunkApart,
  },
  { kind: 'phone', minDigits: 11, pattern: /(?<![\w+.-])0\d{10}(?![0-9A-Za-wyz_.-]?\d)/g, accept: validMobile },
];

/** Phone numbers in international and national layouts, checked with libphonenumber-js. */
export const phoneDetector: Detector = {
  name: 'pii-phones',
  kinds: ['phone'],
  priority: 40,
  find: (text) =>
    withExtensions(text, [
      ...findInNumericRuns(numberRules, text),
      ...findInternationalLayouts(text),
      ...findSlashedNationals(text),
      ...findPhonesAfterWorldLabels(text),
      ...findPhonesBeforeLines(text),
    ]),
};

/** `x87725`, `ext. 117`, `extension 42` after a number: part of it (the numeric runs stop at the letter). */
const EXTENSION = /[ \t]?(?:[xX]|ext\.?|extension)[ \t]?\d{1,6}(?![\w.-]?\d)/y;

function withExtensions(text: string, found: Array<Omit<Finding, 'priority'>>): Array<Omit<Finding, 'priority'>> {
  for (const f of found) {
    EXTENSION.lastIndex = f.end;
    const m = EXTENSION.exec(text);
    if (m) f.end += m[0].length;
  }
  return found;
}
