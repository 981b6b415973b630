import { anyCase, capitalisedOrNot, NUMBER_WORD, SEP, type KeyedRule, type KeywordTable } from '../keyed-scan';
import { ibanKeyed } from './pii-financial';
import { passesVerhoeff } from './pii-national-ids';
import { acceptPersonnummer } from './pii-national-ids-more';
import { kvnrValid, nricValid, rrnChecked, rvnrValid } from './pii-national-ids-world';

// National and health numbers that, bare, a run of digits matches too often by chance (a check
// digit is one chance in ten), read where a word names them: an ITIN after `ITIN`/`taxpayer id`,
// twelve bare digits after `Aadhaar`, an Indian PAN of any holder type after `PAN`, a Swedish
// personnummer without its dash, a Korean RRN without its dash, a Thai national id, a US DEA
// registration (a prescriber's licence), a German health insurance (KVNR) or pension insurance
// (RVNR) number, an Indian voter id, a Singapore NRIC/FIN typed in lower case, and an IBAN in
// lower case. Each still passes its check where it has one.

const digits = (value: string) => value.replace(/\D/g, '').split('').map(Number);

/** ITIN groups: 50–65, 70–88, 90–92 and 94–99. */
const itin: KeyedRule = {
  kind: 'us_itin',
  standalone: true,
  pattern: new RegExp(
    `(?:ITIN|${anyCase('itin')}|${anyCase('taxpayer')}[ _-]?(?:${anyCase('id')}|${anyCase('identification')}(?:[ _-]?${anyCase('number')})?))` +
      `${NUMBER_WORD}${SEP}(?<value>9\\d{2}-?(?:5\\d|6[0-5]|7\\d|8[0-8]|9[0-24-9])-?\\d{4})(?![\\w-])`,
    'y',
  ),
};

const aadhaar: KeyedRule = {
  kind: 'in_aadhaar',
  standalone: true,
  pattern: new RegExp(`(?:${anyCase('aadhaar')}|${anyCase('aadhar')})${NUMBER_WORD}${SEP}(?<value>[2-9]\\d{11})(?![\\w-])`, 'y'),
  accept: passesVerhoeff,
};

/** Any holder type after `PAN` (pii-national-ids-more.ts takes the bare ones of the ten known types only). */
const pan: KeyedRule = {
  kind: 'in_pan',
  standalone: true,
  pattern: new RegExp(`(?:PAN|[Pp]an|${anyCase('permanent account number')})${NUMBER_WORD}${SEP}(?<value>[A-Z]{5}\\d{4}[A-Z])(?![\\w-])`, 'y'),
};

const personnummer: KeyedRule = {
  kind: 'se_personnummer',
  standalone: true,
  pattern: new RegExp(`(?:${capitalisedOrNot(['personnummer', 'personnr', 'pnr'])}|PNR)\\.?${SEP}(?<value>(?:19|20)?\\d{6}[-+]?\\d{4})(?![\\w-])`, 'y'),
  accept: acceptPersonnummer,
};

const rrn: KeyedRule = {
  kind: 'kr_rrn',
  standalone: true,
  pattern: new RegExp(
    `(?:RRN|FRN|${anyCase('resident registration')}|${anyCase('foreigner registration')})${NUMBER_WORD}${SEP}(?<value>\\d{6}-?\\d{7})(?![\\w-])`,
    'y',
  ),
  accept: rrnChecked,
};

/** Thailand's national id: weights 13 down to 2 over twelve digits, check (11 − sum mod 11) mod 10. */
export function tninValid(value: string): boolean {
  const d = digits(value);
  const sum = d.slice(0, 12).reduce((s, x, i) => s + x * (13 - i), 0);
  return d[0] !== 0 && (11 - (sum % 11)) % 10 === d[12];
}

const tnin: KeyedRule = {
  kind: 'th_tnin',
  standalone: true,
  pattern: new RegExp(`(?:TNIN|${anyCase('thai')}(?: ${anyCase('national')})? (?:ID|${anyCase('id')}))${NUMBER_WORD}${SEP}(?<value>\\d{13})(?![\\w-])`, 'y'),
  accept: tninValid,
};

