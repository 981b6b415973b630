import { isPlaceholderValue, linePrefix } from '../checks';
import { findByRules, findBySignatures, type Detector, type PatternRule } from '../detector';
import { configCredentialRules } from './config-credentials';
import { findPgpassPasswords } from './pgpass-lines';
import type { Span } from './quoted-values';

// A user name and its password written as a pair, with no `=` to make them an assignment: the
// lines of a note or a ticket (`login snoop pw biggreenhat`, `username root` / `password crickets`,
// `u: snoop` / `p: biggreenhat`), and a command's options (`docker login -u ci -p …`, `oc login`,
// `az login`, `sqlcmd -U sa -P …`, `mosquitto_pub -u … -P …`), and an e-mail address and its password apart by a
// slash where the line names a login (`credentials: maria@jobport.net / SecureP@ss8901`). Only the password is redacted.

/** Words a sentence puts where a pair has its user name or password: `username and password required`. */
const PROSE = new Set([
  'and', 'or', 'with', 'plus', 'the', 'a', 'an', 'is', 'are', 'of', 'for', 'to', 'field', 'fields', 'required', 'optional', 'reset',
  'change', 'changed', 'forgot', 'forgotten', 'incorrect', 'invalid', 'wrong', 'missing', 'empty', 'login', 'page', 'form', 'prompt',
]);

const wordOfProse = (word: string) => PROSE.has(word.toLowerCase().replace(/[.,:;!?]$/, ''));

/** Ports and port mappings after `-p` (`docker run -u app -p 8080:80`), not passwords. */
const PORT = /\d{1,5}(?:-\d{1,5})?/.source;
const PORTS = new RegExp(`^(?:[\\d.]{1,39}:)?(?:${PORT}:)?${PORT}(?:/(?:tcp|udp))?$`);

const USER_KEY = /(?:user(?:[ _-]?name)?|login|u(?=[ \t]{0,5}:))(?:[ \t]{0,5}:[ \t]{0,20}|[ \t]{1,20})([^\s:=]{1,64})/.source;
/** A user key and its value opening the line, before the password key on the same line. */
const USER_BEFORE = new RegExp(`^[ \\t]{0,40}${USER_KEY}(?:[ \\t]{0,5},)?[ \\t]{1,20}$`, 'i');
/** A user key and its value alone on the line above the password key. */
const USER_LINE_ABOVE = new RegExp(`^[ \\t]{0,40}${USER_KEY}[ \\t]{0,20}\\r?$`, 'i');
/** After the password key: `:` or spaces, the password, and the end of the line. */
const PASSWORD_AFTER = /^(?:[ \t]{0,5}:[ \t]{0,20}|[ \t]{1,20})(\S{3,128}?)[ \t]{0,40}(?:\r?\n|$)/d;

/** Keys of a pair's password: `pw`, `pwd`, `pass`, `passwd`, `password` in any case. */
export const isPairPasswordKey = (key: string) => /^(?:pw|pwd|pass|passwd|password)$/i.test(key);
/** The short form's `p` under a `u:` line: one letter is no keyword of the assignment scan, so it is found here. */
const SHORT_PASSWORD_KEY = /^[ \t]{0,40}[uU][ \t]{0,5}:[^\n]{1,80}\n[ \t]{0,40}(?=[pP][ \t]{0,5}:)/gm;

/** Passwords of `u: …` / `p: …` pairs; the texts without a `u: ` are not searched. */
function shortPairs(text: string): Array<{ kind: string; start: number; end: number }> {
  const out: Array<{ kind: string; start: number; end: number }> = [];
  if (!text.includes('u: ') && !text.includes('U: ')) return out;
  SHORT_PASSWORD_KEY.lastIndex = 0;
  for (let m = SHORT_PASSWORD_KEY.exec(text); m !== null; m = SHORT_PASSWORD_KEY.exec(text)) {
    const at = m.index + m[0].length;
    const pair = pairedPassword(text, at, at + 1);
    if (pair) out.push({ kind: 'password', ...pair });
  }
  return out;
}

/**
 * The password of a user/password pair written without `=`, alone on its line or on two: `login snoop pw
 * biggreenhat`, `UserName snoop PassWord biggreenhat`, `username root` / `password crickets`, `u: snoop` /
 * `p: biggreenhat`. The assignment scan finds the password key (`keyStart`..`keyEnd`); this looks around it.
 */
