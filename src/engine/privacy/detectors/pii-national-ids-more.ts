import { passesLuhn } from '../checks';
import type { Detector } from '../detector';
import { findInNumericRuns, type NumericRule } from '../numeric-runs';

// More national identity numbers, each accepted only when its check digit or letter holds:
// Brazil's CPF and CNPJ, Italy's codice fiscale, Sweden's personnummer, Finland's HETU, China's
// resident id, Mexico's CURP, India's PAN (structure), and US ITINs (issuance ranges).

function acceptCpf(value: string): boolean {
  const d = value.replace(/\D/g, '').split('').map(Number);
  if (new Set(d).size === 1) return false;
  const check = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += d[i] * (len + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return check(9) === d[9] && check(10) === d[10];
}

const CF_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

function acceptCodiceFiscale(value: string): boolean {
  const v = value.toUpperCase();
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const ch = v[i];
    const n = /\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 65;
    sum += i % 2 === 0 ? CF_ODD[n] : n;
  }
  return String.fromCharCode(65 + (sum % 26)) === v[15];
}

const HETU_CHECK = '0123456789ABCDEFHJKLMNPRSTUVWXY';

/** The century a HETU's separator stands for (`+` 1800s; `-`, `U`–`Y` 1900s; `A`–`F` 2000s). */
const HETU_CENTURY: Record<string, number> = {
  '+': 1800, '-': 1900, U: 1900, V: 1900, W: 1900, X: 1900, Y: 1900, A: 2000, B: 2000, C: 2000, D: 2000, E: 2000, F: 2000,
};

/** Finland's HETU: a real calendar day (no 31 February) and its mod-31 check character. */
export function acceptHetu(value: string): boolean {
  const n = Number(value.slice(0, 6) + value.slice(7, 10));
  const day = Number(value.slice(0, 2));
  const month = Number(value.slice(2, 4));
  const year = HETU_CENTURY[value[6]] + Number(value.slice(4, 6));
  const date = new Date(Date.UTC(year, month - 1, day));
  return month >= 1 && month <= 12 && date.getUTCDate() === day && HETU_CHECK[n % 31] === value[10];
}

/** Sweden's personnummer: a real month and day (61–91 for a coordination number) and Luhn over the last ten digits. */
export function acceptPersonnummer(value: string): boolean {
  const digits = value.replace(/\D/g, '').slice(-10);
  const month = Number(digits.slice(2, 4));
  const day = Number(digits.slice(4, 6));
  return month >= 1 && month <= 12 && ((day >= 1 && day <= 31) || (day >= 61 && day <= 91)) && passesLuhn(digits);
}

const CN_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

function acceptChineseId(value: string): boolean {
  const year = Number(value.slice(6, 10));
  const month = Number(value.slice(10, 12));
  const day = Number(value.slice(12, 14));
  if (year < 1900 || year > 2100 || month < 1 || month > 12 || day < 1 || day > 31) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(value[i]) * CN_WEIGHTS[i];
  return '10X98765432'[sum % 11] === value[17].toUpperCase();
}

/** Brazil's CNPJ (a company's number, a sole trader's too): two mod-11 check digits. */
function acceptCnpj(value: string): boolean {
  const d = value.replace(/\D/g, '').split('').map(Number);
  if (new Set(d).size === 1) return false;
  const check = (len: number) => {
    const weights = len === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const r = weights.reduce((sum, w, i) => sum + w * d[i], 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  return check(12) === d[12] && check(13) === d[13];
}

const CURP_VALUES = '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ';

/** Mexico's CURP: its 18th character checks the 17 before it (weights 18 down to 2, mod 10). */
function acceptCurp(value: string): boolean {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CURP_VALUES.indexOf(value[i]) * (18 - i);
  return (10 - (sum % 10)) % 10 === Number(value[17]);
}

/** Mexico's states as a CURP writes them (NE: born abroad). */
const CURP_STATES = 'AS|BC|BS|CC|CL|CM|CS|CH|DF|DG|GT|GR|HG|JC|MC|MN|MS|NT|NL|OC|PL|QT|QR|SP|SL|SR|TC|TS|TL|VZ|YN|ZS|NE';

const numberRules: NumericRule[] = [
  { kind: 'br_cnpj', minDigits: 14, pattern: /(?<![\w.-])\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}(?![\w-]|\.\d)/g, accept: acceptCnpj },
  { kind: 'br_cpf', minDigits: 11, pattern: /(?<![\w.-])\d{3}\.\d{3}\.\d{3}-\d{2}(?![\w-]|\.\d)/g, accept: acceptCpf },
  { kind: 'se_personnummer', minDigits: 10, pattern: /(?<![\w.-])(?:19|20)?\d{6}[-+]\d{4}(?![\w-]|\.\d)/g, accept: acceptPersonnummer },
  { kind: 'fi_hetu', minDigits: 9, pattern: /(?<![\w.-])\d{6}[-+ABCDEFUVWXY]\d{3}[0-9A-Y](?![\w-])/g, accept: acceptHetu },
  { kind: 'cn_resident_id', minDigits: 17, pattern: /(?<![\w.-])[1-9]\d{5}(?:19|20)\d{2}[01]\d[0-3]\d\d{3}[\dXx](?![\w-]|\.\d)/g, accept: acceptChineseId },
  { kind: 'us_itin', minDigits: 9, pattern: /(?<![\w.-])9\d{2}([- ])(?:5\d|6[0-5]|7\d|8[0-8]|9[0-24-9])\1\d{4}(?![\w-]|\.\d)/g },
];

const upperRules: NumericRule[] = [
  {
    kind: 'it_fiscal_code',
    minDigits: 7,
    pattern: /(?<![A-Za-z0-9])[A-Z]{6}\d{2}[A-EHLMPRST]\d{2}[A-Z]\d{3}[A-Z](?![A-Za-z0-9])/g,
    accept: acceptCodiceFiscale,
  },
  {
    kind: 'mx_curp',
    minDigits: 7,
    pattern: new RegExp(
      `(?<![A-Za-z0-9])[A-Z][AEIOUX][A-Z]{2}\\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\\d|3[01])[HMX](?:${CURP_STATES})` +
        '[B-DF-HJ-NP-TV-Z]{3}[A-Z0-9]\\d(?![A-Za-z0-9])',
      'g',
    ),
    accept: acceptCurp,
  },
  { kind: 'in_pan', minDigits: 4, pattern: /(?<![A-Za-z0-9])[A-Z]{3}[PCHFATBLJG][A-Z]\d{4}[A-Z](?![A-Za-z0-9])/g },
];

/** National identity numbers of Brazil, Italy, Sweden, Finland, China, Mexico, India (PAN) and US ITINs. */
export const moreNationalIdDetector: Detector = {
  name: 'pii-national-ids-more',
  kinds: [...new Set([...numberRules, ...upperRules].map((r) => r.kind))],
  priority: 50,
  find: (text) => findInNumericRuns(numberRules, text).concat(findInNumericRuns(upperRules, text, 'upper')),
};
