import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { resolveSettings, type EngineSettings } from '../config/settings';
import { joinScrubbed, scrubbedLines } from '../privacy/compose';
import { scrubbedExcerpt } from '../privacy/file-view';
import { createScrubber, scrubAuditLine } from '../privacy/scrubber';
import type { RedactionCounts, ScrubbedText, Scrubber } from '../privacy/types';
import type { ChunkSource } from '../retrieval/chunk-source';
import { WorkspaceIndex } from '../retrieval/index';
import type { RankedChunk } from '../retrieval/rank';
import { extractTerms, isHelperTerm, type SearchTerm } from '../retrieval/terms';
import { nullLogger, type Logger } from '../telemetry/log';
import { readForIndex } from '../retrieval/read-batch';
import { emptyOverlay, type DocumentOverlay } from '../workspace/types';
import { Budget, enforceTotal, frameTokensWithLines } from './budget';
import { CoveredRanges } from './covered-ranges';
import { fenceId } from './render';
import type { AttachedContext, BuiltContext, ContextChunk, ConversationTurn, SearchScope } from './types';

export interface BuildContextRequest {
  root: string;
  question: string;
  history?: ConversationTurn[];
  attached?: AttachedContext[];
  overlay?: DocumentOverlay;
  settings?: Partial<EngineSettings>;
  scrubber?: Scrubber;
  queryId?: string;
  /** Folders the search is kept to (`@src/auth/`), and how many files they hold. */
  scope?: SearchScope;
  signal?: AbortSignal;
  onProgress?: (message: string) => void;
}

const RANKED_CANDIDATES = 80;
const HISTORY_TURNS = 3;
/** Chunks scoring under this share of the best one are noise, not context. */
const RELATIVE_CUTOFF = 0.08;

interface ScrubbedFile {
  lines: ScrubbedText[];
  truncated: boolean;
}

/** Terms of the question, plus (at half weight) those of the user's recent turns, so follow-ups keep their subject. */
export function conversationTerms(question: string, history: ConversationTurn[] = []): SearchTerm[] {
  const merged = new Map<string, SearchTerm>();
  const recent = history.filter((t) => t.role === 'user').slice(-HISTORY_TURNS);
  for (const t of [...recent.flatMap((turn) => extractTerms(turn.text, 0.5)), ...extractTerms(question)]) {
    const key = `${t.kind}:${t.text}`;
    const prev = merged.get(key);
    if (!prev || prev.weight < t.weight) merged.set(key, t);
  }
  return [...merged.values()];
}

/** Counts the placeholders in text that is about to be sent, by kind. */
function countPlaceholders(text: string, into: RedactionCounts): void {
  for (const m of text.matchAll(/\[REDACTED:([a-z0-9_]+)#\d+\]/g)) into[m[1]] = (into[m[1]] ?? 0) + 1;
}

/** Merges retrieved chunks of one file that touch, so the model sees one continuous range; attached context stays in front. */
function mergeAdjacent(chunks: ContextChunk[]): ContextChunk[] {
  const retrieved = chunks.filter((c) => c.origin === 'retrieval').sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.startLine - b.startLine));
  const out: ContextChunk[] = [];
  for (const c of retrieved) {
    const prev = out[out.length - 1];
    if (prev && prev.path === c.path && prev.endLine + 1 === c.startLine && !prev.truncated) {
      out[out.length - 1] = {
        ...prev,
        endLine: c.endLine,
        text: joinScrubbed([prev.text, c.text], '\n'),
        tokens: prev.tokens + c.tokens,
        score: Math.max(prev.score, c.score),
        truncated: c.truncated,
      };
    } else out.push(c);
  }
  out.sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : 1));
  return [...chunks.filter((c) => c.origin !== 'retrieval'), ...out];
}

/**
 * Finds the code that answers `question` and assembles it into a context that fits the token
 * budgets: attached context first (selections, references, mentions), then the best-ranked chunks.
 * Every byte passes the query's scrubber (whole files are scrubbed once, then cut into chunks, so
 * token counts are of the text really sent); line ranges stay exact for citations.
 */
