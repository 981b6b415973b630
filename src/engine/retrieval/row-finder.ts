/**
 * The row of a path in the file table, or -1. A table is saved in the order its files were first
 * indexed: sorted by path, then the files added or read again since, appended. Paths are asked in
 * git's order, which is path order too, so the sorted part is searched from where the last answer
 * was (usually the next row or a few further), with no map of tens of thousands of paths to build:
 * building one was most of the time `grounded files` spent on the saved index. Only the rows
 * after the sorted part go into a map.
 */
export function rowFinder(paths: string[]): (rel: string) => number {
  let sorted = 1;
  while (sorted < paths.length && paths[sorted - 1] < paths[sorted]) sorted++;
  sorted = Math.min(sorted, paths.length);
  const appended = new Map<string, number>();
  for (let i = sorted; i < paths.length; i++) appended.set(paths[i], i);
  let next = 0;
  return (rel) => {
    // Asked out of order (the untracked files after the tracked ones): search the whole sorted part.
    let lo = next > 0 && !(paths[next - 1] < rel) ? 0 : next;
    const near = Math.min(sorted, lo + 8);
    while (lo < near && paths[lo] < rel) lo++;
    // Stopped short of `near`: this is its place. Otherwise it lies further on.
    let hi = lo < near ? lo : sorted;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (paths[mid] < rel) lo = mid + 1;
      else hi = mid;
    }
    next = lo;
    return lo < sorted && paths[lo] === rel ? lo : (appended.get(rel) ?? -1);
  };
}
