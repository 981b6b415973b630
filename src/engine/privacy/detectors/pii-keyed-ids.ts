import { passesLuhn } from '../checks';
import { anyCase, capitalisedOrNot, J, NUMBER_WORD, SEP, type KeyedRule, type KeywordTable } from '../keyed-scan';

// Numbers that are personal only by what names them: a nine-digit SSN written without dashes after
// "SSN", a bank account or routing number, an employer id (EIN), a vehicle's VIN, a card's
// security code, a medical record number, a US healthcare provider's NPI. Each is read after its keyword only, and checked where its format has a check
// (routing numbers, VINs) or issuance rules (SSNs, EINs).

/**
 * Never-issued SSNs: area 000, 666 or 900–999, group 00, serial 0000. The sample 123-45-6789 is
 * redacted here, where a key names it an SSN (PII corpora label it one); unnamed, it is let
 * through (pii-national-ids.ts).
 */
function issuableSsn(value: string): boolean {
  const d = value.replace(/\D/g, '');
  const [area, group, serial] = [d.slice(0, 3), d.slice(3, 5), d.slice(5)];
  // 078-05-1120 (the wallet card Woolworth's sold) and 219-09-9999 (a 1940 leaflet's sample) were voided, public
  // samples as AWS's documented example key is: phileas, presidio and earlybird all refuse them as SSNs.
  if (d === '078051120' || d === '219099999') return false;
  return area !== '000' && area !== '666' && area[0] !== '9' && group !== '00' && serial !== '0000';
}

/** ABA routing numbers: a known Federal Reserve prefix, and 3-7-1 weighted digits summing to a multiple of 10. */
function validRouting(value: string): boolean {
  const d = [...value].map(Number);
  const prefix = d[0] * 10 + d[1];
  const known = prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80;
  return known && (3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8])) % 10 === 0;
}

/** EIN prefixes the IRS has never assigned. */
const UNASSIGNED_EIN = new Set(['00', '07', '08', '09', '17', '18', '19', '28', '29', '49', '69', '70', '78', '79', '89', '96', '97']);

const VIN_VALUES: Record<string, number> = Object.fromEntries(
  [...'ABCDEFGHJKLMNPRSTUVWXYZ'].map((c, i) => [c, [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9][i]]),
);
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * A VIN under its key: its check digit holds (the ninth character: North American VINs, and many
 * others), or it mixes at least three letters and three digits (VINs of other regions, and
 * examples, carry no check digit). A run of one character is a placeholder.
 */
function plausibleVin(value: string): boolean {
  if (validVin(value)) return !/^(.)\1*$/.test(value);
  return (value.match(/[A-Za-z]/g)?.length ?? 0) >= 3 && (value.match(/\d/g)?.length ?? 0) >= 3;
}

/** A VIN's ninth character is its check digit (North American VINs; others carry it too, or a 0). */
function validVin(value: string): boolean {
  const v = value.toUpperCase();
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (/\d/.test(v[i]) ? Number(v[i]) : VIN_VALUES[v[i]]) * VIN_WEIGHTS[i];
  const check = sum % 11;
  return v[8] === (check === 10 ? 'X' : String(check));
}

const ssn: KeyedRule = {
  kind: 'us_ssn',
  standalone: true,
  pattern: new RegExp(
    `(?:${anyCase('ssn')}|${anyCase('social')}${J}${anyCase('security')}(?:${J}${anyCase('number')})?)` +
      // Dots between the groups too (`123.45.6789`), as some forms print them; not a version or an address going on (`.5`).
      `${NUMBER_WORD}${SEP}(?<value>\\d{3}(?<sep>[- .]?)\\d{2}\\k<sep>\\d{4})(?![\\w-]|\\.\\d)`,
    'y',
  ),
  accept: issuableSsn,
};

/** `account number` in German, Dutch, Nordic, French, Spanish, Italian, Portuguese and Polish. */
const ACCOUNT_WORDS_WORLD = ['kontonummer', 'rekeningnummer', 'numéro de compte', 'número de cuenta', 'numero di conto', 'número da conta', 'numer konta'];
const ACCOUNT_WORLD = capitalisedOrNot(ACCOUNT_WORDS_WORLD);

const account: KeyedRule = {
  kind: 'bank_account',
  standalone: true,
  pattern: new RegExp(
    `(?:(?:${anyCase('bank')}${J})?(?:${anyCase('account')}|${anyCase('acct')})${NUMBER_WORD}|${ACCOUNT_WORLD})${SEP}(?<value>\\d{6,17})(?![\\w-])`,
    'y',
  ),
  // A run of one digit is a placeholder.
  accept: (value) => !/^(\d)\1*$/.test(value),
};

const routing: KeyedRule = {
  kind: 'routing_number',
  standalone: true,
  pattern: new RegExp(`(?:${anyCase('routing')}|${anyCase('aba')}(?:${J}${anyCase('routing')})?)${NUMBER_WORD}${SEP}(?<value>\\d{9})(?![\\w-])`, 'y'),
  accept: validRouting,
};

const ein: KeyedRule = {
  kind: 'us_ein',
  standalone: true,
  pattern: new RegExp(
    `(?:${anyCase('f')}?${anyCase('ein')}|` +
      `${anyCase('employer')}${J}${anyCase('identification')}${J}${anyCase('number')}|` +
      `${anyCase('tax')}${J}(?:${anyCase('id')}|` +
      `${anyCase('identification')})(?:${J}${anyCase('number')})?|${anyCase('tin')})${NUMBER_WORD}${SEP}` +
      `(?<value>\\d{2}-?\\d{7})(?![\\w-])`,
    'y',
  ),
  accept: (value) => !UNASSIGNED_EIN.has(value.slice(0, 2)) && !/^(\d)\1-?\1{7}$/.test(value),
};

