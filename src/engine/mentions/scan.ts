import { readFileSync } from 'node:fs';
import { looksBinary, SNIFF_BYTES } from '../workspace/read';
import type { LineMatcher } from './matchers';

/** Longest stretch of synchronous reading before the event loop gets a turn. */
const SLICE_MS = 8;

/**
 * One text to scan: a file on disk (`abs`, read here, cut at the size limit) or a text already in
 * hand (`text`: an open editor's unsaved content, a tool's scrubbed file), shown as `path`.
 */
export interface ScanItem { path: string; abs?: string; text?: string }

/** A text with at least one matching line: its 0-based line numbers, and the text they were found in. */
export interface ScanHit { path: string; text: string; at: number[] }

/** First `max` bytes of a text, cut back to a line end (what retrieval reads of an over-long file). */
export function head(buf: Buffer, max: number): string {
  if (buf.length <= max) return buf.toString('utf8');
  const text = buf.subarray(0, max).toString('utf8');
  const nl = text.lastIndexOf('\n');
  return nl > 0 ? text.slice(0, nl + 1) : text;
}

/** The text of a file on disk, or undefined when it cannot match (the byte prefilter), is binary or cannot be read. */
function readForScan(abs: string, matcher: LineMatcher, maxBytes: number): string | undefined {
  let buf: Buffer;
  try {
    buf = readFileSync(abs);
  } catch {
    return undefined;
  }
  if (matcher.mayMatch && !matcher.mayMatch(buf.length > maxBytes ? buf.subarray(0, maxBytes) : buf)) return undefined;
  if (looksBinary(buf.subarray(0, SNIFF_BYTES), buf.length <= SNIFF_BYTES)) return undefined;
  return head(buf, maxBytes);
}

/**
 * Runs a matcher over every item in order and returns those with a match. Reads are synchronous,
 * in slices of SLICE_MS with the event loop turning in between: on a tree of small files, each
 * asynchronous read costs three or four thread-pool round trips, and the whole search took four
 * times as long as the reads themselves (measured: 1.0 s vs 0.25 s for 18,625 files).
 */
export async function scanItems(items: ScanItem[], matcher: LineMatcher, maxBytes: number): Promise<ScanHit[]> {
  const hits: ScanHit[] = [];
  let next = 0;
  while (next < items.length) {
    const sliceEnd = performance.now() + SLICE_MS;
    while (next < items.length && performance.now() < sliceEnd) {
      const item = items[next++];
      const text = item.text ?? (item.abs === undefined ? undefined : readForScan(item.abs, matcher, maxBytes));
      if (text === undefined) continue;
      const found = matcher.lines(text);
      if (found.length) hits.push({ path: item.path, text, at: found.map((l) => l.n) });
    }
    if (next < items.length) await new Promise<void>((r) => setImmediate(r));
  }
  return hits;
}
