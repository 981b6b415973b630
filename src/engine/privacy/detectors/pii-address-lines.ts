import type { Finding } from '../detector';
import { findPostcodes } from './pii-postcodes';
import { AMBIGUOUS_STREET_WORD, STREET_WORD } from './pii-streets';

// An address written one part per line or per comma, found from its end: a UK postcode (`GL6 8EA`), or a
// continental postal code opening its line before the town (`80409 Berlin`). British letters and generated data
// write the street without a number under a flat (`Flat 05` / `Byrne shores`), the street word in lower case
// (`88 White parkway`), a town and a county between street and postcode: no street rule takes those alone, and a
// postcode alone leaves the street and town. The parts above a postcode count only as far as a street among them:
// a postcode under a heading or a paragraph stays a postcode.
// In the US the end is a town, a state and a ZIP (found by pii-address-parts.ts): the street before it needs no street word.

type Found = Omit<Finding, 'priority'>;

/** A part of an address is read in the 400 characters before its postcode at most, over five parts at most. */
const REACH = 400;
const MAX_PARTS = 6;

const SUFFIX = new RegExp(`^(?:${STREET_WORD}|${AMBIGUOUS_STREET_WORD})$`, 'i');
/** `Flat 05`, `Studio 96D`, `Apartment 4`, `Unit 12`: a flat heads the block it is in. */
const FLAT = /^(?:flat|studio|apartment|apt\.?|suite|unit|room)[ \t]+#?\d{1,4}[a-z]?$/i;
/** The house number (`12`, `11-59`, `96D`, `No. 22`) and one to four capitalised words (or capitals), then the street word. */
const STREET = /^(?:(?:No\.?[ \t]*)?\d{1,5}[A-Za-z]?(?:[-–/]\d{1,5}[A-Za-z]?)?,?[ \t]+)?((?:\p{Lu}[\p{L}'’-]{0,30}\.?[ \t]+){1,4})(\p{L}{2,20})\.?$/u;
/** German, Austrian and Swiss streets with their number (`Mühlenplatz 108a`, `Berliner Straße 5`), as the line over a town writes them. */
const DE_STREET = new RegExp(
  '^(?:\\p{Lu}[\\p{L}-]{1,40}(?:straße|strasse|str\\.|weg|allee|platz|gasse|ring|damm|ufer|pfad|steig|chaussee|markt)|' +
    '\\p{Lu}\\p{Ll}{1,30} (?:Straße|Strasse|Str\\.|Weg|Allee|Platz|Gasse|Ring|Damm|Ufer|Chaussee|Markt))' +
    '[ \\t]+\\d{1,4}(?:[ \\t]?[a-zA-Z])?(?:/\\d{1,4})?$',
  'u',
);
/** A town, a county or a building's name: capitalised words and the small words of place names, no digit. */
const PLACE = /^\p{Lu}[\p{L}'’.-]{0,30}(?:[ \t]+(?:\p{Lu}[\p{L}'’.-]{0,30}|on|upon|under|le|by|the|and|in|of|de|la)){0,4}$/u;
/** A country after the postcode on its line: `, UK`, ` Great Britain`. */
const COUNTRY_AFTER = /,?[ \t]+(?:UK|U\.K\.|England|Scotland|Wales|Northern Ireland|Great Britain|United Kingdom)(?![\p{L}\p{N}])/uy;
/** A continental postal code that opens its line before the town (`80409 Berlin`, `D-10115 Berlin`, `1010 Wien`). */
const CODE_THEN_TOWN = new RegExp(
  "\\n[ \\t]*(?:[A-Z]{1,2}-)?\\d{4,5}[ \\t]+\\p{Lu}[\\p{L}'’.]{1,30}" +
    "(?:(?:[ \\t]|-)(?:\\p{Lu}[\\p{L}'’.]{1,30}|am|an|der|im|in|bei|ob|sur|de|la|des)){0,5}[ \\t]*(?=\\r?\\n|$)",
  'gu',
);

interface Part { text: string; start: number; line: number }

/** The comma-separated parts of the lines before `end` (back to `from`, five lines at most), in text order, each with its start and line. */
function partsBefore(text: string, from: number, end: number): Part[] {
  const parts: Part[] = [];
  const window = text.slice(from, end);
  // The last lines of the window only: a text of short lines holds dozens in 400 characters, and each postcode reads its own.
  let cut = window.length;
  for (let n = 0; n < MAX_PARTS - 1 && cut > 0; n++) cut = window.lastIndexOf('\n', cut - 1);
  if (cut > 0) from += cut + 1;
  const lines = (cut > 0 ? window.slice(cut + 1) : window).split('\n');
  // The first line of the window may be cut: it counts only when the window reaches the text's start or a line's.
  let at = from;
  lines.forEach((line, i) => {
    const partial = i === 0 && from > 0 && text[from - 1] !== '\n';
    if (!partial) {
      let offset = 0;
      for (const piece of line.split(',')) {
        const lead = piece.length - piece.trimStart().length;
        const body = piece.trim().replace(/^(?:>[ \t]?)+/, '');
        if (body) parts.push({ text: body, start: at + offset + lead + (piece.trim().length - body.length), line: i });
        offset += piece.length + 1;
      }
    }
    at += line.length + 1;
  });
  return parts;
}

type Street = 'numbered' | 'named' | 'lower';

function streetOf(part: string): Street | undefined {
  if (DE_STREET.test(part)) return 'numbered';
  const m = STREET.exec(part);
  if (!m || !SUFFIX.test(m[2])) return undefined;
  const numbered = /^(?:No\.?[ \t]*)?\d/.test(part);
  if (numbered) return 'numbered';
  return /^\p{Lu}/u.test(m[2]) ? 'named' : 'lower';
}

/** Where the block above a postal code starts, or -1: the topmost street, or the flat or building before it. */
function blockStart(parts: Part[]): number {
  let top = -1;
  let places = 0;
  for (let i = parts.length - 1; i >= 0 && parts.length - i <= MAX_PARTS; i--) {
    const p = parts[i].text;
    if (FLAT.test(p)) return top >= 0 ? parts[i].start : -1;
    const street = top < 0 ? streetOf(p) : undefined;
    if (street === 'numbered' || street === 'named') {
      top = i;
      continue;
    }
    // A street with no number and its word in lower case (`Byrne shores`) only under its flat.
    if (street === 'lower' && i > 0 && FLAT.test(parts[i - 1].text)) return parts[i - 1].start;
    if (top < 0 && PLACE.test(p) && p.length <= 40 && ++places <= 3) continue;
    // A building's name before the street on the street's own line (`The Corn Exchange, Corn St`).
    if (top >= 0 && parts[i].line === parts[top].line && PLACE.test(p)) return parts[i].start;
    break;
  }
  return top >= 0 ? parts[top].start : -1;
}

/** Addresses whose lines end in a UK postcode, or whose town follows a continental postal code on the line under the street. */
export function findAddressLines(text: string, out: Found[]): void {
  for (const code of findPostcodes(text)) {
    const from = Math.max(0, code.start - REACH);
    const start = blockStart(partsBefore(text, from, code.start));
    if (start < 0) continue;
    COUNTRY_AFTER.lastIndex = code.end;
    const country = COUNTRY_AFTER.exec(text);
    out.push({ kind: 'street_address', start, end: code.end + (country ? country[0].length : 0) });
  }
  if (!text.includes('\n')) return;
  CODE_THEN_TOWN.lastIndex = 0;
  for (let m = CODE_THEN_TOWN.exec(text); m; m = CODE_THEN_TOWN.exec(text)) {
    // Only the street on the line right above the town: `Lindenstraße 5` / `10115 Berlin`.
    const above = text.slice(Math.max(0, m.index - 80), m.index);
    const br = above.lastIndexOf('\n');
    if (br < 0 && m.index > 80) continue;
    const lineFrom = m.index - above.length + br + 1;
    const raw = text.slice(lineFrom, m.index);
    if (!DE_STREET.test(raw.trim())) continue;
    out.push({ kind: 'street_address', start: lineFrom + raw.length - raw.trimStart().length, end: m.index + m[0].trimEnd().length });
  }
}

/** A US street as directories write it before `, Town, ST 12345`: a number, maybe a direction, then words (`111 W Washington`, `305 Main`). */
const US_STREET_BEFORE_TOWN = new RegExp(
  '(?<![\\p{L}\\p{N}.#/-])\\d{1,6}(?:-\\d{1,6})?(?:[ \\t]?[A-Z](?![\\p{L}]))?(?:[ \\t]+\\d/\\d)?' +
    '(?:[ \\t]+(?:[NSEW]\\.?|N\\.?[EW]\\.?|S\\.?[EW]\\.?|North|South|East|West|NORTH|SOUTH|EAST|WEST))?' +
    "(?:[ \\t]+(?:\\p{Lu}[\\p{L}'’.-]{0,30}|\\d{1,4}(?:st|nd|rd|th|ST|ND|RD|TH)|\\d{1,4})){1,6}" +
    // A flat, suite or floor after the street: `, Ste. 1222`, ` 15th Floor`, `, 12C`.
    "(?:,?[ \\t]+(?:(?:Ste|STE|Suite|SUITE|Apt|APT|Unit|UNIT|Rm|Room|Fl|Flr|FL|Floor|FLOOR|#)\\.?[ \\t]*#?[A-Za-z0-9-]{1,6}|" +
    '\\d{1,3}(?:st|nd|rd|th|ST|ND|RD|TH)[ \\t]+(?:Floor|Flr|Fl|FLOOR|FLR)\\.?|(?:Ground|Lower|Upper|Second|Third)[ \\t]+(?:Floor|Level|level|floor)|' +
    '\\d{1,5}[A-Z]?))?' +
    // Then a comma or the line's end before the town.
    '(?:,[ \\t]*|[ \\t]*\\r?\\n[ \\t]*)$',
  'u',
);
const STATE_ZIP_AFTER = /^, [A-Z]{2} \d{5}(?:-\d{4})?(?![\w-])/;

/**
 * The street before a US town that a state and ZIP name (pii-address-parts.ts found the town and its code): on the town's
 * line after a comma, or on the line above. The state and ZIP say it is an address, so the street needs no street word
 * (`111 W Washington, Chicago, IL 60602`, `2701 W 18TH ST` / `Chicago, IL 60608`).
 */
export function findStreetsBeforeTowns(text: string, out: Found[]): void {
  const towns = out.filter((f) => f.kind === 'city' && STATE_ZIP_AFTER.test(text.slice(f.end, f.end + 16)));
  for (const town of towns) {
    const before = text.slice(Math.max(0, town.start - 160), town.start);
    const m = US_STREET_BEFORE_TOWN.exec(before);
    if (!m) continue;
    const start = town.start - before.length + m.index;
    // Everything from the street to the ZIP is one address; the ZIP ends at the state and code after the town.
    const code = STATE_ZIP_AFTER.exec(text.slice(town.end, town.end + 16))!;
    out.push({ kind: 'street_address', start, end: town.end + code[0].length });
  }
}
