import type { Detector, Finding } from '../detector';
import { findInNumericRuns, type NumericRule } from '../numeric-runs';
import { acceptHetu } from './pii-national-ids-more';

// Identity numbers that mix letters into their digits, which the numeric runs (digits and
// separators) cut apart: a Finnish HETU of someone born since 2000 or written with the 2023
// separators (`010594Y9032`, `020516C903K`), a US Medicare Beneficiary Identifier (`1EG4-TE5-MK73`),
// and a UK driving licence number (`MORGA607054SM9IJ`). Each layout is specific enough to be taken
// bare: the HETU's check character, the MBI's letter and digit positions (no S, L, O, I, B or Z),
// the licence's birth date and initials.

/** MBI letters: the alphabet without S, L, O, I, B and Z. */
const L = 'AC-HJKMNP-RT-Y';

// One pass for both shapes that start with a digit; the HETU's `-` and `+` separators are the numeric runs' (pii-national-ids-more.ts).
const MIXED = new RegExp(
  `(?<![\\w-])\\d(?:\\d{5}[A-FU-Y]\\d{3}[0-9A-Y]|[${L}][${L}0-9]\\d(-?)[${L}][${L}0-9]\\d\\1[${L}]{2}\\d{2})(?![\\w-])`,
  'g',
);

/**
 * A UK driving licence: five letters of the surname (padded with 9), the birth decade, month (plus
 * 50 for a woman), day and year, two initials (9 for none), a digit and two check letters.
 */
const ukLicence: NumericRule = {
  kind: 'drivers_license',
  minDigits: 6,
  // The 9s pad the surname's end only: `MO999`, not `MO9G9`.
  pattern: /(?<![A-Za-z0-9])[A-Z]{2}(?:[A-Z]{3}|[A-Z]{2}9|[A-Z]99|999)\d(?:[05][1-9]|[16][0-2])(?:0[1-9]|[12]\d|3[01])\d[A-Z][A-Z9]\d[A-Z]{2}(?![A-Za-z0-9])/g,
};

/** Finnish HETUs with a letter for separator, US MBIs and UK driving licence numbers. */
export const mixedIdDetector: Detector = {
  name: 'pii-ids-mixed',
  kinds: ['fi_hetu', 'us_mbi', 'drivers_license'],
  priority: 50,
  find: (text) => {
    const out: Array<Omit<Finding, 'priority'>> = findInNumericRuns([ukLicence], text, 'upper');
    MIXED.lastIndex = 0;
    for (let m = MIXED.exec(text); m !== null; m = MIXED.exec(text)) {
      const hetu = m[0].length === 11 && /^\d{6}[A-Z]/.test(m[0]);
      if (hetu && !acceptHetu(m[0])) continue;
      out.push({ kind: hetu ? 'fi_hetu' : 'us_mbi', start: m.index, end: m.index + m[0].length });
    }
    return out;
  },
};
