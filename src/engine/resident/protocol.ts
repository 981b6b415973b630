// The messages between `grounded query` and a resident `grounded serve`, declared once for both sides.
import { RequestType } from 'vscode-jsonrpc';
import type { EngineSettings } from '../config/settings';
import type { BuiltContext, ConversationTurn } from '../context/types';
import type { SkippedFile } from '../workspace/types';

/**
 * Bumped whenever a message or the context it carries changes shape, or the same question would
 * be ranked otherwise (2: irregular verbs stemmed, packages found by their folder): a CLI and a
 * server of different builds do not talk (the CLI then builds the context itself).
 */
export const RESIDENT_PROTOCOL = 2;

export interface ContextParams {
  protocol: number;
  /** The workspace folder (absolute path) the question is about. */
  root: string;
  question: string;
  history?: ConversationTurn[];
  /** The CLI's settings for this question (budgets included): the ones deciding what is indexed must be the server's. */
  settings: EngineSettings;
  queryId: string;
}

/** The scrubbed context for a question, built by the server from its live index (nothing attached). */
export const ContextRequest = new RequestType<ContextParams, BuiltContext, void>('grounded/context');

export interface FilesParams {
  protocol: number;
  root: string;
  /** The CLI's settings (query.yaml, --max-file-size): they must be the server's. */
  settings: EngineSettings;
}

/** What `grounded files` prints: the visible files and the skipped ones, each sorted by path. */
export interface FilesResult {
  files: string[];
  skipped: SkippedFile[];
}

/** The files the assistant may read, from the server's live index once it has taken in every change. */
export const FilesRequest = new RequestType<FilesParams, FilesResult, void>('grounded/files');

export interface ServeStatus {
  protocol: number;
  root: string;
  pid: number;
  files: number;
  /** Folders watched for changes; 0 when the server re-lists the files before each question instead. */
  watchedFolders: number;
  indexing?: { indexed: number; total: number };
  /** Which process keeps the index: `grounded serve`, or VS Code's index server while the folder is open there. */
  host?: ServeHost;
}

export type ServeHost = 'grounded serve' | 'VS Code';

export const ServeStatusRequest = new RequestType<Record<string, never>, ServeStatus, void>('grounded/serveStatus');

/** Asks the server to stop (`grounded serve --stop`): it answers with its status, then closes. */
export const ShutdownRequest = new RequestType<Record<string, never>, ServeStatus, void>('grounded/shutdown');

export { RefusedCode } from './refused';

/** Settings that decide which files are indexed: a server built with others cannot answer for the CLI. */
export function indexedBy(s: EngineSettings): string {
  return JSON.stringify([s.maxFileBytes, [...s.excludedFolders].sort(), s.extraIgnore]);
}
