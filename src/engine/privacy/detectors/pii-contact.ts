import { findByRules, type Detector, type PatternRule } from '../detector';
import { spelledOutEmailRules } from './pii-credits';
import { extendSpelledLocalParts, findObfuscatedEmails } from './pii-emails-obfuscated';

// Email addresses (phone numbers are in pii-phones.ts).

// `icon@2x.png` and `styles@media.css` are file names, not addresses.
const FILE_EXTENSIONS = new Set([
  'png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'ico', 'bmp', 'avif', 'js', 'mjs', 'cjs', 'ts', 'tsx', 'jsx',
  'css', 'scss', 'less', 'json', 'map', 'html', 'htm', 'txt', 'lock', 'yml', 'yaml', 'xml', 'wasm', 'vue', 'svelte',
]);

// `scheme://user:` just before: what looks like `local@host` is a URL's password and its host
// (`mongodb://app:s3cret@db.example.net`), which the connection-string detector judges.
// The user may be one of our placeholders already (`https://[REDACTED:github_token#1]:x-oauth-basic@github.com`).
const URL_USER_BEFORE = /[A-Za-z][A-Za-z0-9+.-]{0,30}:\/\/(?:\[REDACTED:[a-z0-9_]{1,40}#\d{1,6}\]|[^\s/?#@:'"`]{0,128}):$/;
// A template's address: `your-service@your-project.iam…`, `YOUR_EMAIL@…`, `your.name@company.com`.
const TEMPLATE_LOCAL = /^your(?:[-_.]|[A-Z]|$)|^YOUR(?:[-_.]|$)/;

/**
 * `postgresql://app@db.example.net/app`, `wasb://containers@acct.blob.core.windows.net`: a URL's user name and its host,
 * with no password, not an address; a user of words only (`app`, `app-user`), as services and roles are named. An
 * address given as the login (`smtps://jane@gmail.com:pw@smtp…`) and a person's or a token's form (`john.doe`,
 * `jsmith84`, 40 hex) stay judged as addresses.
 */
function isUrlLogin(local: string, text: string, start: number, end: number): boolean {
  if (!text.startsWith('://', start - 3) || !/^[a-z]+(?:[-_][a-z]+)*$/.test(local)) return false;
  if (/mailto:\/\/$/i.test(text.slice(Math.max(0, start - 9), start))) return false; // `mailto://me@example.com`: an address still
  return !(text[end] === ':' && !/\d/.test(text[end + 1] ?? ''));
}

function acceptEmail(value: string, text: string, start: number): boolean {
  const at = value.indexOf('@');
  const local = value.slice(0, at);
  const tld = value.slice(value.lastIndexOf('.') + 1).toLowerCase();
  if (FILE_EXTENSIONS.has(tld)) return false;
  if (local === 'git') return false; // git@github.com:org/repo — an SSH remote, not a person
  if (TEMPLATE_LOCAL.test(local)) return false;
  if (text.charCodeAt(start - 1) === 58 && URL_USER_BEFORE.test(text.slice(Math.max(0, start - 180), start))) return false;
  if (isUrlLogin(local, text, start, start + value.length)) return false;
  if (/^[!#$&*^~]|[!#$&*^~]$/.test(local) && !/[A-Za-z0-9]/.test(local)) return false;
  return !local.startsWith('.') && !local.endsWith('.') && !local.includes('..');
}

/**
 * A cheap look past an `@` before the email regex runs: a domain needs a dot and a last label of
 * at least two characters (`[…]` address literals pass). Hostile runs such as `a.b@a.b@…` or
 * `a@b.c1.a@…` are dismissed here in a few steps instead of a regex attempt at every `@`.
 */
function plausibleDomainAt(text: string, from: number): boolean {
  if (text[from] === '[') return true;
  const limit = Math.min(text.length, from + 256);
  let end = from;
  for (; end < limit; end++) {
    const c = text.charCodeAt(end);
    const label = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45 || c === 46 || c > 127;
    if (!label) break;
  }
  while (end > from && text.charCodeAt(end - 1) === 46) end--; // a sentence's full stop after the address
  // The last dot of the domain, looked for in the domain only: `lastIndexOf` would search the whole
  // text before it, at every `@` of a text with none (`u@d:u@d:…` took seconds per megabyte).
  let dot = end - 1;
  while (dot > from && text.charCodeAt(dot) !== 46) dot--;
  return dot > from && end - dot - 1 >= 2;
}

// Local parts take the RFC's common specials (not quotes, `=`, `/` or braces, which in code
// are the text around an address); letters may be any script, and domains may be IDNs.
const rules: PatternRule[] = [
  {
    kind: 'email',
    // An apostrophe may sit inside a local part (o'reilly@…), not open it ('user@…' in code).
    anchor: { literal: '@', back: /[\p{L}\p{N}._%+!#$&*^~'-]/u, maxBack: 64, quick: (t, at) => plausibleDomainAt(t, at + 1), skip: /'/ },
    pattern:
      /(?<![\p{L}\p{N}._%+!#$&*^~-])[\p{L}\p{N}._%+!#$&*^~-][\p{L}\p{N}._%+!#$&*^~'-]{0,63}@(?:(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.){1,8}(?:[A-Za-z]{2,24}|xn--[a-z0-9-]{1,59}|\p{L}{2,24})|\[(?:\d{1,3}\.){3}\d{1,3}\])(?![\p{L}\p{N}-])/uy,
    accept: acceptEmail,
  },
  {
    // "john doe"@example.com: a quoted local part (the opening quote stays).
    kind: 'email',
    anchor: { literal: '"@', back: /[^"\n]/, maxBack: 64 },
    // The quoted part holds a letter or digit: `getenv("X")+"@host` is code joining strings, not an address.
    pattern: new RegExp(
      /(?<=")(?=[^"\n\\]{0,61}[A-Za-z0-9\u00C0-\uFFFF])[^"\n\\]{1,62}"@/.source +
        /(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.){1,8}[A-Za-z]{2,24}(?![A-Za-z0-9-])/.source,
      'y',
    ),
  },
  ...spelledOutEmailRules,
];

/** Email addresses. */
export const contactDetector: Detector = {
  name: 'pii-contact',
  kinds: ['email'],
  priority: 40,
  find: (text) => {
    const out = findByRules(rules, text);
    findObfuscatedEmails(text, out);
    extendSpelledLocalParts(text, out);
    return out;
  },
};
