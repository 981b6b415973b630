import { ChunkScores } from './chunk-scores';
import { inFolders } from './scope';
import { bestFirst, diversify } from './diversify';
import type { IndexStats } from './index-data';
import { leadWithMembers } from './member-boost';
import { addMessage, messageGain, type MessagesWritten } from './message-match';
import { packagesInWorkspace } from './package-folders';
import { isOverviewQuestion, overviewChunks, projectNameTerms } from './overview';
import { demotedFor, pathFactor } from './path-demotion';
import { frameFiles } from './frame-files';
import { otherBest, SECOND_CHUNK_SHARE, secondBestInFile } from './second-chunk';
import { addPathBoosts } from './path-boosts';
import { ALTERNATE_WEIGHT, idf, lookupTokens } from './term-weights';
import { alternatesOf, CALLERS_INTENT, isHelperTerm, type SearchTerm } from './terms';

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

