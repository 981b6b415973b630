import { lstatSync, type Stats } from 'node:fs';
import { AgentFilter, chainAt, type TrackedFiles, type UntrackedFiles } from './git-candidates';
import type { RuleChain } from './ignore-rules';
import { absolute, addFile, addSymlink, admitRegular, walk, type WalkState } from './discovery-admit';
import { ignoreTextsNow, keptPath, keptRow, type KeptDraft, type KeptListing } from './kept-listing';

const isAgentIgnore = (p: string) => p === '.agentignore' || p.endsWith('/.agentignore');

/** Adds a listed path as the disk has it: a link by where it leads, a folder (a repository of its own) walked, a file by its lstat. */
async function addOnDisk(state: WalkState, chain: RuleChain, rel: string): Promise<void> {
  const abs = absolute(state.root, rel);
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
}

/** Adds each path the filter keeps on disk, many at a time. */
async function addAllOnDisk(state: WalkState, chain: RuleChain, paths: Iterable<string>, filter: AgentFilter): Promise<void> {
  const kept = [...paths].filter((rel) => filter.keep(rel, false));
  for (let i = 0; i < kept.length; i += 512) await Promise.all(kept.slice(i, i + 512).map((rel) => addOnDisk(state, chain, rel)));
}

/** Walks the folders git shows whole (repositories of their own) that Grounded's rules keep. */
async function walkFolders(state: WalkState, chain: RuleChain, folders: string[], filter: AgentFilter): Promise<void> {
  for (const rel of folders) if (filter.keep(rel, true)) await walk(state, rel, await chainAt(state.root, chain, rel));
}

const newFilter = (state: WalkState, chain: RuleChain) => new AgentFilter(state.root, chain, state.excluded, (state.opts.extraIgnore ?? []).length > 0);

/**
 * Adds what git listed, under Grounded's own rules: the tracked files while git still walks the
 * tree for untracked ones, then those; folders git shows whole (nested repositories) are walked.
 * False when git could not list the untracked files (the caller walks the tree instead). With
 * `keep`, says there what a next listing may keep of this one (`KeptListing`; files and skips as
 * admitted here, before the caller sorts them).
 */
export async function addListed(
  state: WalkState, chain: RuleChain, tracked: TrackedFiles, untracked: Promise<UntrackedFiles | undefined>, keep?: (kept: KeptDraft) => void,
): Promise<boolean> {
  const filter = newFilter(state, chain);
  const onRecords = new Set<string>();
  const onDisk: string[] = [];
  await filter.learn(tracked.paths);
  for (let i = 0; i < tracked.paths.length; i++) {
    const rel = tracked.paths[i];
    if (!filter.keep(rel, false)) continue;
    // A tracked file with a record is taken as a regular file of that size and mtime (the walk names those changed since).
    const size = tracked.size[i];
    if (Number.isNaN(size)) onDisk.push(rel);
    else {
      admitRegular(state, rel, absolute(state.root, rel), size, tracked.mtimeMs[i]);
      if (keep) onRecords.add(rel);
    }
  }
  await addAllOnDisk(state, chain, onDisk, filter);
  const others = await untracked;
  if (!others) return false;
  if (await filter.learn([...others.paths, ...others.folders])) {
    // An untracked .agentignore: its rules apply to the tracked files admitted above as well.
    state.files = state.files.filter((f) => filter.keep(f.path, false));
    state.skipped = state.skipped.filter((f) => filter.keep(f.path, false));
  }
  await addAllOnDisk(state, chain, others.paths, filter);
  // Admitted on records that the walk then found changed or deleted on disk: admitted again on what the disk says.
  const stale = staleRecords(tracked, others.changed);
  await readmit(state, chain, stale, filter);
  await walkFolders(state, chain, others.folders, filter);
  if (keep) {
    const trackedIgnores = tracked.paths.filter(isAgentIgnore);
    const ignoreTexts = ignoreTextsNow(state.root, [...trackedIgnores, ...others.paths.filter(isAgentIgnore)]);
    const fromRecords = <T extends { path: string }>(entries: T[]) => entries.filter((f) => onRecords.has(f.path) && !stale.has(f.path));
    keep({ files: fromRecords(state.files), skipped: fromRecords(state.skipped), onDisk: [...onDisk, ...stale], trackedIgnores, ignoreTexts });
  }
  return true;
}

/** The tracked paths that had a record and that the walk names changed on disk. */
function staleRecords(tracked: TrackedFiles, changed: string[]): Set<string> {
  const stale = new Set<string>();
  if (!changed.length) return stale;
  const named = new Set(changed);
  tracked.paths.forEach((rel, i) => !Number.isNaN(tracked.size[i]) && named.has(rel) && stale.add(rel));
  return stale;
}

/** Drops what was admitted of `paths` and admits them again on what the disk says (a deleted one drops out). */
async function readmit(state: WalkState, chain: RuleChain, paths: Set<string>, filter: AgentFilter): Promise<void> {
  if (!paths.size) return;
  state.files = state.files.filter((f) => !paths.has(f.path));
  state.skipped = state.skipped.filter((f) => !paths.has(f.path));
  await addAllOnDisk(state, chain, paths, filter);
}

/**
 * Adds what git listed besides the tracked part a previous listing kept: the tracked files judged on
 * disk then, the kept ones git's walk finds changed since, and the untracked ones. Returns the kept
 * paths judged again here (the caller leaves them out of the kept part), or undefined, with
 * nothing added, when the kept part does not hold (another .agentignore text, or git could not walk).
 */
export async function addKept(
  state: WalkState, chain: RuleChain, kept: KeptListing, untracked: Promise<UntrackedFiles | undefined>,
): Promise<Set<string> | undefined> {
  const others = await untracked;
  if (!others) return undefined;
  const ignores = [...kept.trackedIgnores, ...others.paths.filter(isAgentIgnore)];
  if (JSON.stringify(ignoreTextsNow(state.root, ignores)) !== JSON.stringify(kept.ignoreTexts)) return undefined;
  const left = new Set(others.changed.filter((rel) => keptHas(kept, rel)));
  const again = new Set([...kept.onDisk, ...left]);
  const filter = newFilter(state, chain);
  await filter.learn([...kept.trackedIgnores, ...again, ...others.paths, ...others.folders]);
  await addAllOnDisk(state, chain, again, filter);
  await addAllOnDisk(state, chain, others.paths, filter);
  await walkFolders(state, chain, others.folders, filter);
  return left;
}

/** True when `rel` is among the kept entries, listed or skipped. */
function keptHas(kept: KeptListing, rel: string): boolean {
  const row = keptRow(kept, rel);
  return (row < kept.count && keptPath(kept, row) === rel) || kept.skipped.some((s) => s.path === rel);
}
