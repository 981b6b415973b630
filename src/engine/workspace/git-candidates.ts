import path from 'node:path';
import { realFolder } from './contain';
import { git, gitToFile } from './git-output';
import { CHANGED_LISTING, UNTRACKED_LISTING, WORKTREE_LISTING } from './git-listing-file';
import { findGitRepo, type GitRepo } from './git-repo';
import { parseTracked, TRACKED_LISTING, type TrackedStats } from './git-stat';
import { readTrackedFromIndex } from './git-index';
import { underExcludedFolder } from './excluded';
import { isAlwaysHidden } from './hidden';
import type { RuleChain } from './ignore-rules';

/**
 * Tracked files under a workspace root, as git's index holds them: root-relative POSIX paths (some
 * may be folders: submodules), each with the size and mtime git recorded for a regular file (no
 * lstat needed for those), NaN where it recorded none it trusts. A record may be out of date: the
 * files changed on disk since arrive later, with the walk (`UntrackedFiles.changed`).
 */
export type TrackedFiles = TrackedStats;

/**
 * What git's walk of the tree found: untracked files git does not ignore, folders it shows whole
 * (`nested/`: a repository of their own), and tracked files changed or deleted on disk (their
 * recorded size and mtime are out of date).
 */
export interface UntrackedFiles {
  paths: string[];
  folders: string[];
  changed: string[];
}

/** Reads the walk's entries: `path`, `folder/`, tagged (`? `, `C ` changed) when `tagged` (WORKTREE_LISTING). */
export function parseWorktreeListing(out: string, tagged = true): UntrackedFiles {
  const listed: UntrackedFiles = { paths: [], folders: [], changed: [] };
  for (const entry of out.split('\0')) {
    const rel = tagged ? entry.slice(2) : entry;
    if (!rel) continue;
    if (tagged && entry.startsWith('C ')) listed.changed.push(rel);
    else if (rel.endsWith('/')) listed.folders.push(rel.slice(0, -1));
    else listed.paths.push(rel);
  }
  return listed;
}

/** The walk and the tracked files changed on disk, from two processes side by side (CHANGED_LISTING). */
async function walkAndChanged(root: string, signal?: AbortSignal): Promise<UntrackedFiles | undefined> {
  const [walked, changed] = await Promise.all([gitToFile(UNTRACKED_LISTING, root, signal), gitToFile(CHANGED_LISTING, root, signal)]);
  if (!walked.ok || !changed.ok) return undefined;
  return { ...parseWorktreeListing(walked.stdout, false), changed: changed.stdout.split('\0').filter(Boolean) };
}

/**
 * git's listing of a workspace in two parts that arrive apart: the tracked files (from git's
 * index, quick) and the untracked ones (a walk of the tree, the slow part), so the caller can
 * filter the first while git still walks. Each is undefined when git cannot give it.
 */
export interface GitListing {
  tracked: Promise<TrackedFiles | undefined>;
  untracked: Promise<UntrackedFiles | undefined>;
}

/**
 * True when the rules above the root hide the root folder (a user opened `node_modules/x` or an
 * ignored `vendor/y`): git would list nothing there, while Grounded reads such a folder as a
 * stand-alone one, so the caller walks it instead.
 */
async function rootIsIgnored(root: string, repo: GitRepo | undefined, signal?: AbortSignal): Promise<boolean> {
  if (!repo) return false;
  const real = realFolder(root);
  const rel = path.relative(repo.top, real).split(path.sep).join('/');
  if (!rel || rel.startsWith('..')) return false;
  const parts = rel.split('/');
  // Each folder from the top down: an ignored ancestor hides the root too. Exit 0 means one is ignored.
  const dirs = parts.map((_, i) => `${parts.slice(0, i + 1).join('/')}/`);
  return (await git(['check-ignore', '--', ...dirs], repo.top, signal)).ok;
}

/**
 * The candidate files of a workspace as git lists them (together `git ls-files --cached --others
 * --exclude-standard`, run in the root, so a subfolder of a repository gets its own part), which
 * is far faster than walking the tree and applying every ignore file. `tracked` is undefined when
 * git is missing, the root is not inside a work tree, or the root itself is ignored: the caller
 * walks then. Grounded's own rules (.agentignore, excluded folders, binaries, size) still apply on top.
 * Aborting `signal` stops git (a listing started early that turns out not to be needed).
 * `onWalkStarted` runs once git's walk is under way and before the tracked listing starts: what
 * the caller changes in its process then (its priority) holds for later gits and not the walk.
 * `apart`: the changed files from a second process beside the walk (CHANGED_LISTING), for a
 * caller whose own thread will mostly wait.
 */
