import type { IndexStats } from './index-data';
import { splitIdentifier, stem, type SearchTerm } from './terms';

/** The index tokens a term is looked up by: phrases and paths by their words. */
export function lookupTokens(term: SearchTerm): string[] {
  if (term.kind === 'phrase' || term.kind === 'path') {
    return term.text.split(/[^A-Za-z0-9_$]+/).flatMap((w) => splitIdentifier(w)).filter((w) => w.length > 1).map(stem);
  }
  return [term.text];
}

/** How much a word's abbreviation (or the word for an abbreviation) counts beside the word itself. */
export const ALTERNATE_WEIGHT = 0.6;

/** BM25's inverse document frequency of a token over live chunks. */
export function idf(stats: IndexStats, token: string): number {
  const df = stats.docFrequency(token);
  return Math.log(1 + (stats.liveChunks - df + 0.5) / (df + 0.5));
}
