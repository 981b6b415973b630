import { namedOnLine, passesLuhn } from '../checks';
import type { Detector } from '../detector';
import { findAroundRuns, findInNumericRuns, type NumericRule, type RunLedRule } from '../numeric-runs';

// National identity and tax numbers of the UK (NHS), Poland (PESEL), the Netherlands (BSN),
// Australia (TFN, ABN, Medicare), South Korea (RRN) and Singapore (NRIC/FIN), each accepted only
// when its check digit holds. Where a bare run of digits would pass a check by chance too often
// (one number in ten or eleven), the number must be written in its printed grouping or named on
// its line ("NHS", "BSN", "TFN", "ABN", "Medicare").

const digitsOf = (value: string) => value.replace(/\D/g, '').split('').map(Number);

const weighted = (d: number[], weights: number[]) => weights.reduce((sum, w, i) => sum + w * d[i], 0);

function nhsValid(value: string): boolean {
  const d = digitsOf(value);
  const check = 11 - (weighted(d, [10, 9, 8, 7, 6, 5, 4, 3, 2]) % 11);
  return check !== 10 && (check === 11 ? 0 : check) === d[9] && new Set(d).size > 1;
}

function peselValid(value: string): boolean {
  const d = digitsOf(value);
  const month = d[2] * 10 + d[3];
  const day = d[4] * 10 + d[5];
  // Months 1–12 for the 1900s, 21–32 for the 2000s (other centuries are far off).
  if (!((month >= 1 && month <= 12) || (month >= 21 && month <= 32)) || day < 1 || day > 31) return false;
  return (10 - (weighted(d, [1, 3, 7, 9, 1, 3, 7, 9, 1, 3]) % 10)) % 10 === d[10];
}

function bsnValid(value: string): boolean {
  const d = digitsOf(value);
  return d.length === 9 && d[0] + d[1] > 0 && (weighted(d, [9, 8, 7, 6, 5, 4, 3, 2]) - d[8]) % 11 === 0;
}

function tfnValid(value: string): boolean {
  const d = digitsOf(value);
  return d.length === 9 && new Set(d).size > 1 && weighted(d, [1, 4, 3, 7, 5, 8, 6, 9, 10]) % 11 === 0;
}

function abnValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 11 || d[0] === 0) return false;
  d[0] -= 1;
  return weighted(d, [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19]) % 89 === 0;
}

function medicareValid(value: string): boolean {
  const d = digitsOf(value);
  return d[0] >= 2 && d[0] <= 6 && weighted(d, [1, 3, 7, 9, 1, 3, 7, 9]) % 10 === d[8];
}

/** A Korean resident (1–4) or foreigner (5–8) registration number's birth date and sex digit. */
function rrnDated(value: string): boolean {
  const d = digitsOf(value);
  const month = d[2] * 10 + d[3];
  const day = d[4] * 10 + d[5];
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 && d[6] >= 1 && d[6] <= 8;
}

/** The check digit numbers issued before October 2020 carry (later ones end in a random digit). */
export function rrnChecked(value: string): boolean {
  const d = digitsOf(value);
  const check = (11 - (weighted(d, [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5]) % 11)) % 10;
  return rrnDated(value) && (check === d[12] || (d[6] >= 5 && (check + 2) % 10 === d[12]));
}

/**
 * South Africa's identity number: a birth date, a citizenship digit (0, 1 or 2), the digit that
 * was a race code and is now 8 (or 9), and Luhn's check digit.
 */
function zaIdValid(value: string): boolean {
  const d = digitsOf(value);
  const month = d[2] * 10 + d[3];
  const day = d[4] * 10 + d[5];
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 && d[10] <= 2 && d[11] >= 8 && passesLuhn(value);
}

/** Turkey's T.C. Kimlik No: two check digits (the tenth from odd and even places, the eleventh from the sum). */
function tcknValid(value: string): boolean {
  const d = digitsOf(value);
  if (d[0] === 0) return false;
  const odd = d[0] + d[2] + d[4] + d[6] + d[8];
  const even = d[1] + d[3] + d[5] + d[7];
  return (((odd * 7 - even) % 10) + 10) % 10 === d[9] && d.slice(0, 10).reduce((a, b) => a + b, 0) % 10 === d[10];
}

