import { ChunkScores } from './chunk-scores';
import { inFolders } from './scope';
import { bestFirst, diversify } from './diversify';
import type { IndexStats } from './index-data';
import { leadWithMembers } from './member-boost';
import { addMessage, messageGain, type MessagesWritten } from './message-match';
import { packagesInWorkspace } from './package-folders';
import { isOverviewQuestion, overviewChunks, projectNameTerms } from './overview';
import { type Demoted, demotedFor, isDemotedDoc, pathFactor } from './path-demotion';
import { frameFiles } from './frame-files';
import { otherBest, SECOND_CHUNK_SHARE, secondBestInFile } from './second-chunk';
import { fileNameHas, nameWhollyOf, pathNames, pathProbe } from './path-tokens';
import { alternatesOf, CALLERS_INTENT, isHelperTerm, splitIdentifier, stem, type SearchTerm } from './terms';

export type { IndexStats } from './index-data';

export interface RankedChunk {
  path: string;
  startLine: number;
  endLine: number;
  score: number;
  /** Terms this chunk matched (normalised), for explanations and tests. */
  matched: string[];
}

/** Says whether a quoted phrase's words occur next to each other in a chunk (the index keeps no positions). */
export type PhraseCheck = (phrase: string, chunkId: number) => boolean;
const K1 = 1.2;
const B = 0.75;
/** The index tokens a term is looked up by: phrases and paths by their words. */
function lookupTokens(term: SearchTerm): string[] {
  if (term.kind === 'phrase' || term.kind === 'path') {
    return term.text.split(/[^A-Za-z0-9_$]+/).flatMap((w) => splitIdentifier(w)).filter((w) => w.length > 1).map(stem);
  }
  return [term.text];
}

/** How much a word's abbreviation (or the word for an abbreviation) counts beside the word itself. */
const ALTERNATE_WEIGHT = 0.6;
const UNDOING_WEIGHT = 0.5;

/** The tokens whose postings score a term: its own, and for a word its abbreviations (`auth` for `authentication`). */
function postingTokens(term: SearchTerm): Map<string, number> {
  const own = new Map(lookupTokens(term).map((t): [string, number] => [t, 1]));
  if (term.kind === 'word' || term.kind === 'part') {
    for (const alt of [...alternatesOf(term.text), ...(term.also ?? [])]) if (!own.has(alt)) own.set(alt, ALTERNATE_WEIGHT);
    // The undoing of a thing is code about it too: `compressed files` are read by decompress.rs, a
    // serialised form by deserialize. Six letters at least: `fault` is not what `default` undoes.
    if (term.text.length >= 6 && !term.text.startsWith('de') && !own.has(`de${term.text}`)) own.set(`de${term.text}`, UNDOING_WEIGHT);
  }
  return own;
}

function idf(stats: IndexStats, token: string): number {
  const df = stats.docFrequency(token);
  return Math.log(1 + (stats.liveChunks - df + 0.5) / (df + 0.5));
}

/**
 * BM25 over chunks with boosts: whole identifiers (weighted by the term), definitions of a
 * searched name, file paths naming a term, quoted phrases where `phraseCheck` finds their words
 * adjacent, and chunks covering more of the question; tests and fixtures count less unless the
 * question is about tests. Ties break by path and line so results are deterministic.
 */
export function rankChunks(
  stats: IndexStats,
  terms: SearchTerm[],
  limit: number,
  phraseCheck?: PhraseCheck,
  project?: ReadonlySet<string>,
  members: ReadonlySet<number> = new Set(),
  within?: readonly string[],
  written: MessagesWritten = new Map(),
): RankedChunk[] {
  const overview = isOverviewQuestion(terms, stats, project);
  const subject = overview || !project ? new Set<SearchTerm>() : projectNameTerms(terms, stats, project);
  const scores = new ChunkScores(stats.chunkIdLimit, terms.length);
  let finished = false;
  try {
    const ranked = rankWith(scores, stats, terms, limit, phraseCheck, overview, subject, members, inFolders(within), written);
    finished = true;
    return ranked;
  } finally {
    scores.release(finished);
  }
}

