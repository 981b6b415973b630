/** What ordering and lowering read of a ranked chunk (rank.ts's RankedChunk; not imported: rank.ts imports this file). */
interface Ranked {
  path: string;
  startLine: number;
  score: number;
}

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
 * Names a module takes from its folder (`index.ts`, `mod.rs`, `__init__.py`, `main.go`, `lib.rs`):
 * two of them are two modules, however close their scores (babel's ast-types/generated/index.ts
 * and validators/generated/index.ts answer a question alike).
 */
const FOLDER_NAMED = new Set(['index', 'mod', '__init__', 'main', 'lib']);

/** Best first: by score, then by path and line, so a ranking is the same on every run. */
export function byRank(a: Ranked, b: Ranked): number {
  return b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : a.startLine - b.startLine);
}

/**
 * `items` best first, ordered as they are read: a heap built in one pass (it reorders `items`), then
 * one removal per chunk read. diversify reads the head only, so sorting every scored chunk (a common
 * word's tens of thousands) was wasted.
 */
export function* bestFirst<T extends Ranked>(items: T[]): Generator<T> {
  const h = items;
  const down = (from: number, size: number) => {
    for (let i = from; ; ) {
      const l = 2 * i + 1;
      if (l >= size) return;
      const m = l + 1 < size && byRank(h[l + 1], h[l]) < 0 ? l + 1 : l;
      if (byRank(h[m], h[i]) >= 0) return;
      [h[i], h[m]] = [h[m], h[i]];
      i = m;
    }
  };
  for (let i = (h.length >> 1) - 1; i >= 0; i--) down(i, h.length);
  for (let size = h.length; size > 0; size--) {
    const top = h[0];
    h[0] = h[size - 1];
    down(0, size - 1);
    yield top;
  }
}

/**
 * The best `limit` of `ranked` (read best first) once further chunks of a ranked file and copies of
 * a ranked file count less, best first. A lowered score is never higher than the score it had, so once
 * a chunk's score is below the `limit`-th lowered score so far, no chunk after it can enter: a common
 * word scores tens of thousands of chunks, and only the head of the list is looked at.
 */
export function diversify<T extends Ranked>(ranked: Iterable<T>, limit: number): T[] {
  const seen = new Map<string, number>();
  // Per file name (no folder, no extension): the first file ranked with it and its score.
  const named = new Map<string, { path: string; score: number }>();
  const out: T[] = [];
  const best: number[] = [];
  for (const r of ranked) {
    if (best.length >= limit && r.score < best[limit - 1]) break;
    const k = seen.get(r.path) ?? 0;
    seen.set(r.path, k + 1);
    const name = fileStem(r.path);
    const first = FOLDER_NAMED.has(name) ? undefined : named.get(name);
    if (!first && !FOLDER_NAMED.has(name)) named.set(name, { path: r.path, score: r.score });
    const copy = first !== undefined && first.path !== r.path && r.score >= COPY_SIMILARITY * first.score;
    const score = r.score * SAME_FILE_DECAY ** k * (copy ? COPY_DECAY : 1);
    out.push({ ...r, score });
    let at = best.length;
    while (at > 0 && best[at - 1] < score) at--;
    if (at < limit) best.splice(at, 0, score);
    if (best.length > limit) best.pop();
  }
  return out.sort(byRank).slice(0, limit);
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
