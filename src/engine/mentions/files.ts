import { promises as fs } from 'node:fs';
import path from 'node:path';
import { explainPath, toWorkspaceRelative } from '../workspace/explain';
import type { DiscoveryOptions, DocumentOverlay, PathExplanation, SkippedFile } from '../workspace/types';
import { hiddenFileError, MentionError } from './errors';
import { nearestFiles } from './near-files';

/** A workspace folder; `name` is what `@name/path` picks it by (in VS Code, the folder's name). */
export interface WorkspaceRoot { name: string; path: string }

/** One root as the resolver sees it: its discovery options and its listing, made once per request. */
export interface MentionRoot {
  name: string;
  discovery: DiscoveryOptions;
  /** Visible files, and those discovery left out for size or content (still mentionable: they load truncated or are refused with the reason). */
  list: () => Promise<{ files: string[]; skipped: SkippedFile[] }>;
}

/** A resolved file: its root, its root-relative POSIX path, and the label shown (`name/rel` when there are several roots). */
export interface FileTarget { root: MentionRoot; rel: string; label: string }

interface Candidate { root: MentionRoot; rel: string }

const labelOf = (c: Candidate, multi: boolean) => (multi ? `${c.root.name}/${c.rel}` : c.rel);

/**
 * A mention with no dot and no line range (`@Injectable`, `@alice`, `@types/node`) is most often a
 * decorator, a person or a package: it counts as a file only when it names one exactly, and
 * otherwise stays plain text instead of a "No file matches" warning.
 */
const looksLikeFile = (given: string, hasRange: boolean) => hasRange || given.includes('.');

/** Candidates whose path is `want` or ends with `/want` (case-insensitive unless `exactCase`). */
function suffixMatches(cands: Candidate[], want: string, exactCase: boolean): Candidate[] {
  const norm = (s: string) => (exactCase ? s : s.toLowerCase());
  const w = norm(want);
  return cands.filter((c) => { const p = norm(c.rel); return p === w || p.endsWith(`/${w}`); });
}

/** The root holding an absolute path (the deepest one, for nested folders) and the path relative to it. */
function locate(abs: string, roots: MentionRoot[]): Candidate | undefined {
  let best: Candidate | undefined;
  for (const root of roots) {
    const rel = toWorkspaceRelative(root.discovery.root, abs);
    if (rel && (!best || root.discovery.root.length > best.root.discovery.root.length)) best = { root, rel };
  }
  return best;
}

/** An existing file at exactly `rel`: a hit when readable or refusable by content (binary, too large), else the reason it is hidden. */
async function exactIn(root: MentionRoot, rel: string): Promise<{ hit: boolean; hidden?: PathExplanation }> {
  const st = await fs.stat(path.join(root.discovery.root, ...rel.split('/'))).catch(() => undefined);
  if (!st?.isFile()) return { hit: false };
  const e = await explainPath(root.discovery, rel);
  if (e.visible || e.reason === 'too-large' || e.reason === 'binary') return { hit: true };
  return { hit: false, hidden: e };
}

function ambiguous(given: string, hits: Candidate[], multi: boolean): MentionError {
  const labels = hits.map((h) => labelOf(h, multi));
  return new MentionError(
    'ambiguous',
    `matches ${hits.length} files: ${labels.slice(0, 5).join(', ')}${hits.length > 5 ? ', …' : ''}.`,
    `Write more of the path, e.g. @${labels[0]}.`,
    labels.slice(0, 3),
  );
}

/**
 * "Did you mean" names only files close to what was typed (nearestFiles: the same file name in
 * another folder, or a few typing mistakes away, by the name's length). The closest name whatever
 * its distance (`@missing.ts` → `client.ts`) misled more than it helped.
 */
function notFound(given: string, cands: Candidate[], multi: boolean): MentionError {
  const suggestions = nearestFiles(given, cands.map((c) => labelOf(c, multi)));
  return new MentionError(
    'file_not_found',
    'no file matches.',
    suggestions.length ? `Did you mean ${suggestions.map((s) => `@${s}`).join(' or ')}?` : 'Check the path (relative to the workspace root).',
    suggestions,
  );
}

/** `@name/rest` with several roots: the roots it may mean (the one named, else all) and the path within them. */
function pickRoots(given: string, roots: MentionRoot[]): { multi: boolean; scope: MentionRoot[]; rest: string; named: boolean } {
  const multi = roots.length > 1;
  const first = given.split('/')[0];
  const named = multi && given.includes('/') ? roots.filter((r) => r.name === first) : [];
  return { multi, scope: named.length ? named : roots, rest: named.length ? given.slice(first.length + 1) : given, named: named.length > 0 };
}

/** True when `rel` (trailing slashes dropped by the caller) is a folder of `root`. */
async function isFolder(root: MentionRoot, rel: string): Promise<boolean> {
  const st = await fs.stat(path.join(root.discovery.root, ...rel.split('/'))).catch(() => undefined);
  return Boolean(st?.isDirectory());
}

