import { forEachIdentifier, identifierTokens } from '../retrieval/chunks';
import { splitIdentifier, stem } from '../retrieval/terms';

/** The index tokens a question's terms stand for: a word's stem, a path's or phrase's words, an identifier whole and in parts. */
function wantedTokens(terms: readonly string[]): Set<string> {
  const wanted = new Set<string>();
  for (const term of terms) {
    const lower = term.toLowerCase();
    if (/^[a-z0-9_$]+$/.test(lower)) wanted.add(lower);
    for (const word of term.split(/[^A-Za-z0-9_$]+/).flatMap((w) => splitIdentifier(w))) if (word.length > 1) wanted.add(stem(word));
  }
  return wanted;
}

/**
 * Where to start showing at most `size` lines of a longer chunk: the window holding the most of
 * the question's terms (distinct terms first, then occurrences), the earliest of equals. A chunk
 * opening with a licence header and imports is shown from the code that answers, not from its top.
 */
export function bestWindowStart(lines: readonly string[], terms: readonly string[], size: number): number {
  if (lines.length <= size || terms.length === 0) return 0;
  const wanted = wantedTokens(terms);
  // Per line, the wanted tokens it holds (each counted once a line: a long line of repeats is not better).
  const hits = lines.map((line) => {
    const found = new Set<string>();
    forEachIdentifier(line, (id) => {
      for (const t of identifierTokens(id)) if (wanted.has(t)) found.add(t);
    });
    return found;
  });
  let best = 0;
  let bestScore = -1;
  for (let start = 0; start + size <= lines.length; start++) {
    const distinct = new Set<string>();
    let total = 0;
    for (let i = start; i < start + size; i++) {
      total += hits[i].size;
      for (const t of hits[i]) distinct.add(t);
    }
    const score = distinct.size * 1000 + total;
    if (score > bestScore) {
      best = start;
      bestScore = score;
    }
  }
  // Begin at the first line that holds a term when the lines above it in the window hold none:
  // the answer's line at the top, with what follows it, rather than blank lines before it.
  const first = hits.findIndex((h, i) => i >= best && h.size > 0);
  return first > best ? Math.max(0, Math.min(first - 2, lines.length - size)) : best;
}
