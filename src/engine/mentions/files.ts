import { promises as fs } from 'node:fs';
import path from 'node:path';
import { closest, distance } from 'fastest-levenshtein';
import type { AttachedContext } from '../ask/types';
import { explainPath, toWorkspaceRelative } from '../workspace/explain';
import { formatBytes, readWorkspaceText } from '../workspace/read';
import type { DiscoveryOptions, DocumentOverlay } from '../workspace/types';
import { MentionError } from './errors';

export interface FileResolveOptions {
  discovery: DiscoveryOptions;
  overlay: DocumentOverlay;
  /** Visible workspace files (relative POSIX paths), listed once per request. */
  files: () => Promise<string[]>;
}

const inRoot = (root: string, abs: string) => toWorkspaceRelative(root, abs);

/** Candidates whose path is `want` or ends with `/want`. */
function suffixMatches(paths: string[], want: string): string[] {
  const lower = want.toLowerCase();
  return paths.filter((p) => p.toLowerCase() === lower || p.toLowerCase().endsWith(`/${lower}`));
}

/**
 * Resolves `@path` to one workspace file: the exact path; else an open editor whose path ends with
 * it (open editors win); else a unique workspace file whose path ends with it. Several matches
 * → `ambiguous` with the candidates; none → `file_not_found` with "did you mean" suggestions.
 */
export async function resolveFilePath(given: string, opts: FileResolveOptions): Promise<string> {
  const root = opts.discovery.root;
  const direct = toWorkspaceRelative(root, given);
  if (direct === undefined) throw new MentionError('path_outside', `@${given} is outside the workspace.`, 'Mention files inside the open folder only.');
  // The common case, an exact path, needs no listing of the workspace.
  const exact = await fs.stat(path.join(root, ...direct.split('/'))).catch(() => undefined);
  if (exact?.isFile() && (await explainPath(opts.discovery, direct)).visible) return direct;
  const files = await opts.files();
  if (files.includes(direct)) return direct;
  const open = opts.overlay.openPaths().map((a) => inRoot(root, a)).filter((p): p is string => p !== undefined);
  const openHits = suffixMatches(open, given);
  if (openHits.length === 1) return openHits[0];
  const hits = suffixMatches(files, given);
  if (hits.length === 1) return hits[0];
  if (hits.length > 1) {
    throw new MentionError('ambiguous', `@${given} matches ${hits.length} files: ${hits.slice(0, 5).join(', ')}${hits.length > 5 ? ', …' : ''}.`, `Write more of the path, e.g. @${hits[0]}.`);
  }
  const explained = await explainPath(opts.discovery, given);
  if (!explained.visible && explained.reason !== 'not-found') {
    throw new MentionError('ignored', `@${given} is hidden from Grounded (${explained.reason}${explained.detail ? `: ${explained.detail}` : ''}).`, 'Remove the rule, or attach the text another way if it is safe to share.');
  }
  const base = path.posix.basename(given).toLowerCase();
  const bases = files.map((f) => path.posix.basename(f).toLowerCase());
  const suggestions = bases.length ? [...new Set(files.filter((f, i) => distance(bases[i], base) <= Math.max(2, Math.floor(base.length / 4))).slice(0, 3))] : [];
  if (!suggestions.length && bases.length) {
    const best = closest(base, bases);
    suggestions.push(files[bases.indexOf(best)]);
  }
  throw new MentionError('file_not_found', `No file matches @${given}.`, suggestions.length ? `Did you mean ${suggestions.map((s) => `@${s}`).join(' or ')}?` : 'Check the path (relative to the workspace root).');
}

/** Loads a file mention: visibility checked (the rule that hides it is quoted), text from the open editor first, line range validated. */
export async function loadFileMention(rel: string, startLine: number | undefined, endLine: number | undefined, opts: FileResolveOptions): Promise<{ attached: AttachedContext; note?: string }> {
  const e = await explainPath(opts.discovery, rel);
  if (!e.visible && e.reason !== 'too-large') {
    if (e.reason === 'binary') throw new MentionError('binary', `@${rel} is a binary file.`, 'Mention text files only.');
    throw new MentionError('ignored', `@${rel} is hidden from Grounded (${e.reason}${e.detail ? `: ${e.detail}` : ''}).`, 'Remove the rule, or attach the text another way if it is safe to share.');
  }
  const maxBytes = opts.discovery.maxFileBytes ?? 1024 * 1024;
  const read = await readWorkspaceText(path.join(opts.discovery.root, ...rel.split('/')), { overlay: opts.overlay, maxFileBytes: maxBytes });
  if (!read.ok) throw new MentionError(read.reason === 'binary' ? 'binary' : 'file_not_found', `@${rel} could not be read (${read.detail}).`, 'Check the file.');
  const lines = read.text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const from = startLine ?? 1;
  const to = Math.min(endLine ?? lines.length, lines.length);
  if (from < 1 || from > lines.length || (endLine !== undefined && endLine < from)) {
    throw new MentionError('bad_range', `@${rel}#L${startLine}${endLine && endLine !== startLine ? `-${endLine}` : ''} is outside the file (${lines.length} lines).`, `Use lines 1-${lines.length}.`);
  }
  const note = read.truncated ? `@${rel} is ${formatBytes(read.bytes)}; only its first ${formatBytes(maxBytes)} were read.` : endLine !== undefined && endLine > lines.length ? `@${rel} has ${lines.length} lines; the range was cut there.` : undefined;
  return { attached: { path: rel, startLine: from, endLine: to, text: lines.slice(from - 1, to).join('\n'), origin: 'mention' }, note };
}
