import type { RankedChunk } from './rank';

// The last step of a ranking: chunks saying what a better one already said count less.

/** Each further chunk of a file already ranked counts this much less, so one file does not flood the answer. */
const SAME_FILE_DECAY = 0.7;

/**
 * Copies of one file under other folders (babel's helpers/taggedTemplateLiteral.ts and its built
 * runtime-corejs3/helpers/esm/taggedTemplateLiteral.js, jq's parser.y and the parser.c made from it,
 * a -deprecated module's MockWebServer.kt) score alike and filled the top with one answer said twice:
 * a file named as one ranked above it, scoring at least COPY_SIMILARITY of it, counts COPY_DECAY.
 * Files that only share a name (two index.ts) seldom score that close. Three questions of nineteen sets
 * rose a place (babel, ripgrep, jq), none fell; 0.6–0.85 and 0.3–0.7 did the same.
 */
const COPY_SIMILARITY = 0.85;
const COPY_DECAY = 0.5;

/**
 * The best `limit` of `ranked` (sorted best first) once further chunks of a ranked file and copies of
 * a ranked file count less, best first. A lowered score is never higher than the score it had, so once
 * a chunk's score is below the `limit`-th lowered score so far, no chunk after it can enter: a common
 * word scores tens of thousands of chunks, and only the head of the list is looked at.
 */
export function diversify(ranked: RankedChunk[], limit: number): RankedChunk[] {
  const seen = new Map<string, number>();
  // Per file name (no folder, no extension): the first file ranked with it and its score.
  const named = new Map<string, { path: string; score: number }>();
  const out: RankedChunk[] = [];
  const best: number[] = [];
  for (const r of ranked) {
    if (best.length >= limit && r.score < best[limit - 1]) break;
    const k = seen.get(r.path) ?? 0;
    seen.set(r.path, k + 1);
    const name = fileStem(r.path);
    const first = named.get(name);
    if (!first) named.set(name, { path: r.path, score: r.score });
    const copy = first !== undefined && first.path !== r.path && r.score >= COPY_SIMILARITY * first.score;
    const score = r.score * SAME_FILE_DECAY ** k * (copy ? COPY_DECAY : 1);
    out.push({ ...r, score });
    let at = best.length;
    while (at > 0 && best[at - 1] < score) at--;
    if (at < limit) best.splice(at, 0, score);
    if (best.length > limit) best.pop();
  }
  out.sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : a.startLine - b.startLine));
  return out.slice(0, limit);
}

/**
 * A file's name without its folder and its last extension: `taggedTemplateLiteral.ts` and `.js` are
 * one name, `css.spec.ts` (the test of css.ts) and `JsonTextWriter.Async.cs` (the rest of a class) are not.
 */
function fileStem(rel: string): string {
  const name = rel.slice(rel.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? name : name.slice(0, dot);
}
