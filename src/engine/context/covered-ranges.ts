/**
 * The line ranges of each file already in a context, so the same lines are never sent twice: a
 * file mentioned three times, or a mention that overlaps a retrieved chunk, yields one block.
 */
export class CoveredRanges {
  private readonly byPath = new Map<string, Array<[number, number]>>();

  /** Records lines `start`..`end` (1-based, inclusive) of `path` as sent. */
  add(path: string, start: number, end: number): void {
    if (end < start) return;
    const list = this.byPath.get(path) ?? [];
    list.push([start, end]);
    list.sort((a, b) => a[0] - b[0]);
    // Merged as they come in, so `uncovered` walks a short, sorted, disjoint list.
    const merged: Array<[number, number]> = [];
    for (const [s, e] of list) {
      const last = merged[merged.length - 1];
      if (last && s <= last[1] + 1) last[1] = Math.max(last[1], e);
      else merged.push([s, e]);
    }
    this.byPath.set(path, merged);
  }

  /** The parts of `start`..`end` of `path` not sent yet, in order; empty when all of it was. */
  uncovered(path: string, start: number, end: number): Array<[number, number]> {
    const out: Array<[number, number]> = [];
    let from = start;
    for (const [s, e] of this.byPath.get(path) ?? []) {
      if (e < from) continue;
      if (s > end) break;
      if (s > from) out.push([from, s - 1]);
      from = Math.max(from, e + 1);
      if (from > end) break;
    }
    if (from <= end) out.push([from, end]);
    return out;
  }
}
