// A rule's `value` group tells which part of a match is redacted. Asking V8 for its offsets needs
// the `d` flag, which makes every match several times dearer; on hostile input (a megabyte of
// `Authorization: Basic …`) that is most of the scrubber's time. When the group ends the pattern
// (nothing but lookarounds after it) its offset follows from the match itself, and the pattern can
// run without `d`.

/** Index just past the group that opens at `open` (a `(`), skipping escapes and character classes. */
function groupEnd(source: string, open: number): number {
  let depth = 0;
  let inClass = false;
  for (let i = open; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  return -1;
}

/** True when only lookarounds (`(?=…)`, `(?!…)`, `(?<=…)`, `(?<!…)`) follow the `value` group. */
export function valueGroupIsLast(source: string): boolean {
  const open = source.indexOf('(?<value>');
  if (open < 0 || source.indexOf('(?<value>', open + 1) >= 0) return false;
  let at = groupEnd(source, open);
  while (at >= 0 && at < source.length) {
    if (!/^\(\?<?[=!]/.test(source.slice(at, at + 4))) return false;
    at = groupEnd(source, at);
  }
  return at === source.length;
}

const fast = new WeakMap<RegExp, RegExp | null>();

/**
 * The same pattern without the `d` flag when the value's offset can be had without it (see
 * `valueGroupIsLast`); null when `d` is needed (or absent anyway).
 */
export function withoutIndices(re: RegExp): RegExp | null {
  let copy = fast.get(re);
  if (copy === undefined) {
    copy = re.flags.includes('d') && valueGroupIsLast(re.source) ? new RegExp(re.source, re.flags.replace('d', '')) : null;
    fast.set(re, copy);
  }
  return copy;
}
