import type { IndexStats } from './index-data';
import { pathLetters } from './path-tokens';

/** The paths of an index, and those among them whose letters hold a run of letters (see PathGrams). */
export interface PathLookup {
  /** Paths (some may be gone since: ranking finds no chunks for them). */
  readonly paths: readonly string[];
  /** Indices into `paths` of those holding `needle`, ascending; undefined for the empty needle (all of them). */
  holding(needle: string): Int32Array | undefined;
}

/** Letters and digits as 0..35; -1 for anything else (pathLetters holds none). */
const CODE = new Int8Array(128).fill(-1);
for (let c = 0; c < 26; c++) CODE[97 + c] = c;
for (let d = 0; d < 10; d++) CODE[48 + d] = 26 + d;
const GRAMS = 36 ** 3;

function gramAt(s: string, i: number): number {
  return (CODE[s.charCodeAt(i)] * 36 + CODE[s.charCodeAt(i + 1)]) * 36 + CODE[s.charCodeAt(i + 2)];
}

/**
 * The answers remembered per lookup (a question asks a dozen; a conversation asks many again),
 * bounded by the paths they hold: a run of one or two letters is held by most of a large tree.
 */
const MEMO_PATHS = 2_000_000;

/** Answers by needle, forgotten all at once when they hold more than MEMO_PATHS paths. */
class Answers {
  private readonly map = new Map<string, Int32Array>();
  private held = 0;

  get(needle: string): Int32Array | undefined {
    return this.map.get(needle);
  }

  keep(needle: string, found: number[]): Int32Array {
    if (this.held + found.length > MEMO_PATHS) {
      this.map.clear();
      this.held = 0;
    }
    const result = Int32Array.from(found);
    this.map.set(needle, result);
    this.held += found.length;
    return result;
  }
}

/**
 * Which of a tree's paths hold a run of letters in their letters and digits (pathLetters): an index
 * of every three letters in a row to the paths holding them. Every question looks for a dozen such
 * runs among all paths (a term's probe, path-tokens.ts), and a substring test of each of babel's 27.7 K
 * paths for each was most of the ranking's time; the paths holding a run's rarest three letters are
 * a few hundred at most.
 */
export class PathGrams implements PathLookup {
  readonly paths: string[];
  private readonly letters: string[];
  /** Per gram: where its paths start in `ids` (one past the last gram: the end). */
  private readonly offsets = new Int32Array(GRAMS + 1);
  private readonly ids: Int32Array;
  private readonly memo = new Answers();

  constructor(paths: Iterable<string>) {
    this.paths = [...paths];
    this.letters = this.paths.map(pathLetters);
    // Each path counts once per gram it holds: counted first, then filled in path order.
    const offsets = this.offsets;
    const last = new Int32Array(GRAMS).fill(-1);
    this.scan(last, (g) => offsets[g + 1]++);
    for (let g = 0; g < GRAMS; g++) offsets[g + 1] += offsets[g];
    const ids = (this.ids = new Int32Array(offsets[GRAMS]));
    const fill = offsets.slice(0, GRAMS);
    last.fill(-1);
    this.scan(last, (g, i) => (ids[fill[g]++] = i));
  }

  /** Calls `fn` once per path and gram it holds (a rolling code over the path's letters). */
  private scan(last: Int32Array, fn: (gram: number, path: number) => void): void {
    const { letters } = this;
    const code = CODE;
    for (let i = 0; i < letters.length; i++) {
      const s = letters[i];
      if (s.length < 3) continue;
      let g = code[s.charCodeAt(0)] * 36 + code[s.charCodeAt(1)];
      for (let k = 2; k < s.length; k++) {
        g = (g % 1296) * 36 + code[s.charCodeAt(k)];
        if (last[g] !== i) {
          last[g] = i;
          fn(g, i);
        }
      }
    }
  }

