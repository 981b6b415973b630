import type { ChunkTexts } from './chunk-texts';
import type { RankedChunk } from './rank';
import { escapeRegExp } from '../text/escape-regexp';
import { stem as stemWord } from './stem';
import type { SearchTerm } from './terms';

/**
 * The stemmer folds a derived noun into its verb (`storage` → stor, `connection` → connect) so that
 * "how is the key stored?" finds `SecretStorage`. But a question asking with the verb ("are keys stored",
 * "is the socket connected") asks about the act; a text that says only the noun, most often inside a name
 * of its own (`STORAGE_KEY`, `namedStorageKey`: a *storage key*, one of Azure's key formats), is about
 * another thing. Such a chunk among the best counts this much less; one that also writes the verb's own
 * forms (`store(`, `KeyStore`, `stored`) keeps its score.
 */
const NOUN_ONLY_FACTOR = 0.8;

const READ_AT_MOST = 10;

/** The nouns the stemmer derives (stem.ts: -age, -ion), as the letters after the stem. */
const DERIVED = /^(?:ages?|ions?)/;

/** The stems of the question's words written as a past form (`stored`, `kept`, `generated`), four letters or more. */
export function verbStems(terms: readonly SearchTerm[]): Set<string> {
  return new Set(terms.filter((t) => t.kind === 'word' && t.verb && t.text.length >= 4).map((t) => t.text));
}

/**
 * Whether the text writes `stem` only as its derived noun, and that noun names a kind of another word of the question:
 * `STORAGE_KEY`, `namedStorageKey`, "storage key" (for "how are keys stored?"), never `store`, `stored` or `KeyStore`.
 * A noun the question's other word comes before ("header compression" for "how are headers compressed?") is the act
 * itself, and keeps its score.
 */
export function nounOnly(text: string, stem: string, others: ReadonlySet<string>): boolean {
  let modifies = false;
  for (const m of text.matchAll(new RegExp(`${escapeRegExp(stem)}([a-z]*)`, 'gi'))) {
    // Where a word or a name's part starts: not `history` for stor; `SecretStorage`, `STORAGE_KEY`, `storagekey`.
    const before = text[m.index - 1] ?? ' ';
    if (/[A-Za-z]/.test(before) && !(/[a-z]/.test(before) && /[A-Z]/.test(m[0][0]))) continue;
    // The letters after the stem in the same case run: `Storage` in `SecretStorage`, `AGE` in `STORAGE_KEY`.
    const upper = m[0] === m[0].toUpperCase();
    const tail = (upper ? m[1] : (/^[a-z]*/.exec(m[1])?.[0] ?? '')).toLowerCase();
    const suffix = DERIVED.exec(tail)?.[0];
    if (suffix === undefined) return false;
    // The next word: the rest of a name written in one case (`storagekey`), else the next part or word.
    const end = m.index + stem.length + tail.length;
    const next = tail.length > suffix.length ? tail.slice(suffix.length) : /^[ _-]?([A-Z]?[a-z]+|[A-Z]+(?![a-z]))/.exec(text.slice(end, end + 40))?.[1];
    if (next && others.has(stemWord(next))) modifies = true;
  }
  return modifies;
}

/**
 * The best `limit` chunks `rank` gives, after those matching a verb of the question only by its derived noun count less,
 * best first. A few more are ranked where the question has such a verb, so that a chunk after the last may take the
 * place of one that counts less; only the best 10 are read.
 */
export async function demoteNounOnly(
  texts: ChunkTexts,
  terms: readonly SearchTerm[],
  limit: number,
  rank: (limit: number) => Promise<RankedChunk[]>,
): Promise<RankedChunk[]> {
  const verbs = verbStems(terms);
  if (verbs.size === 0) return rank(limit);
  const ranked = await rank(limit + 10);
  const words = new Set(terms.flatMap((t) => (t.kind === 'word' || t.kind === 'part' ? [t.text] : [])));
  // Only the best are read (whole files, babel's long): below them a chunk counting less changes little a reader sees.
  for (const r of ranked.slice(0, READ_AT_MOST)) {
    const stems = [...verbs].filter((v) => r.matched.includes(`word:${v}`));
    if (stems.length === 0) continue;
    const lines = await texts.lines(r.path);
    const text = lines?.slice(r.startLine - 1, r.endLine).join('\n');
    if (text !== undefined && stems.some((s) => nounOnly(text, s, new Set([...words].filter((w) => w !== s))))) r.score *= NOUN_ONLY_FACTOR;
  }
  return ranked.sort((a, b) => b.score - a.score || a.path.localeCompare(b.path) || a.startLine - b.startLine).slice(0, limit);
}
