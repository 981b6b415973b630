import { splitIdentifier, stem } from './terms';

/** A line range of one file (1-based, inclusive) with the term counts the ranking needs. */
export interface IndexedChunk {
  startLine: number;
  endLine: number;
  /** Normalised token → occurrences (identifier wholes, their stemmed parts, words). */
  tf: Map<string, number>;
  length: number;
  /** Normalised names this chunk defines (function, class, const, def, fn...). */
  defines: Set<string>;
}

export const TARGET_LINES = 60;
export const MIN_LINES = 30;

const DEFINITION = new RegExp(
  /^\s*(?:export\s+)?(?:default\s+)?(?:(?:public|private|protected|internal|static|abstract|final|override|open|suspend|inline|async|pub)\s+)*/.source +
    /(?:function\*?|class|interface|type|enum|const|let|var|def|fn|fun|func|struct|trait|impl|module|namespace)\s+([A-Za-z_$][\w$]*)/.source,
);
const METHOD = /^\s{2,}(?:public\s+|private\s+|protected\s+|static\s+|async\s+|get\s+|set\s+)*([A-Za-z_$][\w$]*)\s*\([^)]*\)\s*(?::[^{=]+)?\{\s*$/;
/**
 * A method declared with its return type, as Java, C#, Kotlin properties, C and C++ write it:
 * `  public <T> T fromJson(String json) throws JsonSyntaxException {`, `  static int count(List<X> xs) {`.
 * The line must open the body (`{` at its end); a statement's first word is no type (`await f(x) {`).
 */
const TYPED_METHOD = new RegExp(
  /^\s{2,}(?:@\w+(?:\([^)]*\))?\s+)*/.source +
    /(?:(?:public|private|protected|internal|static|final|abstract|synchronized|native|override|virtual|sealed|async|default|extern)\s+)*/.source +
    /(?:<[^<>]{1,60}(?:<[^<>]{0,60}>[^<>]{0,20})*>\s+)?(?!(?:return|await|throw|new|yield|else|case|typeof|delete|void\s+0|do|in|of|go|defer)\s)/.source +
    /[A-Za-z_$][\w$.]*(?:<[^(){};=]{0,80}>)?(?:\[\])*\??\s+([A-Za-z_$][\w$]*)\s*\([^)]*\)\s*(?:throws\s+[\w.,\s]+?)?\s*\{\s*$/.source,
);
/**
 * `/^#{1,6}\s+(.+)$/` read by hand: that regex tried every split of a blank run before a line break `.` does not take
 * (`\r`, U+2028), so `#`, 100 K spaces and `\r` cost seconds. Same answer: the text after the blanks, which must hold no
 * line break; with only blanks after the marker, their last one when it is not a break and another blank precedes it.
 */
function markdownHeading(line: string): string | undefined {
  let k = 0;
  while (line.charCodeAt(k) === 35) k++;
  if (k < 1 || k > 6) return undefined;
  let w = k;
  while (w < line.length && /\s/.test(line[w])) w++;
  if (w === k) return undefined;
  if (w < line.length) return LINE_BREAK.test(line.slice(w)) ? undefined : line.slice(w);
  return w - k >= 2 && !LINE_BREAK.test(line[w - 1]) ? line[w - 1] : undefined;
}
const LINE_BREAK = /[\n\r\u2028\u2029]/;
/**
 * A Go method: `func (c *Context) Redirect(`, `func (s Set[T]) Add(`; groups: receiver, its type, the name. The receiver's
 * name ends at a blank or `*` and each blank run has one place to go: three optional runs side by side tried every split
 * of `func(` and a long run of tabs (cubic: minutes for one line of a workspace file).
 */
const GO_METHOD = /^func\s*\(\s*(?:([A-Za-z_]\w*)(?=[\s*])\s*)?(?:\*\s*)?([A-Za-z_]\w*)(?:\[[^\]]*\])?\s*\)\s*([A-Za-z_]\w*)/;

/** A Go method's receiver (its variable and type) and name, when `line` defines one. */
export function goMethod(line: string): { receiver?: string; type: string; name: string } | undefined {
  const m = GO_METHOD.exec(line);
  return m ? { receiver: m[1], type: m[2], name: m[3] } : undefined;
}

/** Statements that look like a method's head (`synchronized (lock) {`, `using (var x = …) {`). */
const NOT_DEFINED = new Set([
  'if', 'for', 'while', 'switch', 'catch', 'return', 'synchronized', 'using', 'lock', 'foreach', 'when', 'with', 'try', 'do', 'else', 'function', 'fixed',
]);

