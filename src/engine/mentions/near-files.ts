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

/**
 * Edits (insert, delete, replace, swap two neighbours) from `a` to `b`: the optimal string
 * alignment distance, where a swapped pair (`laoyut`) costs one typo, not two. Gives `max + 1` as
 * soon as the distance must exceed `max`, so most of a large workspace costs a few comparisons.
 */
export function typoDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    [before, prev] = [prev, row];
  }
  return prev[b.length];
}

/** The folder a mention names (`flaskr` of `flaskr/dbp.y`) against the same number of a candidate's last folders. */
function folderDistance(typedDir: string[], candidate: string): number {
  if (typedDir.length === 0) return 0;
  const dirs = candidate.split('/').slice(0, -1);
  return typoDistance(typedDir.join('/'), dirs.slice(-typedDir.length).join('/')) + Math.max(0, typedDir.length - dirs.length);
}

/**
 * The workspace files a mention that matched none may have meant, nearest first, at most `limit`.
 * The file name decides whether a file is near (within allowedEdits of the typed name, case
 * ignored); the folders typed before it (`src/utils/` of `src/utils/tme.ts`) only order the
 * near ones, compared with the candidate's last folders, so `@flaskr/db.py` prefers
 * `examples/tutorial/flaskr/db.py` to a `db.py` elsewhere.
 */
export function nearestFiles(given: string, labels: string[], limit = 3): string[] {
  const typed = given.toLowerCase().split('/').filter(Boolean);
  const name = typed.pop() ?? '';
  const max = allowedEdits(name.length);
  const near: { label: string; d: number; dir: number }[] = [];
  for (const label of labels) {
    const d = typoDistance(path.posix.basename(label).toLowerCase(), name, max);
    if (d <= max) near.push({ label, d, dir: folderDistance(typed, label.toLowerCase()) });
  }
  near.sort((a, b) => a.d + a.dir - (b.d + b.dir) || a.d - b.d || a.label.length - b.label.length || (a.label < b.label ? -1 : 1));
  return [...new Set(near.map((x) => x.label))].slice(0, limit);
}
