import type { SkippedFile } from '../workspace/types';
import type { RankedChunk } from './rank';
import type { SearchTerm } from './terms';

/** How a refresh reports progress and is stopped. */
export interface RefreshOptions {
  onProgress?: (message: string) => void;
  /** Files indexed of the workspace's (those still current plus those (re)read so far), after each batch. */
  onFiles?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

/** What one refresh did: files indexed, and how many were re-read versus taken as they were. */
export interface RefreshReport {
  files: number;
  chunks: number;
  /** Bytes of the text read in this refresh. */
  bytes: number;
  reread: number;
  reused: number;
  removed: number;
  tookMs: number;
}

/** What a search may be kept to. */
export interface SearchOptions {
  /** Folders as paths of the source's results end with `/` (`src/auth/`; `name/src/auth/` with several folders). */
  within?: readonly string[];
}

/** How far a still-running index build has got when a question was answered. */
export interface IndexingState {
  indexed: number;
  total: number;
}

/**
 * Where the context builder gets ranked chunks from: the in-process `WorkspaceIndex` (CLI, tests)
 * or an adapter to the index server (the extension). Reading, scrubbing and budgets stay with the
 * caller; a source only finds and ranks.
 */
export interface ChunkSource {
  /** Brings the source up to date (a server keeps itself up to date and may return at once). */
  refresh(opts?: RefreshOptions): Promise<unknown>;
  /** The best chunks for the terms, best first, at most `limit` (only inside `opts.within`'s folders when given). */
  search(terms: SearchTerm[], limit: number, opts?: SearchOptions): Promise<RankedChunk[]>;
  /**
   * `refresh` then `search`, for a source that can overlap them (a one-shot index ranks while git
   * lists the files); `refreshedMs`: how long the refresh took.
   */
  refreshAndSearch?(
    terms: SearchTerm[], limit: number, opts?: SearchOptions, refresh?: RefreshOptions,
  ): Promise<{ chunks: RankedChunk[]; refreshedMs: number }>;
  /** Files searched by the last search. */
  readonly fileCount: number;
  /** Files left out, with the reason. */
  readonly skipped: SkippedFile[];
  /** Set when the last search was answered while the index was still being built. */
  readonly indexing?: IndexingState;
  /**
   * The file a result's path names, for a source whose paths are not relative to the question's
   * root (several folders, `name/rel`); without it a path is relative to the root.
   */
  locate?(path: string): string | undefined;
}