  /**
   * The paths (indices into `paths`, ascending) whose letters hold `needle`, a run of lower-case
   * ASCII letters and digits; undefined for the empty run (every path holds it). A run of one or
   * two letters has no gram of its own: every path is tested once and the answer kept.
   */
  holding(needle: string): Int32Array | undefined {
    if (needle.length === 0) return undefined;
    const known = this.memo.get(needle);
    if (known) return known;
    const found: number[] = [];
    if (needle.length < 3) {
      this.letters.forEach((s, i) => {
        if (s.includes(needle)) found.push(i);
      });
    } else {
      let best = -1;
      for (let k = 0; k + 3 <= needle.length; k++) {
        const g = gramAt(needle, k);
        if (best < 0 || this.offsets[g + 1] - this.offsets[g] < this.offsets[best + 1] - this.offsets[best]) best = g;
      }
      for (let at = this.offsets[best]; at < this.offsets[best + 1]; at++) if (this.letters[this.ids[at]].includes(needle)) found.push(this.ids[at]);
    }
    return this.memo.keep(needle, found);
  }
}

/** Paths added since a PathGrams was built that are tested one by one rather than building it again. */
const MAX_ADDED = 2000;

/**
 * A PathGrams and the paths added since it was built (tested one by one), without those removed
 * since: a new file or a deleted one does not cost the next question a new index of every path.
 */
class PathGramsSince implements PathLookup {
  readonly paths: readonly string[];
  private readonly memo = new Answers();

  constructor(
    private readonly base: PathGrams,
    private readonly added: readonly string[],
    private readonly present: (rel: string) => boolean,
  ) {
    this.paths = [...base.paths, ...added];
  }

  holding(needle: string): Int32Array | undefined {
    const known = this.memo.get(needle);
    if (known) return known;
    const held = this.base.holding(needle);
    if (!held) return undefined;
    const found = Array.from(held).filter((i) => this.present(this.base.paths[i]));
    this.added.forEach((rel, j) => {
      if (pathLetters(rel).includes(needle)) found.push(this.base.paths.length + j);
    });
    return this.memo.keep(needle, found);
  }
}

const built = new WeakMap<IndexStats, { version: number; base: PathGrams; known?: Set<string>; lookup: PathLookup }>();

/** All paths, none ruled out: what a single search of an index is answered with (see pathGrams). */
class PathList implements PathLookup {
  readonly paths: readonly string[];
  constructor(paths: Iterable<string>) {
    this.paths = [...paths];
  }
  holding(): undefined {
    return undefined;
  }
}

const searchedOnce = new WeakSet<IndexStats>();

/**
 * The path lookup of `stats`: built at its second search (a one-shot question searches once, and
 * testing each path costs it less than building the lookup) or when asked `now` (an index that
 * will answer many questions, after a refresh), then kept up to date by its changes while they
 * are few (MAX_ADDED paths added, a quarter removed), built again after more.
 */
export function pathGrams(stats: IndexStats, opts: { now?: boolean } = {}): PathLookup {
  const was = built.get(stats);
  if (was && was.version === stats.pathsVersion) return was.lookup;
  if (was) {
    const known = (was.known ??= new Set(was.base.paths));
    const added: string[] = [];
    let kept = 0;
    for (const rel of stats.paths()) {
      if (known.has(rel)) kept++;
      else if (added.push(rel) > MAX_ADDED) break;
    }
    if (added.length <= MAX_ADDED && was.base.paths.length - kept <= was.base.paths.length / 4) {
      was.version = stats.pathsVersion;
      was.lookup = new PathGramsSince(was.base, added, (rel) => stats.fileChunks(rel) !== undefined);
      return was.lookup;
    }
  } else if (!opts.now && !searchedOnce.has(stats)) {
    searchedOnce.add(stats);
    return new PathList(stats.paths());
  }
  if (!worthIndexing(stats.paths())) return new PathList(stats.paths());
  const base = new PathGrams(stats.paths());
  built.set(stats, { version: stats.pathsVersion, base, lookup: base });
  return base;
}

/**
 * Path characters above which no lookup is built: the lookup holds about one entry per letter
 * (babel: 2.9 M characters, 2.1 M entries, ~8 MB), and a tree four times babel's paths is tested
 * path by path rather than given ~30 MB more.
 */
const MAX_PATH_CHARS = 12_000_000;

function worthIndexing(paths: Iterable<string>): boolean {
  let chars = 0;
  for (const rel of paths) if ((chars += rel.length) > MAX_PATH_CHARS) return false;
  return true;
}
