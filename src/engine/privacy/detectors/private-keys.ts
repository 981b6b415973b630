import type { Detector, Finding } from '../detector';
import { findJwkPrivateMembers } from './jwk-keys';
import { isSpace } from '../line-tails';

// PEM private keys (PKCS#1/#8, EC, DSA, OpenSSH, encrypted), PGP private key blocks and the private
// part of PuTTY key files (.ppk). The whole block is one finding; the scrubber keeps its line
// breaks so line numbers stay valid. Bodies are accepted with real newlines or JSON-escaped "\n"
// (service-account files), and as quoted lines joined by `+` in source code. A chunk may hold half
// a key (BEGIN without END, or END without BEGIN): the body lines on the marker's side are
// redacted with it. Labels other than the standard ones count when they end in KEY and do not say
// PUBLIC: `-----BEGIN RSA KEY-----` in hand-made configs, and the SSH2 (RFC 4716, ssh.com) form
// `---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----`. A body on the markers' own line counts too.

// OpenVPN's static key (`--tls-auth`, `--tls-crypt`, `--secret`): 2048 bits shared by both ends, in hex lines.
const MARKER = /-{4,5}[ ]?(BEGIN|END) (?:((?:[A-Z0-9]{1,20} ){0,4})(?:PRIVATE )?KEY(?: BLOCK)?|OpenVPN Static key V[12])[ ]?-{4,5}/g;
/** The body between two markers of one line: `-----BEGIN RSA KEY-----MIIEv…-----END RSA KEY-----`. */
const INLINE_BODY = /^[A-Za-z0-9+/]{40,}={0,2}$/;
const BASE64_LINE = /^[A-Za-z0-9+/=]*$/;
const BASE64_WORD = /^[A-Za-z0-9+/]+={0,2}$/;
/** A body line whose 76-character pieces a mail client or a form joined with spaces (`MIIEow… De++JA1Q… BXJC63n…`). */
const SPACED_BODY_LINE = /^[A-Za-z0-9+/]{16,128}(?: [A-Za-z0-9+/]{4,128}){1,64}={0,2}$/;

/**
 * A body between two markers on one line: one run of base64, or its lines joined by spaces, as a key
 * pasted into a one-line variable or a form's field reads (`-----BEGIN OPENSSH PRIVATE KEY----- b3Bl… AAAE… -----END …`).
 * Split by hand rather than matched by a repeated group, which would backtrack through every split of a run.
 */
