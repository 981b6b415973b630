import path from 'node:path';

/**
 * Typing mistakes forgiven in a file name of `length` characters: none in a name of one or two, one
 * up to five (`dbp.y`), two up to nine (`tme.ts`, `laoyut.rst`), three beyond (`READNE.mdd`). A
 * fixed share of the length let short names match anything and long ones nothing.
 */
export function allowedEdits(length: number): number {
  if (length < 3) return 0;
  if (length <= 5) return 1;
  return length <= 9 ? 2 : 3;
}

/** Rows of the distance table, reused: a failed mention compares every file name of the workspace. */
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * Edits (insert, delete, replace, swap two neighbours) from `a` to `b`: the optimal string
 * alignment distance, where a swapped pair (`laoyut`) costs one typo, not two. Gives `max + 1` as
 * soon as the distance must exceed `max`, so most of a large workspace costs a few comparisons.
 */
export function typoDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (rows[0].length <= b.length) rows = rows.map(() => new Int32Array(b.length * 2 + 1));
  let [before, prev, row] = rows;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      row[j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    [before, prev, row] = [prev, row, before];
  }
  return prev[b.length];
}

/** `name` split at its last dot: `db.py` → [`db`, `py`]; a name without one is all stem. */
function stemAndExtension(name: string): [string, string] {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? [name.slice(0, dot), name.slice(dot + 1)] : [name, ''];
}

/**
 * True when `candidate` (a file name) may be `typed` mistyped: within allowedEdits of it as a whole,
 * its stem within the edits a name one longer would get (`tme.ts` → `time.ts`, not `item.ts` or
 * `tsc.ts`: two typos in a three-letter stem make any short name match), and its extension at most
 * one typo away unless the stem is exact (`helpers.ts` → `helpers.py`).
 */
function isTypoOf(typed: string, candidate: string, max: number): number | undefined {
  const d = typoDistance(candidate, typed, max);
  if (d > max) return undefined;
  if (d === 0) return 0;
  const [stem, ext] = stemAndExtension(typed);
  const [cStem, cExt] = stemAndExtension(candidate);
  const stemMax = allowedEdits(stem.length + 1);
  const stemD = typoDistance(cStem, stem, stemMax);
  if (stemD > stemMax) {
    // A typo across the dot (`dbp.y` for `db.py`) moves letters between stem and extension: compared whole, that is one typo.
    return d <= 1 ? d : undefined;
  }
  return stemD === 0 || typoDistance(cExt, ext, 1) <= 1 ? d : undefined;
}

/** The folder a mention names (`flaskr` of `flaskr/dbp.y`) against the same number of a candidate's last folders. */
function folderDistance(typedDir: string[], candidate: string): number {
  if (typedDir.length === 0) return 0;
  const dirs = candidate.split('/').slice(0, -1);
  return typoDistance(typedDir.join('/'), dirs.slice(-typedDir.length).join('/')) + Math.max(0, typedDir.length - dirs.length);
}

/**
 * The workspace files a mention that matched none may have meant, nearest first, at most `limit`.
 * The file name decides whether a file is near (isTypoOf, case ignored); the folders typed before it (`src/utils/` of `src/utils/tme.ts`) only order the
 * near ones, compared with the candidate's last folders, so `@flaskr/db.py` prefers
 * `examples/tutorial/flaskr/db.py` to a `db.py` elsewhere.
 */
export function nearestFiles(given: string, labels: string[], limit = 3): string[] {
  const typed = given.toLowerCase().split('/').filter(Boolean);
  const name = typed.pop() ?? '';
  const max = allowedEdits(name.length);
  const near: { label: string; d: number; dir: number }[] = [];
  for (const label of labels) {
    const d = isTypoOf(name, path.posix.basename(label).toLowerCase(), max);
    if (d !== undefined) near.push({ label, d, dir: folderDistance(typed, label.toLowerCase()) });
  }
  near.sort((a, b) => a.d + a.dir - (b.d + b.dir) || a.d - b.d || a.label.length - b.label.length || (a.label < b.label ? -1 : 1));
  return [...new Set(near.map((x) => x.label))].slice(0, limit);
}
