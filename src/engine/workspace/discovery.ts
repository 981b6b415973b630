import { lstatSync, promises as fs, type Dirent, type Stats } from 'node:fs';
import path from 'node:path';
import { defaultSettings } from '../config/settings';
import { AgentFilter, chainAt, gitListing, type TrackedFiles, type UntrackedFiles } from './git-candidates';
import { underExcludedFolder } from './excluded';
import { gitTrackedFiles, hasBinaryExtension, isAlwaysHidden } from './hidden';
import { RuleChain } from './ignore-rules';
import { explainPath } from './explain';
import { formatBytes, sniffRegularFileIsBinary } from './read';
import type { ContentVerdicts, DiscoveryOptions, DiscoveryResult, SkippedFile, WorkspaceFile } from './types';

export { explainPath };

const CONCURRENCY = 32;

interface WalkState {
  root: string;
  opts: DiscoveryOptions;
  excluded: Set<string>;
  maxBytes: number;
  files: WorkspaceFile[];
  skipped: SkippedFile[];
  knownContent?: ContentVerdicts;
}

/** The part of a file's stat discovery uses: from fs, or from what git recorded for an unchanged file. */
type FileStat = Pick<Stats, 'isFile' | 'isDirectory' | 'size' | 'mtimeMs'>;

/** The native path of a root-relative POSIX path (a concatenation where the separator is already `/`). */
function absolute(root: string, rel: string): string {
  return path.sep === '/' && root !== '/' ? `${root}/${rel}` : path.join(root, ...rel.split('/'));
}

/**
 * Adds one file found by any route (the walk, git's tracked list): a path that is, or goes through,
 * a symbolic link is first judged by where it leads (addSymlink), whichever route found it.
 * `known` is its stat when the caller already has it.
 */
async function addFile(state: WalkState, rel: string, abs: string, linkChecked = false, known?: FileStat, link = false): Promise<void> {
  if (!linkChecked && (await throughLink(state.root, rel))) return addSymlink(state, rel, abs);
  let st = known;
  try {
    st ??= await fs.stat(abs);
  } catch (err) {
    state.skipped.push({ path: rel, reason: 'unreadable', detail: (err as NodeJS.ErrnoException).code });
    return;
  }
  if (!st.isFile()) {
    if (!st.isDirectory()) state.skipped.push({ path: rel, reason: 'special-file', detail: 'not a regular file (a FIFO, socket or device)' });
    return;
  }
  admitRegular(state, rel, abs, st.size, st.mtimeMs, link);
}

/** Lists a regular file, or reports it skipped (binary, too large, unreadable). Synchronous: no promise per file. */
function admitRegular(state: WalkState, rel: string, abs: string, size: number, mtimeMs: number, link = false): void {
  if (hasBinaryExtension(rel)) {
    state.skipped.push({ path: rel, reason: 'binary', detail: 'binary file type' });
    return;
  }
  if (size > state.maxBytes) {
    state.skipped.push({ path: rel, reason: 'too-large', detail: `${formatBytes(size)} > ${formatBytes(state.maxBytes)}` });
    return;
  }
  if (state.opts.sniffBinary) {
    try {
      if (isBinary(state, rel, abs, size, mtimeMs)) {
        state.skipped.push({ path: rel, reason: 'binary', detail: 'binary content (NUL byte or invalid UTF-8)' });
        return;
      }
    } catch (err) {
      state.skipped.push({ path: rel, reason: 'unreadable', detail: (err as NodeJS.ErrnoException).code });
      return;
    }
  }
  state.files.push(link ? { path: rel, absPath: abs, size, mtimeMs, link: true } : { path: rel, absPath: abs, size, mtimeMs });
}

/** The verdict of the last read while the file is as it was then, else a look at its first bytes. */
function isBinary(state: WalkState, rel: string, abs: string, size: number, mtimeMs: number): boolean {
  const known = state.knownContent?.get(rel);
  if (known && known.size === size && known.mtimeMs === mtimeMs) return known.binary;
  return sniffRegularFileIsBinary(abs);
}

/** True when `rel` or a folder on its way is a symbolic link (one lstat per path part). */
async function throughLink(root: string, rel: string): Promise<boolean> {
  const parts = rel.split('/');
  for (let i = 1; i <= parts.length; i++) {
    const st = await fs.lstat(path.join(root, ...parts.slice(0, i))).catch(() => undefined);
    if (st?.isSymbolicLink()) return true;
  }
  return false;
}

