import { anyCase, capitalisedOrNot, J, NUMBER_WORD, SEP, type KeyedRule, type KeywordTable } from '../keyed-scan';

// Document numbers that only the word before them gives away: a passport number and a driving
// licence number, after their words in English and the languages of Europe (`Reisepassnummer`,
// `Pass-Nr.`, `pasaporte`, `Führerschein`, `permis de conduire`), or after `DL#`/`DLN`.

/** `passport` in German, French, Spanish, Italian, Dutch, Polish and Swedish, with their `number`. */
const PASSPORT_WORDS_WORLD = ['reisepass', 'reisepassnummer', 'passnummer', 'passeport', 'pasaporte', 'passaporto', 'paspoort', 'paspoortnummer', 'paszport'];
const PASSPORT_WORLD = `${capitalisedOrNot(PASSPORT_WORDS_WORLD)}|[Pp]ass-?[Nn]r`;
/** `is` as the other languages say it (`Mi pasaporte es …`, `Meine Passnummer ist …`), after the separator. */
const SEP_WORLD = `${SEP}(?:(?:es|ist|est|è|é|är|er|jest)[ \\t]{1,3})?`;

const passport: KeyedRule = {
  kind: 'passport_number',
  // Two digits at least (German and Dutch numbers mix letters in: CL5YPV7KP): a word after
  // "passport" (passport.session, passport-jwt) is no number.
  // `Her passport, X1234567, expires`: a comma may stand between them in prose.
  pattern: new RegExp(
    `(?:${anyCase('passport')}|${PASSPORT_WORLD})${NUMBER_WORD}(?:,[ \\t]?)?${SEP_WORLD}(?<value>(?=(?:[A-Za-z]{0,9}\\d){2})[A-Za-z0-9]{6,9})(?![A-Za-z0-9])`,
    'y',
  ),
};

/**
 * A licence number: letters, digits and dashes, four digits at least (`S530-4127-8923`); Poland's
 * three digit groups between slashes (`70172/41/8954`); India's state, office and number
 * apart (`MH14 20110062821`).
 */
/** A UK licence as the DVLA prints it and people copy it, spaced or not (`MORGA 753116 SM9IJ 01`): surname, birth date, initials, check, issue. */
const UK_LICENCE = '[A-Z][A-Z9]{4} ?\\d{3} ?\\d{3} ?[A-Z9]{2}\\d[A-Z0-9]{2}(?: ?\\d{2})?';
const LICENCE_NUMBER =
  `${UK_LICENCE}|` +
  '[A-Z]{2}\\d{2}[ -]\\d{11}|\\d{5}\\/\\d{2}\\/\\d{4}|' +
  '(?=(?:[A-Za-z-]{0,19}\\d){4})[A-Za-z0-9][A-Za-z0-9-]{3,18}[A-Za-z0-9]';

const driver: KeyedRule = {
  kind: 'drivers_license',
  pattern: new RegExp(
    // `driver’s` with a typographic apostrophe, as word processors and chat write it.
    `${anyCase('driv')}(?:${anyCase('er')}(?:['’]?[sS])?|` +
      `${anyCase('ing')})${J}${anyCase('licen')}[cCsS][eE]${NUMBER_WORD}${SEP}` +
      `(?<value>${LICENCE_NUMBER})(?![A-Za-z0-9/-])`,
    'y',
  ),
};

/** `driving licence` in German, French, Spanish, Italian, Portuguese, Dutch, Polish and the Nordic languages. */
const LICENCE_WORDS_WORLD = [
  'führerschein', 'führerscheinnummer', 'fahrerlaubnis', 'permis de conduire', 'licencia de conducir', 'carnet de conducir', 'patente di guida',
  'carta de condução', 'carteira de motorista', 'rijbewijs', 'rijbewijsnummer', 'prawo jazdy', 'körkort', 'kørekort', 'førerkort', 'ajokortti',
];

const driverWorld: KeyedRule = {
  kind: 'drivers_license',
  standalone: true,
  pattern: new RegExp(`(?:${capitalisedOrNot(LICENCE_WORDS_WORLD)})${NUMBER_WORD}${SEP_WORLD}(?<value>${LICENCE_NUMBER})(?![A-Za-z0-9/-])`, 'y'),
};