const NRIC_LETTERS: Record<string, string> = { S: 'JZIHGFEDCBA', T: 'JZIHGFEDCBA', F: 'XWUTRQPNMLK', G: 'XWUTRQPNMLK', M: 'XWUTRQPNJLK' };
const NRIC_OFFSET: Record<string, number> = { S: 0, T: 4, F: 0, G: 4, M: 3 };

/** Singapore's NRIC/FIN check letter, per prefix. */
export function nricValid(value: string): boolean {
  const prefix = value[0].toUpperCase();
  const sum = weighted(digitsOf(value), [2, 7, 6, 5, 4, 3, 2]) + NRIC_OFFSET[prefix];
  return NRIC_LETTERS[prefix][sum % 11] === value[8].toUpperCase();
}

/** Germany's tax id (Steuer-ID): ISO 7064 MOD 11,10 check digit; one digit of the first ten repeats, two or three times. */
function deTaxIdValid(value: string): boolean {
  const d = digitsOf(value);
  if (d[0] === 0) return false;
  const counts = new Map<number, number>();
  for (const x of d.slice(0, 10)) counts.set(x, (counts.get(x) ?? 0) + 1);
  const repeats = [...counts.values()].filter((n) => n > 1);
  if (repeats.length !== 1 || repeats[0] > 3) return false;
  let product = 10;
  for (const x of d.slice(0, 10)) {
    const sum = (x + product) % 10 || 10;
    product = (sum * 2) % 11;
  }
  return (11 - product) % 10 === d[10];
}

/** Chile's RUT/RUN: a mod-11 check digit (or K) after the dash. */
function rutValid(value: string): boolean {
  const body = value.slice(0, value.lastIndexOf('-')).replace(/\D/g, '');
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (2 + (i % 6));
  const check = 11 - (sum % 11);
  return (check === 11 ? '0' : check === 10 ? 'K' : String(check)) === value.slice(-1).toUpperCase();
}

const B = '(?<![\\w.+-])';
const E = '(?![\\w-]|\\.\\d)';

const rules: NumericRule[] = [
  {
    kind: 'uk_nhs', minDigits: 10,
    pattern: new RegExp(`${B}(?<!\\d[ -])\\d{3}([ -]?)\\d{3}\\1\\d{4}${E}`, 'g'),
    // Printed with spaces (`401 023 2137`), or named: dashed, it is more often a phone number
    // (`415-555-2671` passes the check one time in eleven).
    accept: (v, text, start) => nhsValid(v) && (v.includes(' ') || namedOnLine(text, start, /\bnhs\b/i)),
  },
  {
    kind: 'pl_pesel', minDigits: 11,
    pattern: new RegExp(`${B}\\d{11}${E}`, 'g'),
    accept: peselValid,
  },
  {
    kind: 'nl_bsn', minDigits: 9,
    pattern: new RegExp(`${B}\\d{4}\\.?\\d{2}\\.?\\d{3}${E}|${B}\\d{9}${E}`, 'g'),
    accept: (v, text, start) => bsnValid(v) && namedOnLine(text, start, /\b(?:bsn|burgerservicenummer|sofi(?:nummer)?)\b/i),
  },
  {
    kind: 'au_tfn', minDigits: 9,
    pattern: new RegExp(`${B}\\d{3}([ -]?)\\d{3}\\1\\d{3}${E}`, 'g'),
    accept: (v, text, start) => tfnValid(v) && namedOnLine(text, start, /\b(?:tfn|tax\s*file)\b/i),
  },
  {
    kind: 'au_abn', minDigits: 11,
    pattern: new RegExp(`${B}\\d{2} \\d{3} \\d{3} \\d{3}${E}|${B}\\d{11}${E}`, 'g'),
    accept: (v, text, start) => abnValid(v) && (v.includes(' ') || namedOnLine(text, start, /\babn\b/i)),
  },
  {
    kind: 'au_medicare', minDigits: 10,
    pattern: new RegExp(`${B}[2-6]\\d{3} ?\\d{5} ?\\d(?:[ /-]?[1-9])?${E}`, 'g'),
    accept: (v, text, start) => medicareValid(v) && (/^\d{4} \d{5} \d/.test(v) || namedOnLine(text, start, /\bmedicare\b/i)),
  },
  {
    kind: 'de_tax_id', minDigits: 11,
    pattern: new RegExp(`${B}\\d{2} ?\\d{3} ?\\d{3} ?\\d{3}${E}`, 'g'),
    accept: (v, text, start) => deTaxIdValid(v) && namedOnLine(text, start, /steuer|identifikationsnummer|\bidnr\b|\btax[ _-]?id/i),
  },
  {
    // Printed with its dots (`12.345.678-5`), or named (`RUT: 12345678-5`).
    kind: 'cl_rut', minDigits: 7,
    pattern: new RegExp(`${B}\\d{1,2}(?:\\.\\d{3}){2}-[\\dkK](?![\\w-])|${B}\\d{7,8}-[\\dkK](?![\\w-])`, 'g'),
    accept: (v, text, start) => rutValid(v) && (v.includes('.') || namedOnLine(text, start, /\bru[tn]\b/i)),
  },
  {
    // With its dash the shape is rare enough for the date alone: numbers issued since 2020 have no check digit.
    kind: 'kr_rrn', minDigits: 13,
    pattern: new RegExp(`${B}\\d{6}-[1-8]\\d{6}${E}`, 'g'),
    accept: rrnDated,
  },
  { kind: 'za_id', minDigits: 13, pattern: new RegExp(`${B}\\d{13}${E}`, 'g'), accept: zaIdValid },
  { kind: 'tr_tckn', minDigits: 11, pattern: new RegExp(`${B}[1-9]\\d{10}${E}`, 'g'), accept: tcknValid },
  {
    kind: 'sg_nric', minDigits: 7,
    pattern: /(?<![A-Za-z0-9])[STFGM]\d{7}[A-Z](?![A-Za-z0-9])/g,
    accept: nricValid,
  },
];