/**
 * Handles a symlink by the one visibility rule (explainPath): it is judged by where it leads as
 * well as by its own name, so a link to a git-ignored `.env`, into `.agent/secrets` or to `.git`
 * is hidden like its target; a link leading outside or to nothing is reported.
 */
async function addSymlink(state: WalkState, rel: string, abs: string): Promise<void> {
  const verdict = await explainPath(state.opts, rel);
  if (verdict.visible) {
    if (verdict.detail !== 'folder') await addFile(state, rel, abs, true, undefined, true); // a linked folder is listed under its real path
    return;
  }
  const reason =
    verdict.reason === 'not-found' ? 'unreadable' : verdict.reason === 'outside-workspace' || verdict.reason === undefined ? 'symlink-outside' : verdict.reason;
  const detail = verdict.reason === 'symlink-outside' ? 'symbolic link pointing outside the workspace' : verdict.detail;
  state.skipped.push({ path: rel, reason, detail });
}

async function walk(state: WalkState, relDir: string, parent: RuleChain): Promise<void> {
  const absDir = relDir ? path.join(state.root, ...relDir.split('/')) : state.root;
  let entries: Dirent[];
  try {
    entries = await fs.readdir(absDir, { withFileTypes: true });
  } catch (err) {
    if (relDir) state.skipped.push({ path: relDir, reason: 'unreadable', detail: (err as NodeJS.ErrnoException).code });
    return;
  }
  const chain = relDir ? await parent.child(state.root, relDir, new Set(entries.map((e) => e.name))) : parent;
  const subdirs: string[] = [];
  const work: Promise<void>[] = [];
  for (const ent of entries) {
    const rel = relDir ? `${relDir}/${ent.name}` : ent.name;
    if (isAlwaysHidden(rel)) continue;
    const isDir = ent.isDirectory();
    if (isDir && state.excluded.has(ent.name)) {
      state.skipped.push({ path: rel, reason: 'excluded-folder', detail: `'${ent.name}' is in the excluded folders setting` });
      continue;
    }
    const decision = chain.decide(rel, isDir);
    if (decision.hidden) continue;
    const abs = path.join(absDir, ent.name);
    if (isDir) subdirs.push(rel);
    else if (ent.isSymbolicLink()) work.push(addSymlink(state, rel, abs));
    else if (ent.isFile()) work.push(addFile(state, rel, abs, true)); // the walk never descends a link
    // FIFOs, sockets and devices: never opened (a FIFO blocks the first read forever).
    else state.skipped.push({ path: rel, reason: 'special-file', detail: 'not a regular file (a FIFO, socket or device)' });
  }
  await Promise.all(work);
  for (let i = 0; i < subdirs.length; i += CONCURRENCY) {
    await Promise.all(subdirs.slice(i, i + CONCURRENCY).map((d) => walk(state, d, chain)));
  }
}

/** Adds files git tracks that an ignore rule would hide (git lists them; so do we), unless Grounded's own rules hide them. */
async function addTracked(state: WalkState, root: RuleChain): Promise<void> {
  const inExcluded = underExcludedFolder(state.excluded);
  // Each path once: the walk's files and skips, and a file in conflict listed once per stage.
  const seen = new Set([...state.files, ...state.skipped].map((f) => f.path));
  for (const rel of await gitTrackedFiles(state.root)) {
    if (seen.has(rel) || isAlwaysHidden(rel)) continue;
    seen.add(rel);
    if (inExcluded(rel)) continue;
    // Grounded's own rules (.agentignore, extra patterns) still hide a file git tracks.
    if ((await chainAt(state.root, root, rel.slice(0, Math.max(0, rel.lastIndexOf('/'))))).decideAgentOnly(rel)) continue;
    await addFile(state, rel, absolute(state.root, rel));
  }
}

/**
 * Adds what git listed, under Grounded's own rules: the tracked files while git still walks the
 * tree for untracked ones, then those; folders git shows whole (nested repositories) are walked.
 * False when git could not list the untracked files (the caller walks the tree instead).
 */