/** rankChunks on `scores`, which it fills. */
function rankWith(
  scores: ChunkScores,
  stats: IndexStats,
  terms: SearchTerm[],
  limit: number,
  phraseCheck: PhraseCheck | undefined,
  overview: boolean,
  subject: ReadonlySet<SearchTerm>,
  members: ReadonlySet<number>,
  inScope: (rel: string) => boolean,
  written: MessagesWritten,
): RankedChunk[] {
  const avgdl = stats.liveChunks > 0 ? stats.totalLength / stats.liveChunks : 1;
  const termKeys = terms.map((t) => `${t.kind}:${t.text}`);
  // Per-chunk sums in arrays indexed by chunk id (with the list of ids touched): a common word's
  // posting list holds tens of thousands of chunks, and a Map update per posting was most of a question.
  const perChunk = scores.termSum;
  const hits = scores.termHits;
  const touched: number[] = [];
  const packages = packagesInWorkspace(stats, terms);
  const callers = terms.some((t) => t.kind === 'intent' && t.text === CALLERS_INTENT);
  terms.forEach((term, ti) => {
    // A package kept in this workspace is found by its folder (addPathBoosts): the files that only import it are not about it.
    if (packages.has(term)) return;
    // A pair of words counts where a path joins them (`code frame` → babel-code-frame/, `source maps` →
    // source-map.ts): in code, a compound such as apiKey or test_client already scores through its parts.
    // An owner.member lookup is read from the text (member-boost.ts).
    const known = (token: string) => (stats.docFrequency(token) > 0 ? idf(stats, token) : 0);
    if (term.kind === 'message') return addMessage(term, ti, written.get(term.text), scores, known);
    if (isHelperTerm(term)) return;
    const tokens = postingTokens(term);
    for (const [token, weight] of tokens) {
      const w = idf(stats, token) * weight;
      stats.forEachPosting(token, (id, tf, defines) => {
        const length = stats.chunkLength(id);
        let s = (w * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / avgdl));
        // Where the question asks what calls a name, its definition is not the answer: no bonus (0.3× it was worse, 0.926 against 0.933).
        if (defines && !callers) s += w * 1.5;
        if (hits[id]++ === 0) touched.push(id);
        perChunk[id] += s;
      });
    }
    for (const id of touched) {
      const s = perChunk[id];
      const allWords = hits[id] === tokens.size;
      perChunk[id] = 0;
      hits[id] = 0;
      // A phrase or path counts only where all its words occur; a phrase only where they are adjacent.
      if ((term.kind === 'phrase' || term.kind === 'path') && !allWords) continue;
      if (term.kind === 'phrase' && phraseCheck && !phraseCheck(term.text, id)) continue;
      scores.add(id, term.weight * s, ti);
    }
    touched.length = 0;
  });
  const seconds = secondBestInFile(stats, scores);
  const demoted = demotedFor(terms);
  const frames = frameFiles(stats.paths(), terms.flatMap((t, key) => (t.kind === 'frame' ? [{ path: t.text, weight: t.weight, key }] : [])));
  addPathBoosts(stats, terms, scores, packages, demoted, frames, subject);
  // Scored chunks keep their id; the terms each matched are listed only for those returned (a common
  // word scores tens of thousands of chunks, and an array each was much of a question's garbage).
  let ranked: (RankedChunk & { id?: number })[] = [];
  const ids: number[] = [];
  // A pair of words is extra evidence where code joins them, not one more term a chunk must cover.
  const counted = terms.map((t) => !isHelperTerm(t));
  const coverageTerms = counted.filter(Boolean).length;
  const messageWeights = new Map(terms.flatMap((t) => (t.kind === 'message' || t.kind === 'setting' ? [[t.text, t.weight] as const] : [])));
  const indexed = (rel: string) => stats.fileChunks(rel) !== undefined;
  // Per file, not per chunk: a common word scores thousands of chunks of far fewer files.
  const factors = new Map<string, number>();
  for (const id of scores.ids) {
    const s = scores.get(id);
    const row = stats.chunk(id)!;
    if (!inScope(row.path)) continue;
    const coverage = scores.covered(id, (t) => counted[t]) / Math.max(1, coverageTerms);
    let factor = factors.get(row.path);
    if (factor === undefined) factors.set(row.path, (factor = pathFactor(row.path, demoted, indexed)));
    const gain = factor >= 1 ? messageGain(written, messageWeights, id) : 1;
    const score = (s + SECOND_CHUNK_SHARE * otherBest(seconds.get(row.path), id)) * (1 + coverage) * factor * gain;
    ranked.push({ path: row.path, startLine: row.startLine, endLine: row.endLine, score, matched: NONE, id });
    ids.push(id);
  }
  ranked = leadWithMembers(stats, ranked, ids, members);
  if (overview) {
    const best = ranked.reduce((m, r) => Math.max(m, r.score), 0) || 1;
    for (const o of overviewChunks(stats, terms)) {
      if (!inScope(o.path)) continue;
      const at = ranked.find((r) => r.path === o.path && r.startLine === o.startLine);
      if (at) at.score = best * o.factor;
      else ranked.push({ path: o.path, startLine: o.startLine, endLine: o.endLine, score: best * o.factor, matched: [] });
    }
  }
  return diversify(bestFirst(ranked), limit).map(({ id, ...r }) => ({ ...r, matched: id === undefined ? [] : matchedKeys(scores, id, termKeys) }));
}

