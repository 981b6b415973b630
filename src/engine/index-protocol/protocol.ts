// The messages between the extension and the index server, declared once for both sides.
import { NotificationType, RequestType } from 'vscode-jsonrpc';
import type { EngineSettings } from '../config/settings';
import type { IndexingState } from '../retrieval/chunk-source';
import type { RankedChunk } from '../retrieval/rank';
import type { SearchTerm } from '../retrieval/terms';
import type { SkippedFile } from '../workspace/types';

/** What the extension hands the server when starting it (`initializationOptions`). */
export interface IndexServerOptions {
  /** Per workspace folder (absolute path): the engine settings that decide what is indexed. */
  settings: Record<string, Partial<EngineSettings>>;
  /** Answer `grounded query` / `grounded files` run in a terminal from this index (trusted workspaces only). */
  answerCli?: boolean;
}

export interface SearchParams {
  /** The workspace folder (absolute path) to search. */
  root: string;
  terms: SearchTerm[];
  limit: number;
  /** Folders (`src/auth/`) the results are kept to, when the question names some. */
  within?: readonly string[];
}

export interface SearchResult {
  chunks: RankedChunk[];
  fileCount: number;
  skipped: SkippedFile[];
  /** Present while the index is still being built: the answer comes from what is indexed so far. */
  indexing?: IndexingState;
}

/** Ranked chunks for search terms, from the server's index of `root`. */
export const SearchRequest = new RequestType<SearchParams, SearchResult, void>('grounded/search');

export interface IndexStatus {
  root: string;
  files: number;
  chunks: number;
  indexing?: IndexingState;
}

/** How far each folder's index is. */
export const StatusRequest = new RequestType<Record<string, never>, IndexStatus[], void>('grounded/status');

/** How far a run that reads files has got, sent by the server at most a few times a second. */
export interface IndexingProgress {
  root: string;
  indexed: number;
  total: number;
  /** Set on the last message of a run: it read everything, or the user stopped it. */
  ended?: 'done' | 'stopped';
}

/** Server → client: progress of a run that reads files (a first build, a branch switch). */
export const IndexingProgressNotification = new NotificationType<IndexingProgress>('grounded/indexingProgress');

/** Client → server: stop the runs under way (of `root`, or every folder's). Returns how many were stopped. */
export const StopIndexingRequest = new RequestType<{ root?: string }, number, void>('grounded/stopIndexing');

/** Files whose change re-decides what is visible rather than what a file holds. */
export function isIgnoreFile(rel: string): boolean {
  return /(^|\/)\.(gitignore|agentignore)$/.test(rel) || rel === '.git/info/exclude';
}

/** Git's index of a repository (the workspace's own or a nested one): it says which files are tracked. */
export function isGitIndex(rel: string): boolean {
  return rel === '.git/index' || rel.endsWith('/.git/index');
}

/**
 * Whether a file event under a workspace folder concerns the index: not inside `.git/` (except
 * its `info/exclude`, and its `index`: what is tracked decides whether an ignored file is listed,
 * so `git rm --cached` or `git add -f` changes the file list), not Grounded's own `.agent/state/` (its database and index are written after
 * every answer), not under an excluded folder.
 */
export function fileEventMatters(rel: string, excludedFolders: readonly string[]): boolean {
  if (rel === '.git/info/exclude' || isGitIndex(rel)) return true;
  const parts = rel.split('/');
  if (parts.includes('.git') || rel.startsWith('.agent/state/') || rel === '.agent/state') return false;
  return !parts.slice(0, -1).some((p) => excludedFolders.includes(p));
}
