import type { PatternRule } from '../detector';

// Street addresses as the US, the UK and Canada write them, number first: `742 Evergreen Terrace,
// Springfield, OR 97403`, `10 Downing Street, London SW1A 2AA`. Continental European layouts are
// in pii-addresses-world.ts; both run in the personal-data detector (pii-personal.ts).

// USPS suffixes too (`3578 Zieme Course` aside: words that also close a name in docs and code, such as
// Loop, Path, Point, Pass, View, Union, Route, Course, Walk or Gateway, are left out).
export const STREET_WORD =
  '(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Terrace|Ter|Way|Place|Pl|' +
  'Parkway|Pkwy|Circle|Cir|Highway|Hwy|Square|Sq|Trail|Trl|Plaza|Crescent|Alley|Arcade|Bayou|Beach|Bend|Bluffs?|Bypass|' +
  'Canyon|Causeway|Cliffs?|Corners?|Cove|Creek|Crest|Crossing|Crossroads?|Dale|Estates?|Expressway|Falls|Ferry|Forest|Freeway|' +
  'Gardens|Glen|Grove|Harbor|Haven|Heights|Hollow|Inlet|Isle|Junction|Knolls?|Landing|Lodge|Manor|Meadows?|Mews|Mills?|' +
  'Motorway|Mount|Mountain|Orchard|Oval|Overpass|Passage|Pike|Pines|Plains|Prairie|Ranch|Rapids|Ridge|Rue|Shoals?|Shores?|' +
  'Skyway|Springs|Stravenue|Summit|Trace|Trafficway|Turnpike|Underpass|Valley|Viaduct|Village|Ville|Vista|Wells|' +
  'Branch|Bridge|Brooks?|Burgs?|Camp|Cape|Centers?|Commons?|Coves|Courts|Curve|Dam|Drives|Extensions?|Fields|Flats|Fords?|' +
  'Forges?|Forks?|Fort|Gardens?|Glens|Greens?|Groves|Harbors|Hills?|Islands?|Junctions|Lakes?|Lights|Locks|Manors|Mountains|' +
  'Neck|Parks?|Parkways|Pine|Plain|Points|Ports?|Radial|Ridges|River|Roads|Shoal|Spring|Spurs?|Squares|Streets|Throughway|' +
  'Tunnel|Valleys|Villages|Ways|Wall|Loaf|Rest|Parade|Station|Close|Rise|Drove|Brae|Yard|Vale|Mead|Lea)';

/**
 * USPS suffixes that also close a name in docs and code (`Event Loop`, `Render Pass`, `Entry
 * Point`, `Home View`): taken only after a house number of three digits or more, with no label
 * before it that numbers something else (`Step 2`, `issue 1234`, `port 8080`).
 */
export const AMBIGUOUS_STREET_WORD =
  '(?:Loop|Path|Point|Pass|View|Views|Union|Unions|Route|Course|Walk|Walks|Gateway|Mission|Track|Run|Row|Stream|Key|Keys|' +
  'Light|Lock|Mall|Ramp|Rapid|Fall|Field|Divide|Land|Club|Common|Circles|Well|Flat|Estate|Via|Paddock|Fold|Wynd|Approach)';

const NUMBERED_THING = new RegExp(
  '(?:issue|pr|pull|step|phase|figure|fig|section|chapter|page|line|lines|version|item|part|port|id|no|number|build|rev|level|stage|' +
    'round|test|case|episode|season|vol)\\.?[ \\t]*#?$',
  'i',
);

/**
 * The house number, a direction, the street's name (one to four words), `words`, then unit, city, state and ZIP. The unit word
 * in any case, as forms take it typed (`4 Devonshire Ct ste 2`); its number has a digit or is one letter (`Apt B`), so
 * `Unit Tests` after a street is no unit.
 */
