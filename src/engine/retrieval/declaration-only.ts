import type { ChunkTexts } from './chunk-texts';
import { byRank } from './diversify';
import type { RankedChunk } from './rank';
import type { SearchTerm } from './terms';
import { demoteNounOnly } from './verb-nouns';

/**
 * A file that only declares (an interface, an enum, a protocol or a trait, with no code of its own: serilog's
 * `ILogEventEnricher.cs`, Newtonsoft's `enum ReferenceLoopHandling`) is short and its doc comments explain the concept
 * in the question's words, so it came before the code doing the work ("how are enrichers applied to each event?": the
 * interface first, `Logger.cs` 4th). A question asks how something is done, where, or what happens: the implementation.
 * Such a file among the best counts this much less, unless the question asks about the types themselves.
 */
const DECLARATION_ONLY_FACTOR = 0.6;

/** Only the best are read, and only short files: a declaration-only file is seldom longer than a few chunks. */
const READ_AT_MOST = 10;
const MAX_CHUNKS = 4;

/** Languages whose types are declared apart from the code implementing them. */
const DECLARING_SOURCE = /\.(cs|java|kt|kts|ts|mts|cts|go|swift|php|rs|scala)$/;
const TYPINGS = /\.d\.[cm]?ts$/;

/** Words asking about the declarations themselves ("what does the ILogEventSink interface declare?"), stemmed. */
const ABOUT_TYPES = new Set(['interfac', 'enum', 'protocol', 'trait', 'contract', 'typ', 'declar', 'declarat', 'signatur', 'abstract']);

/** A declaration with no body of its own: an interface, an enum, a protocol, a trait, or a TypeScript type alias. */
// Type parameters are bounded: `<[^>]*>` read every unclosed `type A<` to the text's end (200 K such lines: 21 s).
const DECLARES = /\b(interface|enum|protocol|trait)\s+[A-Za-z_]\w*|\btype\s+[A-Za-z_]\w*(<[^>]{0,500}>)?\s*=/;
/** Statements: where any of these is written more than once, the file does things (one is allowed: a default `return`). */
const STATEMENT = /\b(return|if|else|for|foreach|while|switch|throw|await|yield|try|catch|new)\b/g;
/**
 * Definitions that always have a body or a value: a class or struct anywhere (not Kotlin's `enum class`, not C#'s `where T : class`),
 * Go's `func`, Rust's `impl`, TypeScript's functions and values. PHP, Swift and Kotlin interfaces list `function`, `func` and `fun`
 * members without a body, so the statements decide there.
 */
const DEFINES_CODE: [RegExp, RegExp][] = [
  [/./, /\b(class|struct)\s+[A-Za-z_]/],
  [/\.go$/, /\bfunc\b/],
  [/\.rs$/, /\bimpl\b/],
  [/\.[cm]?ts$/, /\b(function|const|let|var)\s/],
];

