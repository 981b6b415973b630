import { linePrefix } from '../checks';
import { withoutValueComment } from '../line-tails';
import { MAX_VALUE, quotedValue, type Parsed, type Span } from './quoted-values';
import { elementStart, xmlElementValue } from './xml-values';
import { namedLineStyle, spacedLineValue } from './assignment-line-values';

// Where the value of a `key <op> value` starts and ends, in the syntaxes secrets are written in:
// code (`=`, `:=`, `.=`, `??=`, `==` comparisons, calls `secret("…")`), YAML (`key: v`, block
// scalars `key: |`), JSON (also with escaped quotes), XML attributes and elements (one or several
// lines), .env/shell/INI/Makefile (`KEY=v`, `KEY ?= v`, `KEY ::= v`), CSV (`key,v,`), query
// strings and flags. Pure string walking with bounded looks, so the cost is linear.

export type { Parsed };

const OPERATOR = /^[ \t]{0,20}(?::{1,3}=|=>|[!=]==?|\.=|\+=|\?\?=|\?=|\|\|=|<-|=|:(?!:))[ \t]{0,20}/;
// Go and C-like declarations with the type after the name: `var apiToken string = "…"`.
const TYPED_DECLARATION = /^[ \t]{1,3}[A-Za-z_][\w.*[\]]{0,30}[ \t]{1,3}:?=(?!=)[ \t]{0,5}/;
const XML_VALUE_ATTRIBUTE = /^\s{1,20}value\s{0,5}=\s{0,5}/;
// `password: str = "x"`, `password: Optional[str] = None`, `password: string = "x"`
// A value must follow the `=`: `password: UzNjcjN0UGFzc3dvcmQ=` is base64 padding, not a type.
const TYPE_ANNOTATION = /^&?(?:'[a-z_]\w{0,20}[ \t]{1,3})?[A-Za-z_][\w.]{0,40}(?:\[[^\]\n]{0,60}\]|<[^>\n]{0,60}>)?\??[ \t]{0,10}=(?!=)[ \t]{0,10}(?=\S)/;
// What may precede a key for an unquoted value to count as data rather than code (.npmrc scopes a key by its registry,
// `//registry.npmjs.org/:_authToken= …`; a Dockerfile has `ENV KEY=…` and `ARG KEY=…`).
const DATA_LINE_PREFIX = /^\s*(?:export\s+|set\s+|-\s+|\$|["']|\/\/[^\s=]{1,200}:|(?:ENV|ARG)[ \t]+)?$/;
// A variable set for one command (`docker run -e KEY=…`, `--env`, `--build-arg`) is data, whatever comes before.
const ENV_OPTION_PREFIX = /[ \t](?:-e|--env|--build-arg)[ \t]+$/;
// A line commented out (`# DB_PASSWORD=…`, `// API KEY = …`, `-- export TOKEN=…`): a credential kept for later is
// still one. Comments are prose too, so values there are held to the mid-line rules.
const COMMENTED_PREFIX = /^\s*(?:\/\/+|#+|;+|--|\/?\*+|<!--|REM\s)\s*(?:export\s+|set\s+|[A-Za-z]{2,12}\s)?$/;

type Style = 'line' | 'word' | 'query' | 'csv' | 'prose';

// A value's run to its style's stop in one sticky match: a test per character cost ~1 s per MB of glued keys (`key=key=…`).
const STOPS: Record<Style, string> = { line: '\\r\\n', word: '\\s', query: '\\s&;"\'<>', csv: '\\s,;"\'', prose: '\\s"\'<>`' };
const runOf = (stops: string) => new RegExp(`[^${stops}]{0,${MAX_VALUE}}`, 'y');
const RUNS = Object.fromEntries(Object.entries(STOPS).map(([style, stops]) => [style, runOf(stops)])) as Record<Style, RegExp>;

function unquotedValue(text: string, at: number, style: Style): Span {
  RUNS[style].lastIndex = at;
  let value = text.slice(at, at + (RUNS[style].exec(text)?.[0].length ?? 0));
  if (style === 'line') value = withoutValueComment(value).trimEnd(); // trailing comments
  return { start: at, end: at + value.length };
}

/**
 * The unquoted-value style a key's position allows: data lines, queries, flags, or mid-line.
 * `label`: a capitalised key and `: ` (`…, Password: x7Q!pz`), how forms, e-mails and tickets
 * write a field; code writes its keys in lower case or puts a variable after them.
 */
function unquotedStyle(text: string, keyStart: number, key: string, spacedEquals: boolean, label: boolean): { style: Style; midLine: boolean } | undefined {
  const { prefix, wholeLine } = linePrefix(text, keyStart, 64);
  if (key.startsWith('--')) return { style: 'word', midLine: false };
  if (/[?&;]\s*$/.test(prefix)) return { style: 'query', midLine: false };
  if (wholeLine && DATA_LINE_PREFIX.test(prefix)) return { style: spacedEquals ? 'line' : 'word', midLine: false };
  if (!spacedEquals && ENV_OPTION_PREFIX.test(prefix)) return { style: 'word', midLine: false };
  if (wholeLine && COMMENTED_PREFIX.test(prefix)) return { style: 'word', midLine: true };
  // `… password=x …` in prose, a question or a fetched page: only an unspaced operator, or a label.
  return spacedEquals && !label ? undefined : { style: 'prose', midLine: true };
}

const BASE64_BLOCK_LINE = /\r?\n([ \t]{1,40})[A-Za-z0-9+/=]{4,300}[ \t]{0,20}(?=\r?\n|$)/y;

/** A YAML block scalar's first line (`key: |`, then an indented value); a key's body in base64 goes on over the lines under it. */
function blockScalarValue(text: string, from: number): (Span & { blockEnd?: number }) | undefined {
  if (text[from] !== '|' && text[from] !== '>') return undefined;
  const header = /^[|>][+-]?[ \t]*\r?\n([ \t]+)(\S[^\n]{0,299})/.exec(text.slice(from, from + 340));
  if (!header) return undefined;
  const start = from + header[0].length - header[2].length;
  const first = header[2].trimEnd();
  if (!/^[A-Za-z0-9+/=]{40,300}$/.test(first)) return { start, end: start + first.length };
  let blockEnd = start + first.length;
  for (let lines = 0; lines < 400; lines++) {
    BASE64_BLOCK_LINE.lastIndex = blockEnd;
    const m = BASE64_BLOCK_LINE.exec(text);
    if (m === null || m[1] !== header[1]) break;
    blockEnd = BASE64_BLOCK_LINE.lastIndex;
  }
  return { start, end: start + first.length, blockEnd };
}

/** Parses what follows a secret-named key at [keyStart, keyEnd); undefined when no value is assigned. */
export function parseValue(text: string, keyStart: number, keyEnd: number, key: string): Parsed | undefined {
  const before = text[keyStart - 1];
  let pos = keyEnd;
  const bracket = /^\[\w{0,8}\]/.exec(text.slice(pos, pos + 12)); // secret[] = "…", char secret[25] = "…"
  if (bracket) pos += bracket[0].length;
  let keyQuoted = (before === '"' || before === "'") && text[pos] === before;
  if (!keyQuoted && before === '"' && text[keyStart - 2] === '\\' && text.startsWith('\\"', pos)) {
    keyQuoted = true; // \"key\": \"value\" inside a string
    pos++;
  }
  if (keyQuoted) pos++;
  // `os.environ["OPENAI_API_KEY"] = '…'`, `headers['X-Api-Key'] = …`: a subscript by the key's name.
  if (keyQuoted && text[pos] === ']' && text[keyStart - 2] === '[') pos++;
  const element = before === '<' ? elementStart(text, pos) : undefined;
  if (element !== undefined) {
    const value = xmlElementValue(text, element);
    return value && { value, quoted: true, keyQuoted: true, codeAssignment: false, midLine: false };
  }
  const rest = text.slice(pos, pos + 64); // the longest operator form with its spaces fits
  const op = (keyQuoted ? XML_VALUE_ATTRIBUTE.exec(rest) : null) ?? OPERATOR.exec(rest);
  if (!op) {
    const typed = TYPED_DECLARATION.exec(rest);
    const value = typed ? quotedValue(text, pos + typed[0].length) : undefined;
    if (value) return { value, quoted: true, keyQuoted, codeAssignment: true, midLine: false };
    // A dotted key is a member (`config.password(…)`) unless quoted as a call's setting name: `put("mail.smtp.password", "…")`.
    if (key.includes('.') && !(keyQuoted && text[pos] === ',')) return undefined;
    return bareForms(text, keyStart, pos, keyQuoted, key);
  }
  pos += op[0].length;
  const opText = op[0].trim();
  if (opText === ':') {
    const annotation = TYPE_ANNOTATION.exec(text.slice(pos, pos + 140));
    if (annotation) pos += annotation[0].length;
    const block = blockScalarValue(text, pos);
    if (block) {
      const { blockEnd, ...value } = block;
      return { value, blockEnd, quoted: true, keyQuoted, codeAssignment: false, midLine: false };
    }
  }
  // `const apiKey =\n  "…";`: a formatter moved a long string to the next line.
  const wrapped = (opText === '=' || opText === ':=') && /^\r?\n[ \t]{1,40}["'`]/.exec(text.slice(pos, pos + 44));
  if (wrapped) pos += wrapped[0].length - 1;
  // `"MasterPassword: " + get()`, `'password = '.$p[…]`: the key is written inside a string, and the quote
  // after the operator closes that string; what follows is code, not a value.
  if (!keyQuoted && !wrapped && (before === '"' || before === "'") && text[pos] === before) return undefined;
  const quoted = quotedValue(text, pos);
  const codeAssignment = wrapped ? true : /^\s+:?=\s/.test(op[0]);
  if (quoted) return { value: quoted, quoted: true, keyQuoted, codeAssignment, midLine: false };
  if (opText === '==' || opText === '===' || opText === '!=' || opText === '!==') return undefined;
  const spaced = /\s$/.test(op[0]) || /^\s/.test(op[0]) || opText.length > 1;
  // One capitalised word (Password, Passphrase): `STENCIL_PASS: 0x0B96;` in a .d.ts is code.
  const label = op[0] === ': ' && !keyQuoted && /^[A-Z][a-z]+$/.test(key);
  const place = unquotedStyle(text, keyStart - (keyQuoted ? 1 : 0), key, spaced, label) ?? namedLineStyle(text, keyStart, pos);
  if (!place) return undefined;
  const value = unquotedValue(text, pos, place.style);
  if (place.midLine) {
    // Sentence punctuation after a value in prose is not part of it: `password=x7Q!pz.`; a closing
    // bracket only when the value did not open it (`token=${NPM_TOKEN}` is a reference whole).
    while (value.end > value.start && isTrailingPunctuation(text, value.start, value.end)) value.end--;
  }
  if (value.end === value.start) return undefined;
  return { value, quoted: false, keyQuoted, codeAssignment, midLine: place.midLine };
}

const OPENER: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

function isTrailingPunctuation(text: string, start: number, end: number): boolean {
  const last = text[end - 1];
  if (/[,.;:]/.test(last)) return true;
  const opener = OPENER[last];
  if (!opener) return false;
  const inside = text.slice(start, end);
  return inside.split(opener).length <= inside.split(last).length - 1;
}

/**
 * Where a plain secret word (`"password"`) is a setting's name, not an argument passed for hashing
 * (`scrypt('password', 'salt')`): a setter's or a map's call, `setProperty("password", "…")`,
 * `dict.Add("Password", "…")`, `props.put(…)`, and a C# or Go pair `{ "Password", "…" }`.
 */
const SETTER = /(?:\b(?:setProperty|put|putString|set|add|Add|append|setHeader|addHeader|header|setValue|setenv|putenv|Setenv|define|ini_set)\(|\{)[ \t]{0,3}$/;

/**
 * A word (`Passwort`) or words on one line (`mot de passe`): `/^(?:[A-Z]?[a-z\u00C0-\u024F]+|.*\s.*)$/` without its
 * backtracking (`.*\s.*` tried every blank before a line break, quadratic on a value of tabs up to MAX_VALUE long).
 */
function wordOrWords(value: string): boolean {
  if (/^[A-Z]?[a-z\u00C0-\u024F]+$/.test(value)) return true;
  const breaks = value.match(/[\n\r\u2028\u2029]/g)?.length ?? 0;
  // `.` takes no line break, so a break can only be the `\s` itself: one at most, or none and a blank elsewhere.
  return breaks === 1 || (breaks === 0 && /\s/.test(value));
}

/**
 * Forms without an operator: a declaration `std::string secret("…")` (a type before the name, so
 * `this.token("x")` and `getSecret("name")` stay calls), `password "…";`, and CSV `apiToken,value,`.
 */
function bareForms(text: string, keyStart: number, pos: number, keyQuoted: boolean, key: string): Parsed | undefined {
  const ch = text[pos];
  if (ch === '(' && !/[A-Za-z_>][\w:<>]*[ \t]+$/.test(text.slice(Math.max(0, keyStart - 40), keyStart))) return undefined;
  // `--api-key VALUE`: a command-line flag and its value, unquoted, after one space.
  if (ch === ' ' && text.startsWith('--', keyStart) && /[^\s"'-]/.test(text[pos + 1] ?? '')) {
    const value = unquotedValue(text, pos + 1, 'word');
    return { value, quoted: false, keyQuoted, codeAssignment: false, midLine: false };
  }
  // `stripe token - 'sk_…'`: a dash between a name and its quoted value, as notes and tickets write it.
  if (ch === ' ' && text.startsWith(' - ', pos) && (text[pos + 3] === "'" || text[pos + 3] === '"')) {
    const value = quotedValue(text, pos + 3);
    return value && { value, quoted: true, keyQuoted, codeAssignment: false, midLine: false };
  }
  if (ch === ' ' || ch === '\t') {
    const line = spacedLineValue(text, keyStart, pos, key);
    if (line) return line;
  }
  if (ch === '(' || ch === ' ') {
    // `pass "x"` after other words on its line is the verb (`'Cannot pass "subdomain" or …'`), not a key.
    if (ch === ' ' && /^pass$/i.test(key) && /\S/.test(linePrefix(text, keyStart, 80).prefix)) return undefined;
    const gap = ch === '(' ? 1 : /^ {1,3}/.exec(text.slice(pos, pos + 4))?.[0].length ?? 0;
    // `"PASS ", sizeof(…)`: a key written inside a string; the quote after it closes that string.
    if (text[pos + gap] !== '"' || (ch === ' ' && text[keyStart - 1] === '"')) return undefined;
    const value = quotedValue(text, pos + gap);
    return value && { value, quoted: true, keyQuoted, codeAssignment: false, midLine: false };
  }
  // `header("X-Api-Key", "…")`, `System.setProperty("ETSY_TOKEN", "…")`, `getenv("api_token", "…")`: a
  // call's quoted header or setting name, then its value. Such a name is compound (a dash, an
  // underscore, camelCase); `scrypt('password', 'salt')` passes a password, not a name.
  if (ch === ',' && keyQuoted && (/[-_]|[a-z][A-Z]/.test(key) ? /\([ \t]{0,3}$/ : SETTER).test(text.slice(Math.max(0, keyStart - 40), keyStart - 1))) {
    const gap = /^,[ \t]{0,3}/.exec(text.slice(pos, pos + 5))![0].length;
    const value = quotedValue(text, pos + gap);
    // Under a plain word a setter may be filling a table of labels (`put("password", "Passwort")`): a word or words stay.
    if (value && !/[-_.]|[a-z][A-Z]/.test(key) && wordOrWords(text.slice(value.start, value.end))) return undefined;
    return value && { value, quoted: true, keyQuoted, codeAssignment: false, midLine: false };
  }
  if (ch === ',' && !keyQuoted && /[^\s,"']/.test(text[pos + 1] ?? '')) {
    const value = unquotedValue(text, pos + 1, 'csv');
    if (text[value.end] !== ',' && text[value.end] !== '\n' && value.end < text.length) return undefined;
    return { value, quoted: false, keyQuoted, codeAssignment: false, midLine: true };
  }
  return undefined;
}

/** C++ `secret.assign("…", n)`: the string assigned to a secret-named object. */
export function assignCall(text: string, keyEnd: number): Parsed | undefined {
  if (text[keyEnd] !== '(' || text[keyEnd + 1] !== '"') return undefined;
  const value = quotedValue(text, keyEnd + 1);
  return value && { value, quoted: true, keyQuoted: false, codeAssignment: true, midLine: false };
}

/** A quoted value compared with a secret-named variable from the left: `if ("…" == password)`. */
export function reversedComparison(text: string, keyStart: number): Span | undefined {
  let i = keyStart - 1;
  while (i >= 0 && keyStart - i <= 4 && text[i] === ' ') i--;
  let equals = 0;
  while (i >= 0 && text[i] === '=' && equals < 3) {
    i--;
    equals++;
  }
  if (equals < 2 && !(equals === 1 && text[i] === '!')) return undefined;
  if (text[i] === '!') i--;
  while (i >= 0 && text[i] === ' ' && keyStart - i <= 12) i--;
  const quote = text[i];
  if (quote !== '"' && quote !== "'") return undefined;
  const end = i;
  for (let j = end - 1; j >= 0 && end - j <= 200; j--) {
    if (text[j] === '\n') return undefined;
    if (text[j] === quote) return j + 1 < end ? { start: j + 1, end } : undefined;
  }
  return undefined;
}
