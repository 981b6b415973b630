import { findByRules, type Detector } from '../detector';
import { anyCase, capitalisedOrNot, J, KeyedScan, SEP, type KeyedRule } from '../keyed-scan';
import { idKeywords } from './pii-keyed-ids';
import { proseKeywords } from './pii-prose';
import { moreKeywords } from './pii-keyed-more';
import { onlineIdKeywords } from './pii-keyed-online';
import { worldIdKeywords } from './pii-keyed-world';
import { documentKeywords } from './pii-keyed-documents';
import { phoneKeywords } from './pii-phones-labelled';
import { placeKeywords } from './pii-places';
import { addressKeywords } from './pii-addresses-labelled';
import { extendAddressBlocks } from './pii-address-blocks';
import { findAddressLines, findStreetsBeforeTowns } from './pii-address-lines';
import { extendAddressTails, findJapaneseAddresses, findTownsBeforeCodes } from './pii-address-parts';
import { findStandaloneStreets, findWorldAddresses } from './pii-addresses-world';
import { streetRules } from './pii-streets';
import { handleKeywords } from './pii-handles';
import { genericIdKeywords } from './pii-keyed-generic-ids';
import { findAddressees, findStreetsBeforeUnits, proseAddressKeywords } from './pii-addresses-prose';
import { extendNameLists, findGivenNameLists } from './pii-name-lists';
import { findFamilies, findFullNames, ORGANISATION_WORDS } from './pii-names';
import { creditKeywords, findNamesBeforeEmails, homeFolderRules } from './pii-credits';
import { isGivenName } from './given-names';
import { peopleKeywords, readsAsName, TITLE_BEFORE } from './pii-prose-people';
import { isCodeWord } from './code-words';
import { travelKeywords } from './pii-prose-places';
import { signOffKeywords } from './pii-sign-offs';
import { findNamesOfAddresses } from './pii-email-names';
import { bracketedAtKeywords } from './pii-emails-obfuscated';
import { findPossessiveOwners } from './pii-possessives';
import { findChatSpeakers } from './pii-chat-speakers';
import { findAddressedPeople } from './pii-vocatives';
import { extendPostNominals, extendTitles } from '../titles';
import { findPhysicianNames, foreignTitleKeywords, notAName, PARTICLES, titleKeywords } from './pii-titled-names';
import { findBoxAddresses } from './pii-box-addresses';

// Personal data that has no checksum to test and is told apart from ordinary text by what names
// it: a date of birth, a document number (pii-keyed-documents.ts), a person's name under a key that
// holds one (first_name, cardholder, ...) or after a title (Mr, Ms, Dr.), and a postal street
// address (number, name, street word). A bare name or date with nothing naming it is left alone:
// code is full of both.

const MONTH = '(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)';
/** Month names of German, French, Spanish, Italian, Portuguese, Dutch, Polish (genitive) and Swedish dates, any case of the first letter. */
const MONTH_WORLD = capitalisedOrNot([
  'januar', 'jänner', 'februar', 'märz', 'mai', 'juni', 'juli', 'oktober', 'dezember',
  'janvier', 'février', 'mars', 'avril', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre',
  'enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'setiembre', 'octubre', 'noviembre', 'diciembre',
  'gennaio', 'febbraio', 'aprile', 'maggio', 'giugno', 'luglio', 'settembre', 'ottobre', 'dicembre',
  'janeiro', 'fevereiro', 'março', 'maio', 'junho', 'julho', 'setembro', 'outubro', 'dezembro',
  'januari', 'februari', 'maart', 'mei', 'augustus',
  'stycznia', 'lutego', 'marca', 'kwietnia', 'maja', 'czerwca', 'lipca', 'sierpnia', 'września', 'października', 'listopada', 'grudnia',
  'maj', 'augusti',
]);

const DATE = [
  '\\d{4}[-/.]\\d{1,2}[-/.]\\d{1,2}',
  // `3. Juni 1978`, `1er mai 1976`, `1 de mayo de 1976`, `5 de março de 1990`, `13 maja 1958`
  `\\d{1,2}(?:\\.|er|º)? (?:de )?(?:${MONTH_WORLD})(?: de)? \\d{4}`,
  // `1958年5月13日`
  '\\d{4}年\\d{1,2}月\\d{1,2}日',
  '\\d{1,2}[-/.]\\d{1,2}[-/.](?:\\d{4}|\\d{2})',
  `${MONTH}\\.? \\d{1,2}(?:st|nd|rd|th)?,? \\d{4}`,
  `\\d{1,2}(?:st|nd|rd|th)? ${MONTH}\\.?,? \\d{4}`,
].join('|');

