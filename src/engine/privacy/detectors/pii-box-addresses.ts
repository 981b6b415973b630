import type { Finding } from '../detector';

// A US military or diplomatic address, as USPS Publication 28 (section 225) lays it out: a unit
// line (`PSC 3294, Box 9168`, `UNIT 2050 BOX 4190`, `CMR 450 Box 123`, a ship: `USNS Comfort`),
// then `APO`, `FPO` or `DPO`, the "state" `AA`, `AE` or `AP`, and a ZIP code. The second line
// cannot be read as anything else; it is found from its fixed middle (`PO A`) with indexOf, and the
// unit line looked for only in the 80 characters before it. Written all in capitals, as USPS asks,
// or all in lower case (a form that lower-cases what it stores); not mixed (`Apo Ae`). Also a post
// office box (`P.O. Box 104`, `PO BOX 1234`, `Post Office Box 77`), found from ` Box ` and checked
// by the 14 characters before it: the blocks rule then takes the town and code under it.

type Found = Omit<Finding, 'priority'>;

/** After `[ADF]PO A`: the rest of the "state", its space, the ZIP code (ZIP+4 too), and no digit or letter after. */
const STATE_AND_ZIP = /^[AEP] \d{5}(?:-\d{4})?(?![\p{L}\p{N}])/u;
/** The unit or ship line right before it, ending the 80 characters looked at (a line break, a comma or a space between). */
const UNIT_LINE = new RegExp(
  '(?:^|[^\\p{L}\\p{N}])((?:PSC|UNIT|CMR|Unit|psc|unit|cmr) \\d{1,5},? (?:BOX|Box|box) \\d{1,5}|' +
    "(?:USS|USNS|USNV|USCGC|uss|usns|usnv|uscgc) \\p{L}[\\p{L}'.-]{0,30}(?: \\p{L}[\\p{L}'.-]{0,30}){0,3})[ \\t]*(?:\\r?\\n|, ?| )$",
  'u',
);
const LOOK_BACK = 80;

function findIn(text: string, out: Found[], middle: string): void {
  const upper = middle === 'PO A';
  for (let at = text.indexOf(middle); at >= 0; at = text.indexOf(middle, at + 1)) {
    const start = at - 1;
    if (start < 0 || !(upper ? 'ADF' : 'adf').includes(text[start])) continue;
    if (start > 0 && /[\p{L}\p{N}_]/u.test(text[start - 1])) continue;
    const after = text.slice(at + 4, at + 20);
    const rest = STATE_AND_ZIP.exec(upper ? after : after.toUpperCase());
    if (!rest || (!upper && !'aep'.includes(after[0]))) continue;
    const end = at + 4 + rest[0].length;
    const unit = UNIT_LINE.exec(text.slice(Math.max(0, start - LOOK_BACK), start));
    out.push({ kind: 'street_address', start: unit ? start - unit[0].length + unit[0].indexOf(unit[1]) : start, end });
  }
}

/** The words before a post office box's `Box` (`P.O.`, `PO`, `P O`, `Post Office`); the address blocks take them too. */
export const PO_WORDS = String.raw`P\.? ?O\.?|Post Office`;
const PO_BEFORE = new RegExp(String.raw`(?:^|[^\p{L}\p{N}_])(${PO_WORDS}) $`, 'u');
const BOX_NUMBER = /^\d{1,6}(?![\p{L}\p{N}])/u;

function findPostOfficeBoxes(text: string, out: Found[], box: string): void {
  for (let at = text.indexOf(box); at >= 0; at = text.indexOf(box, at + 1)) {
    const number = BOX_NUMBER.exec(text.slice(at + 5, at + 12));
    if (!number) continue;
    const po = PO_BEFORE.exec(text.slice(Math.max(0, at - 13), at + 1));
    if (po) out.push({ kind: 'street_address', start: at + 1 - po[1].length - 1, end: at + 5 + number[0].length });
  }
}

/** Military and diplomatic addresses (`PSC 3294, Box 9168\nAPO AA 61487`, `USNS Comfort\nFPO AE 09582`) and post office boxes. */
export function findBoxAddresses(text: string, out: Found[]): void {
  findIn(text, out, 'PO A');
  findIn(text, out, 'po a');
  findPostOfficeBoxes(text, out, ' Box ');
  findPostOfficeBoxes(text, out, ' BOX ');
}
