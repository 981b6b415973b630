import path from 'node:path';
import type { AttachedContext, Rephrasing, SearchScope } from '../context/types';
import { defaultSettings } from '../config/settings';
import { FetchError, type FetchOptions } from '../net/fetch-url';
import { sharedHostLimiter, type HostRateLimiter } from '../net/rate-limit';
import { UrlCache } from '../net/url-cache';
import { discoverFiles } from '../workspace/discovery';
import { emptyOverlay, type DiscoveryOptions, type DocumentOverlay } from '../workspace/types';
import { MentionError, type MentionErrorKind } from './errors';
import { loadFileMention } from './file-load';
import { resolveFileTarget, resolveFolderTarget, type FolderTarget, type MentionRoot, type WorkspaceRoot } from './files';
import { parseMentions, type Mention } from './parse';
import { GrepRun } from './grep-runner';
import { literalMatcher, searchFiles } from './search';
import { loadUrlMention, MAX_URLS, type UrlMentionContext, type UrlSummary } from './url-mention';

export { MAX_URLS };
export type { WorkspaceRoot };

export interface ResolveMentionsOptions {
  /** Ignore settings and size limit for every root; `root` is the (first) workspace folder. */
  discovery: DiscoveryOptions;
  /**
   * The workspace folders of a multi-root workspace: files are resolved and searched in all of
   * them, `@name/path` picks one, and attached paths read `name/path`. Default: `discovery.root` alone.
   */
  roots?: WorkspaceRoot[];
  overlay?: DocumentOverlay;
  /** False in an untrusted workspace: @url mentions are refused. */
  allowNetwork?: boolean;
  /** Where fetched pages are cached; default `<root>/.agent/state/url-cache`. */
  cacheDir?: string;
  /** Re-validate cached pages (If-None-Match / If-Modified-Since) even when fresh. */
  refresh?: boolean;
  fetch?: Omit<FetchOptions, 'etag' | 'lastModified' | 'limiter'>;
  /** How long an @grep pattern may keep its thread busy over the whole workspace (default GREP_TIME_LIMIT_MS, 20 s). */
  grepTimeoutMs?: number;
  /** Per-host spacing and 429 memory; default: the process-wide sharedHostLimiter, so it outlives one request. */
  limiter?: HostRateLimiter;
  now?: () => number;
}

export interface MentionFailure { raw: string; kind: MentionErrorKind; message: string; suggestion: string; alternatives?: string[] }

/**
 * For each failed mention's "Did you mean" path, `text` with that mention replaced (its `#L…` range
 * kept), so a surface can offer it as one click rather than as words to retype.
 */
