import { promises as fs, type Dirent, type Stats } from 'node:fs';
import path from 'node:path';
import { hasBinaryExtension, isAlwaysHidden } from './hidden';
import type { RuleChain } from './ignore-rules';
import { explainPath } from './explain';
import { formatBytes, sniffRegularFileIsBinary } from './read';
import type { ContentVerdicts, DiscoveryOptions, SkippedFile, WorkspaceFile } from './types';

// How discovery admits one file (listed, or skipped with the reason) and walks a folder: shared by
// the walker (discovery.ts) and the listing git gives (discovery-listed.ts).

const CONCURRENCY = 32;

export interface WalkState {
  root: string;
  opts: DiscoveryOptions;
  excluded: Set<string>;
  maxBytes: number;
  files: WorkspaceFile[];
  skipped: SkippedFile[];
  /** Loaded at the first file that needs it (a listing that keeps its tracked part may need none). */
  knownContent?: ContentVerdicts | (() => ContentVerdicts | undefined);
}

/** The part of a file's stat discovery uses: from fs, or from what git recorded for an unchanged file. */
type FileStat = Pick<Stats, 'isFile' | 'isDirectory' | 'size' | 'mtimeMs'>;

/** The order of listed files (and skipped ones): by path, code unit by code unit, as `grounded files` prints them. */
export const byPath = (a: { path: string }, b: { path: string }): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/** The native path of a root-relative POSIX path (a concatenation where the separator is already `/`). */
export function absolute(root: string, rel: string): string {
  return path.sep === '/' && root !== '/' ? `${root}/${rel}` : path.join(root, ...rel.split('/'));
}

/**
 * Adds one file found by any route (the walk, git's tracked list): a path that is, or goes through,
 * a symbolic link is first judged by where it leads (addSymlink), whichever route found it.
 * `known` is its stat when the caller already has it.
 */
export async function addFile(state: WalkState, rel: string, abs: string, linkChecked = false, known?: FileStat, link = false): Promise<void> {
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
export function admitRegular(state: WalkState, rel: string, abs: string, size: number, mtimeMs: number, link = false): void {
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
  if (typeof state.knownContent === 'function') state.knownContent = state.knownContent();
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
export async function addSymlink(state: WalkState, rel: string, abs: string): Promise<void> {
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

export async function walk(state: WalkState, relDir: string, parent: RuleChain): Promise<void> {
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

