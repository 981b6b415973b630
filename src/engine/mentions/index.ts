import path from 'node:path';
import type { AttachedContext } from '../ask/types';
import { defaultSettings } from '../config/settings';
import { fetchUrl, type FetchOptions } from '../net/fetch-url';
import { HostRateLimiter, UrlCache } from '../net/url-cache';
import { discoverFiles } from '../workspace/discovery';
import { emptyOverlay, type DiscoveryOptions, type DocumentOverlay } from '../workspace/types';
import { MentionError, type MentionErrorKind } from './errors';
import { loadFileMention, resolveFilePath } from './files';
import { parseMentions, type Mention } from './parse';
import { compileGrep, literalMatcher, searchFiles } from './search';

export const MAX_URLS = 10;

export interface ResolveMentionsOptions {
  discovery: DiscoveryOptions;
  overlay?: DocumentOverlay;
  /** False in an untrusted workspace: @url mentions are refused. */
  allowNetwork?: boolean;
  /** Where fetched pages are cached; default `<root>/.agent/state/url-cache`. */
  cacheDir?: string;
  /** Re-validate cached pages (If-None-Match / If-Modified-Since) even when fresh. */
  refresh?: boolean;
  fetch?: Omit<FetchOptions, 'etag' | 'lastModified'>;
  limiter?: HostRateLimiter;
  now?: () => number;
}

export interface MentionFailure { raw: string; kind: MentionErrorKind; message: string; suggestion: string }

export interface MentionSummary {
  files: { path: string; lines: number; note?: string }[];
  searches: { raw: string; matches: number; files: number; capped: boolean }[];
  urls: { url: string; bytes: number; cached: boolean; truncated: boolean }[];
  failures: MentionFailure[];
}

export interface MentionResolution {
  /** The prompt with each mention left readable (`@src/a.ts` stays as written). */
  question: string;
  attached: AttachedContext[];
  failures: MentionFailure[];
  summary: MentionSummary;
}

async function resolveOne(m: Mention, opts: ResolveMentionsOptions, ctx: { files: () => Promise<string[]>; overlay: DocumentOverlay; cache: UrlCache; limiter: HostRateLimiter; urls: number }, summary: MentionSummary): Promise<AttachedContext[]> {
  const maxBytes = opts.discovery.maxFileBytes ?? defaultSettings.maxFileBytes;
  if (m.kind === 'invalid') throw new MentionError('parse_error', m.reason, 'See /mentions for the syntax.');
  if (m.kind === 'file') {
    const rel = await resolveFilePath(m.path, { discovery: opts.discovery, overlay: ctx.overlay, files: ctx.files });
    const { attached, note } = await loadFileMention(rel, m.startLine, m.endLine, { discovery: opts.discovery, overlay: ctx.overlay, files: ctx.files });
    summary.files.push({ path: rel, lines: attached.endLine - attached.startLine + 1, note });
    return [attached];
  }
  if (m.kind === 'search' || m.kind === 'grep') {
    const matcher = m.kind === 'search' ? literalMatcher(m.query) : compileGrep(m.pattern);
    const r = await searchFiles(opts.discovery.root, await ctx.files(), matcher, ctx.overlay, maxBytes, m.raw);
    summary.searches.push({ raw: m.raw, matches: r.matches, files: r.files, capped: r.capped });
    return r.attached;
  }
  if (!opts.allowNetwork) throw new MentionError('network_disabled', `${m.raw} was not fetched: URL fetches are off in an untrusted workspace.`, 'Trust the workspace to let Grounded fetch public URLs.');
  if (++ctx.urls > MAX_URLS) throw new MentionError('too_many_urls', `${m.raw} was not fetched: at most ${MAX_URLS} URLs per request.`, 'Ask about fewer pages at once.');
  let url: URL;
  try {
    url = new URL(m.url);
  } catch {
    throw new MentionError('url_invalid', `${m.raw} is not a valid URL.`, 'Write a full address, e.g. @url:https://example.com/page.');
  }
  const cached = await ctx.cache.get(url.href);
  let page = cached?.page;
  if (!cached || !cached.fresh || opts.refresh) {
    await ctx.limiter.wait(url.host);
    const fetched = await fetchUrl(url.href, { ...opts.fetch, etag: cached?.page.etag, lastModified: cached?.page.lastModified });
    page = fetched.notModified && cached ? cached.page : fetched;
    await ctx.cache.put(url.href, page);
  }
  summary.urls.push({ url: url.href, bytes: page!.bytes, cached: !!cached?.fresh && !opts.refresh, truncated: page!.truncated });
  const lines = page!.text.split('\n');
  return [{ path: page!.finalUrl, startLine: 1, endLine: Math.max(1, lines.length), text: page!.text, origin: 'url' }];
}

/**
 * Resolves every @mention of a prompt: files (open editors first, then the workspace), searches,
 * regex greps and URLs. A failed mention becomes a failure with its message and suggestion; the
 * rest go on. Attached text is raw: the context builder scrubs it like all context.
 */
export async function resolveMentions(text: string, opts: ResolveMentionsOptions): Promise<MentionResolution> {
  const overlay = opts.overlay ?? emptyOverlay;
  let listed: Promise<string[]> | undefined;
  const ctx = {
    files: () => (listed ??= discoverFiles(opts.discovery).then((r) => r.files.map((f) => f.path))),
    overlay,
    cache: new UrlCache(opts.cacheDir ?? path.join(opts.discovery.root, '.agent', 'state', 'url-cache'), opts.now),
    limiter: opts.limiter ?? new HostRateLimiter(),
    urls: 0,
  };
  const summary: MentionSummary = { files: [], searches: [], urls: [], failures: [] };
  const attached: AttachedContext[] = [];
  for (const m of parseMentions(text)) {
    try {
      attached.push(...(await resolveOne(m, opts, ctx, summary)));
    } catch (err) {
      if (!(err instanceof MentionError)) throw err;
      summary.failures.push({ raw: m.raw, kind: err.kind, message: err.message, suggestion: err.suggestion });
    }
  }
  return { question: text, attached, failures: summary.failures, summary };
}

/** The summary shown with an answer: what was included, and each failure with its suggestion. */
export function formatMentionSummary(s: MentionSummary): string {
  const lines: string[] = [];
  for (const f of s.files) lines.push(`- 📄 ${f.path}: ${f.lines} line(s)${f.note ? ` (${f.note})` : ''}`);
  for (const q of s.searches) lines.push(`- 🔎 ${q.raw}: ${q.matches} match(es) in ${q.files} file(s)${q.capped ? ' (capped at 50)' : ''}`);
  for (const u of s.urls) lines.push(`- 🌐 ${u.url}: ${u.bytes.toLocaleString('en-US')} bytes${u.cached ? ' (cached)' : ''}${u.truncated ? ' (cut at 1 MB)' : ''}`);
  for (const f of s.failures) lines.push(`- ⚠️ ${f.raw}: ${f.message} ${f.suggestion}`);
  return lines.length ? `**Mentions**\n${lines.join('\n')}` : '';
}

/** The ask pipeline's hook: resolve the mentions of a question and put the summary before the answer. */
export function mentionResolver(opts: ResolveMentionsOptions): (text: string) => Promise<{ question: string; attached: AttachedContext[]; failureNotes: string[] }> {
  return async (text) => {
    const r = await resolveMentions(text, opts);
    const note = formatMentionSummary(r.summary);
    return { question: r.question, attached: r.attached, failureNotes: note ? [note] : [] };
  };
}
