import type { GitListing } from './git-candidates';

/** A file the assistant may read. `path` is workspace-relative POSIX; `absPath` is native. */
export interface WorkspaceFile {
  path: string;
  absPath: string;
  size: number;
  mtimeMs: number;
  /** A symbolic link to a file inside the workspace (one leading outside is skipped, never listed). */
  link?: true;
}

export type SkipReason = 'ignored' | 'binary' | 'too-large' | 'symlink-outside' | 'unreadable' | 'excluded-folder' | 'special-file';

export interface SkippedFile {
  path: string;
  reason: SkipReason;
  /** e.g. the rule that hides it: `.gitignore:3: *.log`, or `1.2 MB > 1 MB`. */
  detail?: string;
}

export interface DiscoveryOptions {
  /** Absolute workspace root. */
  root: string;
  /** Extra gitignore-syntax patterns applied on top (settings / CLI). */
  extraIgnore?: string[];
  /** Folder names never searched by default (node_modules, .git is always skipped). */
  excludedFolders?: string[];
  /** Files larger than this are skipped from retrieval (default 1 MiB). */
  maxFileBytes?: number;
  /** Read the first 8 KiB of each file to report binaries (the CLI's `files` does; retrieval finds them when reading). */
  sniffBinary?: boolean;
  /**
   * What an earlier read of each file found (the saved index knows): used instead of sniffing while
   * the file's size and mtime still match. A function is called while git lists the files.
   */
  knownContent?: ContentVerdicts | (() => ContentVerdicts | undefined);
  /** Also list files git tracks although an ignore rule matches them, as git does (default true). */
  includeTracked?: boolean;
  /** Take the candidate list from `git ls-files` when the root is in a git work tree (default true). */
  useGit?: boolean;
  /**
   * git's listing of `root` already under way (`gitListing(root)`): a caller that knows early it
   * will list the files starts git before its other work, since git's walk is most of the time.
   */
  gitListing?: GitListing;
  /**
   * Keep the tracked part of this listing in the workspace's state folder for the next one, and use
   * the one kept there while it holds (kept-listing.ts): what a one-shot `grounded files` asks for.
   */
  keepListing?: boolean;
  /** Keep it also where there is no state folder yet (one is made) once a listing has this many files. */
  keepListingFrom?: number;
  /** Told how many files git tracks as soon as it says, before the listing is filtered and complete. */
  onCandidates?: (tracked: number) => void;
}

/** Looks up what an earlier read found in a file (a Map of them will do). */
export type ContentVerdicts = Pick<ReadonlyMap<string, KnownContent>, 'get'>;

/** A file's size and mtime when it was last read, and whether it was binary then. */
export interface KnownContent {
  size: number;
  mtimeMs: number;
  binary: boolean;
}

export interface DiscoveryResult {
  files: WorkspaceFile[];
  skipped: SkippedFile[];
}

/** Why a path is or is not visible to the assistant. */
export interface PathExplanation {
  path: string;
  visible: boolean;
  reason?: SkipReason | 'not-found' | 'outside-workspace';
  /** The rule that decided, when a rule did: source file (workspace-relative), 1-based line, pattern. */
  rule?: { source: string; line: number; pattern: string; negated: boolean };
  detail?: string;
}

/**
 * Current text of files open in an editor (unsaved edits included), keyed by absolute path.
 * Readers consult it before the disk, so "the dirty buffer wins" everywhere.
 */
export interface DocumentOverlay {
  get(absPath: string): string | undefined;
  /** Absolute paths of open editors, most recently active first (mention resolution uses it). */
  openPaths(): string[];
}

export const emptyOverlay: DocumentOverlay = { get: () => undefined, openPaths: () => [] };