/** The text without its comments, preprocessor lines and string literals, which may say anything. */
function codeOf(text: string): string {
  return blankStrings(
    withoutBlockComments(text)
      .replace(/\/\/[^\n]*/g, ' ')
      // C#'s `#if`/`#region`, PHP's `#` comments, Rust's `#[derive]`: none is a statement. Its blanks stop at a line's end:
      // `^\s*#` went through every blank line after each line start (200 K of them: 20 s).
      .replace(/^[^\S\n\r\u2028\u2029]*#[^\n]*/gm, ' '),
  );
}

/**
 * The text with each closed block comment as one space, as `.replace(/\/\*[\s\S]*?\*\//g, ' ')` would, in one pass: the
 * regex read from every unclosed `/*` to the text's end (200 K lines of `/* x`: 10 s). Once a `/*` has no `*\/` after it,
 * none after it has one either, so the rest is kept as it is.
 */
function withoutBlockComments(text: string): string {
  let out = '';
  let last = 0;
  for (let open = text.indexOf('/*'); open >= 0; open = text.indexOf('/*', last)) {
    const close = text.indexOf('*/', open + 2);
    if (close < 0) break;
    out += `${text.slice(last, open)} `;
    last = close + 2;
  }
  return last ? out + text.slice(last) : text;
}

const BREAKS = '\n\r\u2028\u2029';

/**
 * Each string literal as `""`, as `/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`/g` would, in one pass:
 * the regex read each unclosed quote's line again from every escaped quote in it (a line of `"\` pairs: 40 s for 200 K).
 * A quote that opens nothing fails where its scan failed for every quote of its kind it passed, so those are skipped.
 */
function blankStrings(text: string): string {
  const failedUpTo: Record<string, number> = { '"': 0, "'": 0, '`': 0 };
  let out = '';
  let last = 0;
  for (let p = 0; p < text.length; p++) {
    const q = text[p];
    if ((q !== '"' && q !== "'" && q !== '`') || p < failedUpTo[q]) continue;
    const end = literalEnd(text, p, q);
    if (end < 0) { failedUpTo[q] = -end; continue; }
    out += `${text.slice(last, p)}""`;
    last = end;
    p = end - 1;
  }
  return out + text.slice(last);
}

/** Where the literal opened at `p` by `q` ends (after its closing quote), or minus where its scan failed. */
function literalEnd(text: string, p: number, q: string): number {
  for (let i = p + 1; i < text.length; i++) {
    const c = text[i];
    if (c === q) return i + 1;
    if (c === '\\') {
      if (i + 1 >= text.length || BREAKS.includes(text[i + 1])) return -i;
      i++;
    } else if (c === '\n' && q !== '`') return -i;
  }
  return -text.length;
}

/** Whether a source file only declares types: it declares one, and has no code beyond a single statement. */
export function declaresOnly(path: string, text: string): boolean {
  if (!DECLARING_SOURCE.test(path) || TYPINGS.test(path)) return false;
  const code = codeOf(text);
  if (!DECLARES.test(code)) return false;
  const declared = code.replace(/\benum\s+class\b|:\s*class\b/g, '');
  if (DEFINES_CODE.some(([file, defines]) => file.test(path) && defines.test(declared))) return false;
  return (code.match(STATEMENT)?.length ?? 0) <= 1;
}

function asksAboutTypes(terms: readonly SearchTerm[]): boolean {
  return terms.some((t) => (t.kind === 'word' || t.kind === 'part') && ABOUT_TYPES.has(t.text));
}

/**
 * The best `limit` chunks `rank` gives, after those of files that only declare types count less, best first. A few more
 * are ranked, so that a chunk after the last may take the place of one that counts less; only the best 10 are read.
 */
export async function demoteDeclarationsOnly(
  texts: ChunkTexts,
  terms: readonly SearchTerm[],
  limit: number,
  rank: (limit: number) => RankedChunk[],
): Promise<RankedChunk[]> {
  if (asksAboutTypes(terms)) return rank(limit);
  const ranked = rank(limit + 10);
  const verdicts = new Map<string, boolean>();
  for (const r of ranked.slice(0, READ_AT_MOST)) {
    let only = verdicts.get(r.path);
    if (only === undefined) {
      const chunks = texts.stats.fileChunks(r.path)?.count ?? Infinity;
      const lines = DECLARING_SOURCE.test(r.path) && chunks <= MAX_CHUNKS ? await texts.lines(r.path) : undefined;
      verdicts.set(r.path, (only = lines !== undefined && declaresOnly(r.path, lines.join('\n'))));
    }
    if (only) r.score *= DECLARATION_ONLY_FACTOR;
  }
  return ranked.sort(byRank).slice(0, limit);
}

/** The best `limit` chunks `rank` gives, after the checks that read the best ones' text: verbs met only as nouns, files that only declare. */
export function demoteByText(texts: ChunkTexts, terms: readonly SearchTerm[], limit: number, rank: (limit: number) => RankedChunk[]): Promise<RankedChunk[]> {
  return demoteNounOnly(texts, terms, limit, (n) => demoteDeclarationsOnly(texts, terms, n, rank));
}
