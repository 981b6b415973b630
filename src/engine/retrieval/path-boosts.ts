import type { ChunkScores } from './chunk-scores';
import type { IndexStats } from './index-data';
import { type Demoted, isDemotedDoc } from './path-demotion';
import { pathGrams, type PathLookup } from './path-grams';
import { fileNameHas, holdsProbes, nameWhollyOf, pathNames, pathProbe, type PathProbe } from './path-tokens';
import { ALTERNATE_WEIGHT, idf, lookupTokens } from './term-weights';
import { alternatesOf, isHelperTerm, type SearchTerm } from './terms';

/**
 * A file named for a term (`color.rs`, `flag_groups.go`) is about it more than a file in a folder of
 * that name: its path boost counts this much more. Measured on twelve labelled repositories: MRR@10
 * rose on nine (requests 0.881 → 0.964, axios 0.799 → 0.903), fell on two (click, axum); 1.5 and 3 did worse overall.
 * 3 since a chunk gains from the best other chunk of its file, which favours long files over the one
 * named for the question: mean MRR@10 of sixteen sets 0.841 → 0.854 (2 → 3), babel and flask fell
 * a little (0.712 → 0.701, 0.929 → 0.893); 4 was about as good, 5 and more lost babel (0.61).
 */
const FILE_NAME_FACTOR = 3;
/**
 * A file whose name is made only of the question's words, one of them rare (in about 2 % of the chunks or fewer: idf
 * 3.9), is named for what the question asks about, more than a file whose name holds a word besides: `ssrf.ts` (whose
 * text never says SSRF) before `fetch-url.ts` (which imports it and names its error `ssrf_blocked`) for "where is the
 * SSRF check for URLs?". On 33 labelled sets four questions rose to first (this repository's SSRF question, babel's
 * traverse cache, caddy's on-demand TLS, sidekiq's systemd), one fell out of the top 10 (caddy: the reverse proxy's
 * upstream, behind `upstreams.go`); 4.5 and 6 lost vite and redis questions to `evaluatedModules.ts` and `blpop.json`,
 * and an idf of 3.5 (more words rare) lost two of babel's.
 */
const WHOLE_NAME_FACTOR = 4;
const RARE_IDF = 3.9;

/** The short forms of a word that name a file (alternatesOf) of four letters or more. */
function pathAlternates(t: SearchTerm): readonly string[] {
  return t.kind === 'word' || t.kind === 'part' ? alternatesOf(t.text).filter((a) => a.length >= 4) : [];
}

/** What a path term's rarity gives it at most in practice (its idf / 2): a frame names one file, as rare as a path gets. */
const FRAME_IDF = 2;

