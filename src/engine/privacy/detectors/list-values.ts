import { looksRandomKey } from './assignment-rules';
import { withoutComment, withoutTrailingBlanks } from '../line-tails';
import { quotedValue, type Span } from './quoted-values';

// A list assigned to a key that names secrets: `passwords: ["…", "…"]` (JSON, YAML flow, Python,
// JavaScript) or a YAML block list under `passwords:` (one `- item` per line). Each scalar item is a
// value of its own. A list of mappings (`- name: API_TOKEN`) is no list of secrets: name/value pairs
// are read elsewhere (paired-values.ts). Bounded looks only: at most MAX_ITEMS items in MAX_SPAN characters.

const MAX_ITEMS = 64;
const MAX_SPAN = 4096;
/** From the end of a key to its list: a closing quote, then `:`, `=`, `:=` or `=>`. */
const TO_LIST = /^["']?[ \t]{0,5}(?::=|=>|[:=])[ \t]{0,5}/;
const BLOCK_ITEM = /^([ \t]*)-[ \t]+(?=\S)/;

export interface ListItem {
  value: Span;
  quoted: boolean;
}

/** Items of a flow list `[a, "b", 'c']` opening at `open`; undefined when it nests or does not close in reach. */
function flowItems(text: string, open: number, yaml: boolean): ListItem[] | undefined {
  const items: ListItem[] = [];
  const limit = Math.min(text.length, open + MAX_SPAN);
  let i = open + 1;
  while (i < limit) {
    const c = text[i];
    if (c === ']') return items;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === ',') {
      i++;
      continue;
    }
    if (c === '[' || c === '{' || items.length >= MAX_ITEMS) return undefined;
    const quoted = quotedValue(text, i);
    if (quoted) {
      items.push({ value: quoted, quoted: true });
      i = quoted.end + 1;
      continue;
    }
    let end = i;
    while (end < limit && !',]\n'.includes(text[end])) end++;
    let trimmed = end;
    while (trimmed > i && /[ \t\r]/.test(text[trimmed - 1])) trimmed--;
    // A bare item with quotes, brackets or arrows in it is code (`[f("a"), x]`, PHP's `['users' => [...]]`), not a list of values.
    const bare = text.slice(i, trimmed);
    if (/["'`(){}[\]=<>]/.test(bare)) return undefined;
    // A bare item counts in YAML only, and one shaped like a name only when random: JavaScript's `passwords: [pw1, pw2]` reads the same.
    if (yaml && (!/^[A-Za-z_$][\w$]*$/.test(bare) || looksRandomKey(bare))) items.push({ value: { start: i, end: trimmed }, quoted: false });
    i = end;
  }
  return undefined;
}

/** Items of a YAML block list on the lines after `lineEnd`, indented at least as far as the key's line. */
function blockItems(text: string, keyStart: number, lineEnd: number): ListItem[] | undefined {
  const lineStart = text.lastIndexOf('\n', keyStart - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart, keyStart))?.[0].length ?? 0;
  const items: ListItem[] = [];
  let at = lineEnd + 1;
  while (at < text.length && at - lineEnd <= MAX_SPAN && items.length < MAX_ITEMS) {
    const nl = text.indexOf('\n', at);
    const end = nl < 0 ? text.length : nl;
    const line = text.slice(at, end);
    const m = BLOCK_ITEM.exec(line);
    if (!m || m[1].length < indent) break;
    const start = at + m[0].length;
    const quoted = quotedValue(text, start);
    if (quoted) items.push({ value: quoted, quoted: true });
    else {
      const bare = withoutTrailingBlanks(withoutComment(line.slice(m[0].length)));
      if (/^[[{|>&*!]|:(?:[ \t]|$)/.test(bare)) return undefined; // a mapping, a nested list, an anchor
      items.push({ value: { start, end: start + bare.length }, quoted: false });
    }
    at = end + 1;
  }
  return items.length > 0 ? items : undefined;
}

/** The scalar items of a list assigned to the key ending at `keyEnd`, or undefined when no list follows. */
export function listValues(text: string, keyStart: number, keyEnd: number): ListItem[] | undefined {
  const m = TO_LIST.exec(text.slice(keyEnd, keyEnd + 16));
  if (!m) return undefined;
  const at = keyEnd + m[0].length;
  if (text[at] === '[') return flowItems(text, at, m[0].includes(':') && !m[0].includes('='));
  if (!m[0].includes(':') || m[0].includes('=')) return undefined;
  // YAML: nothing after the colon but a comment, then `- item` lines. The line's end is looked for within
  // MAX_SPAN like everything here: on one long line of `passwords: ` each key would search to the text's end.
  const nl = text.slice(at, at + MAX_SPAN).indexOf('\n') + at;
  if (nl < at || !/^[ \t]*(?:#.*)?\r?$/.test(text.slice(at, nl))) return undefined;
  return blockItems(text, keyStart, nl);
}
