import { mod97, passesLuhn } from '../checks';
import type { Detector } from '../detector';
import { findInNumericRuns, type NumericRule } from '../numeric-runs';

// National identity numbers, each with its format's validity rules or checksum. Numbers
// without separators are matched only where a check letter or digit makes chance matches rare.

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

function acceptDni(value: string): boolean {
  const flat = value.replace('-', '').toUpperCase();
  const digits = flat.slice(0, -1).replace(/^X/, '0').replace(/^Y/, '1').replace(/^Z/, '2');
  return DNI_LETTERS[Number(digits) % 23] === flat.slice(-1);
}

function acceptNir(value: string): boolean {
  const flat = value.replace(/ /g, '');
  const body = flat.slice(0, 13);
  const key = Number(flat.slice(13));
  return 97 - mod97(body) === key;
}

// Verhoeff tables (Aadhaar's check digit).
const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 0, 6, 7, 8, 9, 5], [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7], [4, 0, 1, 2, 3, 9, 5, 6, 7, 8], [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2], [7, 6, 5, 9, 8, 2, 1, 0, 4, 3], [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 5, 7, 6, 2, 8, 3, 0, 9, 4], [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7], [9, 4, 5, 3, 1, 2, 6, 8, 7, 0], [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5], [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

/** True when the digits pass Verhoeff's check (Aadhaar). */
export function passesVerhoeff(digits: string): boolean {
  let c = 0;
  for (let i = 0; i < digits.length; i++) c = D[c][P[i % 8][Number(digits[digits.length - 1 - i])]];
  return c === 0;
}

const numberRules: NumericRule[] = [
  {
    // Area 000, 666 and 900-999, group 00 and serial 0000 are never issued; 123-45-6789,
    // 078-05-1120 and 219-09-9999 are famous advertising numbers, not anyone's.
    kind: 'us_ssn', minDigits: 9,
    pattern: /(?<![\w.-])(?!000|666|9\d\d)\d{3}([- ])(?!00)\d{2}\1(?!0000)\d{4}(?![\w-]|\.\d)/g,
    accept: (value) => !/^(?:123.45.6789|078.05.1120|219.09.9999)$/.test(value),
  },
  {
    kind: 'ca_sin', minDigits: 9,
    pattern: /(?<![\w.-])[1-79]\d{2}([- ])\d{3}\1\d{3}(?![\w-]|\.\d)/g,
    // After a country code (`+34 612 345 678`) the same 3-3-3 digits are a phone number.
    accept: (value, text, start) => passesLuhn(value.replace(/\D/g, '')) && !/(?:\+\d{1,4}|\(\d{1,4}\))[ -]?$/.test(text.slice(Math.max(0, start - 8), start)),
  },
  {
    kind: 'fr_nir', minDigits: 13,
    // Written with its usual spaces only: a bare 15-digit number is too often something else.
    pattern: /(?<![\w.-])[12] \d{2} (?:0[1-9]|1[0-2]|[2-9]\d) \d{2} \d{3} \d{3} \d{2}(?![\w-]|\.\d| \d)/g,
    accept: acceptNir,
  },
  {
    kind: 'in_aadhaar', minDigits: 12,
    // Spaced or dashed as printed on the card; a bare run of twelve digits only where it is named (pii-keyed-world.ts).
    pattern: /(?<![\w.-])[2-9]\d{3}([ -])\d{4}\1\d{4}(?![\w-]|\.\d| \d)/g,
    accept: (value) => passesVerhoeff(value.replace(/\D/g, '')),
  },
];

const upperRules: NumericRule[] = [
  {
    kind: 'uk_nino',
    minDigits: 6,
    pattern: /(?<![A-Za-z0-9])(?!BG|GB|NK|KN|TN|NT|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D](?![A-Za-z0-9])/g,
  },
];

const dniRule: NumericRule = {
  kind: 'es_dni',
  minDigits: 7,
  // The letter as typed, in either case (`12345678z`, `x9613851n`): it must still be the right one of 23.
  pattern: /(?<![\w-])[XYZxyz0-9]\d{7}-?[A-HJ-NP-TV-Za-hj-np-tv-z](?![\w-])/g,
  accept: acceptDni,
};

const numericWithDni = [...numberRules, dniRule];

/** US SSNs, UK National Insurance numbers, Canadian SINs, Spanish DNI/NIE, French NIR, Aadhaar. */
export const nationalIdDetector: Detector = {
  name: 'pii-national-ids',
  kinds: ['us_ssn', 'uk_nino', 'ca_sin', 'es_dni', 'fr_nir', 'in_aadhaar'],
  priority: 50,
  find: (text) => findInNumericRuns(numericWithDni, text).concat(findInNumericRuns(upperRules, text, 'upper')),
};
