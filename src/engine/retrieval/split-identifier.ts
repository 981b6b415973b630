// How identifiers and path segments are split into words, for the index and the question alike.

const isUpper = (c: number) => c >= 65 && c <= 90;
const isLower = (c: number) => c >= 97 && c <= 122;
const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * Splits an identifier into its words: `parseHTTPResponse_v2` → parse, http, response, v2. A word
 * ends at anything not a letter or digit, before a capital that follows a small letter or digit,
 * and before the last capital of a run that a small letter follows (HTTPResponse → HTTP, Response).
 * One pass over the characters: indexing splits every new identifier and every path segment.
 */
export function splitIdentifier(id: string): string[] {
  const words: string[] = [];
  let start = -1;
  for (let i = 0; i <= id.length; i++) {
    const c = i < id.length ? id.charCodeAt(i) : 0;
    if (!(isUpper(c) || isLower(c) || isDigit(c))) {
      if (start >= 0) words.push(id.slice(start, i).toLowerCase());
      start = -1;
      continue;
    }
    if (start < 0) start = i;
    else if (isUpper(c)) {
      const prev = id.charCodeAt(i - 1);
      if (isLower(prev) || isDigit(prev) || (isUpper(prev) && isLower(id.charCodeAt(i + 1)) && !pluralAcronym(id, i))) {
        words.push(id.slice(start, i).toLowerCase());
        start = i;
      }
    }
  }
  return words;
}

/**
 * Whether the capital at `i` ends an acronym made plural by a lone `s` (`URLs`, `IDs`, `parseAPIs`):
 * the `s` ends the word (nothing lower-case after it), so the acronym is not split before its last
 * capital as HTTPResponse is (URLs was UR and Ls, and no question's `URLs` found code's urls).
 */
function pluralAcronym(id: string, i: number): boolean {
  return id.charCodeAt(i + 1) === 115 && !isLower(id.charCodeAt(i + 2));
}
