import type { KeyedRule, KeywordTable } from '../keyed-scan';
import { entropy } from '../checks';
import { isFakeBody } from '../token-checks';
import { isGivenName } from './given-names';
import { NAME_WORD, NOT_SURNAMES, ORGANISATION_WORDS } from './pii-names';

// Secrets as people write them in sentences rather than in key = value pairs: "your new password
// is 8fJ#kL2m!x", "login with password Tr0ub4dor&3", "use the PIN 4821". The same words fill
// validation messages and docs ("password is required", "the password must be 8 characters"), so
// what follows the word must look like a password, not like a word.

/** Hash and cipher names that follow "password is" in docs (`password is SHA-256 hashed`). */
const ALGORITHM = /^(?:sha|md|aes|utf|base|rsa|hmac|pbkdf|argon|scrypt|des|crc|ecdsa|ed)[-_]?\d/i;

/**
 * Whether the word after "password …" is one: a run of letters alone is a word ("required"), and
 * code, templates, placeholders, member accesses and identifiers are what docs and code put there.
 */
export function looksLikePassword(value: string): boolean {
  // A string's escape inside the value (`Password is incorrect.\nexpected: …`, `password prompt:\n' + …`): the
  // word after "password" sits in a message written in code; a password is judged by what comes before the escape.
  const escaped = /\\[nrt]/.exec(value);
  if (escaped) {
    const before = value.slice(0, escaped.index).replace(/[.,;:!?]+$/, '');
    return before.length >= 6 && looksLikePassword(before);
  }
  // A command line's next flag or pipe (`--vault-password-file vault-password --vault-id x`, `echo password |ansible-vault`).
  if (/^(?:--?|\|)[A-Za-z][\w-]*$/.test(value)) return false;
  if (/^[A-Za-z]+[!?]?$/.test(value)) return isRandomLetters(value);
  // An upper-case word then a symbol: keyword lists (`PASSWORD CONFLICT|10` in an SQL grammar).
  if (/^[A-Z]{3,}[^A-Za-z]/.test(value) && !/[a-z]/.test(value)) return false;
  // A template or variable (`$PASSWORD`, `%s`, `@param`, `%DB_PASS%`); `@X248zmiz%3V` is a password.
  if (/^[$%@#&*]+[\w.{}()-]*[$%]?$/.test(value) && !(/\d/.test(value) && /[a-z]/.test(value) && /[A-Z]/.test(value))) return false;
  // Digits alone: a number of characters or days, unless long enough to be a password of digits.
  if (/^\d+$/.test(value)) return value.length >= 6;
  if (!/[A-Za-z]/.test(value)) return false;
  if (/[(){}[\]=<>`]|:\/\/|\.\.\.|^[a-z]+:[~^*\d]/.test(value) || /^(?:x{3,}|\*{3,}|_+)$/i.test(value) || ALGORITHM.test(value)) return false;
  // config.password2, user_pass_1, some-flag-name: code and option names, not passwords.
  if (/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/.test(value) || /^[a-z][a-z0-9]*(?:[_-][a-z0-9]+)+$/.test(value)) return false;
  return true;
}

/**
 * Letters alone are a password when their case changes at random (`IUhaWInPlbFNeCW`): split at each
 * change, a word or an identifier (`isRequired`, `HTTPServer`) leaves parts of three letters or
 * more, a random run mostly shorter ones. Not `randomLetters` (assignment-rules.ts): that one
 * judges a key's value of 20 letters or more by its entropy, and a password is often shorter.
 */
function isRandomLetters(value: string): boolean {
  if (value.length < 10 || !/[a-z]/.test(value) || !/[A-Z]/.test(value)) return false;
  const parts = value.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+/g) ?? [];
  if (parts.length < 5) return false;
  // Words have vowels: lower-case parts of three letters or more without one (`Bzx`, `Rnds`) are noise.
  const voiceless = parts.filter((p) => p.length >= 3 && /[a-z]/.test(p) && !/[aeiouy]/i.test(p)).length;
  return voiceless >= 2 || parts.filter((p) => p.length <= 2).length * 2 >= parts.length;
}

const passwordProse: KeyedRule = {
  kind: 'password',
  standalone: true,
  // "password is X", "password was changed to X", "password: X", "password X"; quotes kept out.
  pattern: new RegExp(
    '(?:[Pp]ass(?:word|code|phrase)|PASS(?:WORD|CODE|PHRASE)|[Pp]asswd)' +
      '(?:[ \\t]+(?:(?:is|was|will be|remains|has been)(?:[ \\t]+(?:changed|set|reset|updated)[ \\t]+to)?' +
      '|(?:changed|set|reset|updated)[ \\t]+to))?:?[ \\t]+["\'“‘]?' +
      // A string's escape (`\n`) ends the value: `"… password Zx9!kQ2m\n"` in code.
      '(?<value>(?:[^\\s"\'”’<>\\\\]|\\\\(?![nrt])){5,63}[^\\s"\'”’<>.,;:)\\\\])(?=[\\s"\'”’.,;:)]|\\\\[nrt]|$)',
    'y',
  ),
  accept: looksLikePassword,
};

/**
 * A password handed over as what to sign in with (`Use Tr0ub4dor&3 to sign in`, `use "x9#Lm2pQ" to
 * log in`): the phrase after it says what it is; the value must still look like a password (not
 * `Use Chrome to sign in`, `use your_account to log in`).
 */
const useToSignIn: KeyedRule = {
  kind: 'password',
  standalone: true,
  pattern: /[Uu]se[ \t]+["'“‘]?(?<value>[^\s"'”’<>]{6,64})(?=["'”’]?[ \t]+to[ \t]+(?:sign|log)[ -]?(?:in|on)\b)/y,
  // Not what else one uses to sign in: a path, a file, a version, a host, a hash or id, a number (`v2.10.0`, `main.ts`, `fe80::1`).
  accept: (value) => looksLikePassword(value) && !/[/:]|\d\.\d|\.[a-z]{1,4}$|^[\da-f-]+$|^\d+$|^[A-Z][a-z]+(?:-[A-Z]?[a-z0-9.]+)+$/.test(value),
};

/**
 * A key or token given in a sentence: "Your API key is 2afd…", "the token was ghx7…". A secret is
 * random: letters and digits both, high entropy, not words joined by separators or a path.
 */
const secretProse: KeyedRule = {
  kind: 'api_key',
  standalone: true,
  pattern: new RegExp(
    // Blanks are bounded: two unbounded runs around an optional `:` split a long run of tabs every way (quadratic).
    /(?:[Kk]ey|KEY|[Tt]oken|TOKEN|[Ss]ecret|SECRET)[ \t]{1,8}(?:is|was)[ \t]{0,8}:?[ \t]{1,8}["'“‘]?/.source +
      /(?<value>[A-Za-z0-9_\-+/=.~]{15,199}[A-Za-z0-9_\-+/=~])(?=[\s"'”’.,;:)]|$)/.source,
    'y',
  ),
  accept: (value) =>
    /\d/.test(value) && /[A-Za-z]/.test(value) && entropy(value) >= 3.3 && !/^[A-Za-z]+(?:[_\-./][A-Za-z0-9]+)+$/.test(value) &&
    !/^\.{0,2}\//.test(value) && !isFakeBody(value),
};

const pin: KeyedRule = {
  kind: 'pin',
  standalone: true,
  // Upper-case PIN, "pin code"/"pin number", or a `pin` key (`pin: 4921`, `"pin": "4921"`); a
  // lower-case `pin 13` in prose, or a GPIO pin's one to three digits, is no PIN.
  pattern: new RegExp(
    /(?:PIN(?:[ _-]?(?:[Cc]ode|CODE|[Nn]umber|NUMBER))?|[Pp]in[ _-]?(?:[Cc]ode|[Nn]umber)|[Pp]in(?=["']?[ \t]*[:=]))/.source +
      // Bounded blanks, as in secretProse: `PIN` before 64 K tabs took 11 s, a megabyte hours.
      /["']?(?:[ \t]{1,8}(?:is|was))?[ \t]{0,8}[:=#]?[ \t]{0,8}["']?(?<value>\d{4,8})(?![\w-])/.source,
    'y',
  ),
  // A run of one digit is a placeholder.
  accept: (value) => !/^(\d)\1*$/.test(value),
};

/**
 * A person greeted or thanked in a message (`Hi Charlotte,`, `Dear Anna Schmidt:`, `Thanks Mark!`, `Good morning David!`):
 * a common given name (given-names.ts), then maybe a surname, then punctuation. `Hello World,`
 * and `Hi there,` greet no one.
 */
const greeting: KeyedRule = {
  kind: 'person_name',
  standalone: true,
  pattern: new RegExp(
    `(?:[Hh]i|[Hh]ello|[Hh]ey|[Dd]ear|[Tt]hanks|[Tt]hank you|[Gg]ood (?:morning|afternoon|evening)),? ` +
      `(?<value>${NAME_WORD}(?: ${NAME_WORD})?)(?=[,!.:;])`,
    'yu',
  ),
  accept: (value, text, start) => isGivenName(value.split(' ')[0]) || greetsSomeone(value, text, start),
};

/** Who a greeting may address that is no person: `Hello World,`, `Hi there,`, `Dear Customer,`. */
const NOT_GREETED = new RegExp(
  '^(?:World|There|All|Team|Everyone|Everybody|Folks|Guys|Sir|Sirs|Madam|Friend|Friends|Customer|User|Users|Admin|Support|' +
    'Reader|Readers|Developer|Developers|Maintainers|Community|Again|Back|Future|Mom|Dad|Universe|Earth|Hiring|Manager|Colleagues)$',
);

/**
 * Any capitalised name after a greeting that opens its line or sentence and ends in a comma (`Hi
 * Claas, your order…`, `Dear Ansberte Hubert,`): a letter's or a message's opening, whatever the name.
 */
function greetsSomeone(value: string, text: string, start: number): boolean {
  const words = value.split(' ');
  if (text[start + value.length] !== ',' || NOT_GREETED.test(words[0]) || words.some((w) => w.length < 2 || /-$/.test(w))) return false;
  // The text's start counts as a line's start.
  const from = Math.max(0, start - 12);
  const before = (from === 0 ? '\n' : '') + text.slice(from, start);
  return /[\r\n.!?>"'`]\s*(?:[Hh]i|[Hh]ello|[Hh]ey|[Dd]ear),? $/.test(before);
}

/**
 * A person to reach (`Contact Maxima Platzer at the front desk`, `Please call Leonor Wolff back`, `call Ibrahim back`,
 * `ask Dean Frey about it`): two or three capitalised names after the verb, then what one does with
 * a person. Each word must read as a name: not a word of NOT_SURNAMES (`Contact Customer Support
 * at`), not an organisation (`Acme Labs`), no capital inside (`GitHub`).
 */
const PERSON_PART = '\\p{Lu}\\p{Ll}{1,30}(?:[\'’-]\\p{Lu}\\p{Ll}{1,30})?';
const reachPerson: KeyedRule = {
  kind: 'person_name',
  standalone: true,
  // One name alone only before `back` (`call Ibrahim back`); `back` follows no module or type.
  pattern: new RegExp(
    `(?:[Cc]ontact|[Cc]all|[Aa]sk) (?<value>${PERSON_PART}(?: ${PERSON_PART}){1,2}(?= (?:at|on|back|via|directly|about)\\b)|` +
      `${PERSON_PART}(?= back\\b))`,
    'yu',
  ),
  accept: (value, text, start) => {
    if (!value.split(' ').every((w) => !NOT_SURNAMES.has(w) && !ORGANISATION_WORDS.includes(w) && !NOT_GREETED.test(w))) return false;
    // `Call Stack Frames on …` is code: after `call`, only `back` or a number to call (`at +44…`, `on (555)…`).
    const after = text.slice(start + value.length, start + value.length + 12);
    return !/[Cc]all $/.test(text.slice(Math.max(0, start - 5), start)) || /^ (?:back\b|(?:at|on) [+(\d])/.test(after);
  },
};

/** Who a log or a message says is signed in, or tells to sign in (`Logged in as Julian75.`, `log in as k_okafor`): a handle with a digit, `_` or `.` in it. */
const signedInAs: KeyedRule = {
  kind: 'username',
  standalone: true,
  pattern: /(?:[Ll]og(?:ged)?|[Ss]ign(?:ed)?) in as (?<value>[A-Za-z0-9][A-Za-z0-9_.-]{1,38}[A-Za-z0-9])(?![\w@-])/y,
  // Not a version, an address, a file or an encoding (`v2.10.0`, `127.0.0.1`, `README.md`, `utf-8`).
  accept: (value) =>
    /[\d_.]/.test(value) && /^[A-Za-z]/.test(value) && (value.match(/[A-Za-z]/g) ?? []).length >= 3 &&
    !/^v?\d|\.[A-Za-z]{1,4}$|^(?:utf|iso|ascii|latin|win|cp)[-_]?\d/i.test(value) && !/^(?:root|admin|guest|user)\d*$/i.test(value),
};

/** The keywords of these, for the one keyword scan of personal data (pii-personal.ts). */
export const proseKeywords: KeywordTable = [
  { words: ['password', 'passcode', 'passphrase', 'passwd'], rule: passwordProse },
  { words: ['use'], rule: useToSignIn, sources: ['use[ \t]'] },
  // Keyword sources end where a word would go on: `pin` in `mapping`, `sol` in `console` fail inside the scan.
  { words: ['pin'], rule: pin, sources: ['pin(?![a-z])'] },
  // `hi`, `hey`, `dear` end where a word would go on (`this`, `they`, `deary` fail inside the scan).
  {
    words: ['hi', 'hello', 'hey', 'dear', 'thanks', 'thank you', 'good morning', 'good afternoon', 'good evening'],
    rule: greeting,
    sources: ['hi ', 'hello', 'hey ', 'dear ', 'thanks', 'thank you', 'good morning', 'good afternoon', 'good evening'],
  },
  { words: ['logged in as', 'signed in as', 'log in as', 'sign in as'], rule: signedInAs },
  { words: ['contact', 'call', 'ask'], rule: reachPerson, sources: ['contact ', 'call ', 'ask '] },
  { words: ['key is', 'key was', 'token is', 'token was', 'secret is', 'secret was'], rule: secretProse },
];
