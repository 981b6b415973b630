import type { Finding } from '../detector';

// The parts that follow a street in a postal address: its city and postal code, in the orders
// countries write them (`, Springfield, OR 97403`, `, 75002 Paris`, `, Torrejón de Ardoz 39775`,
// `, Reis do Norte - PI, 92862-942`, ` SW1A 2AA`). A place name or a number alone is everywhere in
// code and prose; right after a street address found by another rule, it is the rest of that address.
// Also Japanese addresses, whose block and lot numbers (`2丁目1番4号`) and postal mark (`〒472-2870`)
// say what they are without any label.

type Found = Omit<Finding, 'priority'>;

/** A capitalised word of a place (`Neu`, `O'Keefeton`, `Złotów`), with the small words place names hold between them. */
const CITY_WORD = "\\p{Lu}(?:\\p{L}|['’](?=\\p{L})){1,30}";
const SMALL =
  '(?:de|del|della|dei|di|da|do|dos|das|des|du|la|las|los|le|les|el|al|sur|sous|lès|am|an|der|im|en|nad|pod|upon|on|under|over|cum|by|in|y|i|op|aan|bei)';
/** `Neu Josystadt`, `Saint-Maur-des-Fossés`, `Chiclana de la Frontera`. */
const CITY = `${CITY_WORD}(?:(?: |-)(?:${SMALL}(?: |-)){0,2}${CITY_WORD}){0,3}`;
const KANA_HAN_RUN = '[\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}ー]{1,12}';

/**
 * Postal codes: US ZIP and ZIP+4, Brazilian, Japanese, Portuguese, Polish, Swedish and Indian
 * (`123 45`, `400 580`), Dutch (`1015 CJ`), UK and Canadian, four to six digits; an optional
 * country prefix (`D-10115`). Checked only after a street, so their shapes may be loose.
 */
const POSTAL =
  '(?:[A-Z]{1,2}-)?(?:\\d{5}-\\d{3,4}|\\d{3}-\\d{4}|\\d{4}-\\d{3}|\\d{2}-\\d{3}|\\d{3} \\d{2,3}|\\d{4} ?[A-Z]{2}|\\d{4,6}|' +
  '[A-Z]{1,2}\\d[A-Z\\d]? ?\\d[A-Z\\d]{2}|[A-Z]\\d[A-Z] ?\\d[A-Z]\\d)(?![\\p{L}\\p{N}])';
/** The same without four digits alone, for a code with no city beside it (`12 Main St 2019` ends in a year). */
const POSTAL_ALONE = POSTAL.replace('\\d{4,6}', '\\d{5,6}');

/** The two-letter codes of US states, districts and territories. */
const US_STATE =
  '(?:A[KLRSZ]|C[AOT]|D[CE]|F[LM]|G[AU]|HI|I[ADLN]|K[SY]|LA|M[ADEHINOPST]|N[CDEHJMVY]|O[HKR]|P[AR]|RI|S[CD]|T[NX]|UT|V[AIT]|W[AIVY])';

const TAIL = new RegExp(
  '(?:' +
    [
      // City (a lower-case last word too: `Frasca laziale`, `San Olindo del friuli`; or kanji: `結衣市`), then a state or
      // province, then the code.
      `[,.]? (?:${CITY}(?: (?:${SMALL} )?\\p{Ll}{3,14})?|${KANA_HAN_RUN})(?:,? - [A-Z]{2},?|,? [A-Z]{2})?,? ${POSTAL}`,
      // The rest of a hyphenated town the street rule stopped in (`…, Hoeger-over-Schumm NE79 91H`).
      `(?:-${SMALL}-${CITY_WORD})+(?:,? ${POSTAL_ALONE})?`,
      // The code, then the city; a lower-case last word only where the address ends.
      `,? ${POSTAL} ${CITY}(?: \\p{Ll}{3,14}(?=[ \\t]*(?:[\\r\\n"'\`,.;)]|$)))?(?![\\p{L}\\p{N}])`,
      ` ${POSTAL_ALONE}`,
      // A town and a US state's code with no ZIP, where the address ends (`… Sebastopol CA`, `…, San Jose, CA.`).
      `,? ${CITY},? ${US_STATE}(?=[ \\t]*(?:[\\r\\n.;)]|$))`,
    ].join('|') +
    ')',
  'yu',
);

/**
 * A US state's code after the town, with no ZIP (`123 Elm Street, Springfield, IL.`, `…, Metropolis, NY, and`):
 * taken only where the address already ends in a town after a comma, then a comma, and the code ends its word.
 */
const STATE_AFTER_TOWN = new RegExp(`, ${US_STATE}(?=[.,;:!?)]|\\s|$)(?![.,][\\p{L}\\p{N}])`, 'yu');
const ENDS_IN_TOWN = new RegExp(`, ${CITY}$`, 'u');

/** Each street address found, continued over the city and postal code that follow it. */
export function extendAddressTails(text: string, out: Found[]): void {
  for (const f of out) {
    if (f.kind !== 'street_address') continue;
    TAIL.lastIndex = f.end;
    const m = TAIL.exec(text);
    if (m) f.end += m[0].length;
    else {
      STATE_AFTER_TOWN.lastIndex = f.end;
      // The town is looked for in the address's last 60 characters only: an address may be a long block.
      if (STATE_AFTER_TOWN.test(text) && ENDS_IN_TOWN.test(text.slice(Math.max(f.start, f.end - 60), f.end))) f.end += 4;
    }
  }
}

/**
 * `〒472-2870 港伊藤市2丁目1番4号`, `東京都千代田区1丁目2番3号`: the postal mark, the places before the
 * block, then block (丁目), lot (番 or 番地) and building (号). Either the mark or the block numbers suffice.
 */
