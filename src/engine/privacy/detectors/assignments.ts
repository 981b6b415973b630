import { linePrefix } from '../checks';
import type { Detector, Finding } from '../detector';
import { classifyKey, isCodeValue, isSecretValue } from './assignment-rules';

// `key = value` in code, YAML, .env, JSON, INI/properties, XML attributes and elements, URL
// query strings and command-line flags. Only the value is redacted, so `password = "[REDACTED:
// password#1]"` still reads as code. Keys are found from keyword hits and parsed by hand (no
// regex over whole assignments), which keeps the scan linear whatever the input.

const KEYWORD = /pass|pwd|secret|token|key|credential/gi;
const KEY_CHAR = /[A-Za-z0-9_.$-]/;
const MAX_KEY = 80;
const MAX_VALUE = 1000;
const OPERATOR = /^[ \t]{0,20}(?::=|=>|===?|!==?|=|:(?!:))[ \t]{0,20}/;
const XML_VALUE_ATTRIBUTE = /^\s{1,20}value\s{0,5}=\s{0,5}/;
// `password: str = "x"`, `password: Optional[str] = None`, `password: string = "x"`
const TYPE_ANNOTATION = /^[A-Za-z_][\w.]{0,40}(?:\[[^\]\n]{0,60}\]|<[^>\n]{0,60}>)?\??[ \t]{0,10}=(?!=)[ \t]{0,10}/;
// What may precede a key for an unquoted value to count as data rather than code.
const DATA_LINE_PREFIX = /^\s*(?:export\s+|set\s+|-\s+|\$|["'])?$/;

interface Value {
  start: number;
  end: number;
}

function expandKey(text: string, hitStart: number, hitEnd: number): [number, number] | undefined {
  let start = hitStart;
  while (start > 0 && KEY_CHAR.test(text[start - 1])) {
    if (hitEnd - --start > MAX_KEY) return undefined;
  }
  let end = hitEnd;
  while (end < text.length && KEY_CHAR.test(text[end])) {
    if (++end - start > MAX_KEY) return undefined;
  }
  return [start, end];
}

function quotedValue(text: string, at: number): Value | undefined {
  let open = at;
  if (/[rbuf]/i.test(text[open] ?? '') && /["'`]/.test(text[open + 1] ?? '')) open++; // r"..." b'...'
  const quote = text[open];
  if (quote !== '"' && quote !== "'" && quote !== '`') return undefined;
  for (let i = open + 1; i < text.length && i - open <= MAX_VALUE; i++) {
    const ch = text[i];
    if (ch === '\\') i++;
    else if (ch === quote) return { start: open + 1, end: i };
    else if (ch === '\n') return undefined;
  }
  return undefined;
}

function unquotedValue(text: string, at: number, style: 'line' | 'word' | 'query'): Value {
  let end = at;
  const stop = style === 'query' ? /[\s&;"'<>]/ : style === 'word' ? /\s/ : /[\r\n]/;
  while (end < text.length && end - at < MAX_VALUE && !stop.test(text[end])) end++;
  let value = text.slice(at, end);
  if (style === 'line') value = value.replace(/\s+[#;].*$/, '').trimEnd(); // trailing comments
  return { start: at, end: at + value.length };
}

/** The unquoted-value style a key's position allows, or undefined when it is code context. */
function unquotedStyle(text: string, keyStart: number, key: string, spacedEquals: boolean): 'line' | 'word' | 'query' | undefined {
  const { prefix, wholeLine } = linePrefix(text, keyStart);
  if (key.startsWith('--')) return 'word';
  if (/[?&;]\s*$/.test(prefix)) return 'query';
  if (!wholeLine || !DATA_LINE_PREFIX.test(prefix)) return undefined;
  return spacedEquals ? 'line' : 'word';
}

function* findAssignments(text: string): Iterable<Omit<Finding, 'priority'>> {
  KEYWORD.lastIndex = 0;
  for (let m = KEYWORD.exec(text); m !== null; m = KEYWORD.exec(text)) {
    const span = expandKey(text, m.index, m.index + m[0].length);
    if (!span) continue;
    const [keyStart, keyEnd] = span;
    KEYWORD.lastIndex = keyEnd;
    const key = text.slice(keyStart, keyEnd);
    const kind = classifyKey(key);
    if (!kind) continue;
    const found = parseValue(text, keyStart, keyEnd, key);
    if (!found) continue;
    const value = text.slice(found.value.start, found.value.end);
    if (!found.quoted && isCodeValue(value, found.keyQuoted, found.codeAssignment)) continue;
    const bare = found.quoted ? value : value.replace(/,$/, '');
    if (!isSecretValue(kind, key, bare)) continue;
    const reported = kind === 'aws_secret_key' && !/^[A-Za-z0-9/+]{40}$/.test(bare) ? 'api_key' : kind;
    yield { kind: reported, start: found.value.start, end: found.value.start + bare.length };
    KEYWORD.lastIndex = found.value.end;
  }
}

interface Parsed {
  value: Value;
  quoted: boolean;
  keyQuoted: boolean;
  /** A spaced `=`/`:=` (`password = x`): the syntax of code, where a bare word is a variable. */
  codeAssignment: boolean;
}

function parseValue(text: string, keyStart: number, keyEnd: number, key: string): Parsed | undefined {
  const before = text[keyStart - 1];
  let pos = keyEnd;
  const keyQuoted = (before === '"' || before === "'") && text[pos] === before;
  if (keyQuoted) pos++;
  if (before === '<' && text[pos] === '>') {
    const window = text.slice(pos + 1, pos + 1 + MAX_VALUE);
    const close = window.indexOf('</');
    if (close < 0 || window.slice(0, close).includes('\n')) return undefined;
    return { value: { start: pos + 1, end: pos + 1 + close }, quoted: true, keyQuoted: true, codeAssignment: false };
  }
  const rest = text.slice(pos, pos + 200);
  const op = (keyQuoted ? XML_VALUE_ATTRIBUTE.exec(rest) : null) ?? OPERATOR.exec(rest);
  if (!op) return undefined;
  pos += op[0].length;
  if (op[0].trim() === ':') {
    const annotation = TYPE_ANNOTATION.exec(text.slice(pos, pos + 120));
    if (annotation) pos += annotation[0].length;
  }
  const quoted = quotedValue(text, pos);
  const codeAssignment = /^\s+:?=\s/.test(op[0]);
  if (quoted) return { value: quoted, quoted: true, keyQuoted, codeAssignment };
  const style = unquotedStyle(text, keyStart - (keyQuoted ? 1 : 0), key, /\s$/.test(op[0]) || /^\s/.test(op[0]));
  if (!style) return undefined;
  const value = unquotedValue(text, pos, style);
  if (value.end === value.start) return undefined;
  return { value, quoted: false, keyQuoted, codeAssignment };
}

/** Secrets assigned to keys that name them: passwords, API keys and tokens, AWS secret keys. */
export const assignmentDetector: Detector = {
  name: 'assignments',
  kinds: ['password', 'api_key', 'aws_secret_key'],
  priority: 70,
  find: findAssignments,
};
