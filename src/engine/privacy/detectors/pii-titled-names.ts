import type { Finding } from '../detector';
import type { KeyedRule, KeywordTable } from '../keyed-scan';
import { CREDENTIAL, TITLE } from '../titles';
import { isCodeWord } from './code-words';
import { isGivenName } from './given-names';
import { NOT_SURNAMES } from './pii-names';

// Names marked by what a person is called by: a title before (`Mrs. Alcaraz`, `Doctor Smith`), or
// the credential a clinician signs with after (`Smith,James D,MD`, as hospital records list them).

/** Particles that open a surname: `Ms. Van der Meer`, `last_name: de Anda Alba`. */
export const PARTICLES = '(?:(?:de|del|della|di|da|do|dos|das|du|van|von|der|den|le|la|ter|ten|zu) ){0,2}';

/** Words that follow a name key in type declarations and schemas, not in data. */
const NOT_NAMES = new Set([
  'Mr', 'Mrs', 'Ms', 'Mx', 'Miss', 'Dr', 'String', 'Str', 'Text', 'Optional', 'Option', 'Maybe',
  'Nullable', 'None', 'Null', 'Any', 'Name', 'Varchar', 'Char', 'Column', 'Field', 'Type', 'True',
  'False', 'Required', 'Unknown', 'Undefined', 'Object', 'Value',
]);

/** True when the value's first word is a type or schema word, not a name. */
export const notAName = (value: string) => NOT_NAMES.has(value.split(/[ -]/)[0].replace(/\.$/, ''));

/** Ranks and kinds of a professor or doctor that follow the title as words (`Professor Emeritus`, `Doctor Visit`). */
const RANKS = new Set(['Emeritus', 'Emerita', 'Assistant', 'Associate', 'Adjunct', 'Visiting', 'Visit', 'Visits', 'Office', 'Notes']);

/**
 * `Doctor` and `Professor` are also plain nouns in a title-cased label (`Find A Doctor Near You`, `Doctor Appointment`,
 * `Doctor Who`): the name after them has no word of code or of NOT_SURNAMES, no noun's ending, and no capitalised word
 * before the title.
 */