function inlineBody(body: string): boolean {
  if (INLINE_BODY.test(body)) return true;
  const words = body.trim().split(/[ \t]+/);
  return words.length > 1 && words.every((w) => BASE64_WORD.test(w)) && words.join('').length >= 60;
}
const HEADER_LINE = /^[A-Za-z][A-Za-z-]{0,40}: [^\n]{0,300}$/;
const MAX_BLOCK = 64 * 1024;
// What may sit between the last body line and END: line breaks, escapes, quotes, `+` joins.
const GAP = /^(?:\s|\\[nr]|["'`+,]|<[bB][rR] ?\/?>)*$/;

interface Marker {
  begin: boolean;
  start: number;
  end: number;
}

const isQuote = (ch: string | undefined) => ch === '"' || ch === "'" || ch === '`';

// A key's lines joined in code with a line break between literals: Java's `"MIIE…" + System.lineSeparator() +`, C#'s
// `Environment.NewLine`, Python's `os.linesep`, PHP's `PHP_EOL`, `+ "\n" +`.
const LINE_BREAKS = ['System.lineSeparator()', 'System.getProperty("line.separator")', 'Environment.NewLine', 'os.linesep', 'PHP_EOL', '"\\n"', "'\\n'"];

/** The segment without a trailing `+ <line break> +`; compared from the end, so the cost is linear. */
function withoutLineBreakJoin(segment: string): string {
  let end = segment.length;
  while (end > 0 && isSpace(segment.charCodeAt(end - 1))) end--;
  if (segment[end - 1] === '+' || segment[end - 1] === '.') end--;
  while (end > 0 && isSpace(segment.charCodeAt(end - 1))) end--;
  const head = segment.slice(0, end);
  const join = LINE_BREAKS.find((lineBreak) => head.endsWith(lineBreak));
  if (join === undefined) return segment;
  end -= join.length;
  while (end > 0 && isSpace(segment.charCodeAt(end - 1))) end--;
  return segment[end - 1] === '+' || segment[end - 1] === '.' ? segment.slice(0, end - 1) : segment;
}

/** Whether only line breaks, quotes and joins lie between a key's last line and its END marker. */
function onlyGap(between: string): boolean {
  return GAP.test(LINE_BREAKS.reduce((rest, lineBreak) => rest.split(lineBreak).join(''), between).replaceAll('.', ''));
}

/**
 * Strips what wraps a key line in source code or JSON: indentation, quotes, `+`, `,`, `\r`. Walked by hand from both
 * ends: the regexes it replaces tried every start in a run of blanks (a 64 KB line of tabs in a PEM block took 90 s).
 */
function cleanLine(whole: string): string {
  const segment = withoutLineBreakJoin(whole);
  let end = segment.length;
  // A trailing `\` continues a quoted YAML or shell string on the next line.
  if (segment[end - 1] === '\\') {
    end--;
    while (end > 0 && (segment[end - 1] === ' ' || segment[end - 1] === '\t')) end--;
  }
  let start = 0;
  while (start < end && isSpace(segment.charCodeAt(start))) start++;
  if (segment[start] === '+' && start < end) start++;
  while (start < end && isSpace(segment.charCodeAt(start))) start++;
  if (start < end && isQuote(segment[start])) start++;
  // From the end: blanks, then `+` or `,`, blanks, a quote, a JSON-escaped `\r`.
  while (end > start && isSpace(segment.charCodeAt(end - 1))) end--;
  if (end > start && (segment[end - 1] === '+' || segment[end - 1] === ',')) end--;
  while (end > start && isSpace(segment.charCodeAt(end - 1))) end--;
  if (end > start && isQuote(segment[end - 1])) end--;
  if (end - 1 > start && segment[end - 2] === '\\' && segment[end - 1] === 'r') end -= 2;
  return segment.slice(start, end);
}

/** Kind of key line: 0 not body, 1 header or blank, 2 base64 with enough characters to count. */
function bodyLine(segment: string): 0 | 1 | 2 {
  const line = cleanLine(segment);
  if (line.length === 0 || HEADER_LINE.test(line)) return 1;
  if (!BASE64_LINE.test(line)) return SPACED_BODY_LINE.test(line) ? 2 : 0;
  return line.length >= 16 ? 2 : 1;
}

/**
 * A whole block whose body holds fewer base64 characters than any private key: the smallest, an
 * Ed25519 key in PKCS#8, is 48 bytes (64 characters). `YWJj…eXo=` between the markers is a sample.
 * Header lines (`Proc-Type: 4,ENCRYPTED`) or escapes other than `\n` leave the block to the rules above.
 */
function tooShortForAKey(body: string): boolean {
  const chars = body.replace(/\\[nr]|\s|["'`+,]/g, '');
  return chars.length < 60 && /^[A-Za-z0-9+/=]*$/.test(chars);
}

/** The length of an HTML line break at `at` (`<br>`, `<br/>`, `<br />`), as a page or a CMS renders a key's lines; 0 if none. */
function htmlBreak(text: string, at: number): number {
  if (text[at] !== '<' || (text[at + 1] !== 'b' && text[at + 1] !== 'B') || (text[at + 2] !== 'r' && text[at + 2] !== 'R')) return 0;
  const close = text.startsWith(' />', at + 3) ? 6 : text.startsWith('/>', at + 3) ? 5 : text[at + 3] === '>' ? 4 : 0;
  return close;
}

/** Splits text into lines at real newlines, at JSON-escaped `\n` and at HTML's `<br>`, from `from` to `to`. */
function* segments(text: string, from: number, to: number): Iterable<[number, number]> {
  let pos = from;
  while (pos < to) {
    let sep = pos;
    let width = 0;
    for (; sep < to; sep++) {
      if (text[sep] === '\n') width = 1;
      else if (text[sep] === '\\' && text[sep + 1] === 'n') width = 2;
      else width = htmlBreak(text, sep);
      if (width > 0) break;
    }
    yield [pos, sep];
    pos = sep + Math.max(width, 1);
  }
}

/**
 * What a log writes before each of its lines, as the BEGIN marker's line shows it (`#6 0.245 `, a
 * timestamp, a comment's ` * `): a sticky pattern with its digits and indentation free, so each
 * body line may carry its own time. Undefined when the marker opens its line or follows code (a quote, `=`).
 */
function logLinePrefix(text: string, markerStart: number): RegExp | undefined {
  let lineStart = markerStart;
  while (lineStart > 0 && markerStart - lineStart <= 40 && text[lineStart - 1] !== '\n') lineStart--;
  const prefix = text.slice(lineStart, markerStart);
  if (markerStart - lineStart > 40 || prefix.trim() === '' || /["'`=\\]/.test(prefix)) return undefined;
  const pattern = prefix.trimStart().replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/\d+/g, '\\d{1,12}');
  return new RegExp(`[ \\t]{0,8}${pattern}`, 'y');
}

/** End offset of the body lines after `from`; `from` when none hold key material. */
function walkForward(text: string, from: number, limit: number, linePrefix?: RegExp): number {
  let end = from;
  let sawKey = false;
  for (const [s, e] of segments(text, from, Math.min(text.length, from + MAX_BLOCK, limit))) {
    if (linePrefix) linePrefix.lastIndex = s;
    const segment = text.slice(linePrefix?.test(text) && linePrefix.lastIndex <= e ? linePrefix.lastIndex : s, e);
    const kind = bodyLine(segment);
    if (kind === 0) break;
    if (kind === 2) sawKey = true;
    if (sawKey && cleanLine(segment).length > 0) end = e; // includes a PGP checksum line `=abcd`
  }
  return sawKey ? end : from;
}

/** Start offset of the body lines before `to`; `to` when none hold key material. */
function walkBackward(text: string, to: number, limit: number): number {
  const from = Math.max(limit, to - MAX_BLOCK);
  const lines = [...segments(text, from, to)];
  let start = to;
  for (let i = lines.length - 1; i >= 0; i--) {
    const [s, e] = lines[i];
    if (i === 0 && s === from && from > limit) break; // the window cut this line: not ours
    const kind = bodyLine(text.slice(s, e));
    if (kind === 0) break;
    if (kind === 2) start = s;
  }
  return start;
}

// PuTTY's .ppk: `Private-Lines: N` then N base64 lines, then `Private-MAC: <hex>`.
const PUTTY_PRIVATE = /^Private-Lines: ?(\d{1,3})\r?$/gm;

/** The private lines (and their MAC) of PuTTY key files; the public part and comment stay. */
function* findPuttyKeys(text: string): Iterable<Omit<Finding, 'priority'>> {
  if (!text.includes('PuTTY-User-Key-File-') || !text.includes('Private-Lines:')) return;
  PUTTY_PRIVATE.lastIndex = 0;
  for (let m = PUTTY_PRIVATE.exec(text); m !== null; m = PUTTY_PRIVATE.exec(text)) {
    const start = text.indexOf('\n', m.index) + 1;
    if (start === 0) continue;
    let end = start;
    for (let n = 0, at = start; n < Number(m[1]) && at < text.length; n++) {
      const nl = text.indexOf('\n', at);
      const lineEnd = nl < 0 ? text.length : nl;
      if (!BASE64_LINE.test(text.slice(at, lineEnd).replace(/\r$/, ''))) break;
      end = lineEnd;
      at = lineEnd + 1;
    }
    const mac = /^\n?Private-MAC: ?[0-9a-fA-F]{20,128}\r?/.exec(text.slice(end, end + 140));
    if (mac) end += mac[0].length;
    if (end > start) yield { kind: 'private_key', start, end };
    PUTTY_PRIVATE.lastIndex = Math.max(PUTTY_PRIVATE.lastIndex, end);
  }
}

// The same file flattened onto one line (spaces for line breaks), as a form or a one-line variable keeps it.
const PUTTY_FLAT = /Private-Lines: ?\d{1,3} (?=[A-Za-z0-9+/])/g;

/** The private words of a flattened PuTTY key, up to `Private-MAC: <hex>` or the first word that is not base64. */
function* findFlatPuttyKeys(text: string): Iterable<Omit<Finding, 'priority'>> {
  PUTTY_FLAT.lastIndex = 0;
  for (let m = PUTTY_FLAT.exec(text); m !== null; m = PUTTY_FLAT.exec(text)) {
    const start = m.index + m[0].length;
    let end = start;
    for (let at = start; at < text.length && at - start < MAX_BLOCK; ) {
      let wordEnd = at;
      while (wordEnd < text.length && /[A-Za-z0-9+/=]/.test(text[wordEnd])) wordEnd++;
      // A word glued to more (`Private-MAC:`) is the next field's name, not base64.
      if (wordEnd === at || (wordEnd < text.length && !/[\s"'`,]/.test(text[wordEnd]))) break;
      end = wordEnd;
      if (text[wordEnd] !== ' ') break;
      at = wordEnd + 1;
    }
    const mac = /^ Private-MAC: ?[0-9a-fA-F]{20,128}/.exec(text.slice(end, end + 140));
    if (mac) end += mac[0].length;
    if (end - start >= 60) yield { kind: 'private_key', start, end };
    PUTTY_FLAT.lastIndex = Math.max(PUTTY_FLAT.lastIndex, end);
  }
}

// .NET's RSA.ToXmlString(true): the private parameters of an `<RSAKeyValue>` (the modulus and exponent are public).
const XML_RSA_PRIVATE = /<(D|P|Q|DP|DQ|InverseQ)>(?<value>[A-Za-z0-9+/]{16,4096}={0,2})<\/\1>/dg;

/** The private parameters inside each `<RSAKeyValue>…</RSAKeyValue>` (at most 16 KB after its start). */
function* findXmlRsaKeys(text: string): Iterable<Omit<Finding, 'priority'>> {
  for (let at = text.indexOf('<RSAKeyValue>'); at >= 0; at = text.indexOf('<RSAKeyValue>', at + 1)) {
    // The closing tag looked for in the block only: through the rest of the text, every block of a text without one read
    // it to the end (4 MB of unclosed blocks 16 KB apart: quadratic).
    const close = text.slice(at, at + 16384 + 13).indexOf('</RSAKeyValue>');
    const end = close < 0 ? Math.min(text.length, at + 16384) : Math.min(at + close, at + 16384);
    const block = text.slice(at, end);
    XML_RSA_PRIVATE.lastIndex = 0;
    for (let m = XML_RSA_PRIVATE.exec(block); m !== null; m = XML_RSA_PRIVATE.exec(block)) {
      const [s, e] = m.indices!.groups!.value;
      yield { kind: 'private_key', start: at + s, end: at + e };
    }
    at = end - 1;
  }
}

function* findPrivateKeys(text: string): Iterable<Omit<Finding, 'priority'>> {
  yield* findPuttyKeys(text);
  if (text.includes('<RSAKeyValue>')) yield* findXmlRsaKeys(text);
  if (text.includes('PuTTY-User-Key-File-')) yield* findFlatPuttyKeys(text);
  yield* findJwkPrivateMembers(text);
  // Looked for from the label's end: a search for a literal opening with `-` stops at every dash of a Markdown rule.
  if (!text.includes('KEY-----') && !text.includes('KEY ----') && !text.includes('KEY BLOCK-----') && !text.includes('Static key V')) return;
  const markers: Marker[] = [];
  MARKER.lastIndex = 0;
  for (let m = MARKER.exec(text); m !== null; m = MARKER.exec(text)) {
    if (m[2]?.includes('PUBLIC ')) continue; // `RSA PUBLIC KEY`, `PGP PUBLIC KEY BLOCK`
    markers.push({ begin: m[1] === 'BEGIN', start: m.index, end: m.index + m[0].length });
  }
  let consumedTo = 0;
  for (let i = 0; i < markers.length; i++) {
    const marker = markers[i];
    const next = markers[i + 1];
    if (marker.begin && next !== undefined && !next.begin && inlineBody(text.slice(marker.end, next.start))) {
      yield { kind: 'private_key', start: marker.start, end: next.end };
      consumedTo = next.end;
      i++;
      continue;
    }
    if (marker.begin) {
      const bodyEnd = walkForward(text, marker.end, next ? next.start : text.length, logLinePrefix(text, marker.start));
      if (bodyEnd === marker.end) continue; // a marker with no key after it (parsers, docs)
      const closes = next !== undefined && !next.begin && onlyGap(text.slice(bodyEnd, next.start));
      const end = closes ? next.end : bodyEnd;
      if (closes) i++;
      if (closes && tooShortForAKey(text.slice(marker.end, bodyEnd))) continue;
      yield { kind: 'private_key', start: marker.start, end };
      consumedTo = end;
    } else {
      const bodyStart = walkBackward(text, marker.start, consumedTo);
      if (bodyStart === marker.start) continue;
      yield { kind: 'private_key', start: bodyStart, end: marker.end };
      consumedTo = marker.end;
    }
  }
}

/** PEM and PGP private key blocks, whole or cut by a chunk boundary, and PuTTY's private lines. */
export const privateKeyDetector: Detector = {
  name: 'private-keys',
  kinds: ['private_key'],
  priority: 100,
  find: findPrivateKeys,
};
