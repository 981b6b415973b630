import { characterClasses, entropy, isPlaceholderValue } from '../checks';

// Which keys name a secret, and which assigned values are worth redacting. Kept apart from
// the parser in assignments.ts so the policy can be read (and argued with) on one screen.

export type AssignmentKind = 'password' | 'api_key' | 'aws_secret_key';

const PASSWORD_SUFFIXES = ['password', 'passwd', 'passphrase', 'pwd'];
const SECRET_SUFFIXES = [
  'apikey', 'secret', 'token', 'secretkey', 'secretkeybase', 'accesskey', 'privatekey', 'authkey',
  'signingkey', 'encryptionkey', 'masterkey', 'sessionkey', 'licensekey', 'hmackey', 'sharedkey',
  'credential', 'credentials',
];

/** The kind of secret a key names (`DB_PASSWORD` → password, `apiKey` → api_key), if any. */
export function classifyKey(key: string): AssignmentKind | undefined {
  const flat = key.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (flat.includes('awssecret') || flat.endsWith('secretaccesskey')) return 'aws_secret_key';
  if (PASSWORD_SUFFIXES.some((s) => flat.endsWith(s))) return 'password';
  const words = key.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).filter(Boolean);
  const last = words[words.length - 1]?.toLowerCase();
  if (last === 'pass' || last === 'pw') return 'password';
  if (SECRET_SUFFIXES.some((s) => flat.endsWith(s))) return 'api_key';
  return undefined;
}

/**
 * A generic secret value: at least 8 characters, no spaces, not a path or URL, and either
 * mixed (two character classes including a digit or symbol) or long and random (32+ chars,
 * entropy ≥ 3.5 bits/char). Plain words (`bearer`, `refreshToken`) are left alone.
 */
export function looksSecret(value: string): boolean {
  if (value.length < 8 || /\s/.test(value)) return false;
  if (/^(?:\.{0,2}\/|~\/|[A-Za-z][A-Za-z0-9+.-]*:\/\/)/.test(value)) return false;
  if (characterClasses(value) >= 2 && /[\d]|[^\w.-]/.test(value)) return entropy(value) >= 2.5;
  return value.length >= 32 && entropy(value) >= 3.5;
}

const TYPE_NAMES = /^(?:string|str|int|number|bool|boolean|bytes|any|unknown|object|char|String|Secret|SecretStr|Optional\[[\w.]*\]|\[\]byte)\??$/;

/**
 * True when an unquoted value is code rather than data: a call, an expression, a dotted path,
 * a type annotation, a line ending in `;`/`,` after an unquoted key (`password: pwd,`), or, in
 * a spaced `=` assignment, another variable named like a secret (`password = new_password`).
 * `codeAssignment` is false for `KEY=value` (.env, shell) and `key: value` (YAML), where an
 * identifier-shaped value is data.
 */
export function isCodeValue(value: string, keyWasQuoted: boolean, codeAssignment: boolean): boolean {
  if (/[(){}[\]]/.test(value[0] ?? '') || /[()]/.test(value)) return true;
  if (/^[!&*|>]/.test(value)) return true; // YAML tags, anchors, aliases, block scalars
  if (codeAssignment && /[[\]]/.test(value)) return true; // token = state.tokens[j]
  if (!keyWasQuoted && /[;,]$/.test(value)) return true;
  const bare = value.replace(/[;,]$/, '');
  if (TYPE_NAMES.test(bare)) return true;
  if (/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/.test(bare) && !/\d/.test(bare)) return true;
  if (codeAssignment && /^[A-Za-z_$][\w$]*$/.test(bare) && /pass|pwd|secret|token|key|cred/i.test(bare)) return true;
  return / [=+*/|&?:<>-]{1,3} /.test(bare); // `a + b`, `x ? y : z`
}

/** Whether an assigned value of this kind should be redacted. */
export function isSecretValue(kind: AssignmentKind, key: string, value: string): boolean {
  if (isPlaceholderValue(value)) return false;
  if (kind === 'password') {
    if (/^pwd$/i.test(key) && value.startsWith('/')) return false; // shell's PWD is a folder
    // An identifier naming a password is a label or error code: "invalidUserNameOrPassword".
    return !(/^[A-Za-z_]+$/.test(value) && /pass|pwd/i.test(value) && value.length > 8);
  }
  if (kind === 'aws_secret_key' && /^[A-Za-z0-9/+]{40}$/.test(value)) return true;
  // Letters only: an identifier or constant name ("refreshTokenClientAcquireToken"); a random
  // key of 32+ characters almost always has a digit.
  if (/^[A-Za-z_]+$/.test(value)) return false;
  return looksSecret(value);
}
