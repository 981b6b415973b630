import type { AttachedContext } from '../context/types';
import { fetchUrl, type FetchOptions } from '../net/fetch-url';
import type { HostRateLimiter } from '../net/rate-limit';
import type { UrlCache } from '../net/url-cache';
import { MentionError } from './errors';

export const MAX_URLS = 10;

export interface UrlMentionContext {
  cache: UrlCache;
  limiter: HostRateLimiter;
  fetch?: Omit<FetchOptions, 'etag' | 'lastModified' | 'limiter'>;
  refresh?: boolean;
  allowNetwork?: boolean;
  /** URLs fetched so far in this request (the cap counts them). */
  count: number;
}

export interface UrlSummary { url: string; bytes: number; cached: boolean; truncated: boolean; note?: string }

/**
 * Loads one @url mention: refused in an untrusted workspace and beyond MAX_URLS; served from the
 * cache while fresh, else fetched (conditionally when a stale entry has an ETag / Last-Modified).
 * A cache that cannot be written costs the cache, not the page.
 */
export async function loadUrlMention(href: string, ctx: UrlMentionContext): Promise<{ attached: AttachedContext; summary: UrlSummary }> {
  if (!ctx.allowNetwork)
    throw new MentionError(
      'network_disabled',
      'URL fetches are off in an untrusted workspace.',
      'Trust the workspace to let Grounded fetch public URLs.',
    );
  if (++ctx.count > MAX_URLS) throw new MentionError('too_many_urls', `at most ${MAX_URLS} URLs per request.`, 'Ask about fewer pages at once.');
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    throw new MentionError('url_invalid', 'not a valid URL.', 'Write a full address, e.g. @url:https://example.com/page.');
  }
  const cached = await ctx.cache.get(url.href);
  let page = cached?.page;
  let note: string | undefined;
  if (!cached || !cached.fresh || ctx.refresh) {
    const fetched = await fetchUrl(url.href, { ...ctx.fetch, limiter: ctx.limiter, etag: cached?.page.etag, lastModified: cached?.page.lastModified });
    page = fetched.notModified && cached ? cached.page : fetched;
    await ctx.cache.put(url.href, page).catch((err: NodeJS.ErrnoException) => { note = `not cached: ${err.code ?? err.message}`; });
  }
  const p = page!;
  const lines = p.text.split('\n');
  return {
    attached: { path: p.finalUrl, startLine: 1, endLine: Math.max(1, lines.length), text: p.text, origin: 'url' },
    summary: { url: url.href, bytes: p.bytes, cached: !!cached?.fresh && !ctx.refresh, truncated: p.truncated, note },
  };
}