/** Files whose path names a term: their matching chunks, and their first chunk, gain that term's weight. */
export function addPathBoosts(
  stats: IndexStats,
  terms: SearchTerm[],
  scores: ChunkScores,
  packages: Map<SearchTerm, string[]>,
  demoted: Demoted,
  frames: ReadonlyMap<string, { weight: number; key: number }>,
  subject: ReadonlySet<SearchTerm>,
): void {
  const pathTerms = terms
    .flatMap((t, i) => [
      { t, key: i, toks: isHelperTerm(t) && t.kind !== 'pair' ? [] : lookupTokens(t), share: 1 },
      // A file named by the abbreviation of a pair (`memory maps` → mmap.rs) is named by each word of it.
      // And by a word's short form (`auth.go` for "authenticated", `ngx_conf_file.c` for "configuration"), four letters at least:
      // `app`, `gen`, `dev` name folders of everything (flask's app.py for "application", phoenix's phx.gen.* for "generate").
      ...[...(t.also ?? []), ...(t.initials ?? []), ...pathAlternates(t)].map((a) => ({ t, key: i, toks: [a], share: ALTERNATE_WEIGHT })),
    ])
    .filter((x) => x.toks.length > 0 && !subject.has(x.t))
    .map((x) => ({
      ...x,
      weight: x.share * x.t.weight * (x.t.kind === 'path' ? 6 : 1.2) * Math.max(1, idf(stats, x.toks[0]) / 2),
      probes: x.toks.map(pathProbe),
      roots: packages.get(x.t) ?? [],
    }));
  if (pathTerms.length === 0 && frames.size === 0) return;
  const asked = new Set(pathTerms.flatMap((x) => x.toks));
  const grams = pathGrams(stats);
  // A path whose letters and digits do not hold a token's probe cannot hold the token: the paths that
  // can are looked up (path-grams.ts), and only they are split into names. A path typed in the question
  // and a stack trace's frames are compared with every path.
  const holding = pathTerms.map((x) => (x.t.kind === 'path' ? undefined : pathsHolding(grams, x.probes)));
  const visit = frames.size > 0 || holding.some((h) => h === undefined) ? undefined : union(holding as Int32Array[], grams.paths.length);
  const count = visit ? visit.length : grams.paths.length;
  for (let v = 0; v < count; v++) {
    const at = visit ? visit[v] : v;
    const rel = grams.paths[at];
    let names: ((token: string) => boolean) | undefined;
    let lower: string | undefined;
    // A stack trace's frame is the file itself, as a path typed in the question is (× 6), its nearness as its weight.
    const frame = frames.get(rel);
    let boost = frame ? frame.weight * 6 * FRAME_IDF : 0;
    // A package's own files gain its weight in every chunk: its words in them decide which comes first.
    let everyChunk = false;
    const keys: number[] = [];
    pathTerms.forEach(({ t, key, toks, weight, probes, roots }, k) => {
      const held = holding[k];
      const hit =
        t.kind === 'path'
          ? (lower ??= rel.toLowerCase()).includes(t.text) || roots.some((r) => lower!.startsWith(r))
          : (held ? includesSorted(held, at) : holdsProbes(rel, probes)) && toks.every((names ??= pathNames(rel)));
      if (!hit) return;
      // An API reference page named for a function (docs/api/basic_json/merge_patch.md) is about it, but describes the code
      // rather than being it: while docs count below code, its name counts as a folder's would. On nlohmann/json the pages
      // came before the code for four of twenty questions; fastapi rose 0.787 -> 0.813, no set fell.
      const named = t.kind !== 'path' && toks.every((tok) => fileNameHas(rel, tok)) && !isDemotedDoc(rel, demoted);
      const whole = named && nameWhollyOf(rel, asked, (w) => idf(stats, w) >= RARE_IDF);
      boost += named ? weight * (whole ? WHOLE_NAME_FACTOR : FILE_NAME_FACTOR) : weight;
      keys.push(key);
      if (roots.length > 0) everyChunk = true;
    });
    if (frame) keys.push(frame.key);
    if (boost === 0) continue;
    const entry = stats.fileChunks(rel);
    if (!entry || entry.count === 0) continue;
    for (let id = entry.first; id < entry.first + entry.count; id++) {
      const isFirst = id === entry.first;
      if (!scores.has(id) && !isFirst && !everyChunk) continue;
      scores.add(id, boost, keys[0]);
      for (const k of keys.slice(1)) scores.add(id, 0, k);
    }
  }
}

/** The paths holding every probe (ascending), or undefined when the probes cannot narrow them (empty, or beyond ASCII). */
function pathsHolding(grams: PathLookup, probes: readonly PathProbe[]): Int32Array | undefined {
  let found: Int32Array | undefined;
  for (const p of probes) {
    if ('pattern' in p) return undefined;
    const held = grams.holding(p.needle);
    if (held) found = found ? intersect(found, held) : held;
  }
  return found;
}

function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out: number[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] < b[j]) i++;
    else if (a[i] > b[j]) j++;
    else { out.push(a[i]); i++; j++; }
  }
  return Int32Array.from(out);
}

function union(lists: Int32Array[], size: number): Int32Array {
  const marked = new Uint8Array(size);
  let count = 0;
  for (const l of lists) for (let k = 0; k < l.length; k++) if (marked[l[k]] === 0) { marked[l[k]] = 1; count++; }
  const out = new Int32Array(count);
  for (let i = 0, w = 0; w < count; i++) if (marked[i]) out[w++] = i;
  return out;
}

function includesSorted(a: Int32Array, x: number): boolean {
  let lo = 0;
  let hi = a.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid] === x) return true;
    if (a[mid] < x) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
