import { lstatSync, type Stats } from 'node:fs';
import { AgentFilter, chainAt, type TrackedFiles, type UntrackedFiles } from './git-candidates';
import type { RuleChain } from './ignore-rules';
import { absolute, addFile, addSymlink, admitRegular, walk, type WalkState } from './discovery-admit';

/**
 * Adds what git listed, under Grounded's own rules: the tracked files while git still walks the
 * tree for untracked ones, then those; folders git shows whole (nested repositories) are walked.
 * False when git could not list the untracked files (the caller walks the tree instead).
 */
export async function addListed(state: WalkState, chain: RuleChain, tracked: TrackedFiles, untracked: Promise<UntrackedFiles | undefined>): Promise<boolean> {
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

