import { promises as fs } from 'node:fs';
import path from 'node:path';
import { defaultSettings } from '../config/settings';
import { chainAt, gitListing } from './git-candidates';
import { underExcludedFolder } from './excluded';
import { gitTrackedFiles, isAlwaysHidden } from './hidden';
import { RuleChain } from './ignore-rules';
import { explainPath } from './explain';
import { absolute, addFile, byPath, walk, type WalkState } from './discovery-admit';

export { byPath };
import { addKept, addListed } from './discovery-listed';
import { findGitRepo } from './git-repo';
import { keepPlace, loadKeptListing, saveKeptListing, type KeptDraft } from './kept-listing';
import { ensureStateDir } from './state-dir';
import { keptResult, type ListedResult } from './kept-result';
import type { DiscoveryOptions, DiscoveryResult } from './types';

export { explainPath };

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
 * Lists the files the assistant may read under `opts.root`, as git would (every nested .gitignore,
 * negations, `.git/info/exclude`, tracked files), minus what `.agentignore` files, the extra
 * patterns and the excluded folders hide. Binary and too-large files are reported in `skipped`.
 */
export async function discoverFiles(opts: DiscoveryOptions): Promise<ListedResult> {
  const root = path.resolve(opts.root);
  await fs.realpath(root); // a missing root is an error (ENOENT), not an empty workspace
  // In a git work tree git itself lists the candidates (much faster than walking); elsewhere, the walker.
  const listing = opts.useGit === false ? undefined : (opts.gitListing ?? gitListing(root));
  const chain = await RuleChain.atRoot(root, opts.extraIgnore ?? []);
  const state: WalkState = {
    root,
    opts,
    knownContent: opts.knownContent,
    excluded: new Set(opts.excludedFolders ?? defaultSettings.excludedFolders),
    maxBytes: opts.maxFileBytes ?? defaultSettings.maxFileBytes,
    files: [],
    skipped: [],
  };
  const place = listing && opts.keepListing ? keepPlace(root, await findGitRepo(root), keptSettings(state)) : undefined;
  const kept = place?.made ? loadKeptListing(place) : undefined;
  const left = kept && (await addKept(state, chain, kept, listing!.untracked));
  if (left) return keptResult(kept, root, left, sorted(state));
  let toKeep: KeptDraft | undefined;
  const keep = place && ((k: KeptDraft) => (toKeep = k));
  const tracked = await listing?.tracked;
  if (tracked) opts.onCandidates?.(tracked.paths.length);
  if (!tracked || !(await addListed(state, chain, tracked, listing!.untracked, keep))) {
    toKeep = undefined;
    Object.assign(state, { files: [], skipped: [] });
    await walk(state, '', chain);
    if (opts.includeTracked !== false) await addTracked(state, chain);
  }
  const result = sorted(state);
  // Kept only when the listing read the index the key names (git may have rewritten it in between).
  const worthKeeping = (n: number) => place?.made || n >= (opts.keepListingFrom ?? Infinity);
  if (place && toKeep && tracked?.indexChecksum === place.index && worthKeeping(result.files.length)) {
    ensureStateDir(place.dir);
    saveKeptListing(place, { ...toKeep, files: toKeep.files.sort(byPath), skipped: toKeep.skipped.sort(byPath) });
  }
  return result;
}

function sorted(state: WalkState): DiscoveryResult {
  state.files.sort(byPath);
  state.skipped.sort(byPath);
  return { files: state.files, skipped: state.skipped };
}

/** What a kept listing's tracked part depends on among the options (the rest of its key: kept-listing.ts). */
function keptSettings(state: WalkState): Record<string, unknown> {
  const { opts } = state;
  return { maxBytes: state.maxBytes, sniffBinary: Boolean(opts.sniffBinary), extraIgnore: opts.extraIgnore ?? [], excluded: [...state.excluded].sort() };
}