function spelledTitleName(value: string, text: string, start: number): boolean {
  const before = text.slice(Math.max(0, start - 40), start).replace(/(?:Doctor|Professor) $/, '');
  if (/\p{Lu}[\p{L}'’-]*[ \t]$/u.test(before)) return false;
  return !value.split(/[ -]/).some((w) => NOT_SURNAMES.has(w) || isCodeWord(w) || RANKS.has(w) || /(?:ment|tion|sion|ness|ship|ity|ics)$/.test(w));
}

const title: KeyedRule = {
  kind: 'person_name',
  standalone: true,
  // `Dr` needs its dot (without it, it is the street word of `5 Elm Dr`); spelt out, a title needs none (`Doctor Smith`).
  // An inner capital too: MacGyver, McDonald, DeShawn.
  // Lower-case particles inside the surname: `Ms. Van der Meer`, `Mr. de la Cruz`.
  pattern: new RegExp(
    `${TITLE} (?<value>${PARTICLES}\\p{Lu}\\p{Ll}{1,30}(?:\\p{Lu}\\p{Ll}{1,30})?` +
      `(?:[ -]${PARTICLES}\\p{Lu}\\p{Ll}{1,30}){0,2})(?![\\p{L}\\p{N}_])`,
    'yu',
  ),
  accept: (value, text, start) =>
    !notAName(value) && (!/(?:Doctor|Professor) $/.test(text.slice(Math.max(0, start - 10), start)) || spelledTitleName(value, text, start)),
};

/** A title then a space (`Mr. `, `Ms `, `Doctor `); `Dr` needs its dot. Inside a word (`items `) it is none. */
export const titleKeywords: KeywordTable = [
  {
    words: ['mr', 'mrs', 'ms', 'mx', 'miss', 'dr', 'prof', 'doctor', 'professor'],
    rule: title,
    sources: ['m(?:rs?|s|x|iss)\\.? ', 'dr\\. ', 'prof\\.? ', 'doctor ', 'professor '],
  },
];

/**
 * Courtesy titles of French, German, Italian, Spanish, Portuguese and Dutch, in the case letters and forms write them (`M.
 * Dupont`, `Mme Lefèvre`, `Herr Schneider`, `Frau Köhler`, `Sig.ra Romano`, `Sra. Fernández`, `Dhr. Jansen`). `M.`, `Hr.`,
 * `Fr.` and `Sr.` are also abbreviations of other words (`M. Sc.`, `Fr. 20.-`): the name after them has three letters or more,
 * is not followed by a dot and a letter, and is no word of code nor of NOT_SURNAMES.
 */
const FOREIGN_TITLE =
  '(?:M\\.|Mme\\.?|Mlle\\.?|Monsieur|Madame|Mademoiselle|Herr|Frau|Hr\\.|Fr\\.|Sig\\.(?:ra|na)?|Signora|Signorina|Signore|Signor|' +
  'Sr\\.|Sra\\.|Srta\\.|Señora|Señorita|Señor|Dhr\\.|Mevr\\.|Mw\\.|' +
  // Italian writes its titles in lower case inside a sentence (`il sig. Rossi`, `la dott.ssa Bianchi`).
  'sig\\.(?:ra|na)?|[Dd]ott\\.(?:ssa)?|[Aa]vv\\.)';

const foreignTitle: KeyedRule = {
  kind: 'person_name',
  standalone: true,
  pattern: new RegExp(
    `${FOREIGN_TITLE} (?<value>${PARTICLES}\\p{Lu}\\p{Ll}{2,30}(?:[ -]${PARTICLES}\\p{Lu}\\p{Ll}{1,30}){0,2})(?![\\p{L}\\p{N}_]|\\.\\p{L})`,
    'yu',
  ),
  accept: (value, text, start) =>
    !notAName(value) && !ROLE_NOUNS.has(value) &&
    !value.split(/[ -]/).some((w) => NOT_SURNAMES.has(w) || isCodeWord(w) || RANKS.has(w) || SPELLED_TITLES.has(w)) &&
    (text.slice(start - 3, start) !== 'M. ' || frenchAround(value, text, start)),
};

/** French words that say a bare `M.` is `Monsieur` (`See Fig. 3 and M. Thesis` is English); a given name after it says so too. */
const FRENCH_WORDS = /(?:^|[^\p{L}])(?:le|la|les|de|du|des|et|est|à|au|aux|pour|avec|chez|par|merci|bonjour|cher|chère|votre|nous|vous)(?![\p{L}])/iu;

function frenchAround(value: string, text: string, start: number): boolean {
  return isGivenName(value.split(' ')[0]) || FRENCH_WORDS.test(text.slice(Math.max(0, start - 60), start + value.length + 60));
}

/**
 * German nouns of a role or trade that a courtesy title is put before when the person is spoken to by it, not by name:
 * `Herr Ober, zwei Bier bitte`, `Frau Doktor`, `Herr Nachbar`. Surnames that are also such nouns (`Richter`, `Kellner`,
 * `Schaffner`) are left out: a name is more likely there.
 */
const ROLE_NOUNS = new Set(['Ober', 'Oberkellner', 'Wirt', 'Wirtin', 'Doktor', 'Doktorin', 'Pfarrer', 'Pfarrerin', 'Lehrer', 'Lehrerin',
  'Nachbar', 'Nachbarin', 'Kollege', 'Kollegin', 'Direktor', 'Direktorin', 'Präsident', 'Präsidentin', 'Minister', 'Ministerin',
  'Professor', 'Professorin', 'Bürgermeister', 'Bürgermeisterin', 'Kommissar', 'Kommissarin', 'Kapitän', 'Pastor', 'Pastorin',
  'Abgeordneter', 'Abgeordnete', 'Vorsitzender', 'Vorsitzende', 'Kanzler', 'Kanzlerin', 'Chef', 'Chefin', 'Staatsanwalt',
  'Staatsanwältin', 'Anwalt', 'Anwältin', 'Oberst', 'Leutnant', 'Wachtmeister', 'Hauptmann', 'Pfleger', 'Schwester', 'Verkäufer',
  'Verkäuferin', 'Kellnerin', 'Schaffnerin', 'Fahrer', 'Fahrerin', 'Nachbarn', 'Kollegen', 'Lehrern']);

/** Titles spelt out, which are no surname (`Herr Herr`, `Madame Monsieur`). */
const SPELLED_TITLES = new Set(['Mme', 'Mlle', 'Monsieur', 'Madame', 'Mademoiselle', 'Herr', 'Herrn', 'Frau', 'Signora', 'Signorina', 'Signore', 'Signor',
  'Señora', 'Señorita', 'Señor']);

/** The foreign titles' spellings for the keyword scan (case-insensitive there; the rule's pattern holds the case). */
export const foreignTitleKeywords: KeywordTable = [
  {
    words: ['m', 'mme', 'mlle', 'monsieur', 'madame', 'mademoiselle', 'herr', 'frau', 'hr', 'fr', 'sig', 'sigra', 'signa', 'signora', 'signorina',
      'signore', 'signor', 'sr', 'sra', 'srta', 'señora', 'señorita', 'señor', 'dhr', 'mevr', 'mw', 'dott', 'dottssa', 'avv'],
    rule: foreignTitle,
    sources: ['m\\. ', 'mme\\.? ', 'mlle\\.? ', 'monsieur ', 'madame ', 'mademoiselle ', 'herr ', 'frau ', 'hr\\. ', 'fr\\. ', 'sig\\.(?:ra|na)? ',
      'signor(?:a|ina|e)? ', 'srt?a?\\. ', 'señor(?:a|ita)? ', 'dhr\\. ', 'mevr\\. ', 'mw\\. ', 'dott\\.(?:ssa)? ', 'avv\\. '],
  },
];

/** The credential after `Surname,Given I` in a clinician's listing. */
const LISTED_CREDENTIAL = new RegExp(`, ?(?:${CREDENTIAL})(?:, ?(?:${CREDENTIAL}))*(?![\\w\\u00c0-\\u024f])`, 'g');

/** `Smith,James D` or `Ahu, Amanda` right before the credential: surname, comma, given name, an optional initial. */
const LISTED_NAME = /(?<![\p{L}\p{N}_.@/-])(\p{Lu}\p{Ll}{1,30}(?:[-'’]\p{Lu}\p{Ll}{1,30})?) ?, ?(\p{Lu}\p{Ll}{1,30})( \p{Lu}\.?)?$/u;

/**
 * A clinician as hospital records and reports list one: `Smith,James D,MD -General Surgery`, `Johnns, Melinda S, MD`.
 * The credential says a person is meant. `MD` alone is also Maryland's code (`Frederick,Frederick,MD` is a town, its county and
 * its state), so it needs the middle initial; another credential, a common given name or the initial; a ZIP code after
 * it makes it the state.
 */
export function findPhysicianNames(text: string, out: Omit<Finding, 'priority'>[]): void {
  if (!text.includes(',')) return;
  LISTED_CREDENTIAL.lastIndex = 0;
  for (let m = LISTED_CREDENTIAL.exec(text); m !== null; m = LISTED_CREDENTIAL.exec(text)) {
    const end = m.index + m[0].length;
    if (/^ ?\d{5}/.test(text.slice(end, end + 6))) continue;
    const name = LISTED_NAME.exec(text.slice(Math.max(0, m.index - 70), m.index));
    if (!name || isCodeWord(name[1]) || isCodeWord(name[2]) || NOT_SURNAMES.has(name[1]) || NOT_SURNAMES.has(name[2])) continue;
    if (!name[3] && (!isGivenName(name[2]) || /^, ?MD$/.test(m[0]))) continue;
    out.push({ kind: 'person_name', start: m.index - name[0].length, end });
  }
}