/** Day and month within their ranges, whichever order a numeric date uses. */
function plausibleDate(value: string): boolean {
  const parts = value.split(/[-/.]/);
  if (parts.length !== 3) return true; // a month written out
  const [a, b, c] = parts.map(Number);
  const [day, month] = parts[0].length === 4 ? [c, b] : a > 12 ? [a, b] : [b, a];
  return day >= 1 && day <= 31 && month >= 1 && month <= 12;
}

/**
 * Capitalised words of a name on one line (O'Brien, Jean-Luc, Núñez), up to four; an apostrophe or
 * hyphen only between letters. NAME_LETTERS is one word's letters; WORD adds an initial's dot (`J. Smith`).
 */
const NAME_LETTERS = "\\p{Lu}(?:\\p{L}|['’-](?=\\p{L})){0,30}";
const WORD = `${NAME_LETTERS}\\.?`;
const NAME = `${WORD}(?: ${WORD}){0,3}`;

/** "Date of birth" in German, Dutch, French, Spanish, Italian, Portuguese, Polish and the Nordic languages. */
const BIRTH_WORDS_WORLD = [
  'geburtsdatum', 'geboren', 'geboortedatum', 'date de naissance', 'fecha de nacimiento', 'data di nascita',
  'data de nascimento', 'data urodzenia', 'födelsedatum', 'fødselsdato', 'fødselsdag', 'syntymäaika',
  // `born on` as a sentence says it: `née le 12 mars 1985`, `nato il 3 maggio 1970`, `nacida el 5 de mayo de 1990`.
  'né le', 'née le', 'nato il', 'nata il', 'nacido el', 'nacida el', 'nascido em', 'nascida em',
];
const BIRTH_WORLD = `[Gg]eburtsdatum|[Gg]eboren(?: (?:am|op))?|[Gg]eboortedatum|[Dd]ate de naissance|[Ff]echa de nacimiento|` +
  `[Dd]ata (?:di nascita|de nascimento|urodzenia)|[Ff]ödelsedatum|[Ff]ødselsdato|[Ff]ødselsdag|[Ss]yntymäaika|` +
  `[Nn]ée? le|[Nn]at[oa] il|[Nn]acid[oa] el|[Nn]ascid[oa] em`;

const birth: KeyedRule = {
  kind: 'date_of_birth',
  pattern: new RegExp(
    // `dateofbirth` in one lower-case word too (a keyword glued to a lower-case letter is not looked for).
    `(?:(?:${anyCase('date')}${J}${anyCase('of')}${J})?${anyCase('birth')}(?:${J}(?:${anyCase('date')}|${anyCase('day')}))?|` +
      `${anyCase('born')}(?: ${anyCase('on')})?|${anyCase('dob')}|${anyCase('d.o.b')}\\.?|${BIRTH_WORLD})${SEP}` +
      `(?<value>${DATE})(?!\\d)`,
    'y',
  ),
  accept: plausibleDate,
};

/** Keys under which a person is written whole (first and last names): one word there is no person. */
const WHOLE_NAME_KEY = new RegExp(
  `(?:(?:full|legal|customer|patient|employee|contact|recipient|beneficiary)[ _-]?name|holder)["'\`]?[ \\t]{0,3}[:=][ \\t]{0,3}["'\`]?$`,
  'i',
);

const person: KeyedRule = {
  kind: 'person_name',
  // Surnames may open with a particle: `last_name: de Anda Alba`, `den Adel`, `van der Berg`.
  pattern: new RegExp(`[\\p{L} _-]{0,24}?(?:${anyCase('name')}|${anyCase('holder')})${SEP}(?<value>${PARTICLES}${NAME})(?![\\p{L}\\p{N}_(<?\\[])`, 'yu'),
  // A full name is two words at least: `"fullName": "Grounded"` names a chat participant, not a person.
  accept: (value, text, start) => !notAName(value) && (/\s/.test(value) || !WHOLE_NAME_KEY.test(text.slice(Math.max(0, start - 40), start))),
};

