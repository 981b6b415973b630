import { linePrefix } from '../checks';
import type { Parsed } from './quoted-values';

// A key alone on its line with one token after it, with or without an operator (assignment-values.ts
// asks): how notes, scanners' samples, .properties files and Windows' setx write a key.

/**
 * `helpscout SECRET = V77f…`, `Fastly token: V77f…`: a service's name, the key, an operator and one
 * token, and nothing else on the line, as notes and scanners' samples write a key. A spaced operator
 * in the middle of other text stays prose (`… the token = what you pasted …`).
 */
export function namedLineStyle(text: string, keyStart: number, pos: number): { style: 'line'; midLine: boolean } | undefined {
  const { prefix, wholeLine } = linePrefix(text, keyStart, 60);
  if (!wholeLine || !/^[ \t]{0,20}[A-Za-z][\w.-]{1,30}[ \t]{1,3}$/.test(prefix)) return undefined;
  return LINE_TOKEN.test(' ' + text.slice(pos, pos + 540)) ? { style: 'line', midLine: false } : undefined;
}

/** Spaces, one token of a key's characters, and the end of the line. */
const LINE_TOKEN = /^[ \t]{1,10}([A-Za-z0-9+/=_.~-]{16,512})[ \t]{0,10}(?:\r?\n|$)/;

/**
 * A line holding only a key, spaces and one token: `api_secret  V77f…` (.properties files take a
 * space as the separator, as do nginx, ssh and Apache configs), a Dockerfile's old `ENV API_TOKEN V77f…`,
 * and a note naming the service first (`clarifai SECRET V77f…`). Nothing else on the line, so a
 * sentence that holds a secret word is not read as one; and a bare word alone (`token …`) is a
 * heading or a label more often than a key, so the key is compound or something names it.
 */
export function spacedLineValue(text: string, keyStart: number, pos: number, key: string): Parsed | undefined {
  const { prefix, wholeLine } = linePrefix(text, keyStart, 60);
  if (!wholeLine) return undefined;
  if (/^[ \t]{0,20}setx[ \t]{1,3}"$/i.test(prefix)) return setxValue(text, pos);
  const named = /^[ \t]{0,20}(?:ENV[ \t]{1,5}|[A-Za-z][\w.-]{1,30}[ \t]{1,3})$/.test(prefix);
  if (!named && !(/^[ \t]{0,20}$/.test(prefix) && /[_-]|[a-z][A-Z]/.test(key))) return undefined;
  const m = LINE_TOKEN.exec(text.slice(pos, pos + 540));
  if (!m) return undefined;
  const start = pos + m[0].indexOf(m[1]);
  return { value: { start, end: start + m[1].length }, quoted: false, keyQuoted: false, codeAssignment: false, midLine: false };
}

/** Windows' `setx "SONAR_TOKEN" "9acf…"` (` /M` for the machine may follow): the value, quoted, after the quoted name. */
const SETX_VALUE = /^[ \t]{1,10}"([A-Za-z0-9+/=_.~-]{16,512})"(?:[ \t]{1,5}\/[Mm])?[ \t]{0,10}(?:\r?\n|$)/;

function setxValue(text: string, pos: number): Parsed | undefined {
  const m = SETX_VALUE.exec(text.slice(pos, pos + 560));
  if (!m) return undefined;
  const start = pos + m[0].indexOf(m[1]);
  return { value: { start, end: start + m[1].length }, quoted: true, keyQuoted: true, codeAssignment: false, midLine: false };
}
