import { findByRules, type Detector, type PatternRule } from '../detector';

// A position written in degrees with its hemispheres (`40°42'46"N 74°00'22"W`, `51.5074° N,
// 0.1278° W`): the degree sign and the N/S then E/W letters say what it is without a key. Decimal
// pairs without those (`40.7128, -74.0060`) are everywhere in code: only their key tells them
// (pii-keyed-more.ts).

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

const rules: PatternRule[] = [
  {
    kind: 'gps_coordinate',
    // Each degree sign is looked at once: the first starts the pair (the second one's walk back finds no N/S after it).
    anchor: { literal: '°', back: /[\d.]/, maxBack: 12 },
    pattern: PAIR,
    accept: inRange,
  },
];

/** Positions in degrees with hemispheres, the one form of a position that needs no key. */
export const locationDetector: Detector = {
  name: 'pii-locations',
  kinds: ['gps_coordinate'],
  priority: 44,
  find: (text) => findByRules(rules, text),
};
