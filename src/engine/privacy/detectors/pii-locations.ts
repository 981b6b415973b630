import { findByRules, type Detector, type PatternRule } from '../detector';

// A position written in degrees with its hemispheres (`40°42'46"N 74°00'22"W`, `51.5074° N,
// 0.1278° W`): the degree sign and the N/S then E/W letters say what it is without a key. Decimal
// pairs without those (`40.7128, -74.0060`) are everywhere in code: only their key tells them
// (pii-keyed-more.ts). A plus code (Open Location Code, what Google Maps shares: `849VCWC8+R9`,
// `9G8F+5W Berlin`) is a position too, in an alphabet of its own.

/** One angle: degrees, then optionally minutes and seconds (`'`/`′`, `"`/`″`/`''`), then the hemisphere. */
const angle = (hemispheres: string) =>
  `(\\d{1,3}(?:\\.\\d{1,8})?)°[ \\t]?(?:(\\d{1,2}(?:\\.\\d{1,6})?)['′][ \\t]?` +
  `(?:(\\d{1,2}(?:\\.\\d{1,6})?)(?:["″]|'')[ \\t]?)?)?[${hemispheres}](?![A-Za-z])`;

const PAIR = new RegExp(`(?<![\\w.])${angle('NS')}[ \\t]*[,;/]?[ \\t]*${angle('EW')}`, 'y');

/** Degrees within range, and minutes and seconds under 60. */
function inRange(value: string): boolean {
  const m = new RegExp(PAIR.source).exec(value);
  if (!m) return false;
  const [lat, latMin, latSec, lon, lonMin, lonSec] = m.slice(1).map((n) => (n === undefined ? 0 : Number(n)));
  return lat <= 90 && lon <= 180 && [latMin, latSec, lonMin, lonSec].every((n) => n < 60);
}

/** Open Location Code's twenty characters: digits 2-9 and consonants that spell no word. */
const OLC = '[2-9CFGHJMPQRVWX]';
const OLC_CHAR = new RegExp(OLC);
/**
 * A whole code: latitude then longitude digits (the first two bounded by the ranges they encode),
 * `+`, two or three more; or a short code of four before the `+`, which means a place only with
 * the town after it (`9G8F+5W New York`): `2345+67` alone is arithmetic.
 */
const PLUS_CODE = new RegExp(
  `(?<![\\w+/=.@-])(?:[2-9C][2-9CFGHJMPQRV]${OLC}{6}\\+${OLC}{2,3}|${OLC}{4}\\+${OLC}{2,3}(?=,?[ \\t][A-Z][a-z]))(?![\\w+/=@-]|\\.\\w)`,
  'y',
);

const rules: PatternRule[] = [
  {
    kind: 'gps_coordinate',
    // Each degree sign is looked at once: the first starts the pair (the second one's walk back finds no N/S after it).
    anchor: { literal: '°', back: /[\d.]/, maxBack: 12 },
    pattern: PAIR,
    accept: inRange,
  },
  {
    kind: 'plus_code',
    // `+` is everywhere in code: the characters on both sides are looked at before any regex runs.
    anchor: { literal: '+', back: OLC_CHAR, maxBack: 8, quick: (text, at) => OLC_CHAR.test(text[at - 1] ?? '') && OLC_CHAR.test(text[at + 1] ?? '') },
    pattern: PLUS_CODE,
    // Letters and digits both: `22222222+22` and `CCCC+CC` are no one's place. A run of four (`8FVC2222+22`, `2CXXXXXX+XX`) is
    // the code's zero digit or padding: the corner of a region, as libraries' examples use it, not where someone is.
    accept: (value) => /\d/.test(value) && /[A-Z]/.test(value) && !/(.)\1\1\1/.test(value),
  },
];

/** Positions in degrees with hemispheres and plus codes, the forms of a position that need no key. */
export const locationDetector: Detector = {
  name: 'pii-locations',
  kinds: ['gps_coordinate', 'plus_code'],
  priority: 44,
  find: (text) => findByRules(rules, text),
};