export function pairedPassword(text: string, keyStart: number, keyEnd: number): Span | undefined {
  const after = PASSWORD_AFTER.exec(text.slice(keyEnd, keyEnd + 200));
  if (!after) return undefined;
  const lineStart = text.lastIndexOf('\n', keyStart - 1) + 1;
  const before = text.slice(lineStart, keyStart);
  let user = USER_BEFORE.exec(before)?.[1];
  if (user === undefined && /^[ \t]{0,40}$/.test(before) && lineStart > 0) {
    const above = text.slice(Math.max(0, text.lastIndexOf('\n', lineStart - 2) + 1), lineStart - 1);
    user = USER_LINE_ABOVE.exec(above)?.[1];
  }
  const value = after[1];
  if (user === undefined || /[,;]$/.test(value)) return undefined; // `Password: b64Pwd,` is a field of an object literal in code
  // A password that repeats the user name (`login admin pw admin`) is a documented default, not a secret.
  if (isPlaceholderValue(value) || wordOfProse(value) || wordOfProse(user) || value === user.replace(/,$/, '')) return undefined;
  const start = keyEnd + (after.indices?.[1]?.[0] ?? 0);
  return { start, end: start + value.length };
}

/** Words that say a line holds a login: the address and password after them are a pair, not a path or a ratio. */
const LOGIN_WORDS = /\b(?:credentials?|log(?:ged)?[ -]?in|logon|sign(?:ed)?[ -]?in|passwords?|passwd|pwd|account)\b/i;

/**
 * The password of an e-mail address and password pair written with a slash, as leaked-credential reports, tickets and
 * combo lists write them (`leaked credentials: maria@jobport.net / SecureP@ss8901`): only where the line before the
 * address names a login, and only a value that reads as a password (a letter and a digit or symbol, not a path or an address).
 */
function slashPairPassword(value: string, text: string, start: number): boolean {
  if (!/[A-Za-z]/.test(value) || !/[\d\W_]/.test(value) || value.includes('/') || /@[\w-]+\.[A-Za-z]/.test(value) || isPlaceholderValue(value)) return false;
  // The line's last 240 characters: a look back to its start would read a one-line file again at every pair.
  return LOGIN_WORDS.test(linePrefix(text, start, 240).prefix);
}

/** An `@` in the `span` characters before `at` (a bounded look: `lastIndexOf` would read back to the text's start at every slash). */
function atWithin(text: string, at: number, span: number): boolean {
  for (let i = at - 1; i >= 0 && i >= at - span; i--) if (text.charCodeAt(i) === 64) return true;
  return false;
}

const rules: PatternRule[] = [
  {
    kind: 'password',
    hint: '@',
    anchor: {
      literal: ' / ',
      back: /[\w.+@-]/,
      maxBack: 130,
      // An address's last letter before the slash, and its `@` within reach: `a / b` in code costs no regex.
      quick: (text, at) => /[A-Za-z]/.test(text[at - 1] ?? '') && atWithin(text, at, 130),
    },
    // Sentence punctuation after the password is not part of it (`… / W!nter2024.`).
    pattern: /[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,5} \/ (?<value>[^\s'"`<>()]{5,63}?[^\s'"`<>(),.;:])(?=[.,;:)]?(?:\s|$))/dy,
    accept: slashPairPassword,
  },
  {
    // A command's user and password options, next to each other: `-u USER -p PASSWORD`, `-U sa -P …`.
    kind: 'password',
    hint: ['-u ', '-U '],
    pattern: /(?<![\w-])-[uU](?:[ \t]{1,5}|=)["']?[^\s"'-][^\s"']{0,100}["']?[ \t]{1,5}-[pP](?:[ \t]{1,5}|=)["']?(?<value>[^\s"'`$<%-][^\s"'`]{2,200})/dg,
    accept: (value, text, start) => {
      if (isPlaceholderValue(value) || PORTS.test(value)) return false;
      const user = /-[uU](?:[ \t]{1,5}|=)["']?([^\s"']+)["']?[ \t]{1,5}-[pP](?:[ \t]{1,5}|=)["']?$/.exec(text.slice(Math.max(0, start - 220), start))?.[1];
      if (user === value) return false; // `oc login -u developer -p developer`: a documented default
      // mysql's `-p` with a space prompts for the password and takes the next word as the database.
      // Its command within the 500 characters before, not back to the line's start (quadratic on a one-line file of pairs).
      return !/\b(?:mysql\w*|mariadb\w*|psql|pg_\w+)\b/.test(linePrefix(text, start, 500).prefix);
    },
  },
];

/**
 * Passwords given with a user name on command lines, in devices', servers' and SQL scripts' formats
 * (config-credentials.ts), in `.pgpass` lines (pgpass-lines.ts), and `u:` / `p:` pairs (the other pairs in notes are
 * read by the assignment scan, which finds their password keys anyway). Ranked with the assignments, under a Kubernetes Secret's
 * values: a password inside a Secret's block scalar stays part of its one placeholder.
 */
export const credentialPairDetector: Detector = {
  name: 'credential-pairs',
  kinds: ['password', 'seed_phrase'],
  priority: 70,
  find: (text) => [...findByRules(rules, text), ...findBySignatures(configCredentialRules, text), ...shortPairs(text), ...findPgpassPasswords(text)],
};