function streetPattern(number: string, words: string, abbreviated: boolean): RegExp {
  return new RegExp(
    `(?<![\\w.#-])(?<value>${number} (?:(?:[NSEW]|North|South|East|` +
      `West)\\.? )?(?:(?:[A-Z][a-z]*['’])?[A-Z][a-z]+(?:[A-Z][a-z]+)?(?:-[A-Z][a-z]+)?|\\d{1,3}(?:st|nd|rd|th))` +
      `(?: [A-Z][a-z]+){0,3} ${words}${abbreviated ? '\\.?' : ''}` +
      '(?: (?:NW|NE|SW|SE|N|S|E|W)\\.?)?' +
      '(?:,? (?:[Aa]pt|[Aa]partment|[Ss]uite|[Ss]te|[Uu]nit|[Ff]l|[Ff]loor|APT|APARTMENT|SUITE|STE|UNIT|FL|FLOOR|#)\\.? ?#?' +
      '(?:(?=[A-Za-z-]{0,5}\\d)[A-Za-z0-9-]{1,6}|[A-Z](?![A-Za-z])))?' +
      // City, then a US state and ZIP, a UK postcode (SW1A 2AA) or a Canadian one (K1A 0B1).
      // The city: `McClurechester`, `Dibbert-Smith-on-Koelpin`, `Upton Abshireford`.
      '(?:, [A-Z][a-z]+(?:[A-Z][a-z]+)?(?:(?: |-(?:on-|upon-|under-|le-)?)[A-Z][a-z]+(?:[A-Z][a-z]+)?){0,3})?' +
      "(?:,? (?:(?:[A-Z]{2} )?\\d{5}(?:-\\d{4})?|" +
        '[A-Z]{1,2}\\d[A-Z\\d]? \\d[A-Z]{2}|[A-Z]{2} [A-Z]\\d[A-Z] \\d[A-Z]\\d|' +
        '[A-Z]\\d[A-Z] \\d[A-Z]\\d))?)(?!\\w)',
    'gd',
  );
}

/** `Copyright 2011 Gary Court.`: a year and a surname that happens to be a street word. */
const afterCopyright = (text: string, start: number) => /(?:copyright|\(c\)|©)[ \t]*$/i.test(text.slice(Math.max(0, start - 12), start));

/**
 * An HTTP status line's code and reason phrase (`502 Bad Gateway` in every web server's source and docs):
 * the one standard reason phrase that ends in a street word. No street is called Bad.
 */
const httpStatus = (value: string) => /^[1-5]\d\d Bad /.test(value);

/**
 * An address in capitals, as mailing lists, CRM exports and labels print it (`15825 SHADY GROVE ROAD STE 55`, `2701 W 18TH ST`):
 * the common street words only, and a house number of two digits or more or a direction before the name (`4 WHEEL DRIVE`
 * is a car). The city, state and ZIP after it are taken as after any street (pii-address-parts.ts).
 */
const CAPITALS_STREET = new RegExp(
  '(?<![\\w.#-])(?<value>(?:\\d{2,6}[A-Z]?(?: (?:[NSEW]|N[EW]|S[EW]|NORTH|SOUTH|EAST|WEST)\\.?)?|' +
    '\\d[A-Z]? (?:[NSEW]|N[EW]|S[EW]|NORTH|SOUTH|EAST|WEST)\\.?) ' +
    "(?:[A-Z][A-Z'’-]{1,30}|\\d{1,3}(?:ST|ND|RD|TH))(?: [A-Z][A-Z'’-]{0,30}){0,3} " +
    '(?:STREET|ST|AVENUE|AVE|ROAD|RD|BOULEVARD|BLVD|DRIVE|DR|LANE|LN|COURT|CT|PLACE|PL|TERRACE|TER|PARKWAY|PKWY|HIGHWAY|HWY|' +
    'CIRCLE|CIR|WAY|TRAIL|TRL|SQUARE|SQ|PLAZA|PIKE|CRESCENT|ALLEY|EXPRESSWAY|EXPY|FREEWAY|FWY)\\.?' +
    '(?: (?:NW|NE|SW|SE|N|S|E|W)\\.?)?' +
    '(?:,? (?:APT|APARTMENT|STE|SUITE|UNIT|FL|FLOOR|RM|ROOM|#)\\.? ?#?(?:(?=[A-Z-]{0,5}\\d)[A-Z0-9-]{1,6}|[A-Z](?![A-Za-z]))){0,2})(?![\\w-])',
  'gd',
);

/** A street address: house number, street name, street word, then optionally unit, city, state and ZIP. */
export const streetRules: PatternRule[] = [
  {
    kind: 'street_address',
    pattern: streetPattern('\\d{1,6}[A-Z]?(?:-\\d{1,4})?', STREET_WORD, true),
    accept: (_value, text, start) => !afterCopyright(text, start),
  },
  {
    kind: 'street_address',
    pattern: streetPattern('\\d{3,6}[A-Z]?', AMBIGUOUS_STREET_WORD, false),
    accept: (value, text, start) => !afterCopyright(text, start) && !httpStatus(value) && !NUMBERED_THING.test(text.slice(Math.max(0, start - 16), start)),
  },
  {
    kind: 'street_address',
    pattern: CAPITALS_STREET,
    accept: (_value, text, start) => !afterCopyright(text, start) && !NUMBERED_THING.test(text.slice(Math.max(0, start - 16), start)),
  },
];
