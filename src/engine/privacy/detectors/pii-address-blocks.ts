import type { Finding } from '../detector';

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

/** How many lines under a street may still belong to it. */
const MAX_LINES = 4;

/** Each street address found, continued over a building number before it and the lines of its block after it. */
export function extendAddressBlocks(text: string, out: Found[]): void {
  for (const f of out) {
    if (f.kind !== 'street_address') continue;
    // A building's number before the street (`28245 Puruntie 82`), on its line.
    const before = /(?:^|[\s>?:,])(\d{1,6}) $/.exec(text.slice(Math.max(0, f.start - 8), f.start));
    if (before) f.start -= before[1].length + 1;
    SAME_LINE_UNITS.lastIndex = f.end;
    const unit = SAME_LINE_UNITS.exec(text);
    if (unit) f.end += unit[0].length;
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
  }
  return kept;
}

function matchAt(pattern: RegExp, text: string, at: number): number | undefined {
  pattern.lastIndex = at;
  const m = pattern.exec(text);
  return m ? m[0].length : undefined;
}
