import { isPlaceholderValue } from '../checks';
import { findByRules, type Detector, type PatternRule } from '../detector';
import { looksSecret, randomLetters } from './assignment-rules';

// Credentials carried by URLs and HTTP headers. In `scheme://user:password@host` only the
// password is redacted (the user name and host stay, so the reader still sees which database);
// in `Authorization: Basic|Bearer <credentials>` only the credentials.

/**
 * Basic credentials are base64 of `user:password` (RFC 7617): a value that does not decode to
 * text with a colon is a word or an identifier (`Authorization: Basic Authorization`), not a secret.
 */
function isBasicCredential(value: string): boolean {
  return Buffer.from(value, 'base64').toString('latin1').includes(':');
}

const notPlaceholder = (value: string) => !isPlaceholderValue(value) && !isPlaceholderValue(decodeURIComponentSafe(value));

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** `Authorization:` before credentials without a standard scheme word (a raw key, or a service's own scheme). */
// A header's name and value in a pair of strings (gRPC metadata, `('authorization', 'Key …')`) as well as after `:`.
const OTHER_AUTHORIZATION =
  /(?<![\w-])Authorization(?:["']?[ \t]{0,5}:|["'][ \t]{0,5},)[ \t]{0,5}["']?(?!Basic\b|Bearer\b|Token\b|Digest\b|Negotiate\b)/.source;
const RAW_CREDENTIALS = /(?<value>[A-Za-z0-9._~+/=-]{16,4096})(?![\w.~+/=-])/.source;
/**
 * A login written as a sample, not a credential: a template (`-u <user:password>`) or a password that
 * repeats the user name (`-u test:test`, `admin:admin`), which is a documented default, not a secret.
 */
function isSampleLogin(password: string, text: string, start: number): boolean {
  // The user name: what stands before the colon (and its quotes), back to the option, a quote or a space.
  const head = text.slice(Math.max(0, start - 110), start).replace(/["']?:["']?$/, '');
  const user = /[^\s"'=]*$/.exec(head)?.[0] ?? '';
  return user === password || (user.startsWith('<') && password.endsWith('>'));
}

/**
 * A URL's password that is a default word (`https://user:pass@host`, `mysql://root:password@db.example.net`) is
 * still the one that logs in there; on this machine's own database (`postgres://user:password@localhost/db`) it is
 * the sample a README writes. A template (`YOUR_PASSWORD`, `${DB_PASS}`, `xxxx`) or a repeated user name is a sample anywhere.
 */
const DEFAULT_WORD = /^(?:pass|passwd|password|pw|pwd|secret|changeme|changeit)$/i;
const LOCAL_HOST = /^(?:localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\]|0\.0\.0\.0)(?![\w.-])/;
/**
 * Hosts no one logs in to: RFC 2606's reserved top-level names (`database.example`, `db.test`) and the bare words
 * a template writes for a host (`user:password@host:port/database`). A default word there is a sample too. Names
 * under `example.com` stay hosts: scanners' corpora write real-looking logins for them.
 */
const SAMPLE_HOST = /^(?:(?:[\w-]+\.)+(?:example|test|invalid)|host|hostname)(?![\w.-])/i;

function defaultWordForRemoteHost(value: string, text: string, start: number): boolean {
  const host = text.slice(start + value.length + 1, start + value.length + 80);
  return DEFAULT_WORD.test(value) && !LOCAL_HOST.test(host) && !SAMPLE_HOST.test(host);
}

/**
 * `postgres://postgres:postgres@…`: a password that repeats the URL's user name is the image's documented default;
 * `foo:bar` on this machine is the metasyntactic pair (on a named host, scanners' corpora count it as a login), and
 * `x-oauth-basic` the fixed password of GitHub's token-as-user URLs (the token before it is github_token's, service-url-keys.ts).
 */
function urlUserIs(password: string, text: string, start: number): boolean {
  const head = text.slice(Math.max(0, start - 131), start - 1);
  const user = head.slice(head.lastIndexOf('//') + 2);
  if (user === 'foo' && password === 'bar') return LOCAL_HOST.test(text.slice(start + password.length + 1, start + password.length + 40));
  return user === password || password === 'x-oauth-basic';
}

/** A URL's password that a program fills in: `$env{admin_pwd}` (Perl's `%ENV`), `$DB_PASS$` (a template's delimiters). */
const URL_REFERENCE = /^\$(?:env\{\w+\}|[A-Z_][A-Z0-9_]*\$)$/;

/** mysql's `-p` glued to its password, not the start of `-password`, `-port` or `-protocol` (other clients' options). */
const MYSQL_P = /(?:mysql|mysqldump|mysqladmin|mariadb)\b[^\n]{0,200}?[ \t]-p(?!assword\b|ort\b|rotocol\b)/.source;

/** curl's user option (or `--proxy-user`/`-U`, the proxy's login) and what may stand between it and the user name. */
const CURL_USER = /(?<![\w-])(?:-[uU]|--user|--proxy-user)(?:=|[ \t]{1,5})["']?/.source;

const rules: PatternRule[] = [
  {
    kind: 'connection_string',
    anchor: { literal: '://', back: /[A-Za-z0-9+.-]/, maxBack: 31 },
    // The password may hold an unencoded `@`: the greedy class backs off to the last `@` before the host.
    pattern: /(?<![\w+.-])[A-Za-z][A-Za-z0-9+.-]{1,30}:\/\/[^\s:@/?#'"<>`]{0,128}:(?<value>[^\s/?#'"<>`]{1,256})@(?=[A-Za-z0-9[])/dy,
    accept: (value, text, start) =>
      (notPlaceholder(value) || defaultWordForRemoteHost(value, text, start)) && !urlUserIs(value, text, start) && !URL_REFERENCE.test(value),
  },
  {
    kind: 'basic_auth',
    hint: 'uthorization',
    pattern: /(?<![\w-])(?:Proxy-)?Authorization["']?[ \t]{0,5}[:=,][ \t]{0,5}["']?Basic[ \t]{1,5}(?<value>[A-Za-z0-9+/]{6,4096}={0,2})(?![\w+/=:-])/dgi,
    accept: (value) => notPlaceholder(value) && isBasicCredential(value),
  },
  {
    kind: 'bearer_token',
    hint: 'uthorization',
    pattern:
      /(?<![\w-])(?:Proxy-)?Authorization["']?[ \t]{0,5}[:=,][ \t]{0,5}["']?(?:Bearer|Token)[ \t]{1,5}(?<value>[A-Za-z0-9._~+/-]{8,4096}=*)(?![\w.~+/=-])/dgi,
    accept: notPlaceholder,
  },
  {
    kind: 'bearer_token',
    hint: 'Bearer',
    pattern: /(?<![\w-])Bearer[ \t]{1,3}(?<value>[A-Za-z0-9._~+/-]{20,4096}=*)(?![\w.~+/=-])/dg,
    accept: (value) => notPlaceholder(value) && (looksSecret(value) || randomLetters(value)),
  },
  {
    // Authorization: <token> with no scheme word (a raw API key).
    kind: 'bearer_token',
    hint: 'uthorization',
    pattern: new RegExp(OTHER_AUTHORIZATION + RAW_CREDENTIALS, 'dgi'),
    accept: (value) => notPlaceholder(value) && looksSecret(value),
  },
  {
    // Authorization: <scheme> <credentials> with a scheme of a service's own (`Api-Token`, Okta's `SSWS`, `ApiKey`).
    kind: 'bearer_token',
    hint: 'uthorization',
    pattern: new RegExp(`${OTHER_AUTHORIZATION}[A-Za-z][\\w-]{1,30}[ \\t]{1,3}${RAW_CREDENTIALS}`, 'dgi'),
    accept: (value) => notPlaceholder(value) && looksSecret(value),
  },
  {
    // curl -u KEY: an API key as the user name, with no password (Stripe's and others' way).
    kind: 'basic_auth',
    hint: 'curl',
    pattern: new RegExp(`${CURL_USER}(?<value>[^\\s:"'@$[\\]#]{10,200}):(?=["'\\s]|$)`, 'dg'),
    accept: (value) => notPlaceholder(value) && looksSecret(value),
  },
  {
    // curl -u user:password, --user 'user:password', each quoted on its own (`"user":"password"`,
    // `kevin:'password'`), the user an e-mail address (`me@example.com:password`). The user name stays.
    kind: 'basic_auth',
    hint: 'curl',
    pattern: new RegExp(`${CURL_USER}[^\\s:"'[]{0,100}["']?:["']?(?<value>[^\\s"']{3,200})`, 'dg'),
    accept: (value, text, start) => notPlaceholder(value) && !/^\$\{?\w+\}?$/.test(value) && !isSampleLogin(value, text, start),
  },
  {
    // curl -H "X-Api-Key: …", --header 'PRIVATE-TOKEN: …', -H "Cookie: session=…"
    kind: 'api_key',
    hint: ['curl', 'wget', 'http '],
    pattern:
      /(?<![\w-])(?:-H|--header)(?:=|[ \t]{1,5})["']?[A-Za-z][\w-]{0,40}(?:key|token|secret|auth|password|session|signature)[\w-]{0,20}[ \t]{0,3}:[ \t]{0,5}(?<value>[^\s"']{8,500})/dgi,
    accept: (value) => notPlaceholder(value) && looksSecret(value),
  },
  {
    // Passwords given on a command line: `sshpass -p SECRET`, `mysql -u root -pSECRET` (no space:
    // `-p` alone prompts, `-P` is the port), `--password SECRET` (`--password=` is an assignment).
    kind: 'password',
    // Parts of the words whose first letter is rarer (`hpass`, `ysql`): a hint is only a first filter, and a search
    // for one that opens with a common letter stops at each of them.
    hint: ['hpass', 'ysql', 'mariadb', '--pass'],
    pattern: new RegExp(
      `(?<![\\w-])(?:sshpass[ \\t]+-p[ \\t]*|${MYSQL_P}|--pass(?:word)?[ \\t]{1,5})` + /["']?(?<value>[^\s"'$<-][^\s"']{2,200})/.source,
      'dg',
    ),
    accept: notPlaceholder,
  },
  {
    // .netrc / _netrc (curl, git, ftp): `machine HOST login USER password SECRET`, on one line or
    // several, tokens separated by any white space; `default` stands for any host, and opens its line
    // (`OpenSSL's default password callback` in a comment is prose).
    kind: 'password',
    hint: 'password',
    pattern: new RegExp(
      /(?<![\w-])(?:machine[ \t]+[^\s]{1,253}|(?<=(?:^|\n)[ \t]{0,20})default)(?:\s{1,20}(?:login|account|port)[ \t]+[^\s]{1,256}){0,3}/.source +
        /\s{1,20}password[ \t]+(?<value>[^\s]{1,256})/.source,
      'dg',
    ),
    accept: notPlaceholder,
  },
];

/** Passwords in connection URLs and .netrc files, credentials in Authorization headers. */
export const connectionStringDetector: Detector = {
  name: 'connection-strings',
  kinds: ['connection_string', 'basic_auth', 'bearer_token', 'api_key', 'password'],
  priority: 80,
  find: (text) => findByRules(rules, text),
};
