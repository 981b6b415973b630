// The ends of lines and values, cut by walking rather than by `/[ \t]+#.*$/`, `/\s+[#;].*$/` and `/[ \t\r]+$/`:
// unanchored at their start, those regexes tried every position of a run of blanks and scanned the run to its end
// from each, quadratic in its length (a list item or a Secret's entry of 64 K tabs took 20 to 30 s; 4 MB of
// `password = a` lines padded with tabs to the value's 1,000-character cap, 26 s).

const isBlank = (c: number) => c === 32 || c === 9;
/** `\s` for one UTF-16 code unit, without a regex per character. */
export const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;

/**
 * `text` without its trailing comment: a run of `blank` characters, one of `marks`, the rest. The regex it
 * replaces cut at its leftmost match, and `.` stops at a line terminator, so the mark comes after the last one.
 */
function cutComment(text: string, marks: string, blank: (c: number) => boolean): string {
  let from = 1;
  for (let i = text.length - 1; i >= 0; i--) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13 || c === 0x2028 || c === 0x2029) {
      from = i + 1;
      break;
    }
  }
  for (let at = from; at < text.length; at++) {
    if (!marks.includes(text[at]) || !blank(text.charCodeAt(at - 1))) continue;
    let start = at - 1;
    while (start > 0 && blank(text.charCodeAt(start - 1))) start--;
    return text.slice(0, start);
  }
  return text;
}

/** A YAML line without its comment, as `line.replace(/[ \t]+#.*$/, '')` leaves it. */
export const withoutComment = (line: string): string => cutComment(line, '#', isBlank);

/** A data line's value without a `#` or `;` comment, as `value.replace(/\s+[#;].*$/, '')` leaves it. */
export const withoutValueComment = (value: string): string => cutComment(value, '#;', isSpace);

/** `line` without trailing spaces, tabs and carriage returns (`line.replace(/[ \t\r]+$/, '')`). */
export function withoutTrailingBlanks(line: string): string {
  let end = line.length;
  while (end > 0 && (isBlank(line.charCodeAt(end - 1)) || line.charCodeAt(end - 1) === 13)) end--;
  return line.slice(0, end);
}