export async function buildContext(req: BuildContextRequest, deps: { logger?: Logger; index?: ChunkSource } = {}): Promise<BuiltContext> {
  const started = performance.now();
  const s = resolveSettings(req.settings);
  const queryId = req.queryId ?? randomUUID();
  const scrubber = req.scrubber ?? createScrubber();
  const logger = deps.logger ?? nullLogger;
  const index: ChunkSource = deps.index ?? new WorkspaceIndex({ root: req.root, settings: s, overlay: req.overlay });
  if (req.overlay && index instanceof WorkspaceIndex) index.overlay = req.overlay;
  const terms = conversationTerms(req.question, req.history);
  const refresh = { onProgress: req.onProgress, signal: req.signal };
  const within = req.scope && { within: req.scope.within };
  let indexed: number;
  let candidates: RankedChunk[];
  if (index.refreshAndSearch) {
    const r = await index.refreshAndSearch(terms, RANKED_CANDIDATES, within, refresh);
    [indexed, candidates] = [started + r.refreshedMs, r.chunks];
  } else {
    await index.refresh(refresh);
    indexed = performance.now();
    candidates = await index.search(terms, RANKED_CANDIDATES, within);
  }
  if (index.indexing)
    req.onProgress?.(
      (`Still indexing (${index.indexing.indexed.toLocaleString('en-US')} of ${index.indexing.total.toLocaleString('en-US')} files): answering from what ` +
        `is indexed so far…`),
    );
  const ranked = candidates.filter((r) => r.score >= (candidates[0]?.score ?? 0) * RELATIVE_CUTOFF);
  const ranking = performance.now();

  const budget = new Budget(s);
  const fence = fenceId(queryId);
  const chunks: ContextChunk[] = [];
  const covered = new CoveredRanges();
  let dropped = 0;
  const wholeFiles = new Map<string, ScrubbedText[]>();
  for (const a of req.attached ?? []) {
    const lines = a.source ? scrubbedExcerpt(a.source, a.startLine, a.endLine, scrubber, wholeFiles) : scrubbedLines(scrubber.scrub(a.text).text);
    // The same lines attached again (a file mentioned three times) are sent once.
    if (!covered.uncovered(a.path, a.startLine, a.startLine + lines.length - 1).length) continue;
    const origin = a.origin === 'selection' ? 'selection' : a.origin === 'url' ? 'url' : a.origin === 'reference' ? 'reference' : 'mention';
    // The fence is priced at its widest (full range, marked truncated): a cut chunk's is never dearer.
    const framed = { path: a.path, startLine: a.startLine, endLine: a.startLine + lines.length - 1, origin, truncated: true } as const;
    const frame = frameTokensWithLines(framed, lines, fence, s.encoding);
    const f = budget.fit(a.path, lines, frame);
    if (!f) { dropped++; continue; }
    budget.spend(a.path, f.tokens, frame);
    chunks.push({
      path: a.path,
      startLine: a.startLine,
      endLine: a.startLine + f.lines.length - 1,
      text: joinScrubbed(f.lines, '\n'),
      score: 0,
      tokens: f.tokens,
      origin,
      truncated: f.cut || undefined,
    });
    covered.add(a.path, a.startLine, a.startLine + f.lines.length - 1);
  }
  const files = new Map<string, ScrubbedFile | undefined>();
  // Chunks are read here, where they are scrubbed, as the editor shows them when one is open.
  const source = {
    locate: (p: string) => (index.locate ? index.locate(p) : path.join(req.root, ...p.split('/'))),
    overlay: req.overlay ?? (index instanceof WorkspaceIndex ? index.overlay : undefined),
    maxFileBytes: s.maxFileBytes,
  };
  for (const r of ranked) {
    req.signal?.throwIfAborted();
    // Once nothing more fits, the remaining candidates are dropped unread (reading and scrubbing
    // whole files that cannot be sent was most of a question's time on a large repository).
    if (budget.exhausted) { dropped += covered.uncovered(r.path, r.startLine, r.endLine).length; continue; }
    const file = scrubbedFile(files, r, source, scrubber);
    if (!file) continue;
    // Only the lines no attachment or earlier chunk already sent: a mentioned file is one block.
    for (const [startLine, endLine] of covered.uncovered(r.path, r.startLine, r.endLine)) {
      const lines = file.lines.slice(startLine - 1, endLine);
      const frame = frameTokensWithLines({ path: r.path, startLine, endLine, origin: 'retrieval', truncated: true }, lines, fence, s.encoding);
      const f = budget.fit(r.path, lines, frame);
      if (!f) { dropped++; continue; }
      budget.spend(r.path, f.tokens, frame);
      const truncated = f.cut || (file.truncated && endLine >= file.lines.length);
      chunks.push({
        path: r.path,
        startLine,
        endLine: startLine + f.lines.length - 1,
        text: joinScrubbed(f.lines, '\n'),
        score: Math.round(r.score * 1000) / 1000,
        tokens: f.tokens,
        origin: 'retrieval',
        truncated: truncated || undefined,
      });
      covered.add(r.path, startLine, startLine + f.lines.length - 1);
    }
  }
  const fitted = enforceTotal(queryId, mergeAdjacent(chunks), s);
  const merged = fitted.chunks;
  dropped += fitted.dropped;
  // Counted in what is sent, not in what was scrubbed: whole files are scrubbed, only parts go out.
  const redactions: RedactionCounts = {};
  for (const c of merged) countPlaceholders(c.text, redactions);
  const done = performance.now();
  const ctx: BuiltContext = {
    queryId,
    // The question's own terms: pairs of its words and Class.member lookups are the ranking's helpers.
    terms: terms.filter((t) => !isHelperTerm(t)).map((t) => t.text),
    chunks: merged,
    totalTokens: fitted.tokens,
    budget: { maxContextTokens: s.maxContextTokens, maxFileTokens: s.maxFileTokens, encoding: s.encoding },
    redactions,
    skipped: index.skipped,
    droppedChunks: dropped,
    ...(index.indexing ? { indexing: index.indexing } : {}),
    filesSearched: req.scope?.files ?? index.fileCount,
    ...(req.scope ? { searchedWithin: req.scope.within } : {}),
    timings: {
      indexMs: Math.round(indexed - started),
      rankMs: Math.round(ranking - indexed),
      assembleMs: Math.round(done - ranking),
      totalMs: Math.round(done - started),
    },
  };
  logger.info('context.built', {
    queryId,
    files: ctx.filesSearched,
    chunks: merged.length,
    tokens: ctx.totalTokens,
    dropped,
    skipped: ctx.skipped.length,
    ...ctx.timings,
  });
  logger.info('context.scrubbed', { queryId, audit: scrubAuditLine(queryId, { chunks: merged.length, redactions }) });
  return ctx;
}

/**
 * A ranked file, read as the index reads it (one synchronous open, stat, read and close: a
 * question reads a dozen files, and four thread-pool round trips each were a good part of its
 * wait) and scrubbed whole.
 */
function scrubbedFile(
  cache: Map<string, ScrubbedFile | undefined>,
  r: RankedChunk,
  from: { locate: (path: string) => string | undefined; overlay?: DocumentOverlay; maxFileBytes: number },
  scrubber: Scrubber,
): ScrubbedFile | undefined {
  if (cache.has(r.path)) return cache.get(r.path);
  const abs = from.locate(r.path);
  const read = abs === undefined ? undefined : readForIndex(abs, from.overlay ?? emptyOverlay, from.maxFileBytes);
  const file = read?.ok ? { lines: scrubbedLines(scrubber.scrub(read.text).text), truncated: read.truncated } : undefined;
  cache.set(r.path, file);
  return file;
}