const KANA_HAN = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}ー]/u;
const BLOCK = /\d{1,4}丁目\d{1,4}(?:番地?|-)\d{0,4}号?/y;
const POSTAL_MARK = /〒[ \t]?\d{3}-\d{4}/y;

/** How far back from `at` the places before a block or after a postal mark reach (at most twelve characters). */
function placesBefore(text: string, at: number): number {
  let start = at;
  while (start > 0 && at - start < 12 && KANA_HAN.test(text[start - 1])) start--;
  return start;
}

/** Found from the literals 丁目 and 〒 (indexOf), never by a pattern tried at every character of a text. */
export function findJapaneseAddresses(text: string, out: Found[]): void {
  let covered = 0;
  // The blocks' spans, in text order, for the marks' loop to skip those already inside one.
  const blocks: Found[] = [];
  for (let at = text.indexOf('丁目'); at >= 0; at = text.indexOf('丁目', at + 2)) {
    let digits = at;
    while (digits > 0 && at - digits < 4 && text.charCodeAt(digits - 1) >= 48 && text.charCodeAt(digits - 1) <= 57) digits--;
    if (digits === at || digits < covered) continue;
    BLOCK.lastIndex = digits;
    const m = BLOCK.exec(text);
    if (!m) continue;
    let start = placesBefore(text, digits);
    // The postal mark before the places: `〒472-2870 港伊藤市2丁目…`, looked for in the 11 characters before only
    // (lastIndexOf over the whole text read back to its start at every block of a text with no mark).
    const from = Math.max(0, start - 11);
    const near = text.slice(from, start + 1).lastIndexOf('〒');
    const mark = near < 0 ? -1 : from + near;
    if (mark >= 0) {
      POSTAL_MARK.lastIndex = mark;
      const p = POSTAL_MARK.exec(text);
      if (p && /^[ \t　]?$/.test(text.slice(mark + p[0].length, start))) start = mark;
    }
    covered = digits + m[0].length;
    blocks.push({ kind: 'street_address', start, end: covered });
  }
  for (const b of blocks) out.push(b);
  // A postal mark that no block took: the code, and the places after it when there are some.
  let next = 0;
  for (let at = text.indexOf('〒'); at >= 0; at = text.indexOf('〒', at + 1)) {
    while (next < blocks.length && blocks[next].end <= at) next++;
    if (next < blocks.length && blocks[next].start <= at) continue;
    POSTAL_MARK.lastIndex = at;
    const m = POSTAL_MARK.exec(text);
    if (!m) continue;
    let end = at + m[0].length;
    const gap = text[end] === ' ' || text[end] === '　' ? 1 : 0;
    let places = end + gap;
    while (places < text.length && places - end - gap < 12 && KANA_HAN.test(text[places])) places++;
    const kind = places > end + gap ? 'street_address' : 'postal_code';
    if (kind === 'street_address') end = places;
    out.push({ kind, start: at, end });
  }
}

/** `Mountain View, CA 94043` without a street before it: the state and ZIP say the words before them are a town. */
const US_CITY_STATE_ZIP = new RegExp(`(?<![\\w-])(?<city>${CITY})(?<code>, ${US_STATE} \\d{5}(?:-\\d{4})?)(?![\\w-])`, 'yu');
/** `Potsdam (postcode 14467)`, `Springfield, zip 62701`: a place right before a labelled postal code. */
const CITY_BEFORE_CODE_KEY = new RegExp(
  `(?<![\\p{L}\\p{N}])(?<city>${CITY}(?: \\p{Ll}{3,14})?|[\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}ー]{1,12})(?: ?\\(|, \\(?)` +
    '(?:[Pp]ost ?code|[Pp]ostal code|ZIP(?: code)?|[Zz]ip(?: ?code)?|PLZ|CAP|CEP)' +
    '[ \\t]?[:#]?[ \\t]?$',
  'u',
);

const STATE_ZIP = new RegExp(`${US_STATE} \\d{5}(?:-\\d{4})?(?![\\w-])`, 'y');
const TOWN_CHARACTER = /[\p{L}'’ -]/u;
const WORD_START = /(?<![\p{L}'’-])\p{Lu}/gu;

/** Towns named by the postal code after them: a US state and ZIP, or a code under its label. */
export function findTownsBeforeCodes(text: string, out: Found[]): void {
  // `, CA 94043` found first (indexOf and one sticky test), then the town before it, tried from
  // its earliest capitalised word within 60 characters (the longest town that reaches the comma).
  for (let at = text.indexOf(', '); at >= 0; at = text.indexOf(', ', at + 2)) {
    STATE_ZIP.lastIndex = at + 2;
    if (!STATE_ZIP.test(text)) continue;
    let start = at;
    while (start > 0 && at - start < 60 && TOWN_CHARACTER.test(text[start - 1])) start--;
    const head = text.slice(start, at);
    for (let w = WORD_START.exec(head); w; w = WORD_START.exec(head)) {
      US_CITY_STATE_ZIP.lastIndex = start + w.index;
      const m = US_CITY_STATE_ZIP.exec(text);
      if (!m?.groups) continue;
      const cityEnd = m.index + m.groups.city.length;
      out.push({ kind: 'city', start: m.index, end: cityEnd }, { kind: 'postal_code', start: cityEnd + 2, end: m.index + m[0].length });
      break;
    }
    WORD_START.lastIndex = 0;
  }
  for (const f of out.filter((x) => x.kind === 'postal_code')) {
    const before = text.slice(Math.max(0, f.start - 80), f.start);
    const m = CITY_BEFORE_CODE_KEY.exec(before);
    if (m?.groups) {
      const start = f.start - before.length + m.index;
      out.push({ kind: 'city', start, end: start + m.groups.city.length });
    }
  }
}
