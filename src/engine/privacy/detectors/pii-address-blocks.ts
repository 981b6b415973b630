import type { Finding } from '../detector';
import { isCountryName } from './country-names';
import { PO_WORDS } from './pii-box-addresses';

// An address as letters, forms and signatures write it, one part per line: the street found by the
// street rules, then the flat, the town, the state and the postal code under it, and the number of
// a building before it (`20789 Allika 46` / `Suite 501` / `Riisa` / `Estonia 62488`). Only an
// address already found is continued, and the lines under it count only as far as a line that ends
// in a postal code or names a flat: a heading or code under an address is left alone.

type Found = Omit<Finding, 'priority'>;

/** A flat, suite or unit (`Apt. 656`, `Suite 501`, `Unit 4`), on the street's line or its own. */
const UNIT = "(?:Apt|Apartment|Suite|Ste|Unit|Flat|Fl|Floor)\\.? #?[A-Za-z0-9-]{1,6}";
const SAME_LINE_UNITS = new RegExp(`(?:,? ${UNIT}){1,2}(?![\\p{L}\\p{N}])`, 'yu');
/** The start of a next line: its break, then the quoting or bullets a message puts before each line (`> `, `??? `). */
const NEXT_LINE = /[ \t]*\r?\n(?:[ \t]*\r?\n)?[ \t>?*-]*/y;
const UNIT_LINE = new RegExp(`${UNIT}[ \\t]*(?=\\r?\\n|$)`, 'yu');
/** Words of a town, state or country, no digits and no code: `Riisa`, `SEINÄJOKI`, `Črni Vrh nad Idrijo`, `, ON`. */
const PLACE_WORDS = "\\p{L}[\\p{L}'’.()-]{0,40}(?:[ ,]{1,2}[\\p{L}'’.()-]{1,40}){0,5}";
const PLACE_LINE = new RegExp(`,?[ \\t]*${PLACE_WORDS}[ \\t]*(?=\\r?\\n|$)`, 'uy');
/** A line ending in a postal code (`Estonia 62488`, `7188`, `, RS 24893`, `DOLE 21000`, `APO AA 42323`). */
const POSTAL = '(?:\\d{4,6}(?:-\\d{3,4})?|\\d{3} \\d{2}|\\d{2}-\\d{3}|[A-Z]{1,2}\\d[A-Z\\d]? ?\\d[A-Z]{2})';
const POSTAL_LINE = new RegExp(`,?[ \\t]*(?:${PLACE_WORDS},?[ \\t]+)?${POSTAL}[ \\t]*(?=[\\r\\n.?!,]|$)`, 'uy');

const BOX_BEFORE = new RegExp(String.raw`(?:^|[^\p{L}\p{N}_])((?:${PO_WORDS}) (?:Box|BOX) )$`, 'u');
const UNIT_WORD_AT_END = / (?:Apt|Apartment|Suite|Ste|Unit|Flat)$/;
/** A word of a place on the address's line (capitalised, or the small words of `Bosnia and Herzegovina`), a comma maybe before it. */
const TAIL_WORD = /,?[ \t]+(\p{Lu}[\p{L}'’.()-]{0,40}|of|and|the)(?![\p{L}\p{N}])/uy;
const POSTAL_AFTER_COUNTRY = /[ \t]+\d{4,6}(?:-\d{3,4})?(?![\p{L}\p{N}])/uy;

/** How much of the address's line is its town and country (`, Tallinn, Estonia`, ` NUNGATTA Australia 2470`): 0 unless a country ends it. */
function countryTail(text: string, end: number): number {
  const words: [string, number][] = [];
  let at = end;
  for (let m; words.length < 6 && (TAIL_WORD.lastIndex = at, (m = TAIL_WORD.exec(text))); at += m[0].length) {
    words.push([m[1], at + m[0].length]);
    // The shortest tail that ends in a country (of up to four words: `United States of America`).
    for (let n = 1; n <= Math.min(4, words.length); n++) {
      // A town of three words at most before the country (`Then We Went To France` is a sentence).
      if (words.length - n > 3 || !isCountryName(words.slice(-n).map((w) => w[0].replace(/[.,]$/, '')).join(' '))) continue;
      const stop = words[words.length - 1][1];
      POSTAL_AFTER_COUNTRY.lastIndex = stop;
      const code = POSTAL_AFTER_COUNTRY.exec(text);
      return stop - end + (code ? code[0].length : 0);
    }
  }
  return 0;
}

/** How many lines under a street may still belong to it. */
const MAX_LINES = 4;

/** Each street address found, continued over a building number before it and the lines of its block after it. */
export function extendAddressBlocks(text: string, out: Found[]): void {
  for (const f of out) {
    if (f.kind !== 'street_address') continue;
    // A building's number before the street (`28245 Puruntie 82`), on its line.
    const before = /(?:^|[\s>?:,])(\d{1,6}) $/.exec(text.slice(Math.max(0, f.start - 8), f.start));
    if (before) f.start -= before[1].length + 1;
    // A post office box before the number (`P.O. Box 149 Monika Union`, as forms fill a street's field with one).
    const box = BOX_BEFORE.exec(text.slice(Math.max(0, f.start - 18), f.start));
    if (box) f.start -= box[1].length;
    // A street rule that stopped inside the flat (`62 Rue Gafsa Apt` + `. 981`) gives the flat word back to the unit rule.
    const cut = UNIT_WORD_AT_END.exec(text.slice(Math.max(f.start, f.end - 12), f.end));
    if (cut && /^\.? #?[A-Za-z0-9]/.test(text.slice(f.end, f.end + 4))) f.end -= cut[0].length;
    SAME_LINE_UNITS.lastIndex = f.end;
    const unit = SAME_LINE_UNITS.exec(text);
    if (unit) f.end += unit[0].length;
    f.end += countryTail(text, f.end);
    f.end = blockEnd(text, f.end);
  }
}

/** Where the lines under an address end: after its last line that names a flat or ends in a postal code. */
function blockEnd(text: string, end: number): number {
  let at = end;
  let kept = end;
  for (let line = 0; line < MAX_LINES; line++) {
    NEXT_LINE.lastIndex = at;
    const br = NEXT_LINE.exec(text);
    if (!br) break;
    const from = at + br[0].length;
    const unit = matchAt(UNIT_LINE, text, from) ?? matchAt(POSTAL_LINE, text, from);
    if (unit !== undefined) {
      at = kept = from + unit;
      continue;
    }
    const place = matchAt(PLACE_LINE, text, from);
    if (place === undefined || place > 60) break;
    at = from + place;
    if (isCountryName(text.slice(from, at).replace(/^,?[ \t]*|[ \t]+$/g, ''))) return at;
  }
  return kept;
}

function matchAt(pattern: RegExp, text: string, at: number): number | undefined {
  pattern.lastIndex = at;
  const m = pattern.exec(text);
  return m ? m[0].length : undefined;
}
