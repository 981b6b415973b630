// Validators shared by the detectors: checksums that turn "looks like" into "is", and the
// tests that keep placeholders and references (`${VAR}`, `<your-key>`) out of the redactions.

/** True when the digits pass the Luhn checksum (credit cards, Canadian SINs). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return false;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** Remainder of a long decimal-or-letter string mod 97, letters as 10..35 (ISO 7064, IBAN). */
export function mod97(alnum: string): number {
  let rest = 0;
  for (const ch of alnum) {
    const code = ch.charCodeAt(0);
    const n = code >= 65 ? code - 55 : code - 48;
    rest = n >= 10 ? (rest * 100 + n) % 97 : (rest * 10 + n) % 97;
  }
  return rest;
}

/**
 * Inside the groups of an IBAN that fails its check (`RS35 2600 0560 1001 6113 70`): the digits
 * after its country code are no card, phone or id of their own.
 */
export function insideIban(text: string, start: number): boolean {
  return /(?:^|[^A-Za-z0-9])[A-Z]{2}\d{2}(?:[ -][A-Z0-9]{4}){0,7}[ -]$/.test(text.slice(Math.max(0, start - 45), start));
}

/** Shannon entropy in bits per character. */
export function entropy(value: string): number {
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const c of counts.values()) {
    const p = c / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** How many of lower case, upper case, digits and other symbols (not `_-.`) the value uses. */
export function characterClasses(value: string): number {
  return Number(/[a-z]/.test(value)) + Number(/[A-Z]/.test(value)) + Number(/\d/.test(value)) + Number(/[^\w.\-\s]/.test(value));
}

const REFERENCE = [
  /^\$\{[^}]*\}$/, // ${VAR}
  /^\$\{\{.*\}\}$/, // ${{ secrets.X }}
  /^\$\(.*\)$/, // $(command)
  /^\$[A-Za-z_]\w*$/, // $VAR
  /^\$\$\{?[A-Za-z_]\w*\}?$/, // $$VAR: Compose's and Make's escaped `$`, still a variable
  /^\{ ?(?:[a-z_][a-z0-9_.]*|[A-Z_][A-Z0-9_]*) ?\}$/, // {password}, {DB_PASS}: a format string's field; `{ZqL5kVrX1n8}` is a braced secret
  /^%[A-Za-z_]\w*%$/, // %VAR%
  /^\{\{.*\}\}$/, // {{ .Values.password }}
  /^\{\.[\w.[\]-]{1,100}\}$/, // {.credential.access_token}: kubectl's JSONPath in a kubeconfig's auth-provider
  /^<[^>]*>$/, // <your-password>
  /^\[[^\]]*\]$/, // [password]
  /^%\(?\w*\)?s$/, // %s, %(password)s
  /^#\{.*\}$/, // #{vault.secret}
  /^(?:process\.env|import\.meta\.env|os\.environ|os\.getenv|System\.getenv|ENV\[|env\(|getenv\()/,
  /^\$\{?[A-Za-z_]\w*\}?\//, // $BASE_URL/forgot_password: a path under a variable
  /^arn:aws[a-z-]*:[a-z0-9-]*:/, // an AWS resource name
  /^#[a-z]+(?:-[a-z]+)+$/, // #add-password: an element's id or a page anchor
  /^!(?:Ref|GetAtt|Sub|ImportValue|FindInMap|Join|Select|If|Base64)\s/, // CloudFormation's intrinsic functions
  /^\{ ?[A-Za-z_][\w.]*\([^(){}\n]{0,80}\) ?\}$/, // {get_token(name)}: an f-string's or template's call
  /\[REDACTED:[a-z0-9_]+#\d+\]/, // holds our own placeholder: scrubbing twice changes nothing
];

const DEFAULT_WORDS =
  'pass|pw|pwd|user|username|changeme|change[_-]?me|changeit|password|passwd|secret|token|api[_-]?key|none|null|nil|undefined|true|false|todo|tbd';
const FILLER_WORDS = 'example|sample|dummy|placeholder|redacted|hidden|masked|empty|required|optional|string|str|text';
// `my`, `new` or `old` before a default (`mypassword`, `my_secret`, `newpass`) is the same filler, typed by someone writing an example.
const PLACEHOLDER_WORDS = new RegExp(`^(?:(?:my|new|old)[_-]?)?(?:${DEFAULT_WORDS})$|^(?:${FILLER_WORDS})$`, 'i');

/**
 * True when an assigned value is not a secret: empty, an environment reference, a template
 * variable, a well-known placeholder (`changeme`, `<your-key>`, `xxxx`, `****`), or one of our
 * own placeholders.
 */
export function isPlaceholderValue(raw: string): boolean {
  // The closing quote of the string around an option, maybe escaped (`"--password=$password\\"`), ends the value.
  const trimmed = raw.trim();
  const value = /^["']/.test(trimmed) ? trimmed : trimmed.replace(/(?<=\w)(?:\\?["']){1,3}$|(?<=\w)\\$/, '');
  if (value.length === 0) return true;
  // Quoted once more inside its quotes (`"'$DB_PASSWORD'"`, shell's quote juggling): judged without them.
  const inner = /^(["'])(.+)\1$/.exec(value);
  if (inner) return isPlaceholderValue(inner[2]);
  if (REFERENCE.some((re) => re.test(value))) return true;
  if (/\$\{[A-Za-z_][\w.:-]*\}|\$\{\{/.test(value)) return true; // a template: `${user}:${pass}` is filled in at run time
  if (/\{\d?\}/.test(value)) return true; // `prefix_{}`, `{0}`: a format string that .format() fills in
  // `f"prefix_{dynamic_value}"`, `"{user}:{pass}"`: named fields that an f-string, .format() or a template fills in.
  if (/[^{\s]\{[A-Za-z_]\w{2,40}\}|\{[A-Za-z_]\w{2,40}\}[^}\s]/.test(value)) return true;
  if (PLACEHOLDER_WORDS.test(value)) return true;
  // `Connection(db=0,password=None,host=…)`, a repr's fields: read to the next space, the value ran on past its comma.
  if (/^(?:none|null|nil|undefined)[,;)&]/i.test(value)) return true;
  if (/^(.)\1*$/.test(value)) return true; // "xxxxxx", "******", "......"
  if (/^[x*.•#-]{3,}$/i.test(value)) return true;
  if (/[*•]{4,}|\.{6,}/.test(value)) return true; // masked or elided: `K1f**********`, `sk-proj-……`, `abc.......`
  if (/[_-](?:[xX]{8,}|0{8,})$/.test(value)) return true; // a format's prefix then filler: `pscale_pw_xxxxxxxx…`
  if (/^<[A-Za-z]+$/.test(value)) return true; // `<enter password>` cut at its space: a template's opening word
  if (/^(?:sample|example|dummy)_/i.test(value)) return true; // `sample_GOCSPX-…`: a key's shape labelled as a sample
  return /(?:^|[^a-z])your/i.test(value)
    || /^(?:enter|insert|put|replace|add)[_\-\s]/i.test(value)
    || /[_\-\s]here$/i.test(value);
}

/** Decodes base64url (or base64) text; undefined when it is not decodable. */
export function decodeBase64Url(part: string): string | undefined {
  if (!/^[A-Za-z0-9_\-+/]*={0,2}$/.test(part)) return undefined;
  try {
    return Buffer.from(part.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
  } catch {
    return undefined;
  }
}

/**
 * The text from the start of the line holding `offset` up to `offset`, but at most `max`
 * characters of it: detectors look at a line's start for context, and a bounded look keeps a
 * megabyte-long line from turning each look into a scan of the whole line.
 */
export function linePrefix(text: string, offset: number, max = 200): { prefix: string; wholeLine: boolean } {
  const floor = Math.max(0, offset - max);
  for (let i = offset - 1; i >= floor; i--) {
    if (text.charCodeAt(i) === 10) return { prefix: text.slice(i + 1, offset), wholeLine: true };
  }
  return { prefix: text.slice(floor, offset), wholeLine: floor === 0 };
}

/** True when the line before `start` names the number found there (`words`, within 60 characters). */
export function namedOnLine(text: string, start: number, words: RegExp): boolean {
  return words.test(linePrefix(text, start, 60).prefix);
}

/** True when the character at `i` is a hexadecimal digit. */
export function isHexAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}