/** Labels that, capitalised before `: `, introduce a person in forms, tickets and letters. */
const PERSON_LABELS = [
  'Name', 'Full name', 'Patient', 'Customer', 'Employee', 'Contact', 'Applicant', 'Recipient', 'Passenger', 'Cardholder', 'Attendee',
  // A list of people (their neighbours are found by pii-name-lists.ts).
  'Attendees', 'Participants', 'Invitees', 'Present', 'Guests', 'Speakers', 'Panelists',
  // The same in other languages: German, French, Spanish, Italian, Portuguese, Dutch, Polish, Nordic.
  'Vollständiger Name', 'Kunde', 'Nom', 'Nom complet', 'Nombre', 'Nombre completo', 'Nome', 'Nome completo', 'Naam', 'Volledige naam',
  'Imię i nazwisko', 'Namn', 'Navn', 'Nimi',
];
const PERSON_LABEL = `(?:${PERSON_LABELS.join('|')})`;
const LABEL_AT_FIELD_START = new RegExp(`(?:^|[,;|])[\\s>*#"'-]*${PERSON_LABEL}:[ \\t]{1,8}$`);

/**
 * A bare `Name: ` label (capitalised, one space) before two to four capitalised words, as forms,
 * tickets and letters write a person (`Patient: Maria Garcia` too): `name: 'x'` in code is lower
 * case, and one word is a label. The label must start its line or field (after `,`, `;`, `|`):
 * `Common Name: DigiCert …` and `Product Name: …` name things.
 */
const nameLabel: KeyedRule = {
  kind: 'person_name',
  standalone: true,
  // Forms align their values with spaces or a tab (`Name:    Iva D. Novák`).
  pattern: new RegExp(`${PERSON_LABEL}:[ \\t]{1,8}(?<value>${WORD}(?: ${WORD}){1,3})(?![\\p{L}\\p{N}_(<?\\[])`, 'yu'),
  accept: (value, text, start) => {
    const before = text.slice(Math.max(0, start - 60), start).split('\n').pop()!;
    // `Name: Build Step`, `Name: Error Handler`: a label over a thing's name, not a person's.
    return LABEL_AT_FIELD_START.test(before) && !notAName(value) && readsAsName(value, false) && !value.split(' ').some(isCodeWord);
  },
};

const ORGANISATION = new RegExp(`^(?:${ORGANISATION_WORDS.join('|')})\\.?$`);

/** Inside an object that holds a person (`"customer": {`, `author: {`): its `name` is theirs, whatever the given name. */
const PERSON_OBJECT = new RegExp(
  '(?:customer|user|author|owner|contact|patient|employee|member|person|client|student|buyer|seller|recipient|sender|guest|' +
    `passenger|applicant|maintainer|contributor|assignee|reporter)s?["']?[ \\t]*[:=][ \\t]*\\{[^{}]*$`,
  'i',
);

/**
 * A value under a bare `name` key (`{"name": "Marc Schumann"}`, `?name=Anaïs+Dumas`) is a person
 * only when it reads as one: a common given name (given-names.ts), or any name inside an object
 * that holds a person (`"customer": {"name": "Leonor Powlowski"}`), then one to three capitalised
 * words. `name: "Babel Core"`, `"name": "my-package"` and `name = "Jest Config"` stay.
 */
const bareName: KeyedRule = {
  kind: 'person_name',
  standalone: true,
  pattern: new RegExp(`name["'\`]?[ \t]{0,3}[:=][ \t]{0,3}["'\`]?(?<value>${NAME_LETTERS}(?:[ +]${NAME_LETTERS}){1,3})(?=["'\`&,;}\s]|$)`, 'yu'),
  accept: (value, text, start) => {
    const words = value.split(/[ +]/);
    // The words after the given name are capitalised words (`Julia REPL` names a language mode).
    const rest = words.slice(1);
    // In a URL's query (`?name=Marten+Dylus`, `&name=…`) a name of two or more capitalised words is a person searched for.
    const inQuery = /[?&]name=$/.test(text.slice(Math.max(0, start - 6), start));
    const person = inQuery || isGivenName(words[0]) || PERSON_OBJECT.test(text.slice(Math.max(0, start - 120), start));
    // `The Stdlib Authors`, `Acme Labs`: a group or a company, not a person.
    if (/^(?:The|Our|Your|All)$/.test(words[0]) || rest.some((w) => ORGANISATION.test(w))) return false;
    return person && rest.every((w) => /^\p{Lu}\p{Ll}/u.test(w)) &&
      !rest.some((w) => notAName(w) || /^(?:Config|Plugin|Team|Core|Preset|Loader|App|Api|Server|Client)$/.test(w));
  },
};

/**
 * The name under a letter's closing (`Sincerely, Hans Müller`, `Best regards,` then the name on
 * the next line): two or three name words; `The Babel Team` and `Your friends` are no person.
 */
