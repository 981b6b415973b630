import { namedOnLine, passesLuhn } from '../checks';
import { findByRules, type Detector, type PatternRule } from '../detector';
import { findAroundRuns, findInNumericRuns, type NumericRule, type RunLedRule } from '../numeric-runs';
import { tninValid } from './pii-keyed-world';

// Tax, business and licence numbers printed on invoices, forms and records, each by its documented
// layout and check: India's GSTIN, Germany's USt-IdNr., Korea's business registration and driving
// licence numbers, Sweden's organisationsnummer, Thailand's id card as printed, and Germany's LANR
// and the US NPI (both where the line names them). A sole trader's GSTIN holds their PAN and a
// one-person company's registration numbers name its owner: they are personal data in the records
// that hold them. A bare run of ten digits passes a mod-10 check one time in ten, so only the
// printed shapes (dashes in their places) stand alone; plain digits must be named on their line.

const digitsOf = (value: string) => value.replace(/\D/g, '').split('').map(Number);
const weighted = (d: number[], weights: number[]) => weights.reduce((sum, w, i) => sum + w * d[i], 0);

/** Korea's business registration number: weights 1 3 7 1 3 7 1 3 5, the ninth digit's product counted with its tens again. */
export function krBrnValid(value: string): boolean {
  const d = digitsOf(value);
  const ninth = d[8] * 5;
  return (10 - ((weighted(d, [1, 3, 7, 1, 3, 7, 1, 3]) + ninth + Math.floor(ninth / 10)) % 10)) % 10 === d[9];
}

/** Sweden's organisationsnummer: a third digit of 2 or more (a personnummer's month is 01–12), a group digit, Luhn. */
export function seOrgValid(value: string): boolean {
  const d = digitsOf(value);
  return d[2] >= 2 && d[0] !== 0 && d[0] !== 4 && passesLuhn(d.join(''));
}

/** Korea's driving licence: the issuing region's code (11–26, 28) opens it. */
const krLicenceRegion = (value: string) => {
  const region = Number(value.slice(0, 2));
  return (region >= 11 && region <= 26) || region === 28;
};

/** Germany's lifelong doctor number (LANR): six digits, a check digit (weights 4 and 9, mod 10), a two-digit speciality. */
function lanrValid(value: string): boolean {
  const d = digitsOf(value);
  return (10 - (weighted(d, [4, 9, 4, 9, 4, 9]) % 10)) % 10 === d[6];
}

/** Germany's VAT number (USt-IdNr.): ISO 7064 MOD 11,10 over its eight digits gives the ninth. */
export function deVatValid(value: string): boolean {
  const d = digitsOf(value);
  let product = 10;
  for (const x of d.slice(0, 8)) product = (((x + product) % 10 || 10) * 2) % 11;
  return (11 - product) % 10 === d[8];
}

/** The US National Provider Identifier: Luhn over the digits behind the card issuer prefix 80840. */
const npiValid = (value: string) => /^[12]/.test(value) && passesLuhn(`80840${value.replace(/\D/g, '')}`);

const B = '(?<![\\w.+/-])';
const E = '(?![\\w/-]|\\.\\d)';

const numericRules: NumericRule[] = [
  {
    kind: 'tax_number', minDigits: 10,
    pattern: new RegExp(`${B}\\d{3}-\\d{2}-\\d{5}${E}|${B}\\d{10}${E}`, 'g'),
    accept: (v, text, start) => krBrnValid(v) && (v.includes('-') || namedOnLine(text, start, /\bbrn\b|business registration|사업자/i)),
  },
  {
    kind: 'tax_number', minDigits: 10,
    pattern: new RegExp(`${B}\\d{6}-?\\d{4}${E}`, 'g'),
    accept: (v, text, start) =>
      seOrgValid(v) && (v.includes('-') || namedOnLine(text, start, /org(?:anisations)?\.? ?nr|organisationsnummer|företagsnummer/i)),
  },
  {
    kind: 'drivers_license', minDigits: 12,
    pattern: new RegExp(`${B}\\d{2}([- ]?)\\d{2}\\1\\d{6}\\1\\d{2}${E}`, 'g'),
    accept: (v, text, start) => krLicenceRegion(v) && (/^\d\d-/.test(v) || namedOnLine(text, start, /licen[cs]e|운전|면허/i)),
  },
  {
    kind: 'th_tnin', minDigits: 13,
    pattern: new RegExp(`${B}\\d-\\d{4}-\\d{5}-\\d{2}-\\d${E}|${B}\\d{13}${E}`, 'g'),
    // Printed on the card in its groups; as thirteen bare digits (a millisecond timestamp's length), only where Thai names it.
    accept: (v, text, start) => tninValid(v) && (v.includes('-') || namedOnLine(text, start, /ประชาชน|ประจำตัว/)),
  },
  {
    kind: 'de_lanr', minDigits: 9,
    pattern: new RegExp(`${B}\\d{9}${E}`, 'g'),
    accept: (v, text, start) => lanrValid(v) && namedOnLine(text, start, /\blanr\b|arztnummer/i),
  },
  {
    kind: 'us_npi', minDigits: 10,
    pattern: new RegExp(`${B}\\d{4}([- ]?)\\d{3}\\1\\d{3}${E}`, 'g'),
    accept: (v, text, start) => npiValid(v) && namedOnLine(text, start, /\bnpi\b|provider (?:id|identifier|number)/i),
  },
];

const textRules: PatternRule[] = [
  {
    // A state code (01–38, 97 for other territories), a PAN (three letters, the holder's type, a letter, four digits, a letter),
    // the registration's serial, `Z`, a check character. The layout alone is rare enough outside a GSTIN.
    kind: 'tax_number',
    pattern: /(?<![A-Za-z0-9])(?:0[1-9]|[12]\d|3[0-8]|97)[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z](?![A-Za-z0-9])/g,
  },
];

const ledRules: RunLedRule[] = [
  {
    // `DE` and nine digits, run together or in threes (`DE 136 695 976`), whose check digit holds; where the line says VAT or
    // USt, any such number (forms and fixtures print made-up ones) and in lower case too. The digits are a run; `DE` ends before it.
    kind: 'tax_number',
    pattern: /(?<![\w.-])[Dd][Ee][ .-]?\d{3}[ .-]?\d{3}[ .-]?\d{3}(?![\w-]|\.\d)/y,
    starts: (run) => [run.start - 2, run.start - 3],
    accept: (v, text, start) => (v[0] === 'D' && deVatValid(v)) || namedOnLine(text, start, /\bvat\b|\bust\b|ust-?id|umsatzsteuer|mehrwertsteuer/i),
  },
];

/** Checked tax, business-registration and licence numbers of India, Germany, Korea, Sweden, Thailand and the US. */
export const taxIdDetector: Detector = {
  name: 'pii-tax-ids',
  kinds: [...new Set([...numericRules, ...textRules, ...ledRules].map((r) => r.kind))],
  priority: 50,
  find: (text) => [...findInNumericRuns(numericRules, text), ...findByRules(textRules, text), ...findAroundRuns(ledRules, text)],
};
