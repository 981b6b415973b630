import type { Finding } from './detector';

// A person's title goes with their name: `Mrs.` says who she is (a woman, married), `Dr.` what
// she does, and corpora that label names (contextual-anonymizer: 589 titled spans to 26 without)
// take the title in. A name is redacted with its title, and numbered and looked for again
// without it, so `Dr. Emily Stone` and a later `Emily Stone` stay one person to the model.

/**
 * A title just before a name, at the end of the text given: the courtesy titles, `Prof`, and `Dr.`
 * with its dot (`5 Elm Dr` is a street), or spelt out (`Doctor`, `Professor`). Not glued to a word
 * before it (`JDr.`).
 */
export const TITLE = String.raw`(?:(?:Mrs?|Ms|Mx|Miss|Prof)\.?|Dr\.|Doctor|Professor)`;
const TITLE_BEFORE = new RegExp(String.raw`(?:^|[^\p{L}\p{N}_.])(${TITLE} )$`, 'u');

/** The same title at the start of a value. */
const TITLE_AT_START = new RegExp(`^${TITLE} `, 'u');

/** The longest title with its space (`Professor `): how far back a title can start. */
const LONGEST_TITLE = 'Professor '.length + 1;

/**
 * Widens each person's name in `findings` to take in the title right before it (`Dr. ` + `Emily
 * Stone`). A title already inside another finding stays where it is.
 */
export function extendTitles(text: string, findings: Omit<Finding, 'priority'>[]): void {
  const titled: [Omit<Finding, 'priority'>, number][] = [];
  for (const f of findings) {
    if (f.kind !== 'person_name' || f.start < 2) continue;
    const m = TITLE_BEFORE.exec(text.slice(Math.max(0, f.start - LONGEST_TITLE), f.start));
    if (m) titled.push([f, f.start - m[1].length]);
  }
  if (titled.length === 0) return;
  // One flag per character found (not a look through every finding per name: a text of names would take quadratic time).
  const taken = new Uint8Array(text.length);
  for (const g of findings) taken.fill(1, g.start, g.end);
  for (const [f, start] of titled) if (taken.subarray(start, f.start).every((t) => t === 0)) f.start = start;
}

/**
 * The letters a clinician or scholar signs with after the name (`John Smith, MD`, `Jane Roe, RN, FNP-BC`): like a title they
 * tell a profession, and corpora that label a physician's name take them in. `DO` and `PA` alone are left out (`…, DO NOT`).
 */
export const CREDENTIAL =
  'MD|M\\.D\\.|PhD|Ph\\.D\\.|DDS|DMD|DPM|DNP|DVM|PsyD|PharmD|MBBS|MBChB|FRCS|FRCP|FACS|FACP|MPH|RN|LPN|NP|APRN|CRNA|' +
  'FNP(?:-BC)?|PA-C|LCSW|MSN|BSN';

/** Credentials right after a name, each after a comma or a space, then no letter, digit or ZIP code (`Baltimore, MD 21201`). */
const CREDENTIALS_AFTER = new RegExp(`^(?:,? ?(?:${CREDENTIAL}))+(?![\\p{L}\\p{N}_]| ?\\d{5})`, 'u');

/** The same at the end of a value. */
const CREDENTIALS_AT_END = new RegExp(`(?:,? ?(?:${CREDENTIAL}))+$`, 'u');

/** Widens each person's name in `findings` to take in the credentials right after it (`John Smith` + `, MD`). */
export function extendPostNominals(text: string, findings: Omit<Finding, 'priority'>[]): void {
  for (const f of findings) {
    if (f.kind !== 'person_name' || f.end >= text.length) continue;
    const c = text.charCodeAt(f.end);
    if (c !== 44 && c !== 32) continue;
    const m = CREDENTIALS_AFTER.exec(text.slice(f.end, f.end + 40));
    if (m) f.end += m[0].length;
  }
}

/**
 * The value a redacted text is numbered and looked for again by: a person's name without its
 * title or credentials (`Dr. Emily Stone` and `Emily Stone, MD` are `Emily Stone`); every other value as it is.
 */
export function valueKey(kind: string, value: string): string {
  return kind === 'person_name' ? value.replace(TITLE_AT_START, '').replace(CREDENTIALS_AT_END, '') : value;
}
