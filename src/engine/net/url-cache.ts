import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { FetchedPage } from './fetch-url';

export const URL_CACHE_TTL_MS = 24 * 60 * 60 * 1000;

interface Entry { page: FetchedPage; fetchedAt: number }

/**
 * Fetched pages on disk (one JSON file per URL, keyed by its SHA-256), fresh for 24 hours; an
 * older entry still supplies ETag / Last-Modified for a conditional refresh.
 */
export class UrlCache {
  constructor(private readonly dir: string, private readonly now: () => number = Date.now, private readonly ttlMs = URL_CACHE_TTL_MS) {}

  private file(url: string): string {
    return path.join(this.dir, `${createHash('sha256').update(url).digest('hex')}.json`);
  }

  /** The entry and whether it is still fresh; undefined when never fetched. */
  async get(url: string): Promise<{ page: FetchedPage; fresh: boolean } | undefined> {
    try {
      const e = JSON.parse(await fs.readFile(this.file(url), 'utf8')) as Entry;
      return { page: e.page, fresh: this.now() - e.fetchedAt < this.ttlMs };
    } catch {
      return undefined;
    }
  }

  /** Forgets every cached page (the manual invalidation of seed 002); returns how many there were. */
  async clear(): Promise<number> {
    const names = await fs.readdir(this.dir).catch(() => [] as string[]);
    const pages = names.filter((n) => n.endsWith('.json'));
    await Promise.all(names.map((n) => fs.rm(path.join(this.dir, n), { force: true })));
    return pages.length;
  }

  async put(url: string, page: FetchedPage): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const tmp = `${this.file(url)}.${process.pid}.tmp`;
    await fs.writeFile(tmp, JSON.stringify({ page, fetchedAt: this.now() } satisfies Entry));
    await fs.rename(tmp, this.file(url));
  }
}

// The limiter lives in its own module; kept importable from here for existing callers.
export { HostRateLimiter, sharedHostLimiter } from './rate-limit';
