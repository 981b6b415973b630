import path from 'node:path';
import { RE2JS } from 're2js';
import type { AttachedContext } from '../ask/types';
import { readWorkspaceText } from '../workspace/read';
import type { DocumentOverlay } from '../workspace/types';
import { MentionError } from './errors';

export const MAX_MATCHES = 50;
const PER_FILE = 10;
const CONTEXT_LINES = 2;
const READ_CONCURRENCY = 32;

export interface SearchResult {
  attached: AttachedContext[];
  matches: number;
  files: number;
  capped: boolean;
}

/** Compiles a user regex with RE2 (linear time: no pattern can hang the host); errors say where. */
export function compileGrep(pattern: string): LineMatcher {
  try {
    const re = RE2JS.compile(pattern);
    const whole = RE2JS.compile(pattern, RE2JS.MULTILINE);
    // One pass over the whole file first: most files have no match, and that skips their lines.
    return Object.assign((line: string) => re.matcher(line).find(), { anyIn: (text: string) => whole.matcher(text).find() });
  } catch (err) {
    const bad = (err as { input?: string }).input;
    const at = bad ? pattern.indexOf(bad) : -1;
    const detail = ((err as Error).message ?? '').replace(/^error parsing regexp: /, '');
    throw new MentionError('parse_error', `@grep:"${pattern}" is not a valid regular expression${at >= 0 ? ` at position ${at + 1}` : ''}: ${detail}.`, 'Fix the pattern (RE2 syntax: no backreferences or lookaround), or use @search:"…" for literal text.');
  }
}

/** A literal, case-insensitive matcher for @search. */
export function literalMatcher(query: string): LineMatcher {
  const q = query.toLowerCase();
  return Object.assign((line: string) => line.toLowerCase().includes(q), { anyIn: (text: string) => text.toLowerCase().includes(q) });
}

/** Matches one line; `anyIn` tells cheaply whether a whole text can match at all. */
export type LineMatcher = ((line: string) => boolean) & { anyIn?: (text: string) => boolean };

/**
 * Runs a matcher over the visible files (open editors' text first), ranks files by how many lines
 * match, and returns each match with two lines of context as attached ranges (merged when they
 * touch), capped at 50 matches with a note when capped.
 */
export async function searchFiles(root: string, files: string[], matches: LineMatcher, overlay: DocumentOverlay, maxFileBytes: number, label: string): Promise<SearchResult> {
  const hits: { file: string; lines: string[]; at: number[] }[] = [];
  let total = 0;
  const scan = async (rel: string) => {
    const read = await readWorkspaceText(path.join(root, ...rel.split('/')), { overlay, maxFileBytes });
    if (!read.ok || (matches.anyIn && !matches.anyIn(read.text))) return;
    const lines = read.text.split('\n');
    const at: number[] = [];
    for (let i = 0; i < lines.length; i++) if (matches(lines[i])) at.push(i);
    if (at.length) { hits.push({ file: rel, lines, at }); total += at.length; }
  };
  // Reads overlap (the disk, not the matcher, is the bottleneck); order is restored by the sort below.
  for (let i = 0; i < files.length; i += READ_CONCURRENCY) await Promise.all(files.slice(i, i + READ_CONCURRENCY).map(scan));
  hits.sort((a, b) => b.at.length - a.at.length || (a.file < b.file ? -1 : 1));
  const attached: AttachedContext[] = [];
  let kept = 0;
  for (const h of hits) {
    if (kept >= MAX_MATCHES) break;
    const use = h.at.slice(0, Math.min(PER_FILE, MAX_MATCHES - kept));
    kept += use.length;
    let range: [number, number] | undefined;
    const flush = () => {
      if (!range) return;
      attached.push({ path: h.file, startLine: range[0] + 1, endLine: range[1] + 1, text: h.lines.slice(range[0], range[1] + 1).join('\n'), origin: 'search' });
    };
    for (const i of use) {
      const from = Math.max(0, i - CONTEXT_LINES);
      const to = Math.min(h.lines.length - 1, i + CONTEXT_LINES);
      if (range && from <= range[1] + 1) range[1] = to;
      else { flush(); range = [from, to]; }
    }
    flush();
  }
  if (total === 0) throw new MentionError('no_matches', `${label} matched nothing in ${files.length} files.`, 'Try other words, or check that the files are not hidden (Grounded: Show What Grounded Can See).');
  return { attached, matches: total, files: hits.length, capped: total > kept };
}
