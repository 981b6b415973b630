import type { ChunkTexts } from './chunk-texts';
import type { IndexStats } from './index-data';
import { splitIdentifier, stem } from './terms';

/** Chunks read to check one phrase at most; beyond that a phrase is too common to be a useful boost. */
const MAX_CANDIDATES = 2000;

/** The words of a phrase as written (lower case). */
function phraseWords(phrase: string): string[] {
  return phrase.split(/[^a-z0-9_$]+/i).filter((w) => w.length > 0).map((w) => w.toLowerCase());
}

/**
 * A matcher for the words of a phrase in order, with only separators between them: "exponential
 * backoff" finds `exponential backoff`, `exponential_backoff` and `exponentialBackoff`, not
 * `exponential delay before backoff`. Words are letters and digits only, so nothing needs escaping
 * and the pattern has no nested repetition.
 */
export function phraseMatcher(phrase: string): RegExp | undefined {
  const words = phraseWords(phrase).map((w) => w.replace(/[^a-z0-9]/g, '')).filter(Boolean);
  return words.length > 0 ? new RegExp(words.join('[^A-Za-z0-9]*'), 'i') : undefined;
}

/** Chunk ids holding every index token of the phrase (the candidates worth reading). */
function candidates(stats: IndexStats, phrase: string): number[] {
  const tokens = [...new Set(phraseWords(phrase).flatMap((w) => splitIdentifier(w)).filter((w) => w.length > 1).map(stem))];
  if (tokens.length === 0) return [];
  // Rarest token first: the candidate set starts small and only shrinks.
  const ordered = [...tokens].sort((a, b) => stats.docFrequency(a) - stats.docFrequency(b));
  let ids = new Set<number>();
  stats.forEachPosting(ordered[0], (id) => ids.add(id));
  for (const token of ordered.slice(1)) {
    const next = new Set<number>();
    stats.forEachPosting(token, (id) => { if (ids.has(id)) next.add(id); });
    ids = next;
  }
  return [...ids].slice(0, MAX_CANDIDATES);
}

/**
 * For each quoted phrase, the chunks where its words really are adjacent. The index keeps no word
 * positions, so the candidate chunks' files are read again (once each) and matched.
 */
export async function findPhrases(texts: ChunkTexts, phrases: string[]): Promise<Map<string, Set<number>>> {
  const out = new Map<string, Set<number>>();
  for (const phrase of phrases) {
    const found = new Set<number>();
    out.set(phrase, found);
    const re = phraseMatcher(phrase);
    if (!re) continue;
    for (const id of candidates(texts.stats, phrase)) {
      const text = await texts.text(id);
      if (text !== undefined && re.test(text)) found.add(id);
    }
  }
  return out;
}
