import { mod97, passesLuhn } from './checks';

// Check digits and birth dates of the personal numbers of Switzerland, Bulgaria, Denmark, Estonia
// and Lithuania, Norway, Iceland, Croatia, Czechia and Slovakia, Romania, Slovenia, Ireland,
// Israel, Japan, Ukraine, Austria, Belgium, Malaysia and Pakistan, and France's NIR run together, as
// their issuers document them.
// A check digit passes one number in ten or eleven by chance, so the detector that uses these
// also wants the number's name on its line (but for the dotted Swiss AHV number, 756.xxxx.xxxx.xx).

const digitsOf = (value: string) => value.replace(/\D/g, '').split('').map(Number);

const weighted = (d: readonly number[], weights: readonly number[]) => weights.reduce((sum, w, i) => sum + w * d[i], 0);

const two = (d: readonly number[], i: number) => d[i] * 10 + d[i + 1];

/** A real day of a month; `year` may be undefined when a number does not tell its century (29 February then passes). */
export function realDay(day: number, month: number, year?: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year === undefined || (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0));
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}

/** Switzerland's AHV/AVS number: 756, nine digits, and an EAN-13 check digit. */
export function ahvValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 13 || d[0] !== 7 || d[1] !== 5 || d[2] !== 6) return false;
  const sum = d.slice(0, 12).reduce((s, x, i) => s + x * (i % 2 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === d[12];
}

/** Bulgaria's EGN: a birth date (month + 20 for the 1800s, + 40 for the 2000s) and a mod-11 check digit. */
export function egnValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 10) return false;
  let month = two(d, 2);
  let year = 1900 + two(d, 0);
  if (month > 40) [month, year] = [month - 40, year + 100];
  else if (month > 20) [month, year] = [month - 20, year - 100];
  return realDay(two(d, 4), month, year) && (weighted(d, [2, 4, 8, 5, 10, 9, 7, 3, 6]) % 11) % 10 === d[9];
}

/** Denmark's CPR number: a birth date then four digits (the mod-11 check was dropped in 2007). */
export function cprValid(value: string): boolean {
  const d = digitsOf(value);
  return d.length === 10 && realDay(two(d, 0), two(d, 2));
}

/** Estonia's isikukood and Lithuania's asmens kodas: century and sex, a birth date, and a two-pass mod-11 check digit. */
export function balticCodeValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 11 || d[0] === 0) return false;
  // 1–8: the century and sex of the birth date that follows; 9 (Lithuania): a number whose date was not known.
  const year = 1800 + 100 * Math.floor((d[0] - 1) / 2) + two(d, 1);
  if (d[0] !== 9 && !realDay(two(d, 5), two(d, 3), year)) return false;
  let check = weighted(d, [1, 2, 3, 4, 5, 6, 7, 8, 9, 1]) % 11;
  if (check === 10) check = (weighted(d, [3, 4, 5, 6, 7, 8, 9, 1, 2, 3]) % 11) % 10;
  return check === d[10];
}

/** 11 minus the weighted sum mod 11 (11 counts as 0); undefined where the rest is 10, a value never issued. */
function mod11Complement(d: readonly number[], weights: readonly number[]): number | undefined {
  const check = 11 - (weighted(d, weights) % 11);
  return check === 11 ? 0 : check === 10 ? undefined : check;
}

/** Norway's fødselsnummer (and D-number, day + 40): a birth date and two mod-11 check digits. */
export function fodselsnummerValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 11) return false;
  const day = two(d, 0) > 40 ? two(d, 0) - 40 : two(d, 0);
  const month = two(d, 2) > 40 ? two(d, 2) - 40 : two(d, 2);
  return realDay(day, month) && mod11Complement(d, [3, 7, 6, 1, 8, 9, 4, 5, 2]) === d[9] && mod11Complement(d, [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]) === d[10];
}

/** Iceland's kennitala: a date (day + 40 for a company), two digits, a mod-11 check digit, and the century (9, 0 or 8). */
export function kennitalaValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 10 || ![8, 9, 0].includes(d[9])) return false;
  const day = two(d, 0) > 40 ? two(d, 0) - 40 : two(d, 0);
  return realDay(day, two(d, 2)) && mod11Complement(d, [3, 2, 7, 6, 5, 4, 3, 2]) === d[8];
}

/** ISO 7064 MOD 11,10 over all digits but the last, which it must give (Croatia's OIB). */
export function iso7064Mod1110(value: string): boolean {
  const d = digitsOf(value);
  let product = 10;
  for (const x of d.slice(0, -1)) product = (((x + product) % 10 || 10) * 2) % 11;
  return d.length > 1 && new Set(d).size > 1 && (11 - product) % 10 === d[d.length - 1];
}

