import type { AttachedContext } from '../context/types';
import type { DocumentOverlay } from '../workspace/types';
import { MentionError } from './errors';
import { GrepRun } from './grep-runner';
import type { LineMatcher } from './matchers';
import { head, scanItems, type ScanHit, type ScanItem } from './scan';

export { compileGrep, literalMatcher, type LineMatcher } from './matchers';

/** Matches attached at most; the summary says how many there were and how many were shown. */
export const MAX_MATCHES = 50;
const CONTEXT_LINES = 2;

export interface SearchResult {
  attached: AttachedContext[];
  /** Matching lines in every visible file (exact: every file is scanned). */
  matches: number;
  files: number;
  /** Matches attached (at most MAX_MATCHES). */
  shown: number;
  capped: boolean;
}

/** A file to search: where it is on disk and the path shown for it. */
export interface SearchTarget { abs: string; path: string }

/**
 * Where the matching runs: a literal @search in this thread (indexOf cannot run away), a user's
 * regular expression in its own thread with a time limit (GrepRun).
 */
export type SearchEngine = LineMatcher | GrepRun;

/** Scans the items and returns each hit's line numbers and a way to get the texts of the hits that are shown. */
async function scan(
  engine: SearchEngine,
  items: ScanItem[],
  maxBytes: number,
): Promise<{ hits: Omit<ScanHit, 'text'>[]; texts: (paths: string[]) => Promise<string[]> }> {
  if (engine instanceof GrepRun) return { hits: await engine.scan(items, maxBytes), texts: (paths) => engine.texts(paths) };
  const hits = await scanItems(items, engine, maxBytes);
  const byPath = new Map(hits.map((h) => [h.path, h.text]));
  return { hits, texts: async (paths) => paths.map((p) => byPath.get(p) ?? '') };
}

/** One matching file: its path and every matching line number (0-based). */
interface Hit { file: string; at: number[] }

/**
 * Picks the matches to show, at most MAX_MATCHES, one file at a time in rank order: the first
 * match of every file before the second of any, so no file with a match is hidden behind
 * another file's tenth.
 */
function pick(hits: Hit[]): Map<Hit, number[]> {
  const chosen = new Map<Hit, number[]>();
  let kept = 0;
  for (let round = 0; kept < MAX_MATCHES; round++) {
    let any = false;
    for (const h of hits) {
      if (kept >= MAX_MATCHES) break;
      if (round >= h.at.length || round >= MAX_MATCHES) continue;
      any = true;
      chosen.set(h, [...(chosen.get(h) ?? []), h.at[round]]);
      kept++;
    }
    if (!any) break;
  }
  return chosen;
}

/**
 * The chosen lines of each file with two lines of context, as ranges merged when they touch. Each
 * range keeps its file's whole text as its source: an excerpt is scrubbed as the whole file sees
 * it, so a secret opened above the shown lines stays hidden.
 */
function attach(chosen: Map<Hit, number[]>, texts: string[]): AttachedContext[] {
  const attached: AttachedContext[] = [];
  [...chosen].forEach(([h, use], k) => {
    const text = texts[k];
    const lines = text.split('\n');
    let range: [number, number] | undefined;
    const flush = () => {
      if (range)
        attached.push({
          path: h.file,
          startLine: range[0] + 1,
          endLine: range[1] + 1,
          text: lines.slice(range[0], range[1] + 1).join('\n'),
          origin: 'search',
          source: { text, firstLine: 1 },
        });
    };
    for (const i of use) {
      const from = Math.max(0, i - CONTEXT_LINES);
      const to = Math.min(i + CONTEXT_LINES, lines.length - 1);
      if (range && from <= range[1] + 1) range[1] = to;
      else { flush(); range = [from, to]; }
    }
    flush();
  });
  return attached;
}

/**
 * Runs a search over every file (open editors' unsaved text first, cut like a file at the size
 * limit), ranks files by how many lines match, and attaches matches with two lines of context as
 * ranges: at most 50, the first match of each file before the second of any. The counts are exact.
 */
export async function searchFiles(
  targets: SearchTarget[],
  engine: SearchEngine,
  overlay: DocumentOverlay,
  maxFileBytes: number,
): Promise<SearchResult> {
  const open = new Set(overlay.openPaths());
  const item = (t: SearchTarget): ScanItem => {
    const text = overlay.get(t.abs);
    if (text === undefined) return { path: t.path, abs: t.abs };
    return { path: t.path, text: Buffer.byteLength(text) <= maxFileBytes ? text : head(Buffer.from(text), maxFileBytes) };
  };
  const items = [...targets.filter((t) => open.has(t.abs)), ...targets.filter((t) => !open.has(t.abs))].map(item);
  const found = await scan(engine, items, maxFileBytes);
  const hits: Hit[] = found.hits.map((h) => ({ file: h.path, at: h.at }));
  const total = hits.reduce((n, h) => n + h.at.length, 0);
  if (total === 0)
    throw new MentionError(
      'no_matches',
      `matched nothing in ${targets.length} files.`,
      'Try other words, or check that the files are not hidden (Grounded: Show What Grounded Can See).',
    );
  hits.sort((a, b) => b.at.length - a.at.length || (a.file < b.file ? -1 : 1));
  const chosen = pick(hits);
  const attached = attach(chosen, await found.texts([...chosen.keys()].map((h) => h.file)));
  const kept = [...chosen.values()].reduce((n, use) => n + use.length, 0);
  return { attached, matches: total, files: hits.length, shown: kept, capped: total > kept };
}
