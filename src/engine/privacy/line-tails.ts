// The ends of YAML lines, cut by walking rather than by `/[ \t]+#.*$/` and `/[ \t\r]+$/`: unanchored at
// their start, those regexes tried every position of a run of blanks and scanned the run to its end from
// each, quadratic in the line's length (a list item or a Secret's entry of 64 K tabs took 20 to 30 s).

const isBlank = (c: number) => c === 32 || c === 9;

/**
 * `line` without its trailing comment (blanks, `#`, the rest), exactly what `line.replace(/[ \t]+#.*$/, '')`
 * leaves: the comment runs to the end, so its `#` comes after the last line terminator (`.` stops there).
 */
export function withoutComment(line: string): string {
  let from = 1;
  for (let i = line.length - 1; i >= 0; i--) {
    const c = line.charCodeAt(i);
    if (c === 10 || c === 13 || c === 0x2028 || c === 0x2029) {
      from = i + 1;
      break;
    }
  }
  for (let hash = line.indexOf('#', from); hash > 0; hash = line.indexOf('#', hash + 1)) {
    if (!isBlank(line.charCodeAt(hash - 1))) continue;
    let start = hash - 1;
    while (start > 0 && isBlank(line.charCodeAt(start - 1))) start--;
    return line.slice(0, start);
  }
  return line;
}

/** `line` without trailing spaces, tabs and carriage returns (`line.replace(/[ \t\r]+$/, '')`). */
export function withoutTrailingBlanks(line: string): string {
  let end = line.length;
  while (end > 0 && (isBlank(line.charCodeAt(end - 1)) || line.charCodeAt(end - 1) === 13)) end--;
  return line.slice(0, end);
}