function matchedKeys(scores: ChunkScores, id: number, termKeys: string[]): string[] {
  const keys: string[] = [];
  scores.forEachTerm(id, (t) => keys.push(termKeys[t]));
  return keys;
}

const NONE: string[] = [];

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
function addPathBoosts(
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
      ...[...(t.also ?? []), ...pathAlternates(t)].map((a) => ({ t, key: i, toks: [a], share: ALTERNATE_WEIGHT })),
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
  for (const rel of stats.paths()) {
    let names: ((token: string) => boolean) | undefined;
    let lower: string | undefined;
    // A stack trace's frame is the file itself, as a path typed in the question is (× 6), its nearness as its weight.
    const frame = frames.get(rel);
    let boost = frame ? frame.weight * 6 * FRAME_IDF : 0;
    // A package's own files gain its weight in every chunk: its words in them decide which comes first.
    let everyChunk = false;
    const keys: number[] = [];
    for (const { t, key, toks, weight, probes, roots } of pathTerms) {
      // A path whose letters and digits do not hold a token's probe cannot hold the token: most
      // paths are ruled out by a regular expression, without splitting their names.
      const hit =
        t.kind === 'path'
          ? (lower ??= rel.toLowerCase()).includes(t.text) || roots.some((r) => lower!.startsWith(r))
          : probes.every((p) => p.test(rel)) && toks.every((names ??= pathNames(rel)));
      if (!hit) continue;
      // An API reference page named for a function (docs/api/basic_json/merge_patch.md) is about it, but describes the code
      // rather than being it: while docs count below code, its name counts as a folder's would. On nlohmann/json the pages
      // came before the code for four of twenty questions; fastapi rose 0.787 -> 0.813, no set fell.
      const named = t.kind !== 'path' && toks.every((tok) => fileNameHas(rel, tok)) && !isDemotedDoc(rel, demoted);
      const whole = named && nameWhollyOf(rel, asked, (w) => idf(stats, w) >= RARE_IDF);
      boost += named ? weight * (whole ? WHOLE_NAME_FACTOR : FILE_NAME_FACTOR) : weight;
      keys.push(key);
      if (roots.length > 0) everyChunk = true;
    }
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
