import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { HostRateLimiter } from './rate-limit';
import { checkUrl, systemResolver, type Resolver } from './ssrf';
import { withDeadline } from './deadline';

/** Why a fetch failed; each comes with what to do about it (mention errors reuse these kinds). */
export type FetchErrorKind = 'url_invalid' | 'ssrf_blocked' | 'rate_limited' | 'http_status' | 'timeout' | 'content_type';

export class FetchError extends Error {
  constructor(readonly kind: FetchErrorKind, message: string, readonly suggestion: string) {
    super(message);
    this.name = 'FetchError';
  }
}

export interface FetchOptions {
  resolver?: Resolver;
  /**
   * Where the socket goes for an address the SSRF rules allowed (default: that very address).
   * Tests route their public-looking test address to a server on 127.0.0.1; every decision is
   * still made by the real rules on the resolver's answers. Production callers never pass it.
   */
  connect?: (checkedAddress: string) => string;
  /** The whole fetch, every redirect hop and every 429 wait included (default 60 s). */
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Retries after a 429 (default 3), each waiting Retry-After or 1 s, 2 s, 4 s … within the time limit. */
  max429Retries?: number;
  signal?: AbortSignal;
  /** Conditional request headers (cache refresh). */
  etag?: string;
  lastModified?: string;
  /** Spaces requests per host and learns from 429s; none: no spacing. */
  limiter?: HostRateLimiter;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export interface FetchedPage {
  url: string;
  finalUrl: string;
  status: number;
  contentType: string;
  text: string;
  bytes: number;
  truncated: boolean;
  notModified: boolean;
  etag?: string;
  lastModified?: string;
}

const TEXT_TYPES = /^(text\/[\w.+-]+|application\/(json|xml|xhtml\+xml|javascript|[\w.-]+\+(json|xml)))$/i;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A lookup that answers only with the address that was checked: no second DNS answer can swap it (no rebinding window). */
function pinnedLookup(address: string): LookupFunction {
  const family = ipaddr.parse(address).kind() === 'ipv6' ? 6 : 4;
  return ((_host: string, options: { all?: boolean }, cb: (...args: unknown[]) => void) => {
    if (options?.all) cb(null, [{ address, family }]);
    else cb(null, address, family);
  }) as unknown as LookupFunction;
}

interface RawResponse { status: number; headers: http.IncomingHttpHeaders; body: Buffer; truncated: boolean }

/** One GET to one checked address; `expire` is the error to fail with when the overall deadline (`leftMs` from now) passes. */
function request(url: URL, address: string, opts: FetchOptions, leftMs: number, expire: () => FetchError): Promise<RawResponse> {
  const maxBytes = opts.maxBytes ?? 1024 * 1024;
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'user-agent': 'Grounded (VS Code extension)', accept: 'text/html, text/plain, application/json, */*;q=0.5' };
    if (opts.etag) headers['if-none-match'] = opts.etag;
    if (opts.lastModified) headers['if-modified-since'] = opts.lastModified;
    // A total deadline, not an idle timeout: a server dribbling one byte at a time cannot stretch it.
    const timer = setTimeout(() => req.destroy(expire()), Math.max(0, leftMs));
    const done = (f: () => void) => { clearTimeout(timer); f(); };
    const req = lib.request(url, { method: 'GET', headers, lookup: pinnedLookup(opts.connect?.(address) ?? address), signal: opts.signal }, (res) => {
      const parts: Buffer[] = [];
      let size = 0;
      res.on('data', (d: Buffer) => {
        size += d.length;
        if (size <= maxBytes) { parts.push(d); return; }
        parts.push(d.subarray(0, d.length - (size - maxBytes)));
        res.destroy();
        done(() => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts), truncated: true }));
      });
      res.on('end', () => done(() => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts), truncated: false })));
      res.on('error', (err) => done(() => reject(err)));
    });
    req.on('error', (err) => done(() => reject(err)));
    req.end();
  });
}

/** Milliseconds a 429 asks to wait: Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(value: string | string[] | undefined, now: number): number | undefined {
  const v = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!v) return undefined;
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

// Loaded by the first HTML page: the HTML parser and its entity tables cost ~8 ms of every CLI start otherwise.
const htmlToText = () => (require('html-to-text') as typeof import('html-to-text')).convert;

function toText(body: Buffer, contentType: string): string {
  const raw = body.toString('utf8');
  return /html/.test(contentType)
    ? htmlToText()(raw, {
        wordwrap: false,
        selectors: [
          { selector: 'a', options: { ignoreHref: true } },
          { selector: 'img', format: 'skip' },
        ],
      })
    : raw;
}

/**
 * Fetches a public URL safely: every hop (the first and each redirect) is checked by the SSRF
 * rules on its resolved addresses and then connected to exactly the checked address; at most 5
 * redirects; 1 MB (the rest is cut and said so); one overall time limit (60 s) over all hops and
 * waits; text content types only; HTML converted to readable text. A 429 is retried with
 * exponential backoff honouring Retry-After (seconds or HTTP date) while the time limit allows,
 * and tells the limiter, so later requests to that host slow down too.
 */
