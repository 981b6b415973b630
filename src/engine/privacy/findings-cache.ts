import { sha1Base64 } from '../text/sha1';
import type { Finding } from './detector';
import { resolveOverlaps } from './overlaps';

/**
 * What the detectors find in a text depends on the text alone, and finding it is most of a
 * question's time on a large repository: whole files are scrubbed, and the next question of a
 * conversation reads mostly the same files. So the findings of a text are kept, under a hash of its
 * content, for the life of the process (the index server, the extension host). What a scrubber does
 * with them (placeholders, copies of values redacted earlier in the query) stays per query.
 * The cache holds positions and kinds, never text.
 */

/**
 * Texts shorter than this (a citation in a chunk's header, a line, a question) are kept apart from
 * whole files, so that a question's hundreds of them never push a file out. Hashing one costs a
 * twentieth of scanning it (53 characters: ~1.5 µs against ~25 µs), and each chunk's header is
 * scrubbed several times while its context is fitted and rendered.
 */
const MIN_FILE_LENGTH = 2048;
/** Texts remembered (least recently used dropped first). */
const MAX_ENTRIES = 4096;
const MAX_SHORT_ENTRIES = 8192;
/** A text with more findings than this (a dump of addresses) is not worth its memory here. */
const MAX_CACHED_FINDINGS = 512;

const cache = new Map<string, readonly Finding[]>();
const short = new Map<string, readonly Finding[]>();
let hits = 0;
let misses = 0;

/**
 * The detectors, loaded by the first scan: building their tables (name lists, keyword scans, ~50
 * patterns) takes ~50 ms of a process's start, and a one-shot question answered by `grounded serve`
 * without a model scrubs nothing here (the server sent scrubbed text).
 */
let registry: typeof import('./registry') | undefined;

function scan(text: string): Finding[] {
  registry ??= require('./registry') as typeof import('./registry');
  return resolveOverlaps(registry.detectAll(text), text.length);
}

/**
 * The findings of `text` after the overlap rule, in text order: the detectors' result, kept for
 * texts seen again. The returned findings are frozen: they are shared between queries.
 */
export function findingsIn(text: string): readonly Finding[] {
  const long = text.length >= MIN_FILE_LENGTH;
  const kept = long ? cache : short;
  // Length in the key too: a hash collision would also need the same length to matter.
  const key = `${text.length}:${sha1Base64(text)}`;
  const hit = kept.get(key);
  if (hit) {
    if (long) hits++;
    kept.delete(key);
    kept.set(key, hit);
    return hit;
  }
  if (long) misses++;
  const found = Object.freeze(scan(text).map((f) => Object.freeze(f)));
  if (found.length <= MAX_CACHED_FINDINGS) {
    kept.set(key, found);
    if (kept.size > (long ? MAX_ENTRIES : MAX_SHORT_ENTRIES)) kept.delete(kept.keys().next().value!);
  }
  return found;
}

/** How often the cache answered for whole files, for benchmarks; `clear` empties it (tests, and benchmarks of a first question). */
export const findingsCache = {
  stats: () => ({ hits, misses, entries: cache.size }),
  clear(): void {
    cache.clear();
    short.clear();
    hits = misses = 0;
  },
};
