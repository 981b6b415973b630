import { isPlaceholderValue } from '../checks';
import type { Detector, Finding } from '../detector';
import { type AssignmentKind, classifyKey, isCodeValue, isSecretValue, looksRandomKey } from './assignment-rules';
import { assignCall, parseValue, reversedComparison } from './assignment-values';
import { MAX_VALUE, tokenTail } from './quoted-values';
import { isPairPasswordKey, pairedPassword } from './credential-pairs';
import { listValues } from './list-values';
import { pairedValue } from './paired-values';

// `key = value` in code, YAML, .env, JSON, INI/properties, XML attributes and elements, Makefiles,
// CSV, URL query strings, command-line flags and prose. Only the value is redacted, so `password =
// "[REDACTED:password#1]"` still reads as code. Keys are found from keyword hits and parsed by
// hand (assignment-values.ts, no regex over whole assignments), which keeps the scan linear.

// Factored by first letter: V8 runs this several times faster than the flat alternation.
// Passwords in other languages too: Kennwort, wachtwoord, salasana, senha, contraseña, hasło, lösenord.
// `sonar.login` is SonarScanner's old name for its token (`sonar.token` now); `_PAT`, a personal access token;
// `.dockerconfigjson`, a registry login in a pull secret.
const KEYWORD = new RegExp(
  /p(?:ass|a?s{1,2}w(?:o?r)?d|wd|w(?![a-z])|(?<=[_.-]p)at(?![a-z0-9]))|s(?:ecret|alasana|enha|onar[._-]?login)|token|k(?:ey|ennwort)|/.source +
    /c(?:red|ontrase)|a(?:uth|ccess)|wachtwoord|has[lł]o|l[oö]senord|dockerc(?:onfigjson|fg)/.source,
  'gi',
);
const MAX_KEY = 80;
/** At most this many keyword hits are parsed per KB of text, so a hostile file made of nothing but `token=` cannot make
 * the scan slow. It was 32: code and docs stay below it (6 windows in babel's 30 MB reach it), but a fixture of short
 * credential lines does not (`password = "…"` once a line, `getenv("PASSWORD", "…")`), and the secrets after the 32nd went out. */
const MAX_HITS_PER_KB = 96;