/** When the path names a folder (`@src/flask/#L1-2`), saying so beats "no file matches": with a few of its files to pick from. */
async function folderError(direct: { root: MentionRoot; rel: string | undefined }[], cands: Candidate[], multi: boolean): Promise<MentionError | undefined> {
  for (const d of direct) {
    const rel = d.rel?.replace(/\/+$/, '');
    if (rel === undefined || !(await isFolder(d.root, rel))) continue;
    const inside = cands.filter((c) => c.root === d.root && (rel === '' || c.rel.startsWith(`${rel}/`))).slice(0, 3).map((c) => `@${labelOf(c, multi)}`);
    return new MentionError(
      'file_not_found',
      'is a folder, not a file.',
      inside.length ? `Mention a file in it, e.g. ${inside.join(' or ')}, or search it with @search:"…".` : 'It holds no file Grounded can read.',
    );
  }
  return undefined;
}

/** A folder a question is kept to: its label (`src/auth/`, `name/src/auth/` with several roots) and how many files in it can be read. */
export interface FolderTarget { label: string; files: number }

/**
 * `@src/auth/` or `@src/auth`: a mention with a slash that names a folder of the workspace keeps
 * the question's search inside it (with several roots, `@name/` is a whole folder). Undefined when
 * the mention names no folder; an error when the folder holds no file Grounded may read.
 */
export async function resolveFolderTarget(given: string, roots: MentionRoot[]): Promise<FolderTarget | undefined> {
  if (!given.includes('/')) return undefined;
  const { multi, scope, rest, named } = pickRoots(given, roots);
  for (const root of scope) {
    const rel = toWorkspaceRelative(root.discovery.root, rest.replace(/\/+$/, ''));
    if (rel === undefined || (rel === '' && !named) || !(await isFolder(root, rel))) continue;
    const prefix = rel === '' ? '' : `${rel}/`;
    const files = (await root.list()).files.filter((f) => f.startsWith(prefix)).length;
    const label = multi ? `${root.name}/${prefix}` : prefix;
    if (!files) throw new MentionError('no_matches', 'is a folder with no file Grounded can read.', 'Check .gitignore, .agentignore and grounded.extraIgnore.');
    return { label, files };
  }
  return undefined;
}

/**
 * Resolves `@path` against one or more workspace roots: `@name/rest` picks the root called `name`
 * when there are several; otherwise the exact path (in any root); else an open editor whose path
 * ends with it (open editors win); else a unique file, across all roots, whose path ends with it.
 * Several matches → `ambiguous` listing them (with the folder name when there are several roots);
 * none → `file_not_found` with "did you mean". Undefined when a word that does not look like a
 * file (no dot, no line range) names nothing: it is plain text, not a failed mention.
 */
export async function resolveFileTarget(given: string, roots: MentionRoot[], overlay: DocumentOverlay, hasRange = false): Promise<FileTarget | undefined> {
  const { multi, scope, rest } = pickRoots(given, roots);
  const fileLike = looksLikeFile(rest, hasRange);
  const target = (c: Candidate): FileTarget => ({ ...c, label: labelOf(c, multi) });

  const direct = scope.map((root) => ({ root, rel: toWorkspaceRelative(root.discovery.root, rest) }));
  if (direct.every((d) => d.rel === undefined))
    throw new MentionError('path_outside', 'outside the workspace.', 'Mention files inside the open folder only.');
  // The common case, an exact path, needs no listing of the workspace.
  const exact: Candidate[] = [];
  let hidden: PathExplanation | undefined;
  for (const d of direct) {
    if (!d.rel) continue;
    const r = await exactIn(d.root, d.rel);
    if (r.hit) exact.push({ root: d.root, rel: d.rel });
    else hidden ??= r.hidden;
  }
  if (exact.length === 1) return target(exact[0]);
  if (exact.length > 1) throw ambiguous(given, exact, multi);
  // An existing path the user wrote out exactly is refused with its reason, not swapped for a look-alike.
  if (hidden) throw hiddenFileError(hidden);

  const open = overlay.openPaths().map((a) => locate(a, scope)).filter((c): c is Candidate => c !== undefined);
  const openHits = suffixMatches(open, rest, !fileLike);
  if (openHits.length === 1) return target(openHits[0]);
  const cands: Candidate[] = [];
  for (const root of scope) {
    const { files, skipped } = await root.list();
    for (const rel of files) cands.push({ root, rel });
    for (const s of skipped) if (s.reason === 'too-large' || s.reason === 'binary') cands.push({ root, rel: s.path });
  }
  const hits = suffixMatches(cands, rest, !fileLike);
  if (hits.length === 1) return target(hits[0]);
  if (hits.length > 1) throw ambiguous(given, hits, multi);
  if (!fileLike) return undefined;
  throw (await folderError(direct, cands, multi)) ?? notFound(given, cands, multi);
}
