import { findByRules, type Detector, type Finding, type PatternRule } from '../detector';

// Personal data that has no checksum to test and is told apart from ordinary text by what names
// it: a date of birth, a passport or driving-licence number, a person's name under a key that
// holds one (first_name, cardholder, ...) or after a title (Mr, Ms, Dr.), and a postal street
// address (number, name, street word). A bare name or date with nothing naming it is left alone:
// code is full of both.

/** The source of a pattern matching `word` in any letter case (keys come as dob, DOB, Dob). */
function anyCase(word: string): string {
  return word.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`);
}

/** Between a key and its value, on its line: quotes, `:`, `=`, `=>`, `#`, a few spaces, or `is`. */
const SEP = `["']?[ \\t]{0,3}(?:[:=#]>?|[ \\t][iI][sS][ \\t])?[ \\t]{0,3}["']?`;
/** A word joined to the next by a space, `_`, `-`, or nothing (dateOfBirth, date_of_birth, date of birth). */
const J = '[ _-]?';
/** What may follow a key's last word before the separator: no., number, #, id. */
const NUMBER_WORD = `(?:${J}(?:${anyCase('no')}|${anyCase('num')}(?:${anyCase('ber')})?|#|${anyCase('id')}))?\\.?`;

const MONTH = '(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)';
const DATE = [
  '\\d{4}[-/.]\\d{1,2}[-/.]\\d{1,2}',
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

/** Words that follow a name key in type declarations and schemas, not in data. */
const NOT_NAMES = new Set(['Mr', 'Mrs', 'Ms', 'Mx', 'Miss', 'Dr', 'String', 'Str', 'Text', 'Optional', 'Option', 'Maybe', 'Nullable', 'None', 'Null', 'Any', 'Name', 'Varchar', 'Char', 'Column', 'Field', 'Type', 'True', 'False', 'Required', 'Unknown', 'Undefined', 'Object', 'Value']);
const notAName = (value: string) => NOT_NAMES.has(value.split(/[ -]/)[0].replace(/\.$/, ''));

/** Capitalised words of a name on one line (O'Brien, Jean-Luc, Núñez), up to four; an apostrophe or hyphen only between letters. */
const WORD = "\\p{Lu}(?:\\p{L}|['’-](?=\\p{L})){0,30}\\.?";
const NAME = `${WORD}(?: ${WORD}){0,3}`;

/**
 * The words a keyed value follows, in one case-insensitive pass factored by first letter (V8 runs
 * that several times faster than the flat list). Each hit is then read by the rule for its word,
 * from the hit on (`date of birth: …` is read from `birth`).
 */
const KEYWORD =
  /b(?:irth|orn|eneficiary[ _-]?name)|d(?:ob|\.o\.b|riv(?:er|ing)|r\. )|p(?:assport|atient[ _-]?name)|s(?:urname)|f(?:orename|(?:irst|amily|ull)[ _-]?name)|l(?:ast|egal)[ _-]?name|m(?:(?:iddle|aiden)[ _-]?name|(?:rs?|s|x|iss)\.? )|g(?:iven[ _-]?name)|c(?:(?:ustomer|ontact)[ _-]?name|ard[ _-]?holder)|e(?:mployee[ _-]?name)|r(?:ecipient[ _-]?name)|a(?:ccount[ _-]?holder)/gi;

interface KeyedRule {
  kind: string;
  /**
   * Read at the keyword's position (sticky); its `value` group (or `value2`) is what is redacted
   * and ends the match but for lookarounds, so its offset needs no `d` flag (indices on every
   * match cost more than the matching).
   */
  pattern: RegExp;
  accept?: (value: string, text: string, start: number) => boolean;
}

const birth: KeyedRule = {
  kind: 'date_of_birth',
  pattern: new RegExp(`(?:${anyCase('birth')}(?:${J}(?:${anyCase('date')}|${anyCase('day')}))?|${anyCase('born')}(?: ${anyCase('on')})?|${anyCase('dob')}|${anyCase('d.o.b')}\\.?)${SEP}(?<value>${DATE})(?!\\d)`, 'y'),
  accept: plausibleDate,
};

const rules: Record<string, KeyedRule> = {
  birth,
  passport: {
    kind: 'passport_number',
    // Mostly digits (at least five): a word after "passport" (passport.session) is no number.
    pattern: new RegExp(`${anyCase('passport')}${NUMBER_WORD}${SEP}(?<value>(?=(?:[A-Za-z]{0,9}\\d){5})[A-Za-z0-9]{6,9})(?![A-Za-z0-9])`, 'y'),
  },
  driver: {
    kind: 'drivers_license',
    pattern: new RegExp(
      `${anyCase('driv')}(?:${anyCase('er')}(?:'?[sS])?|${anyCase('ing')})${J}${anyCase('licen')}[cCsS][eE]${NUMBER_WORD}${SEP}(?<value>(?=(?:[A-Za-z-]{0,19}\\d){4})[A-Za-z0-9][A-Za-z0-9-]{3,18}[A-Za-z0-9])(?![A-Za-z0-9-])`,
      'y',
    ),
  },
  person: {
    kind: 'person_name',
    pattern: new RegExp(`[\\p{L} _-]{0,24}?(?:${anyCase('name')}|${anyCase('holder')})${SEP}(?<value>${NAME})(?![\\p{L}\\p{N}_(<?\\[])`, 'yu'),
    accept: (value) => !notAName(value),
  },
  title: {
    kind: 'person_name',
    // `Dr` needs its dot (without it, it is the street word of `5 Elm Dr`).
    pattern: /(?:Mrs?|Ms|Mx|Miss)\.? (?<value>\p{Lu}\p{Ll}{1,30}(?:[ -]\p{Lu}\p{Ll}{1,30}){0,2})(?![\p{L}\p{N}_])|Dr\. (?<value2>\p{Lu}\p{Ll}{1,30}(?:[ -]\p{Lu}\p{Ll}{1,30}){0,2})(?![\p{L}\p{N}_])/yu,
    accept: (value) => !notAName(value),
  },
};

/** The rule for a keyword hit, by its first letters; undefined for a title inside a word (`items `). */
function ruleFor(hit: string, text: string, at: number): KeyedRule | undefined {
  if (hit.endsWith(' ')) {
    const before = at > 0 ? text.charCodeAt(at - 1) : 32;
    const inWord = (before >= 48 && before <= 57) || (before >= 65 && before <= 90) || (before >= 97 && before <= 122) || before === 95 || before > 127;
    return inWord || hit.charCodeAt(0) > 90 ? undefined : rules.title;
  }
  const w = hit.charCodeAt(0) | 0x20;
  if (w === 100 /* d */) return hit.length > 5 ? rules.driver : rules.birth; // driv…, dob / d.o.b
  if (w === 98 /* b */ && hit.length <= 5) return rules.birth; // birth, born (beneficiary name is longer)
  if (w === 112 /* p */ && hit.length === 8) return rules.passport; // passport (patient name is longer)
  return rules.person;
}

function findKeyed(text: string, out: Omit<Finding, 'priority'>[]): void {
  KEYWORD.lastIndex = 0;
  for (let m = KEYWORD.exec(text); m !== null; m = KEYWORD.exec(text)) {
    const rule = ruleFor(m[0], text, m.index);
    if (!rule) continue;
    rule.pattern.lastIndex = m.index;
    const found = rule.pattern.exec(text);
    const value = found?.groups?.value ?? found?.groups?.value2;
    if (!found || !value) continue;
    const end = found.index + found[0].length;
    const start = end - value.length;
    if (rule.accept && !rule.accept(value, text, start)) continue;
    out.push({ kind: rule.kind, start, end });
    KEYWORD.lastIndex = Math.max(KEYWORD.lastIndex, end);
  }
}

const STREET_WORD = '(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Terrace|Ter|Way|Place|Pl|Parkway|Pkwy|Circle|Cir|Highway|Hwy|Square|Sq|Trail|Trl|Plaza|Crescent)';

/** A street address: house number, street name, street word, then optionally unit, city, state and ZIP. */
const streetRules: PatternRule[] = [
  {
    kind: 'street_address',
    pattern: new RegExp(
      `(?<![\\w.-])(?<value>\\d{1,6}[A-Z]?(?:-\\d{1,4})? (?:(?:[NSEW]|North|South|East|West)\\.? )?(?:[A-Z][a-z]+|\\d{1,3}(?:st|nd|rd|th))(?: [A-Z][a-z]+){0,3} ${STREET_WORD}\\.?` +
        '(?: (?:NW|NE|SW|SE|N|S|E|W)\\.?)?(?:,? (?:Apt|Apartment|Suite|Ste|Unit|Fl|Floor|#)\\.? ?#?[A-Za-z0-9-]{1,6})?' +
        '(?:, [A-Z][a-z]+(?: [A-Z][a-z]+){0,2})?(?:,? [A-Z]{2} \\d{5}(?:-\\d{4})?)?)(?!\\w)',
      'gd',
    ),
    // `Copyright 2011 Gary Court.`: a year and a surname that happens to be a street word.
    accept: (_value, text, start) => !/(?:copyright|\(c\)|©)[ \t]*$/i.test(text.slice(Math.max(0, start - 12), start)),
  },
];

/** Dates of birth, passport and driving-licence numbers, names under name keys or titles, street addresses. */
export const personalDetector: Detector = {
  name: 'pii-personal',
  kinds: ['date_of_birth', 'drivers_license', 'passport_number', 'person_name', 'street_address'],
  priority: 35,
  find: (text) => {
    const out = findByRules(streetRules, text);
    findKeyed(text, out);
    return out;
  },
};
