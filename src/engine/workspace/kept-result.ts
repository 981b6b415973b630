import { keptFiles, keptPath, keptRow, type KeptListing } from './kept-listing';
import type { DiscoveryResult, SkippedFile, WorkspaceFile } from './types';
import { byPath } from './discovery-admit';

// A listing made with a kept tracked part (kept-listing.ts): the kept files, but those judged
// again, plus what this listing added. The files become objects only when asked for; a caller that
// prints paths (`grounded files`) takes the kept bytes as they are, with the few changes spliced in.

/** A listing's result, with its paths also as printable text when that costs less than the files. */
export interface ListedResult extends DiscoveryResult {
  /** Every listed path and a newline after each, in order; undefined when it must come from `files`. */
  pathsText?: () => { text: Buffer; count: number } | undefined;
}

/**
 * The result of a listing that used `kept`: its entries without those in `left` (judged again),
 * merged with `added` (what this listing admitted itself).
 */
export function keptResult(kept: KeptListing, root: string, left: Set<string>, added: { files: WorkspaceFile[]; skipped: SkippedFile[] }): ListedResult {
  const skipped = [...kept.skipped.filter((s) => !left.has(s.path)), ...added.skipped].sort(byPath);
  let files: WorkspaceFile[] | undefined;
  return {
    skipped,
    get files() {
      files ??= [...keptFiles(kept, root, left), ...added.files].sort(byPath);
      return files;
    },
    pathsText: () => keptText(kept, left, added.files.map((f) => f.path).sort()),
  };
}

/** The kept paths' bytes without `left`, with `added` (sorted) spliced in where they sort; undefined when paths hold newlines. */
function keptText(k: KeptListing, left: Set<string>, added: string[]): { text: Buffer; count: number } | undefined {
  if (!k.lines || added.some((p) => p.includes('\n'))) return undefined;
  // Where the text changes: before row i, a path added (in order), or row i itself dropped.
  const cuts: Array<{ row: number; add?: string }> = added.map((add) => ({ row: keptRow(k, add), add }));
  for (const rel of left) {
    const row = keptRow(k, rel);
    if (row < k.count && keptPath(k, row) === rel) cuts.push({ row });
  }
  // By row; at one row (a stable sort) the added paths in their order, then the row dropped, if it is.
  cuts.sort((a, b) => a.row - b.row);
  const parts: Buffer[] = [];
  let from = 0;
  let count = k.count;
  for (const { row, add } of cuts) {
    if (row > from) parts.push(k.text.subarray(k.offsets[from], k.offsets[row]));
    from = Math.max(from, row);
    if (add === undefined) {
      from = row + 1;
      count--;
    } else {
      parts.push(Buffer.from(`${add}\n`, 'utf8'));
      count++;
    }
  }
  parts.push(k.text.subarray(k.offsets[from], k.offsets[k.count]));
  return { text: parts.length === 1 ? parts[0] : Buffer.concat(parts), count };
}
