import path from 'node:path';
import type { SkippedFile } from '../workspace/types';
import type { ChunkSource, IndexingState, RefreshOptions, SearchOptions } from './chunk-source';
import { fileNameHas } from './path-tokens';
import type { RankedChunk } from './rank';
import type { SearchTerm } from './terms';

/** One workspace folder of a window with several: the name its paths are written under (`name/rel`), where it lies, its source. */
export interface FolderSource {
  name: string;
  root: string;
  source: ChunkSource;
}

/**
 * How much the folder the user is working in (the active editor's) counts over the others: enough
 * to decide near ties, far from enough to hide a better answer elsewhere.
 */
export const PREFERRED_FOLDER_FACTOR = 1.15;

/** One folder's search: its name, its file count, its ranked chunks, and how much it is preferred (default 1). */
export interface FolderResults {
  name: string;
  files: number;
  chunks: RankedChunk[];
  preference?: number;
}

/**
 * How much a folder the question names counts (`how does the frontend call the api?` in a window
 * of `frontend` and `api`): each index matches paths inside its folder, never the folder's own name.
 * Measured on the 222 questions of bench/multiroot-eval.ts ending "(in <the answer's folder>)":
 * first chunk from that folder 203 at x1, 215 at x1.15, 219 at x1.3, 220 at x1.5, 222 at x2; x1.5
 * leaves a folder named by chance (`click` in "a click handler") a preference, not the answer.
 */
export const NAMED_FOLDER_FACTOR = 1.5;

/** Whether a word of the question names the folder (`axios` for axios/, `server` for api-server/). */
export function questionNames(folder: string, terms: SearchTerm[]): boolean {
  return terms.some((t) => (t.kind === 'word' || t.kind === 'part' || t.kind === 'identifier') && fileNameHas(folder, t.text));
}

/** BM25's weight of a word found in one chunk of a corpus of `n`: it grows with the corpus. */
const rareWordIdf = (n: number) => Math.log(1 + (Math.max(1, n) - 0.5) / 1.5);

/**
 * The ranked lists of several folders (each with its file count) as one, best first, paths
 * written `name/rel`. Each index's BM25 weighs a word by how rare it is in that folder, so a small
 * folder's scores come out low for the same match: each folder's scores are scaled by the weight
 * a rare word would have in all the folders together over its weight in that folder alone (the
 * fixture's two-file folder: x3; folders of hundreds of files: 1.0-1.3). Measured on seven pairs
 * of labelled trees of one kind (bench/multiroot-eval.ts, 222 questions): the first chunk came
 * from the answer's folder for 193 with scaling and 192 with the scores as given (MRR@10 0.737 vs
 * 0.732, 0.806 in the answer's folder alone); dividing each folder's scores by its best one, or
 * interleaving by rank, did so for 108 only, the wrong folder's best chunk tying the right one's.
 */
export function mergeFolderResults(lists: FolderResults[], limit: number): RankedChunk[] {
  const together = rareWordIdf(lists.reduce((n, l) => n + l.files, 0));
  const all = lists.flatMap(({ name, files, chunks, preference = 1 }) => {
    const factor = (together / rareWordIdf(files)) * preference;
    return chunks.map((c) => ({ ...c, path: `${name}/${c.path}`, score: c.score * factor }));
  });
  // Ties break by path and line, as within one index, so the order is deterministic.
  all.sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : a.startLine - b.startLine));
  return all.slice(0, limit);
}

/** The folders of `within` (`name/rel/`) inside the folder `name`, as its own paths; [] for the whole folder; 'none' when none is in it. */
function withinFolder(name: string, within: readonly string[]): string[] | 'none' {
  const inside = within.filter((w) => w.startsWith(`${name}/`)).map((w) => w.slice(name.length + 1));
  if (inside.length === 0) return 'none';
  return inside.includes('') ? [] : inside;
}

/**
 * Several workspace folders searched as one `ChunkSource` (a window with several folders): each
 * folder keeps its own index, settings and server; a search asks them all and merges the results
 * (mergeFolderResults), file counts are their sums, and `locate` says where a `name/rel` path lies.
 */
export class FoldersSource implements ChunkSource {
  fileCount = 0;
  skipped: SkippedFile[] = [];
  indexing?: IndexingState;

  /** `preferred`: the name of the folder of the active editor, if any. */
  constructor(private readonly folders: FolderSource[], private readonly preferred?: string) {}

  /** Brings every folder up to date; progress lines name their folder. */
  async refresh(opts: RefreshOptions = {}): Promise<void> {
    const { onProgress, signal } = opts;
    await Promise.all(this.folders.map((f) => f.source.refresh({ signal, onProgress: onProgress && ((m) => onProgress(`${f.name}: ${m}`)) })));
  }

  /** `opts.within`: folders written `name/rel/`; a folder none of them is in is not searched. */
  async search(terms: SearchTerm[], limit: number, opts?: SearchOptions): Promise<RankedChunk[]> {
    const lists = await Promise.all(this.folders.map(async (f) => {
      const within = opts?.within?.length ? withinFolder(f.name, opts.within) : undefined;
      const chunks = within === 'none' ? [] : await f.source.search(terms, limit, within && { within });
      const preference = (f.name === this.preferred ? PREFERRED_FOLDER_FACTOR : 1) * (questionNames(f.name, terms) ? NAMED_FOLDER_FACTOR : 1);
      return { name: f.name, files: f.source.fileCount, chunks, preference };
    }));
    this.fileCount = this.folders.reduce((n, f) => n + f.source.fileCount, 0);
    this.skipped = this.folders.flatMap((f) => f.source.skipped.map((s) => ({ ...s, path: `${f.name}/${s.path}` })));
    // Still indexing when any folder is; folders that are done count whole on both sides.
    const states = this.folders.map((f) => f.source.indexing ?? { indexed: f.source.fileCount, total: f.source.fileCount });
    this.indexing = this.folders.some((f) => f.source.indexing)
      ? states.reduce((sum, s) => ({ indexed: sum.indexed + s.indexed, total: sum.total + s.total }), { indexed: 0, total: 0 })
      : undefined;
    return mergeFolderResults(lists, limit);
  }

  /** The file a `name/rel` path of this source's results names; undefined for a path of no folder. */
  locate(p: string): string | undefined {
    const slash = p.indexOf('/');
    const folder = slash > 0 ? this.folders.find((f) => f.name === p.slice(0, slash)) : undefined;
    return folder && path.join(folder.root, ...p.slice(slash + 1).split('/'));
  }
}