export function rephrasings(text: string, failures: MentionFailure[]): Rephrasing[] {
  return failures.flatMap((f) => {
    const range = f.raw.match(/#L\d+(-L?\d+)?$/)?.[0] ?? '';
    return (f.alternatives ?? []).map((alt) => {
      const mention = `@${alt}${range}`;
      return { mention, question: text.replace(f.raw, () => mention) };
    });
  });
}

export interface MentionSummary {
  /** Attached files: the lines sent, and how many the file has when that is known. */
  files: { path: string; startLine: number; endLine: number; totalLines?: number; note?: string }[];
  /** Folders the question's search is kept to (`@src/auth/`). */
  folders: FolderTarget[];
  searches: { raw: string; matches: number; files: number; shown: number; capped: boolean }[];
  urls: UrlSummary[];
  failures: MentionFailure[];
}

export interface MentionResolution {
  /** The prompt with each mention left readable (`@src/a.ts` stays as written). */
  question: string;
  attached: AttachedContext[];
  failures: MentionFailure[];
  summary: MentionSummary;
}

interface Ctx { roots: MentionRoot[]; overlay: DocumentOverlay; url: UrlMentionContext; signal?: AbortSignal }

/** One MentionRoot per folder, each listing its files once per request and only if needed. */
function mentionRoots(opts: ResolveMentionsOptions): MentionRoot[] {
  const folders = opts.roots?.length ? opts.roots : [{ name: path.basename(opts.discovery.root), path: opts.discovery.root }];
  return folders.map((f) => {
    const discovery = { ...opts.discovery, root: f.path };
    let listed: ReturnType<MentionRoot['list']> | undefined;
    return {
      name: f.name,
      discovery,
      list: () => (listed ??= discoverFiles(discovery).then((d) => ({ files: d.files.map((x) => x.path), skipped: d.skipped }))),
    };
  });
}

async function resolveOne(m: Mention, opts: ResolveMentionsOptions, ctx: Ctx, summary: MentionSummary): Promise<AttachedContext[]> {
  if (m.kind === 'invalid') throw new MentionError('parse_error', m.reason, 'See /mentions for the syntax.');
  if (m.kind === 'file') {
    const folder = m.startLine === undefined ? await resolveFolderTarget(m.path, ctx.roots) : undefined;
    if (folder) {
      if (!summary.folders.some((f) => f.label === folder.label)) summary.folders.push(folder);
      return [];
    }
    const target = await resolveFileTarget(m.path, ctx.roots, ctx.overlay, m.startLine !== undefined);
    if (!target) return []; // a bare word such as @Injectable that names no file: plain text
    const { attached, note, totalLines } = await loadFileMention(target, m.startLine, m.endLine, ctx.overlay);
    summary.files.push({ path: attached.path, startLine: attached.startLine, endLine: attached.endLine, totalLines, note });
    return [attached];
  }
  if (m.kind === 'search' || m.kind === 'grep') {
    // A user's regular expression runs in its own thread with a time limit; a literal search cannot run away.
    const engine = m.kind === 'search' ? literalMatcher(m.query) : GrepRun.start(m.pattern, { timeoutMs: opts.grepTimeoutMs, signal: ctx.signal });
    try {
      const multi = ctx.roots.length > 1;
      const targets = (
        await Promise.all(
          ctx.roots.map(async (r) =>
            (await r.list()).files.map((rel) => ({ abs: path.join(r.discovery.root, ...rel.split('/')), path: multi ? `${r.name}/${rel}` : rel })),
          ),
        )
      ).flat();
      const r = await searchFiles(targets, engine, ctx.overlay, opts.discovery.maxFileBytes ?? defaultSettings.maxFileBytes);
      summary.searches.push({ raw: m.raw, matches: r.matches, files: r.files, shown: r.shown, capped: r.capped });
      return r.attached;
    } finally {
      if (engine instanceof GrepRun) engine.close();
    }
  }
  const { attached, summary: s } = await loadUrlMention(m.url, ctx.url);
  summary.urls.push(s);
  return [attached];
}

/** A failure nobody planned for still becomes a placeholder with its message: one mention never sinks the request. */
function asMentionError(m: Mention, err: unknown): MentionError {
  if (err instanceof MentionError) return err;
  if (err instanceof FetchError) return new MentionError(err.kind, err.message, err.suggestion);
  const why = err instanceof Error ? err.message : String(err);
  return new MentionError(
    'unexpected',
    `could not be used: ${why}.`,
    'Try again; if it keeps failing, attach the content another way (the rest of the question went on).',
  );
}

/**
 * Resolves every @mention of a prompt: files (open editors first, then the workspace folders),
 * searches, regex greps and URLs. A failed mention becomes a failure with its kind, message and
 * suggestion; the rest go on. Attached text is raw: the context builder scrubs it like all context.
 */
export async function resolveMentions(text: string, opts: ResolveMentionsOptions, signal?: AbortSignal): Promise<MentionResolution> {
  const overlay = opts.overlay ?? emptyOverlay;
  const ctx: Ctx = {
    roots: mentionRoots(opts),
    overlay,
    url: {
      cache: new UrlCache(opts.cacheDir ?? path.join(opts.discovery.root, '.agent', 'state', 'url-cache'), opts.now),
      limiter: opts.limiter ?? sharedHostLimiter,
      fetch: signal ? { ...opts.fetch, signal } : opts.fetch,
      refresh: opts.refresh,
      allowNetwork: opts.allowNetwork,
      count: 0,
    },
    signal,
  };
  const summary: MentionSummary = { files: [], folders: [], searches: [], urls: [], failures: [] };
  const attached: AttachedContext[] = [];
  for (const m of parseMentions(text)) {
    // The Stop button ends the whole request: no further file, grep or URL is loaded.
    signal?.throwIfAborted();
    try {
      attached.push(...(await resolveOne(m, opts, ctx, summary)));
    } catch (err) {
      if (signal?.aborted) throw err;
      const e = asMentionError(m, err);
      summary.failures.push({ raw: m.raw, kind: e.kind, message: e.message, suggestion: e.suggestion, alternatives: e.alternatives });
    }
  }
  return { question: text, attached, failures: summary.failures, summary };
}

function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** "all 12 lines", "lines 1–509 of 1,577", or "lines 40–80" when the file's length is not known. */
export function describeLines(startLine: number, endLine: number, totalLines?: number): string {
  const n = (x: number) => x.toLocaleString('en-US');
  if (totalLines !== undefined && startLine === 1 && endLine >= totalLines) return totalLines === 1 ? 'its only line' : `all ${n(totalLines)} lines`;
  const range = startLine === endLine ? `line ${n(startLine)}` : `lines ${n(startLine)}–${n(endLine)}`;
  return totalLines !== undefined ? `${range} of ${n(totalLines)}` : range;
}

/**
 * The summary shown with an answer: what was included, and each failure with its suggestion. In
 * words, not emoji: some fonts draw those as boxes.
 */
export function formatMentionSummary(s: MentionSummary): string {
  const lines: string[] = [];
  for (const f of s.files) lines.push(`- File ${f.path}: ${describeLines(f.startLine, f.endLine, f.totalLines)}${f.note ? ` (${f.note})` : ''}`);
  for (const f of s.folders) lines.push(`- Folder ${f.label}: the search keeps to its ${plural(f.files, 'file', 'files')}`);
  for (const q of s.searches) {
    lines.push(`- Search ${q.raw}: ${plural(q.matches, 'match', 'matches')} in ${plural(q.files, 'file', 'files')}, ${q.shown.toLocaleString('en-US')} shown`);
  }
  for (const u of s.urls)
    lines.push(
      (`- Page ${u.url}: ${u.bytes.toLocaleString('en-US')} ` +
        `bytes${u.cached ? ' (cached)' : ''}${u.truncated ? ' (cut at 1 MB)' : ''}${u.note ? ` (${u.note})` : ''}`),
    );
  for (const f of s.failures) lines.push(`- Not attached: ${f.raw} — ${f.message} ${f.suggestion}`);
  return lines.length ? `**Mentions**\n${lines.join('\n')}` : '';
}

/**
 * The placeholders the model reads in place of mentions that failed, so it neither guesses their
 * content nor claims to have seen it.
 */
export function failurePlaceholders(failures: MentionFailure[]): string {
  return failures.map((f) => `[${f.raw} was not attached: ${f.message}]`).join('\n');
}

/** The ask pipeline's hook: resolve the mentions of a question and put the summary before the answer. */
export function mentionResolver(
  opts: ResolveMentionsOptions,
): (
  text: string,
  signal?: AbortSignal,
) => Promise<{ question: string; attached: AttachedContext[]; failureNotes: string[]; failed: number; scope?: SearchScope; rephrasings: Rephrasing[] }> {
  return async (text, signal) => {
    const r = await resolveMentions(text, opts, signal);
    const note = formatMentionSummary(r.summary);
    const placeholders = failurePlaceholders(r.failures);
    return {
      question: placeholders ? `${r.question}\n\n${placeholders}` : r.question,
      attached: r.attached,
      failureNotes: note ? [note] : [],
      failed: r.failures.length,
      rephrasings: rephrasings(text, r.failures),
      ...(r.summary.folders.length
        ? { scope: { within: r.summary.folders.map((f) => f.label), files: r.summary.folders.reduce((n, f) => n + f.files, 0) } }
        : {}),
    };
  };
}
