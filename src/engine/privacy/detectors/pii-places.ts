import { anyCase, capitalisedOrNot, J, type KeyedRule, type KeywordTable } from '../keyed-scan';
import { allCodeWords } from './code-words';
import { isCountryName } from './country-names';
import { nameBeforeVerb } from './pii-prose-people';

// Where a person lives, as forms and records name it: a city or town under its key or label
// (`"city": "South Violette"`, `Stadt: Köln`), a postal code under its own (`"zip": "91471-3769"`,
// `postcode: SW1A 2AA`, `(postcode 39677)`). Place names and numbers are everywhere in code and
// prose; only the key says these are someone's address.

/** `city` in German, French, Spanish, Portuguese, Italian, Dutch, Polish and the Nordic languages. */
const CITY_WORDS_WORLD = ['stadt', 'ville', 'ciudad', 'cidade', 'città', 'plaats', 'woonplaats', 'miasto', 'stad', 'ort'];
const CITY_WORLD = capitalisedOrNot(CITY_WORDS_WORLD);

/** One to four capitalised words (not all capitals: `SIGTERM`), joined by spaces, dashes or a URL's `+`, with the small words place names hold. */
const WORD = "\\p{Lu}(?:\\p{Ll}|['’]\\p{Lu})(?:\\p{L}|['’](?=\\p{L})){0,29}\\.?";
/**
 * After its first word a place may hold lower-case words (`Kostrzyn nad Odrą`, `Aulnay-sous-Bois`,
 * `Adelasia laziale`, `Pereira do Sul`): the key has said it is a place. Japanese places are written
 * in kanji and kana (`西村市`).
 */
const PLACE =
  `${WORD}(?:[ +-](?:${WORD}|\\p{Ll}{1,12}(?:['’]\\p{Lu}\\p{Ll}+)?)){0,4}|[\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}ー]{1,12}`;

/** Words after a city key that are a type, a placeholder or a field, not a place. */
const NOT_PLACES =
  /^(?:String|Str|Text|Optional|Nullable|None|Null|Any|City|Town|Required|Unknown|Undefined|Object|Value|Varchar|Char|True|False|Field|Column|Type|Name)\b/;

const city: KeyedRule = {
  kind: 'city',
  standalone: true,
  // `city: …`, `"city": "…"`, `City of birth: …`; not `cityId`, `city_code` or `city.name` (the key must end there).
  pattern: new RegExp(
    `(?:${anyCase('city')}|${anyCase('town')}|${CITY_WORLD})` +
      `(?:${J}(?:${anyCase('name')}|${anyCase('of')} ${anyCase('birth')}|${anyCase('of')} ${anyCase('residence')}))?` +
      `["'\`]?[ \\t]{0,3}[:=][ \\t]{0,3}["'\`]?(?<value>${PLACE})(?=["'\`,;}&\\]\\r\\n]|[ \\t]*$|[ \\t]*[(|]|[ \\t]+\\d)`,
    'yu',
  ),
  accept: (value) => !NOT_PLACES.test(value) && !allCodeWords(value),
};

/** A postal code's shapes: US ZIP (and ZIP+4), Brazilian, UK, Canadian, Dutch, Polish, Portuguese, Japanese, Indian, and four to six digits. */
const POSTAL =
  '\\d{5}-\\d{3,4}|[A-Z]{1,2}\\d[A-Z\\d]? ?\\d[A-Z\\d][A-Z]|[A-Z]\\d[A-Z] ?\\d[A-Z]\\d|\\d{4} ?[A-Z]{2}|\\d{2}-\\d{3}|\\d{4}-\\d{3}|' +
  // Japanese (530-0001), Indian (400 580), Swedish (111 21), then four to six digits.
  '\\d{3}-\\d{4}|\\d{3} \\d{2,3}|\\d{4,6}';

const postal: KeyedRule = {
  kind: 'postal_code',
  standalone: true,
  // `zip: 91471`, `"postal_code": "SW1A 2AA"`, `(postcode 39677)`, `PLZ 10115`; not `zip: true` or `gzip`.
  pattern: new RegExp(
    `(?:${anyCase('zip')}(?:${J}${anyCase('code')}|${anyCase('code')})?|${anyCase('post')}(?:${J}${anyCase('code')}|${anyCase('code')})|` +
      `${anyCase('postal')}${J}${anyCase('code')}|PLZ|${anyCase('plz')}|[Pp]ostleitzahl|[Cc]ode postal|CAP|[Cc]ódigo postal|[Pp]ostnummer|[Kk]od pocztowy)` +
      `["'\`]?[ \\t]{0,3}(?:[:=#][ \\t]{0,3}|[ \\t](?:is |was )?)["'\`]?(?<value>${POSTAL})(?![\\p{L}\\p{N}_-]|\\.[\\p{L}\\p{N}_])`,
    'yu',
  ),
  // A run of one digit is a placeholder; `zip 12345` with nothing naming a place around it is a count in code.
  accept: (value) => !/^(\d)\1+$/.test(value.replace(/[ -]/g, '')),
};

/**
 * A house number under its key (`house_number: 12a`, `"building_number": "482"`, `Hausnummer: 5`), or
 * quoted under a bare `building` key beside an address (`"building": "482"`; `building: true` is a flag).
 */