/** The name a line defines, if it starts a definition (or a markdown heading). */
export function definedName(line: string): string | undefined {
  const go = line.startsWith('func') ? goMethod(line) : undefined;
  if (go) return go.name;
  const m = DEFINITION.exec(line) ?? METHOD.exec(line) ?? TYPED_METHOD.exec(line);
  if (m && !NOT_DEFINED.has(m[1])) return m[1];
  return markdownHeading(line);
}

const tokenCache = new Map<string, string[]>();
const TOKEN_CACHE_LIMIT = 500_000;
export const MAX_LINE_CHARS = 400;

/** The index tokens of one identifier: its whole (when compound) and its stemmed parts. Memoised: code repeats its names. */
export function identifierTokens(id: string): string[] {
  let tokens = tokenCache.get(id);
  if (tokens) return tokens;
  const words = splitIdentifier(id);
  tokens = words.length > 1 ? [words.join('')] : [];
  for (const w of words) if (w.length >= 2) tokens.push(stem(w));
  if (tokenCache.size >= TOKEN_CACHE_LIMIT) tokenCache.clear();
  tokenCache.set(id, tokens);
  return tokens;
}

const isIdentStart = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36;
const isIdentPart = (c: number) => isIdentStart(c) || (c >= 48 && c <= 57);

/**
 * Calls `fn` with each identifier of a line (`[A-Za-z_$][\w$]*`), scanning by character code: no
 * regular expression or match object per identifier. Minified and generated lines run to
 * megabytes; their first 400 characters are enough to find them.
 */
export function forEachIdentifier(line: string, fn: (identifier: string) => void): void {
  const end = Math.min(line.length, MAX_LINE_CHARS);
  let i = 0;
  while (i < end) {
    if (!isIdentStart(line.charCodeAt(i))) { i++; continue; }
    let j = i + 1;
    while (j < end && isIdentPart(line.charCodeAt(j))) j++;
    fn(line.slice(i, j));
    i = j;
  }
}

/** Adds the index tokens of one line: each identifier whole and its stemmed parts. Returns how many. */
export function addLineTokens(line: string, tf: Map<string, number>): number {
  let n = 0;
  forEachIdentifier(line, (id) => {
    for (const t of identifierTokens(id)) {
      tf.set(t, (tf.get(t) ?? 0) + 1);
      n++;
    }
  });
  return n;
}

/**
 * Picks where the chunk starting at `start` ends: near the target size, preferring a line that
 * starts a top-level definition, then a blank line. One rule for both tokenizers: this one over
 * strings, the indexing one over bytes (tokenize.ts).
 */
export function chunkEndOf(count: number, start: number, startsTopLevelDefinition: (i: number) => boolean, isBlank: (i: number) => boolean): number {
  const hardEnd = Math.min(count, start + TARGET_LINES);
  if (hardEnd === count) return hardEnd;
  for (let i = hardEnd; i > start + MIN_LINES; i--) if (startsTopLevelDefinition(i)) return i;
  for (let i = hardEnd; i > start + MIN_LINES; i--) if (isBlank(i)) return i + 1;
  return hardEnd;
}

function chunkEnd(lines: string[], start: number): number {
  return chunkEndOf(lines.length, start, (i) => definedName(lines[i]) !== undefined && !/^\s/.test(lines[i]), (i) => lines[i].trim() === '');
}

/** The lines of a text, without the empty one after a final newline. */
export function textLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Where the chunks of these lines start and end: [start, end) pairs, 0-based. */
export function chunkRanges(lines: string[]): [number, number][] {
  const out: [number, number][] = [];
  for (let start = 0; start < lines.length;) {
    const end = chunkEnd(lines, start);
    out.push([start, end]);
    start = end;
  }
  return out;
}

/** The tokens a definition line's name adds to its chunk's `defines`. */
export function definitionTokens(name: string): string[] {
  const words = splitIdentifier(name);
  return [words.join(''), ...words.map(stem)];
}

/**
 * Splits a file into chunks of about 60 lines, cut at blank lines or before top-level definitions.
 * The plain statement of what indexing computes: the index itself is built by the faster byte
 * tokenizer (tokenize.ts), which tests hold to this function's result.
 */
export function chunkText(text: string): IndexedChunk[] {
  const lines = textLines(text);
  const out: IndexedChunk[] = [];
  for (const [start, end] of chunkRanges(lines)) {
    const tf = new Map<string, number>();
    const defines = new Set<string>();
    let length = 0;
    for (let i = start; i < end; i++) {
      length += addLineTokens(lines[i], tf);
      const name = definedName(lines[i]);
      if (name) for (const w of definitionTokens(name)) defines.add(w);
    }
    out.push({ startLine: start + 1, endLine: end, tf, length, defines });
  }
  return out;
}