export async function fetchUrl(raw: string, opts: FetchOptions = {}): Promise<FetchedPage> {
  const resolver = opts.resolver ?? systemResolver;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = opts.now ?? Date.now;
  const limitMs = opts.timeoutMs ?? 60_000;
  const deadline = now() + limitMs;
  const left = () => deadline - now();
  const expire = () =>
    new FetchError(
      'timeout',
      `${raw} did not finish within ${limitMs >= 1000 ? `${Math.round(limitMs / 1000)} s` : `${limitMs} ms`}.`,
      'Try again later, or attach the content another way.',
    );
  const maxRetries = opts.max429Retries ?? 3;
  let current = raw;
  let retries = 0;
  for (let hop = 0; hop <= (opts.maxRedirects ?? 5); hop++) {
    const url = new URL(current);
    const decision = await withDeadline(checkUrl(current, resolver), left(), expire);
    if (decision.problem === 'unresolved')
      throw new FetchError('url_invalid', `${url.hostname} could not be resolved: ${decision.reason}.`, 'Check the host name and your network connection.');
    if (decision.problem === 'invalid')
      throw new FetchError('url_invalid', `${current} is not a valid URL.`, 'Write a full address, e.g. @url:https://example.com/page.');
    if (!decision.allowed)
      throw new FetchError(
        'ssrf_blocked',
        // The mention already names the first address; only a redirect's target is news.
        hop ? `a redirect to ${current} is blocked: ${decision.reason}.` : `blocked: ${decision.reason}.`,
        'Grounded only fetches public http(s) addresses.',
      );
    if (opts.limiter && !(await opts.limiter.wait(url.host, left()))) {
      throw new FetchError('rate_limited', `${url.host} was rate limited recently; its next turn is after the time limit.`, 'Wait a minute and ask again.');
    }
    if (left() <= 0) throw expire();
    const res = await request(url, decision.addresses[0], opts, left(), expire).catch((err: unknown) => {
      if (err instanceof FetchError) throw err;
      throw new FetchError('http_status', `${current} could not be fetched: ${(err as Error).message}.`, 'Check the address and your network.');
    });
    if (REDIRECTS.has(res.status) && res.headers.location) {
      try {
        current = new URL(res.headers.location, url).href;
      } catch {
        throw new FetchError(
          'url_invalid',
          `${current} redirects to an invalid address (${res.headers.location.slice(0, 100)}).`,
          'Mention the final address directly.',
        );
      }
      continue;
    }
    if (res.status === 429) {
      const asked = retryAfterMs(res.headers['retry-after'], now());
      const delay = asked ?? 1000 * 2 ** retries;
      opts.limiter?.penalize(url.host, delay);
      if (retries >= maxRetries || delay >= left()) {
        throw new FetchError(
          'rate_limited',
          `${url.host} is rate limiting requests (HTTP 429${asked !== undefined ? `, retry after ${Math.ceil(asked / 1000)} s` : ''}).`,
          'Wait a minute and ask again.',
        );
      }
      retries++;
      await sleep(delay);
      hop--;
      continue;
    }
    opts.limiter?.recover(url.host);
    if (res.status === 304) return { url: raw, finalUrl: current, status: 304, contentType: '', text: '', bytes: 0, truncated: false, notModified: true };
    if (res.status < 200 || res.status >= 300)
      throw new FetchError(
        'http_status',
        `${current} answered HTTP ${res.status}.`,
        res.status === 404 || res.status === 410
          ? 'Check the address: the page does not exist.'
          : res.status === 401 || res.status === 403
            ? 'The page needs a login: attach its text another way.'
            : 'Check the address, or try again later.',
      );
    const contentType = String(res.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (!TEXT_TYPES.test(contentType))
      throw new FetchError('content_type', `${current} is ${contentType || 'of unknown type'}, not text.`, 'Mention web pages or text documents only.');
    return {
      url: raw,
      finalUrl: current,
      status: res.status,
      contentType,
      text: toText(res.body, contentType),
      bytes: res.body.length,
      truncated: res.truncated,
      notModified: false,
      etag: res.headers.etag as string | undefined,
      lastModified: res.headers['last-modified'] as string | undefined,
    };
  }
  throw new FetchError('http_status', `${raw} redirects more than ${opts.maxRedirects ?? 5} times.`, 'Mention the final address directly.');
}