const houseNumber: KeyedRule = {
  kind: 'street_address',
  standalone: true,
  pattern: new RegExp(
    `(?:(?:${anyCase('house')}|${anyCase('building')}|${anyCase('street')})${J}(?:${anyCase('number')}|${anyCase('no')}|${anyCase('nr')})|` +
      `${anyCase('housenumber')}|[Hh]ausnummer|[Nn]uméro de rue|${anyCase('building')}(?=["'\`][ \\t]{0,3}:[ \\t]{0,3}["'\`]))` +
      `["'\`]?[ \\t]{0,3}[:=][ \\t]{0,3}["'\`]?(?<value>\\d{1,5}(?:[ -]?[A-Za-z](?![\\p{L}\\p{N}]))?)(?![\\p{L}\\p{N}_.-])`,
    'yu',
  ),
};

/**
 * Where someone lives or comes from, in a sentence about a person (`I grew up in Braunschweig`, `she
 * was born in East Helene`, `we live in Kostrzyn nad Odrą`): the verb says the capitalised words
 * after it are a place, the subject before it says the place is a person's. Docs say what code
 * `lives in`, so a person (I, we, she…) or `grew up` is needed; `moved to` is left out, since
 * developers move to frameworks (`we moved to React`) as often as to towns.
 */
/** A place's words without an abbreviation's dot: in a sentence the dot after the place ends it. */
const PLAIN_WORD = WORD.replace(/\\\.\?$/, '');
const RESIDENCE_SMALL = '(?:upon|on|under|over|cum|in|de|del|la|le|les|sur|sous|am|an|der|im|en|nad|do|da|dos|das)(?=[ -]\\p{Lu})';
const RESIDENCE_PLACE = `${PLAIN_WORD}(?:[ -](?:${PLAIN_WORD}|${RESIDENCE_SMALL})){0,4}`;
/** Words after `live in` that are a time or a determiner, not a place (`live in The`, `live in March`). */
const NOT_RESIDENCES =
  /^(?:The|A|An|This|That|My|Our|Your|His|Her|Their|January|February|March|April|May|June|July|August|September|October|November|December)\b/;

/** A person, maybe an adverb or two, then the verb (`she was born in `, `we have lived in `, `my parents live in `). */
const PERSON_SUBJECT = new RegExp(
  "(?:^|[^\\p{L}])(?:I|I've|I'd|we|We|we've|We've|he|He|she|She|they|They|" +
    '[Mm]y (?:family|parents|wife|husband|son|daughter|mother|father|brother|sister))' +
    '(?: (?:have|had|has|also|still|now|currently|recently|then|later|once|all|both))*(?: \\S+){1,2}(?: back)? (?:in|near) $',
  'u',
);
const residence: KeyedRule = {
  kind: 'city',
  standalone: true,
  // `Orsolya Tremblath lives in …`: the person before the verb.
  before: nameBeforeVerb,
  pattern: new RegExp(
    `(?:[Gg]rew up|[Bb]orn|(?:live|lives|[Ll]ived|living|reside|resides|resided)(?: back)?) (?:in|near) ` +
      // The place ends its clause (`Promise.all`, `Array<string>` go on).
      `(?<value>${RESIDENCE_PLACE}|[\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}ー]{1,12})(?=[\\s,;:!?)]|\\.(?![\\p{L}\\p{N}])|$)`,
    'yu',
  ),
  accept: (value, text, start) => {
    if (NOT_PLACES.test(value) || NOT_RESIDENCES.test(value) || allCodeWords(value) || isCountryName(value)) return false;
    const before = text.slice(Math.max(0, start - 60), start);
    // `Lived in Washington.`, `Born in Tartu`: a résumé's or a profile's line, whose subject is the person it is about.
    return /grew up (?:in|near) $|(?:^|[\n.:;] ?)(?:Lived|Born|Grew up) (?:in|near) $/.test(before) || PERSON_SUBJECT.test(before);
  },
};

/** The keywords of these, for the one keyword scan of personal data (pii-personal.ts). */
export const placeKeywords: KeywordTable = [
  // `city` and `town` end where a word would go on: `citySelect`, `towns` stay keys of something else.
  { words: ['city', 'town', ...CITY_WORDS_WORLD], rule: city, sources: ['city', 'town', ...CITY_WORDS_WORLD.map((w) => `${w}(?![a-z])`)] },
  {
    // `born in`, not `born`: that one starts a date of birth (pii-personal.ts), which the longer keyword would hide.
    words: ['grew up', 'born in', 'born near', 'live', 'lives', 'lived', 'living', 'reside', 'resides', 'resided'],
    rule: residence,
    sources: ['grew up ', 'born (?:in|near) ', 'live[sd]? ', 'living ', 'reside[sd]? '],
  },
  { words: ['house number', 'building number', 'street number', 'housenumber', 'hausnummer', 'numéro de rue', 'building'], rule: houseNumber },
  {
    words: [
      'zip', 'zipcode', 'zip code', 'postcode', 'post code', 'postal code', 'plz', 'postleitzahl', 'code postal', 'cap', 'código postal',
      'postnummer', 'kod pocztowy',
    ],
    rule: postal,
    sources: [
      'zip', 'post[ _-]?code', 'postal[ _-]?code', 'plz(?![a-z])', 'postleitzahl', 'code postal', 'cap(?![a-z])', 'código postal', 'postnummer',
      'kod pocztowy',
    ],
  },
];