/** `DL# S530-4127-8923`, `DLN: 12345678`, `DL No. D1234567`: the abbreviation in capitals only (`dl` is a download, `<dl>` a list). */
const driverAbbreviated: KeyedRule = {
  kind: 'drivers_license',
  standalone: true,
  pattern: new RegExp(
    `DL(?:N|[ _-]?(?:#|No|NO|Number|NUMBER))\\.?${SEP}` +
      `(?<value>${LICENCE_NUMBER})(?![A-Za-z0-9/-])`,
    'y',
  ),
};

/**
 * A licence number after a bare `License:`, `license number` or `DL` (`License: A12345678`, `DL 123456789`, `DL:US98765432`),
 * as forms, records and PII test data write it: without `driver` the key could be a software licence's, so the value must
 * read as a licence's number, six digits or more and no more letters than digits (`MIT`, `Apache-2.0`, `GPL-3.0` have none to
 * speak of), not a year range or a date (`License: 2015-2024`).
 */
const BARE_LICENCE = '(?=(?:[A-Za-z-]{0,3}\\d){6})[A-Za-z0-9][A-Za-z0-9-]{4,18}[A-Za-z0-9]';
function licenceLike(value: string): boolean {
  const letters = value.match(/[A-Za-z]/g)?.length ?? 0;
  if (letters > (value.match(/\d/g)?.length ?? 0) || /^(\d)\1+$/.test(value)) return false;
  // A year range or a date, with dashes or run together (`20240101`).
  return !/^\d{4}-\d{2,4}(?:-\d{2})?$|^(?:19|20)\d{2}-?(?:0[1-9]|1[0-2])-?(?:0[1-9]|[12]\d|3[01])$/.test(value);
}

const licenceBare: KeyedRule = {
  kind: 'drivers_license',
  standalone: true,
  pattern: new RegExp(`${anyCase('licen')}[cCsS][eE]${NUMBER_WORD}${SEP}(?<value>${BARE_LICENCE})(?![A-Za-z0-9/-]|\\.\\d)`, 'y'),
  accept: licenceLike,
};

/** `DL: AB1234567`, `DL 123456789`: the bare abbreviation in capitals, before a colon or one space. */
const driverBareAbbreviation: KeyedRule = {
  kind: 'drivers_license',
  standalone: true,
  pattern: new RegExp(`DL(?::[ \\t]?| )(?<value>${BARE_LICENCE})(?![A-Za-z0-9/-]|\\.\\d)`, 'y'),
  accept: licenceLike,
};

/** `My DVLA no. is …`: the licensing agency's name for the number it issues, in capitals. */
const dvla: KeyedRule = {
  kind: 'drivers_license',
  standalone: true,
  pattern: new RegExp(`DVLA${NUMBER_WORD}${SEP}(?<value>${UK_LICENCE})(?![A-Za-z0-9/-])`, 'y'),
};

/** The keywords of document numbers, for the one keyword scan of personal data (pii-personal.ts). */
export const documentKeywords: KeywordTable = [
  { words: ['passport', 'pass-nr', ...PASSPORT_WORDS_WORLD], rule: passport, sources: ['passport', 'pass-?nr', ...PASSPORT_WORDS_WORLD] },
  { words: LICENCE_WORDS_WORLD, rule: driverWorld },
  { words: ['driver', 'driving'], rule: driver },
  { words: ['dvla'], rule: dvla },
  { words: ['dln', 'dl no', 'dl number', 'dl#'], rule: driverAbbreviated, sources: ['dln', 'dl[ _-]?no', 'dl[ _-]?number', 'dl[ _-]?#'] },
  { words: ['license', 'licence'], rule: licenceBare, sources: ['licen[cs]e(?![a-z]|[ _-]?plate)'] },
  { words: ['dl'], rule: driverBareAbbreviation, sources: ['dl(?![ _-]?n(?:o|umber)\\b)(?=[: ][ \\t]?[A-Z0-9])'] },
];
