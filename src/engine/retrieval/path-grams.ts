import type { IndexStats } from './index-data';
import { pathLetters } from './path-tokens';

/** Letters and digits as 0..35; -1 for anything else (pathLetters holds none). */
const CODE = new Int8Array(128).fill(-1);
for (let c = 0; c < 26; c++) CODE[97 + c] = c;
for (let d = 0; d < 10; d++) CODE[48 + d] = 26 + d;
const GRAMS = 36 ** 3;

function gramAt(s: string, i: number): number {
  return (CODE[s.charCodeAt(i)] * 36 + CODE[s.charCodeAt(i + 1)]) * 36 + CODE[s.charCodeAt(i + 2)];
}

/** Needles remembered per index (a question asks a dozen; a conversation asks many again). */
const MEMO_LIMIT = 4096;

/**
 * Which of a tree's paths hold a run of letters in their letters and digits (pathLetters): an index
 * of every three letters in a row to the paths holding them. Every question looks for a dozen such
 * runs among all paths (a term's probe, path-tokens.ts), and a substring test of each of babel's 27.7 K
 * paths for each was most of the ranking's time; the paths holding a run's rarest three letters are
 * a few hundred at most.
 */
export class PathGrams {
  readonly paths: string[];
  private readonly letters: string[];
  /** Per gram: where its paths start in `ids` (one past the last gram: the end). */
  private readonly offsets = new Int32Array(GRAMS + 1);
  private readonly ids: Int32Array;
  private readonly memo = new Map<string, Int32Array | undefined>();

  constructor(paths: Iterable<string>) {
    this.paths = [...paths];
    this.letters = this.paths.map(pathLetters);
    const last = new Int32Array(GRAMS).fill(-1);
    // Each path counts once per gram it holds: two passes, counting, then filling in path order.
    this.forEachGram(last, (g) => this.offsets[g + 1]++);
    for (let g = 0; g < GRAMS; g++) this.offsets[g + 1] += this.offsets[g];
    this.ids = new Int32Array(this.offsets[GRAMS]);
    const fill = this.offsets.slice(0, GRAMS);
    last.fill(-1);
    this.forEachGram(last, (g, i) => (this.ids[fill[g]++] = i));
  }

  private forEachGram(last: Int32Array, fn: (gram: number, path: number) => void): void {
    this.letters.forEach((s, i) => {
      for (let k = 0; k + 3 <= s.length; k++) {
        const g = gramAt(s, k);
        if (last[g] !== i) fn(g, (last[g] = i));
      }
    });
  }

  /**
   * The paths (indices into `paths`, ascending) whose letters hold `needle`, a run of lower-case
   * ASCII letters and digits; undefined when the needle is too short to narrow them (under three).
   */
  holding(needle: string): Int32Array | undefined {
    if (needle.length < 3) return undefined;
    if (this.memo.has(needle)) return this.memo.get(needle);
    let best = -1;
    for (let k = 0; k + 3 <= needle.length; k++) {
      const g = gramAt(needle, k);
      if (best < 0 || this.offsets[g + 1] - this.offsets[g] < this.offsets[best + 1] - this.offsets[best]) best = g;
    }
    const found: number[] = [];
    for (let at = this.offsets[best]; at < this.offsets[best + 1]; at++) if (this.letters[this.ids[at]].includes(needle)) found.push(this.ids[at]);
    if (this.memo.size >= MEMO_LIMIT) this.memo.clear();
    const result = Int32Array.from(found);
    this.memo.set(needle, result);
    return result;
  }
}

const built = new WeakMap<IndexStats, { version: number; grams: PathGrams }>();

/** The path index of `stats`, built again only when its set of paths changed. */
export function pathGrams(stats: IndexStats): PathGrams {
  const known = built.get(stats);
  if (known && known.version === stats.pathsVersion) return known.grams;
  const grams = new PathGrams(stats.paths());
  built.set(stats, { version: stats.pathsVersion, grams });
  return grams;
}