/** Czechia's and Slovakia's rodné číslo: a birth date (month + 50 for women, + 20 or + 70 since 2004) and, with ten digits, mod 11. */
export function rodneCisloValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 9 && d.length !== 10) return false;
  let month = two(d, 2);
  if (month > 70) month -= 70;
  else if (month > 50) month -= 50;
  else if (month > 20) month -= 20;
  if (!realDay(two(d, 4), month)) return false;
  // Nine digits: numbers issued before 1954, with no check digit.
  if (d.length === 9) return true;
  const first9 = Number(d.slice(0, 9).join(''));
  return Number(d.join('')) % 11 === 0 || (first9 % 11 === 10 && d[9] === 0);
}

/** Romania's CNP: sex and century, a birth date, a county, and a mod-11 check digit (10 counts as 1). */
export function cnpValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 13 || d[0] === 0) return false;
  const century = [0, 1900, 1900, 1800, 1800, 2000, 2000][d[0]];
  if (!realDay(two(d, 5), two(d, 3), century ? century + two(d, 1) : undefined)) return false;
  const check = weighted(d, [2, 7, 9, 1, 4, 6, 3, 5, 8, 2, 7, 9]) % 11;
  return (check === 10 ? 1 : check) === d[12];
}

/** Slovenia's EMŠO: a birth date (day, month, three digits of the year), a region, and a mod-11 check digit. */
export function emsoValid(value: string): boolean {
  const d = digitsOf(value);
  return d.length === 13 && realDay(two(d, 0), two(d, 2)) && mod11Complement(d, [7, 6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2]) === d[12];
}

/**
 * Ireland's PPS number: seven digits and a check letter (mod 23); a second letter `A`, `B` or `H` (issued since 2013) is
 * counted in with weight 9, the older `W`, `T` or `X` is not.
 */
export function ppsValid(value: string): boolean {
  const v = value.toUpperCase();
  if (!/^\d{7}[A-W][ABHWTX]?$/.test(v)) return false;
  const d = digitsOf(v.slice(0, 7));
  let sum = weighted(d, [8, 7, 6, 5, 4, 3, 2]);
  if (v.length === 9 && 'ABH'.includes(v[8])) sum += 9 * (v.charCodeAt(8) - 64);
  return 'WABCDEFGHIJKLMNOPQRSTUV'[sum % 23] === v[7];
}

/** Israel's identity number (Teudat Zehut): up to nine digits, Luhn over them padded to nine. */
export function israeliIdValid(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  return digits.length >= 5 && digits.length <= 9 && /[1-9]/.test(digits) && passesLuhn(digits.padStart(9, '0'));
}

/** Japan's My Number (個人番号): twelve digits, the last a mod-11 check digit over the eleven before it. */
export function myNumberValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 12) return false;
  const rest = weighted(d, [6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2]) % 11;
  return (rest <= 1 ? 0 : 11 - rest) === d[11];
}

/** Ukraine's taxpayer number of a person (РНОКПП): ten digits, the last a check digit over the nine before it. */
export function rntrcValid(value: string): boolean {
  const d = digitsOf(value);
  return d.length === 10 && new Set(d).size > 1 && (((weighted(d, [-1, 5, 7, 9, 4, 6, 10, 5, 7]) % 11) + 11) % 11) % 10 === d[9];
}

/** Austria's social insurance number: a serial, a mod-11 check digit in fourth place, and the birth date. */
export function austrianSvnrValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 10 || d[0] === 0) return false;
  return weighted(d, [3, 7, 9, 0, 5, 8, 4, 2, 1, 6]) % 11 === d[3];
}

/** Belgium's national register and BIS numbers: a birth date (BIS: month + 20 or + 40) and 97 minus the rest mod 97. */
export function belgianNumberValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 11) return false;
  // The day may be out of range where the birth date was not known; the month (or 0) may not.
  if (two(d, 2) % 20 > 12) return false;
  const base = Number(d.slice(0, 9).join(''));
  const check = two(d, 9);
  return 97 - (base % 97) === check || 97 - ((2_000_000_000 + base) % 97) === check;
}

/** Malaysia's MyKad number (NRIC): a birth date, a place of birth code in use, and four digits. */
export function myKadValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 12 || !realDay(two(d, 4), two(d, 2))) return false;
  const place = two(d, 6);
  return (place >= 1 && place <= 16) || (place >= 21 && place <= 68) || place === 71 || place === 72 || (place >= 74 && place <= 79) ||
    (place >= 82 && place <= 93) || place >= 98;
}

/** Pakistan's CNIC: a province digit (1–7) opening thirteen digits, not one repeated. */
export function cnicValid(value: string): boolean {
  const d = digitsOf(value);
  return d.length === 13 && d[0] >= 1 && d[0] <= 7 && new Set(d).size > 2;
}

/** France's NIR (numéro de sécurité sociale) run together: sex, year, month (or 20–42, 50–99 when unknown), the key 97 − mod 97. */
export function nirRunTogetherValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 15 || (d[0] !== 1 && d[0] !== 2)) return false;
  const month = two(d, 3);
  if (month === 0 || (month > 12 && month < 20) || (month > 42 && month < 50)) return false;
  return 97 - mod97(value.slice(0, 13)) === Number(value.slice(13));
}