/** Characters of a key name: `[A-Za-z0-9_.$-]`, by table (a regex per character is slow). */
const KEY_CHAR = new Uint8Array(128);
for (const ch of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.$-') KEY_CHAR[ch.charCodeAt(0)] = 1;
const isKeyChar = (text: string, i: number) => {
  const c = text.charCodeAt(i);
  // Latin letters with accents belong to keys too (`contraseña`, `hasło`, `lösenord`).
  return c < 128 ? KEY_CHAR[c] === 1 : c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7;
};

function expandKey(text: string, hitStart: number, hitEnd: number): [number, number] | undefined {
  let start = hitStart;
  while (start > 0 && isKeyChar(text, start - 1)) {
    if (hitEnd - --start > MAX_KEY) return undefined;
  }
  let end = hitEnd;
  while (end < text.length && isKeyChar(text, end)) {
    if (++end - start > MAX_KEY) return undefined;
  }
  // A key ends before a trailing `.` or `-` (`password.` at the end of a sentence).
  while (end > hitEnd && /[.-]/.test(text[end - 1])) end--;
  return [start, end];
}

function trimSpaces(text: string, span: { start: number; end: number }): void {
  while (span.start < span.end && (text[span.start] === ' ' || text[span.start] === '\t')) span.start++;
  while (span.end > span.start && (text[span.end - 1] === ' ' || text[span.end - 1] === '\t')) span.end--;
}

function* findAssignments(text: string): Iterable<Omit<Finding, 'priority'>> {
  KEYWORD.lastIndex = 0;
  let windowStart = 0;
  let hitsInWindow = 0;
  for (let m = KEYWORD.exec(text); m !== null; m = KEYWORD.exec(text)) {
    if (m.index - windowStart >= 1024) {
      windowStart = m.index;
      hitsInWindow = 0;
    }
    if (++hitsInWindow > MAX_HITS_PER_KB) {
      KEYWORD.lastIndex = windowStart + 1024;
      continue;
    }
    const span = expandKey(text, m.index, m.index + m[0].length);
    if (!span) continue;
    const [keyStart, keyEnd] = span;
    KEYWORD.lastIndex = Math.max(keyEnd, m.index + m[0].length);
    // A word between colons is a path's part, not a key: an ARN's `…:secret:<name>`, CloudFormation's
    // `{{resolve:secretsmanager:<id>:SecretString:password}}`, which name where a secret is kept.
    if (text[keyStart - 1] === ':' && text[keyEnd] === ':' && /[^\s"']/.test(text[keyEnd + 1] ?? '')) continue;
    if (insideDynamicReference(text, keyStart)) continue;
    const key = text.slice(keyStart, keyEnd).replace(/^\$/, '');
    const assigned = key.endsWith('.assign') ? key.slice(0, -'.assign'.length) : undefined;
    // `https://$GITHUB_TOKEN:x-oauth-basic@…`: a URL's user name, not a key; connection-strings.ts reads URLs.
    if (text.startsWith('://', keyStart - 3)) continue;
    const kind = classifyKey(assigned ?? key);
    const listed = assigned === undefined && !kind ? listFindings(text, keyStart, keyEnd, key) : undefined;
    if (listed) {
      yield* listed;
      continue;
    }
    if (!kind) continue;
    const found = assigned !== undefined ? assignCall(text, keyEnd) : parseValue(text, keyStart, keyEnd, key) ?? pairedValue(text, keyStart, keyEnd);
    if (!found) {
      const pair = kind === 'password' && isPairPasswordKey(key) ? pairedPassword(text, keyStart, keyEnd) : undefined;
      if (pair) {
        yield { kind: 'password', ...pair };
        continue;
      }
      const compared = reversedComparison(text, keyStart);
      if (compared && isSecretValue(kind, key, text.slice(compared.start, compared.end), { quoted: true, midLine: false })) {
        yield { kind: kind === 'aws_secret_key' ? 'api_key' : kind, ...compared };
      }
      continue;
    }
    // `token = ' V77f…yC '`: spaces inside the quotes around one word are not part of the secret.
    if (found.quoted) trimSpaces(text, found.value);
    const braced = found.quoted ? undefined : odbcBraced(text, found.value);
    if (braced) Object.assign(found, { quoted: true, value: braced });
    const value = text.slice(found.value.start, found.value.end);
    if (kind !== 'password' && value.length < 8) continue; // no generic secret is that short
    if (!found.quoted && isCodeValue(value, found.keyQuoted, found.codeAssignment)) continue;
    if (found.quoted && isJoinedOrRun(value, text[found.value.start - 1])) continue;
    const bare = found.quoted ? value : value.replace(/[,.]$/, '');
    if (!isSecretValue(kind, key, bare, found)) continue;
    const reported = kind === 'aws_secret_key' && !/^[A-Za-z0-9/+]{40}$/.test(bare) ? 'api_key' : kind;
    // A value read as far as MAX_VALUE goes on: the whole token is redacted, not its first part.
    let end = bare.length >= MAX_VALUE ? tokenTail(text, found.value.start + bare.length) : found.value.start + bare.length;
    if (found.blockEnd !== undefined) end = Math.max(end, found.blockEnd);
    yield { kind: reported, start: found.value.start, end };
    KEYWORD.lastIndex = Math.max(KEYWORD.lastIndex, found.value.end, end);
    if (!found.quoted || kind === 'password' || text[end] !== text[found.value.start - 1]) continue;
    for (const part of joinedLiterals(text, end + 1, text[end])) {
      yield { kind: reported, ...part };
      KEYWORD.lastIndex = Math.max(KEYWORD.lastIndex, part.end);
    }
  }
}

/**
 * The inside of an ODBC or ADO.NET value in braces (`Pwd={p@ss;w0rd};`, as Azure's connection strings write it), after `=`
 * and before `;` or the string's end. Braces let the value hold `;` (the value parsed stops at the first one, so the close is
 * looked for here, at most 200 characters on) and `}` written twice. Not a format field or a variable (`{DB_PASS}`,
 * `{userPassword}`), nor an expression (`{!shown}`).
 */
function odbcBraced(text: string, { start }: { start: number; end: number }): { start: number; end: number } | undefined {
  if (text[start - 1] !== '=' || text[start] !== '{') return undefined;
  let close = -1;
  for (let i = start + 1; i < Math.min(text.length, start + 202); i++) {
    const c = text[i];
    if (c === '\n' || c === '\r' || c === '"' || c === "'") return undefined;
    if (c !== '}') continue;
    if (text[i + 1] !== '}') {
      close = i;
      break;
    }
    i++; // `}}` is a `}` of the value
  }
  if (close < 0 || !/^(?:[;"'\r\n]|$)/.test(text[close + 1] ?? '')) return undefined;
  const inner = text.slice(start + 1, close);
  const braced = /^[^\s{}()[\]<>'"!.][^\s{()[\]<>'"]{3,199}$/.test(inner.replace(/\}\}/g, '')) && /[^\w$.]/.test(inner) && !/&&|\|\||=>/.test(inner);
  return braced && !isPlaceholderValue(`{${inner}}`) ? { start: start + 1, end: close } : undefined;
}

/** Inside CloudFormation's `{{resolve:secretsmanager:prod/db/credentials:SecretString:password}}`: looked for 200 back. */
function insideDynamicReference(text: string, keyStart: number): boolean {
  const before = text.slice(Math.max(0, keyStart - 200), keyStart);
  const open = before.lastIndexOf('{{resolve:');
  return open >= 0 && !before.includes('}}', open);
}

const JOIN = /[ \t]{0,4}\+[ \t]{0,4}\r?\n[ \t]{0,40}/y;
const TOKEN_PART = /[A-Za-z0-9+/=_-]{4,512}/y;

/**
 * The string literals a long token goes on in, joined with `+` at the ends of lines: `"IQoJb3…" +\n  "aDGV1…" +\n  "xsvf…"`
 * (an AWS session token in Java or JavaScript). Each whole literal of a token's characters is the same secret.
 */
function* joinedLiterals(text: string, after: number, quote: string): Iterable<{ start: number; end: number }> {
  let pos = after;
  for (let parts = 0; parts < 200; parts++) {
    JOIN.lastIndex = pos;
    if (!JOIN.test(text) || text[JOIN.lastIndex] !== quote) return;
    const start = JOIN.lastIndex + 1;
    TOKEN_PART.lastIndex = start;
    if (!TOKEN_PART.test(text) || text[TOKEN_PART.lastIndex] !== quote) return;
    yield { start, end: TOKEN_PART.lastIndex };
    pos = TOKEN_PART.lastIndex + 1;
  }
}

/**
 * A "quoted" value that is code between two strings: a variable joined in (`"--password=" + password + "…"`,
 * PHP's `';PWD=' . $password . ';'`), or a shell command's output in backquotes (`PG_PASSWORD=\`cat /dev/urandom | …\``).
 */
function isJoinedOrRun(value: string, quote: string): boolean {
  // A command: a lower-case program name, then an option, a pipe or a path (`openssl rand -hex 32`, `cat /run/secret`).
  if (quote === '`' && /^[a-z][\w.-]*\s/.test(value) && /\s-\w|\||\//.test(value)) return true;
  return /^(?:\+|\.)\s+\$?[A-Za-z_][\w$]*(?:(?:->|\.)[A-Za-z_]\w*)*(?:\[|\(|\s+[+.])$/.test(value);
}

/** A key naming secrets in the plural (`passwords`, `api_keys`, `tokens`): the kind of one of them. */
function pluralKind(key: string): AssignmentKind | undefined {
  if (!/(?:passwords|passwds|passphrases|secrets|tokens|keys)$/i.test(key)) return undefined;
  return classifyKey(key.slice(0, -1));
}

/**
 * The items of a list under a key naming secrets in the plural (`passwords: [...]`, a YAML `- item`
 * list), or undefined when no list follows the key. A list under a singular name holds something
 * else (Laravel's `'password' => ['required', 'min:8']` rules). An API key must look issued:
 * Compose's `secrets:` lists the names of secrets (`- db_password`), not their values.
 */
function listFindings(text: string, keyStart: number, keyEnd: number, key: string) {
  const kind = pluralKind(key);
  if (!kind) return undefined;
  const items = listValues(text, keyStart, keyEnd);
  if (!items) return undefined;
  const itemKey = key.slice(0, -1);
  const reported = kind === 'aws_secret_key' ? 'api_key' : kind;
  return items
    .filter(({ value, quoted }) => {
      const item = text.slice(value.start, value.end);
      if (!isSecretValue(kind, itemKey, item, { quoted, midLine: false })) return false;
      return kind === 'password' || looksRandomKey(item);
    })
    .map(({ value }) => ({ kind: reported, start: value.start, end: value.end }));
}

/** Secrets assigned to keys that name them: passwords, API keys and tokens, AWS secret keys. */
export const assignmentDetector: Detector = {
  name: 'assignments',
  kinds: ['password', 'api_key', 'aws_secret_key'],
  priority: 70,
  find: findAssignments,
};