const SIGN_OFFS = [
  'sincerely', 'regards', 'kind regards', 'best regards', 'warm regards', 'yours truly', 'yours sincerely', 'yours faithfully',
  'mit freundlichen grüßen', 'cordialement',
];
const signOff: KeyedRule = {
  kind: 'person_name',
  standalone: true,
  pattern: new RegExp(
    `(?:[Ss]incerely(?: yours)?|(?:[Kk]ind |[Bb]est |[Ww]arm )?[Rr]egards|[Yy]ours (?:truly|sincerely|faithfully)|` +
      `[Mm]it freundlichen Grüßen|[Cc]ordialement),?[ \\t]*(?:\\r?\\n[ \\t]*)?` +
      `(?<value>${NAME_LETTERS}(?: ${NAME_LETTERS}){1,2})(?![\\p{L}\\p{N}_])`,
    'yu',
  ),
  accept: (value) => !/^(?:The|Your|Our|All|Team|This|That)$/.test(value.split(' ')[0]) && !notAName(value),
};

/** One to three name words after `my name is`; without a dot, which ends the sentence there. */
const myName: KeyedRule = {
  kind: 'person_name',
  standalone: true,
  pattern: new RegExp(`[Mm]y name(?: is|'s|’s) ${TITLE_BEFORE}(?<value>${NAME_LETTERS}(?: ${NAME_LETTERS}){0,2})(?![\\p{L}\\p{N}_])`, 'yu'),
  accept: (value) => !/^(?:Not|Is|The|A|An|Was)$/.test(value.split(' ')[0]),
};

const NAME_KEYS = [
  'first name', 'last name', 'full name', 'given name', 'family name', 'middle name',
  'maiden name', 'legal name', 'customer name', 'patient name', 'employee name', 'contact name',
  'recipient name', 'beneficiary name', 'surname', 'forename', 'card holder', 'account holder',
];

/** Every word a keyed value of personal data follows, one scan for all of them. */
const keyed = new KeyedScan([
  { words: ['birth', 'date of birth', 'born', 'dob', 'd.o.b', ...BIRTH_WORDS_WORLD], rule: birth },
  ...documentKeywords,
  { words: NAME_KEYS, rule: person },
  { words: PERSON_LABELS.map((l) => `${l.toLowerCase()}:`), rule: nameLabel, sources: PERSON_LABELS.map((l) => `${l.toLowerCase()}: `) },
  { words: ['name'], rule: bareName, sources: ['name(?=["\'`]?[ \t]{0,3}[:=])'] },
  // `Name: ` is found as the bare key `name` (its source is tried first): the label's rule runs there too.
  { words: ['name'], rule: nameLabel, sources: [] },
  { words: SIGN_OFFS, rule: signOff },
  ...signOffKeywords,
  ...bracketedAtKeywords,
  { words: ['my name'], rule: myName },
  ...titleKeywords,
  ...foreignTitleKeywords,
  ...idKeywords,
  ...proseKeywords,
  ...peopleKeywords,
  ...travelKeywords,
  ...creditKeywords,
  ...moreKeywords,
  ...onlineIdKeywords,
  ...worldIdKeywords,
  ...phoneKeywords,
  ...placeKeywords,
  ...addressKeywords,
  ...proseAddressKeywords,
  ...genericIdKeywords,
  ...handleKeywords,
]);

/** Dates of birth, document and account numbers named by their key, names under name keys or titles, street addresses. */
export const personalDetector: Detector = {
  name: 'pii-personal',
  kinds: [...new Set([...keyed.kinds, ...streetRules.map((r) => r.kind), ...homeFolderRules.map((r) => r.kind)])],
  priority: 35,
  find: (text) => {
    const out = findByRules(streetRules, text);
    for (const f of findByRules(homeFolderRules, text)) out.push(f);
    findNamesBeforeEmails(text, out);
    findNamesOfAddresses(text, out);
    findWorldAddresses(text, out);
    findStandaloneStreets(text, out);
    findStreetsBeforeUnits(text, out);
    findJapaneseAddresses(text, out);
    findBoxAddresses(text, out);
    findFullNames(text, out);
    findFamilies(text, out);
    findGivenNameLists(text, out);
    findPossessiveOwners(text, out);
    findChatSpeakers(text, out);
    findPhysicianNames(text, out);
    findAddressedPeople(text, out);
    keyed.find(text, out);
    extendNameLists(text, out);
    // After every street rule: labelled, US/UK and continental streets all take the city and code after them.
    extendAddressTails(text, out);
    extendAddressBlocks(text, out);
    findAddressLines(text, out);
    findAddressees(text, out);
    findTownsBeforeCodes(text, out);
    findStreetsBeforeTowns(text, out);
    extendTitles(text, out);
    extendPostNominals(text, out);
    return out;
  },
};