export function gitListing(root: string, signal?: AbortSignal, onWalkStarted?: () => void, apart = false): GitListing {
  const untracked = apart
    ? walkAndChanged(root, signal)
    : gitToFile(WORKTREE_LISTING, root, signal).then((r) => (r.ok ? parseWorktreeListing(r.stdout) : undefined));
  onWalkStarted?.();
  let tracked: Promise<TrackedFiles | undefined> | undefined;
  return {
    untracked,
    // Read when first asked for: a listing that kept its tracked part (kept-listing.ts) never reads git's index.
    get tracked() {
      if (tracked) return tracked;
      const repo = findGitRepo(root);
      tracked = Promise.all([trackedFiles(root, repo, signal), repo.then((r) => rootIsIgnored(root, r, signal))]).then(([files, ignored]) =>
        ignored ? undefined : files,
      );
      return tracked;
    },
  };
}

/**
 * The tracked files with git's records: read from git's index file (the walk says later which of
 * them changed on disk); or, when the index is not one the reader knows, from git's own listing,
 * which leaves the changed ones without a record itself.
 */
async function trackedFiles(root: string, repoFound: Promise<GitRepo | undefined>, signal?: AbortSignal): Promise<TrackedFiles | undefined> {
  const repo = await repoFound;
  const fromIndex = repo && (await readTrackedFromIndex(repo.gitDir, repo.top, root));
  // A listing stopped early gives nothing, as git's own listing would.
  if (fromIndex) return signal?.aborted ? undefined : fromIndex;
  const r = await gitToFile(TRACKED_LISTING, root, signal);
  return r.ok ? parseTracked(r.stdout) : undefined;
}

/**
 * The chain of ignore rules in force inside `relDir` (every .gitignore and .agentignore from the
 * root down; `''` is the root), for walking a folder git does not look into or judging a file in it.
 */
export async function chainAt(root: string, rootChain: RuleChain, relDir: string): Promise<RuleChain> {
  if (!relDir) return rootChain;
  const parts = relDir.split('/');
  let chain = rootChain;
  for (let i = 1; i <= parts.length; i++) chain = await chain.child(root, parts.slice(0, i).join('/'), BOTH_IGNORE_FILES);
  return chain;
}

const BOTH_IGNORE_FILES = new Set(['.gitignore', '.agentignore']);
const AGENT_IGNORE_FILE = new Set(['.agentignore']);

const isAgentIgnore = (p: string) => p === '.agentignore' || p.endsWith('/.agentignore');
const folderOf = (p: string) => {
  const slash = p.lastIndexOf('/');
  return slash < 0 ? '.' : p.slice(0, slash);
};

/**
 * Grounded's own rules over what git lists: not `.git`/.agent state, not under an excluded folder,
 * not hidden by an `.agentignore` (read from the folders holding one) or the extra patterns
 * (`hasExtra`: there are some, so every path is tested). Paths arrive in batches (tracked, then
 * untracked); `learn` each batch before asking `keep` about it.
 */
export class AgentFilter {
  private chains: Map<string, RuleChain>;
  private readonly agentDirs = new Set<string>();
  /** Every batch learnt: their folders get rule chains only once some rule needs testing. */
  private readonly learnt: string[][] = [];
  private readonly inExcluded: (rel: string) => boolean;

  constructor(
    private readonly root: string,
    private readonly rootChain: RuleChain,
    private readonly excluded: Set<string>,
    private readonly hasExtra: boolean,
  ) {
    this.chains = new Map([['.', rootChain]]);
    this.inExcluded = underExcludedFolder(excluded);
  }

  private get testAll(): boolean {
    return this.hasExtra || this.agentDirs.size > 0;
  }

  /**
   * Takes in a batch of listed paths (files and folders) and reads the `.agentignore` files among
   * them. True when the batch brings rules that may hide paths of earlier batches.
   */
  async learn(paths: string[]): Promise<boolean> {
    let newRules = false;
    this.learnt.push(paths);
    for (const p of paths) {
      if (isAgentIgnore(p) && !this.agentDirs.has(folderOf(p))) {
        this.agentDirs.add(folderOf(p));
        newRules = true;
      }
    }
    // Chains are built once per folder, parents first, so `keep` is synchronous.
    if (newRules) this.chains = new Map([['.', this.rootChain]]);
    if (this.testAll) {
      const folders = new Set(this.learnt.flatMap((batch) => batch.map(folderOf)));
      for (const dir of [...folders].sort()) {
        if (this.chains.has(dir)) continue;
        const parts = dir.split('/');
        for (let i = 1; i <= parts.length; i++) {
          const d = parts.slice(0, i).join('/');
          if (this.chains.has(d)) continue;
          const parent = this.chains.get(i === 1 ? '.' : parts.slice(0, i - 1).join('/'))!;
          this.chains.set(d, this.agentDirs.has(d) ? await parent.child(this.root, d, AGENT_IGNORE_FILE) : parent);
        }
      }
    }
    return newRules;
  }

  /** Excluded names count for folders only: a file may be called `dist`, a folder listed whole may not. */
  keep(rel: string, isFolder: boolean): boolean {
    if (isAlwaysHidden(rel)) return false;
    if (this.inExcluded(rel) || (isFolder && this.excluded.has(rel.slice(rel.lastIndexOf('/') + 1)))) return false;
    return !this.testAll || !this.chains.get(folderOf(rel))!.decideAgentOnly(isFolder ? `${rel}/` : rel);
  }
}