/** A letter as two digits (A = 01 … Z = 26), as the German insurance numbers count it. */
const letterDigits = (letter: string) => String(letter.charCodeAt(0) - 64).padStart(2, '0');

/** The sum of the digits of each weighted digit, mod 10. */
function crossSum(ds: string, weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < ds.length; i++) {
    const product = Number(ds[i]) * weights[i];
    sum += (product % 10) + Math.floor(product / 10);
  }
  return sum % 10;
}

/** Germany's health insurance number (KVNR): a letter and nine digits, the last a check digit. */
export function kvnrValid(value: string): boolean {
  const v = value.toUpperCase();
  return crossSum(letterDigits(v[0]) + v.slice(1, 9), [1, 2, 1, 2, 1, 2, 1, 2, 1, 2]) === Number(v[9]);
}

/** Germany's pension insurance number: area, birth date (day + 50 allowed), surname initial, serial, check digit. */
export function rvnrValid(value: string): boolean {
  const day = Number(value.slice(2, 4));
  const month = Number(value.slice(4, 6));
  if (!((day >= 1 && day <= 31) || (day >= 51 && day <= 81)) || month < 1 || month > 12) return false;
  return crossSum(value.slice(0, 8) + letterDigits(value[8]) + value.slice(9, 11), [2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1]) === Number(value[11]);
}

// Germany's insurance numbers hold a letter, which ends a numeric run: each has a pattern of its own. Their layout
// and check digit (the pension number's birth date too) stand alone; in code a capital and nine digits is rare, but for
// Wikidata's items and properties (`Q140002860`), whose Q and P a bare KVNR gives up (under its key it keeps them).
const ledRules: RunLedRule[] = [
  // The KVNR's nine digits are a run with its letter right before; the RVNR's first eight end a run at its letter.
  { kind: 'de_health_insurance', pattern: /(?<![\w.+/-])[A-OR-Z]\d{9}(?![\w-])/y, starts: (run) => [run.start - 1], accept: kvnrValid },
  { kind: 'de_social_security', pattern: /(?<![\w.+/-])\d{8}[A-Z]\d{3}(?![\w-])/y, starts: (run) => [run.end - 8], accept: rvnrValid },
];

/**
 * Checked national numbers of the UK (NHS), Poland, the Netherlands, Australia, Germany (tax id, health and pension insurance),
 * Chile, South Korea, Singapore, South Africa and Turkey.
 */
export const worldNationalIdDetector: Detector = {
  name: 'pii-national-ids-world',
  kinds: [...new Set([...rules, ...ledRules].map((r) => r.kind))],
  priority: 50,
  find: (text) => [...findInNumericRuns(rules, text), ...findAroundRuns(ledRules, text)],
};
