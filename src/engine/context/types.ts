import type { ExcerptSource } from '../privacy/file-view';
import type { RedactionCounts, ScrubbedText } from '../privacy/types';
import type { SkippedFile } from '../workspace/types';

export type ChunkOrigin = 'retrieval' | 'mention' | 'selection' | 'reference' | 'tool' | 'url';

/**
 * A piece of context that was (or will be) sent to a model. Lines are 1-based and inclusive;
 * the text is scrubbed. A citation `path#Lstart-Lend` is valid iff it falls inside one chunk.
 */
export interface ContextChunk {
  path: string;
  startLine: number;
  endLine: number;
  text: ScrubbedText;
  score: number;
  tokens: number;
  origin: ChunkOrigin;
  /** Set when the file or chunk was cut to fit a cap; the marker sent to the model says so. */
  truncated?: boolean;
}

export interface BuiltContext {
  queryId: string;
  terms: string[];
  chunks: ContextChunk[];
  totalTokens: number;
  budget: { maxContextTokens: number; maxFileTokens: number; encoding: string };
  redactions: RedactionCounts;
  /** Files skipped during discovery/reading, and why. */
  skipped: SkippedFile[];
  /** Chunks that ranked but did not fit the budget. */
  droppedChunks: number;
  /** Set when the answer came from an index still being built: how far it had got. */
  indexing?: { indexed: number; total: number };
  filesSearched: number;
  /** The folders an `@folder/` mention kept the search to (as the mention wrote them); absent, the whole workspace was searched. */
  searchedWithin?: string[];
  timings: Record<string, number>;
}

/** One earlier exchange of a conversation (what the user asked, what was answered). */
export interface ConversationTurn {
  role: 'user' | 'assistant';
  text: string;
}

/** Text the user attached explicitly: a selection, a `#file` reference, an editor's content. */
export interface AttachedContext {
  path: string;
  startLine: number;
  endLine: number;
  text: string;
  origin: 'selection' | 'reference' | 'mention' | 'search' | 'url';
  /**
   * The whole file `text` was cut from (or the window read of a huge one): the scrubber sees it
   * whole before the range is cut, so a range inside a private key or a `.env` stays redacted.
   */
  source?: ExcerptSource;
}

/** Folders a question's search is kept to (`@src/auth/`): paths as the chunk source writes them, ending with `/`, and their files. */
export interface SearchScope {
  within: string[];
  files: number;
}

/**
 * The question asked again with a mention that was not found replaced by a path it may have meant
 * ("Did you mean"): mentions make it, the answer carries it, surfaces offer it as one click.
 */
export interface Rephrasing { mention: string; question: string }