/** A DEA registration: the registrant type, a letter (or 9), six digits and a check digit. */
function deaValid(value: string): boolean {
  const d = digits(value);
  return (d[0] + d[2] + d[4] + 2 * (d[1] + d[3] + d[5])) % 10 === d[6];
}

const dea: KeyedRule = {
  kind: 'us_dea',
  standalone: true,
  pattern: new RegExp(
    `(?:DEA|${anyCase('medical')}[ _-]?${anyCase('licen')}[cs][eE])(?:[ _-]?(?:${anyCase('registration')}|${anyCase('certificate')}))?` +
      `${NUMBER_WORD}${SEP}(?<value>[ABCDEFGHJKLMPRSTUX][A-Z9]\\d{7})(?![\\w-])`,
    'y',
  ),
  accept: deaValid,
};

const kvnr: KeyedRule = {
  kind: 'de_health_insurance',
  standalone: true,
  pattern: new RegExp(
    `(?:KVNR|${capitalisedOrNot(['krankenversichertennummer', 'versichertennummer', 'kvnr'])}|eGK(?:-Nummer)?)${SEP}(?<value>[A-Z]\\d{9})(?![\\w-])`,
    'y',
  ),
  accept: kvnrValid,
};

const rvnr: KeyedRule = {
  kind: 'de_social_security',
  standalone: true,
  pattern: new RegExp(
    `(?:RVNR|SVNR|SV-Nummer|${capitalisedOrNot(['rentenversicherungsnummer', 'sozialversicherungsnummer', 'versicherungsnummer'])})${SEP}` +
      '(?<value>\\d{8}[A-Z]\\d{3})(?![\\w-])',
    'y',
  ),
  accept: rvnrValid,
};

const voter: KeyedRule = {
  kind: 'in_voter_id',
  standalone: true,
  pattern: new RegExp(
    `(?:${anyCase('voter')}(?:[ _-]?(?:${anyCase('id')}|${anyCase('card')}))?|EPIC)${NUMBER_WORD}${SEP}(?<value>[A-Z]{3}\\d{7})(?![\\w-])`,
    'y',
  ),
};

const nricLower: KeyedRule = {
  kind: 'sg_nric',
  standalone: true,
  pattern: new RegExp(`(?:NRIC|FIN|${anyCase('nric')}|${anyCase('fin')})${NUMBER_WORD}${SEP}(?<value>[STFGMstfgm]\\d{7}[A-Za-z])(?![\\w-])`, 'y'),
  accept: nricValid,
};

/** The keywords of these numbers, for the one keyword scan of personal data (pii-personal.ts). */
export const worldIdKeywords: KeywordTable = [
  { words: ['itin', 'taxpayer id', 'taxpayer identification'], rule: itin },
  { words: ['aadhaar', 'aadhar'], rule: aadhaar },
  { words: ['pan', 'permanent account number'], rule: pan, sources: ['pan(?![a-z])', 'permanent account number'] },
  { words: ['personnummer', 'personnr', 'pnr'], rule: personnummer, sources: ['personnummer', 'personnr', 'pnr(?![a-z])'] },
  { words: ['rrn', 'frn', 'resident registration', 'foreigner registration'], rule: rrn },
  { words: ['tnin', 'thai id', 'thai national id'], rule: tnin },
  { words: ['dea', 'medical license', 'medical licence'], rule: dea, sources: ['dea(?![a-z])', 'medical[ _-]?licen[cs]e'] },
  {
    words: ['kvnr', 'krankenversichertennummer', 'versichertennummer', 'egk'],
    rule: kvnr,
    sources: ['kvnr', 'krankenversichertennummer', 'versichertennummer', 'egk(?![a-z])'],
  },
  { words: ['rvnr', 'svnr', 'sv-nummer', 'rentenversicherungsnummer', 'sozialversicherungsnummer', 'versicherungsnummer'], rule: rvnr },
  // `voter id` too, where a voter id of no EPIC shape then falls to the generic identity-document rule (pii-keyed-generic-ids.ts).
  { words: ['voter', 'epic', 'voter id'], rule: voter, sources: ['voter', 'epic(?![a-z])'] },
  { words: ['nric', 'fin'], rule: nricLower, sources: ['nric', 'fin(?![a-z])'] },
  { words: ['iban'], rule: ibanKeyed },
];
