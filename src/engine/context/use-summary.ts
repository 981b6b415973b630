import type { BuiltContext } from './types';

/**
 * What an answer was built from, as the chat footer and the panel say it: the budget the user set
 * and how much of it went out, what ranked but did not fit, and how many of the excerpts sent the
 * answer cites. A reader judges an answer by these: 2 of 13 excerpts cited, or 40 that did not fit,
 * says more than the answer's tone.
 */
export interface ContextUse {
  excerpts: number;
  files: number;
  /** Tokens of context in the prompt, and the budget they were fitted to. */
  tokens: number;
  maxTokens: number;
  /** Excerpts that ranked but did not fit the budget. */
  dropped: number;
  searched: number;
  /** The folders an `@folder/` mention kept the search to; absent, the whole workspace was searched. */
  within?: string[];
  /** Set when the index was still being built: the files searched were those indexed so far, of `total`. */
  indexing?: { indexed: number; total: number };
  /** Excerpts a verified citation of the answer points into; undefined when no model answered. */
  cited?: number;
  /** False when no model was asked: nothing was sent, so tokens are not worth saying. */
  sent: boolean;
}

const n = (x: number) => x.toLocaleString('en-US');
const plural = (x: number, word: string) => `${n(x)} ${word}${x === 1 ? '' : 's'}`;

type Lines = { path: string; startLine: number; endLine: number };
/** A citation of an answer as ask/ checks it (written here by shape: context/ sits below ask/). */
type Citation = Lines & { verified: boolean };

/** Whether a verified citation among `citations` points into `chunk`'s lines: the one rule for "cited". */
export const isCited = (chunk: Lines, citations: readonly Citation[]): boolean =>
  citations.some((v) => v.verified && v.path === chunk.path && v.startLine <= chunk.endLine && v.endLine >= chunk.startLine);

/** The use of a built context; `citations` (those of a model's answer, else undefined) give the excerpts cited. */
export function contextUse(ctx: BuiltContext, sent: boolean, citations?: readonly Citation[]): ContextUse {
  const cited = citations && ctx.chunks.filter((c) => isCited(c, citations)).length;
  return {
    excerpts: ctx.chunks.length,
    files: new Set(ctx.chunks.map((c) => c.path)).size,
    tokens: ctx.totalTokens,
    maxTokens: ctx.budget.maxContextTokens,
    dropped: ctx.droppedChunks,
    searched: ctx.filesSearched,
    ...(ctx.searchedWithin?.length ? { within: ctx.searchedWithin } : {}),
    ...(ctx.indexing ? { indexing: ctx.indexing } : {}),
    cited,
    sent,
  };
}

/**
 * "13 excerpts of 5 files (8,073 of 8,192 tokens; 6 more did not fit), 27,612 files searched", with
 * where (" in src/auth/") when a folder mention kept the search there, and "(still indexing: 14,876
 * more files to read)" when the index was still being built: an answer from part of a repository
 * says so once it is given, not only in a progress line gone by then. What is left comes from the
 * run's counts (the whole folder's: files indexed of those it has, a resumed run included).
 */
export function describeContextUse(u: ContextUse): string {
  const notes = [u.sent ? `${n(u.tokens)} of ${n(u.maxTokens)} tokens` : '', u.dropped ? `${n(u.dropped)} more did not fit` : ''].filter(Boolean);
  const said = notes.length ? ` (${notes.join('; ')})` : '';
  const where = u.within?.length ? ` in ${u.within.join(', ')}` : '';
  // A run caught as it ends has read every file (nothing to say); one that has not listed its files has no count yet.
  const left = u.indexing ? Math.max(0, u.indexing.total - u.indexing.indexed) : 0;
  const indexing = left ? ` (still indexing: ${plural(left, 'more file')} to read)` : u.indexing?.total === 0 ? ' (still indexing)' : '';
  return `${plural(u.excerpts, 'excerpt')} of ${plural(u.files, 'file')}${said}, ${plural(u.searched, 'file')} searched${where}${indexing}`;
}

/** "the answer cites 4 of them" / "the answer cites none of them"; empty when no model answered or nothing was sent. */
export function describeCited(u: ContextUse): string {
  if (u.cited === undefined || !u.sent || !u.excerpts) return '';
  if (u.cited === 0) return 'the answer cites none of them';
  return u.cited === u.excerpts && u.excerpts > 1 ? 'the answer cites all of them' : `the answer cites ${n(u.cited)} of them`;
}
