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

/** Below this a text is scanned faster than it is hashed and looked up. */
const MIN_CACHED_LENGTH = 2048;
/** Texts remembered (least recently used dropped first). */
const MAX_ENTRIES = 4096;
/** A text with more findings than this (a dump of addresses) is not worth its memory here. */
const MAX_CACHED_FINDINGS = 512;

const cache = new Map<string, readonly Finding[]>();
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
  if (text.length < MIN_CACHED_LENGTH) return scan(text);
  // Length in the key too: a hash collision would also need the same length to matter.
  const key = `${text.length}:${sha1Base64(text)}`;
  const hit = cache.get(key);
  if (hit) {
    hits++;
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  misses++;
  const found = Object.freeze(scan(text).map((f) => Object.freeze(f)));
  if (found.length <= MAX_CACHED_FINDINGS) {
    cache.set(key, found);
    if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  }
  return found;
}

/** How often the cache answered, for benchmarks; `clear` empties it (tests, and benchmarks of a first question). */
export const findingsCache = {
  stats: () => ({ hits, misses, entries: cache.size }),
  clear(): void {
    cache.clear();
    hits = misses = 0;
  },
};