async function addListed(state: WalkState, chain: RuleChain, tracked: TrackedFiles, untracked: Promise<UntrackedFiles | undefined>): Promise<boolean> {
  const filter = new AgentFilter(state.root, chain, state.excluded, (state.opts.extraIgnore ?? []).length > 0);
  const add = async (rel: string, abs: string) => {
    // Synchronous stats: tens of thousands of them cost far less without a promise and a round trip each.
    let st: Stats | undefined;
    try {
      st = lstatSync(abs);
    } catch {
      // Listed by git but gone from the disk (deleted, not yet committed): nothing to read.
      return;
    }
    if (st.isSymbolicLink()) await addSymlink(state, rel, abs);
    else if (st.isDirectory()) await walk(state, rel, await chainAt(state.root, chain, rel));
    // git lists a link as itself and never looks through a linked folder, so the lstat above is the link check.
    else await addFile(state, rel, abs, true, st);
  };
  const addAll = async (paths: string[], recorded?: TrackedFiles) => {
    const rest: string[] = [];
    for (let i = 0; i < paths.length; i++) {
      const rel = paths[i];
      if (!filter.keep(rel, false)) continue;
      // A tracked file with a record is taken as a regular file of that size and mtime (the walk names those changed since: readmitChanged).
      const size = recorded ? recorded.size[i] : NaN;
      if (!Number.isNaN(size)) admitRegular(state, rel, absolute(state.root, rel), size, recorded!.mtimeMs[i]);
      else rest.push(rel);
    }
    for (let i = 0; i < rest.length; i += 512) await Promise.all(rest.slice(i, i + 512).map((rel) => add(rel, absolute(state.root, rel))));
  };
  await filter.learn(tracked.paths);
  await addAll(tracked.paths, tracked);
  const others = await untracked;
  if (!others) return false;
  if (await filter.learn([...others.paths, ...others.folders])) {
    // An untracked .agentignore: its rules apply to the tracked files admitted above as well.
    state.files = state.files.filter((f) => filter.keep(f.path, false));
    state.skipped = state.skipped.filter((f) => filter.keep(f.path, false));
  }
  await addAll(others.paths);
  await readmitChanged(state, tracked, others.changed, filter, add);
  for (const rel of others.folders) if (filter.keep(rel, true)) await walk(state, rel, await chainAt(state.root, chain, rel));
  return true;
}

/**
 * The tracked files admitted on git's records while git still walked, which the walk found changed
 * or deleted on disk: admitted again on what the disk says (a deleted one drops out). Paths without
 * a record were looked at on disk already.
 */
async function readmitChanged(
  state: WalkState, tracked: TrackedFiles, changed: string[], filter: AgentFilter, add: (rel: string, abs: string) => Promise<void>,
): Promise<void> {
  if (!changed.length) return;
  const named = new Set(changed);
  const stale = new Set(tracked.paths.filter((rel, i) => named.has(rel) && !Number.isNaN(tracked.size[i])));
  if (!stale.size) return;
  state.files = state.files.filter((f) => !stale.has(f.path));
  state.skipped = state.skipped.filter((f) => !stale.has(f.path));
  for (const rel of stale) if (filter.keep(rel, false)) await add(rel, absolute(state.root, rel));
}

/** The order of listed files (and skipped ones): by path, code unit by code unit, as `grounded files` prints them. */
export const byPath = (a: { path: string }, b: { path: string }): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/**
 * Lists the files the assistant may read under `opts.root`, as git would (every nested .gitignore,
 * negations, `.git/info/exclude`, tracked files), minus what `.agentignore` files, the extra
 * patterns and the excluded folders hide. Binary and too-large files are reported in `skipped`.
 */
export async function discoverFiles(opts: DiscoveryOptions): Promise<DiscoveryResult> {
  const root = path.resolve(opts.root);
  await fs.realpath(root); // a missing root is an error (ENOENT), not an empty workspace
  // In a git work tree git itself lists the candidates (much faster than walking); elsewhere, the walker.
  const listing = opts.useGit === false ? undefined : (opts.gitListing ?? gitListing(root));
  const chain = await RuleChain.atRoot(root, opts.extraIgnore ?? []);
  const knownContent = typeof opts.knownContent === 'function' ? opts.knownContent() : opts.knownContent;
  const state: WalkState = {
    root,
    opts,
    knownContent,
    excluded: new Set(opts.excludedFolders ?? defaultSettings.excludedFolders),
    maxBytes: opts.maxFileBytes ?? defaultSettings.maxFileBytes,
    files: [],
    skipped: [],
  };
  const tracked = await listing?.tracked;
  if (tracked) opts.onCandidates?.(tracked.paths.length);
  if (!tracked || !(await addListed(state, chain, tracked, listing!.untracked))) {
    Object.assign(state, { files: [], skipped: [] });
    await walk(state, '', chain);
    if (opts.includeTracked !== false) await addTracked(state, chain);
  }
  state.files.sort(byPath);
  state.skipped.sort(byPath);
  return { files: state.files, skipped: state.skipped };
}