const vin: KeyedRule = {
  kind: 'vehicle_id',
  standalone: true,
  pattern: new RegExp(
    `(?:${anyCase('vin')}|` +
      `${anyCase('vehicle')}${J}${anyCase('identification')}${J}${anyCase('number')})${NUMBER_WORD}${SEP}` +
      `(?<value>[A-HJ-NPR-Za-hj-npr-z0-9]{17})(?![\\w-])`,
    'y',
  ),
  accept: plausibleVin,
};

/** `Vehicle 5YJ3E1EA7KF317000`: after the bare word, only a VIN in capitals whose check digit holds. */
const vehicle: KeyedRule = {
  kind: 'vehicle_id',
  standalone: true,
  pattern: new RegExp(`${anyCase('vehicle')}${SEP}(?<value>[A-HJ-NPR-Z0-9]{17})(?![\\w-])`, 'y'),
  accept: (value) => validVin(value) && /\d/.test(value) && /[A-Z]/.test(value),
};

const securityCode: KeyedRule = {
  kind: 'card_security_code',
  standalone: true,
  pattern: new RegExp(
    `(?:${anyCase('cv')}[vVcC]2?|${anyCase('csc')}|` +
      `(?:${anyCase('card')}${J})?${anyCase('security')}${J}${anyCase('code')})` +
      // `The CVV on the back is 215`: a few words of where the code is may stand between.
      `(?:[ \\t]+(?:on|at|of|the|back|front|card|your|my|this)){0,5}${SEP}` +
      `(?<value>\\d{3,4})(?![\\w-])`,
    'y',
  ),
};

/** A card's expiry (`exp 09/27`, `Expiry date: 09/2027`, `valid thru 09/27`): a month and a year after its word. */
const cardExpiry: KeyedRule = {
  kind: 'card_expiry',
  standalone: true,
  pattern: new RegExp(
    `(?:${anyCase('exp')}(?:${anyCase('iry')}|${anyCase('ires')}|${anyCase('iration')})?(?:${J}${anyCase('date')})?|` +
      `(?:${anyCase('valid')}|${anyCase('good')})[ \\t]+${anyCase('thr')}(?:${anyCase('u')}|${anyCase('ough')}))\\.?${SEP}` +
      `(?<value>(?:0[1-9]|1[0-2])[ \\t]?/[ \\t]?(?:20)?\\d{2})(?![\\w/-])`,
    'y',
  ),
};

const medicalRecord: KeyedRule = {
  kind: 'medical_record_number',
  standalone: true,
  pattern: new RegExp(
    `(?:${anyCase('mrn')}|${anyCase('medical')}${J}(?:${anyCase('record')}|${anyCase('file')})(?:${J}${anyCase('number')})?|` +
      // `Patient ID AHC-0933289`, `patient number 108965`: what a hospital files a person under.
      `${anyCase('patient')}${J}(?:${anyCase('identifier')}|${anyCase('number')}|ID)|[kK]rankenaktennummer|[pP]atientennummer)` +
      `${NUMBER_WORD}${SEP}(?<value>[A-Za-z]{0,5}-?\\d{6,10})(?![\\w-])`,
    'y',
  ),
};

const npi: KeyedRule = {
  kind: 'us_npi',
  standalone: true,
  pattern: new RegExp(
    `(?:${anyCase('npi')}|` +
      `${anyCase('national')}${J}${anyCase('provider')}${J}${anyCase('identifier')})${NUMBER_WORD}${SEP}` +
      `(?<value>[12]\\d{9})(?![\\w-])`,
    'y',
  ),
  // The NPI check digit is Luhn's over the number prefixed with 80840 (the card issuer prefix it is registered under).
  accept: (value) => passesLuhn(`80840${value}`),
};

/** The keywords of these numbers, for the one keyword scan of personal data (pii-personal.ts). */
export const idKeywords: KeywordTable = [
  { words: ['ssn', 'social security'], rule: ssn },
  { words: ['account', 'acct', 'bank account', ...ACCOUNT_WORDS_WORLD], rule: account },
  { words: ['routing', 'aba'], rule: routing },
  // `tin` and `ein` end where a word would go on (`setting`, `being`: thousands of hits in code otherwise).
  {
    words: ['ein', 'fein', 'employer identification number', 'tax id', 'tax identification', 'tin'],
    rule: ein,
    sources: ['fein(?![a-z])', 'ein(?![a-z])', 'employer[ _-]?identification[ _-]?number', 'tax[ _-]?id', 'tax[ _-]?identification', 'tin(?![a-z])'],
  },
  { words: ['vin', 'vehicle identification number'], rule: vin },
  { words: ['vehicle'], rule: vehicle },
  { words: ['cvv', 'cvv2', 'cvc', 'cvc2', 'csc', 'security code', 'card security code'], rule: securityCode },
  { words: ['exp', 'expiry', 'expires', 'expiration', 'expiry date', 'expiration date', 'valid thru', 'valid through', 'good thru'], rule: cardExpiry },
  {
    words: ['mrn', 'medical record', 'medical file', 'patient id', 'patient identifier', 'patient number', 'krankenaktennummer', 'patientennummer'],
    rule: medicalRecord,
  },
  { words: ['npi', 'national provider identifier'], rule: npi },
];
