import type { Detector, Finding } from '../detector';

// A UK postcode reads as nothing else in code: an area of the Royal Mail's list, a district, a
// space, a sector digit and two of the twenty letters an inward code uses (`SW1A 1AA`). It names a
// street or a single building, so it is redacted where nothing labels it. Its rank is below the
// street address's (pii-personal.ts), so a whole address that ends in one stays one finding.

/** The Royal Mail's postcode areas: the letters a postcode may open with. */
const UK_AREAS = new Set(
  ('AB AL B BA BB BD BF BH BL BN BR BS BT BX CA CB CF CH CM CO CR CT CV CW DA DD DE DG DH DL DN DT DY E EC EH EN EX FK FY G GL GU GY ' +
    'HA HD HG HP HR HS HU HX IG IM IP IV JE KA KT KW KY L LA LD LE LL LN LS LU M ME MK ML N NE NG NN NP NR NW OL OX PA PE PH PL PO PR ' +
    'RG RH RM S SA SE SG SK SL SM SN SO SP SR SS ST SW SY TA TD TF TN TQ TR TS TW UB W WA WC WD WF WN WR WS WV YO ZE').split(' '),
);

/**
 * Upper case with its space, as addresses print it, and Girobank's `GIR 0AA`. Joined up (`SW1A1AA`) only under a key
 * (pii-places.ts). The match starts at the space, which V8 finds far faster than a capital at every position; the
 * lookbehind then reads the outward code, its capture.
 */
const INWARD = / \d[ABD-HJLNP-UW-Z]{2}(?![\w-])(?<=(?<![\w./:-])([A-Z]{1,2}\d[\dA-Z]?|GIR) \d[A-Z]{2})/g;

/** The last text searched and its postcodes: the address-lines rule (pii-address-lines.ts) reads the same text's postcodes. */
let last: { text: string; found: Array<Omit<Finding, 'priority'>> } | undefined;

/** UK postcodes in a text, by their layout alone (fresh objects each call: callers may move a finding's bounds). */
export function findPostcodes(text: string): Array<Omit<Finding, 'priority'>> {
  if (last?.text !== text) last = { text, found: searchPostcodes(text) };
  return last.found.map((f) => ({ ...f }));
}

function searchPostcodes(text: string): Array<Omit<Finding, 'priority'>> {
  const out: Array<Omit<Finding, 'priority'>> = [];
  INWARD.lastIndex = 0;
  for (let m = INWARD.exec(text); m !== null; m = INWARD.exec(text)) {
    const outward = m[1];
    if (outward === 'GIR' ? m[0] !== ' 0AA' : !UK_AREAS.has(outward.slice(0, /\d/.exec(outward)!.index))) continue;
    out.push({ kind: 'postal_code', start: m.index - outward.length, end: m.index + m[0].length });
  }
  return out;
}

/** UK postcodes by their layout alone. */
export const postcodeDetector: Detector = {
  name: 'pii-postcodes',
  kinds: ['postal_code'],
  priority: 34,
  find: findPostcodes,
};
